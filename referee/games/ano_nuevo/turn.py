"""The order of a turn (rulebook overview): Beginning of Turn, Travel and its discards, Posture
and Fight Location by Location, the Hunt, then Mating Location by Location and the end-of-game
check. What is expected now, from whom, and the steps the referee carries out by itself."""

from __future__ import annotations

from collections.abc import Callable

from pnpkit.referee.api import Choices, Flow, Move, Prompt, PromptKind, Setup, Step, counted
from pnpkit.referee.games.ano_nuevo.beginning import begin_turn, next_fill
from pnpkit.referee.games.ano_nuevo.data import data_of
from pnpkit.referee.games.ano_nuevo.fight import fight_result
from pnpkit.referee.games.ano_nuevo.hunt import next_hunt, start_hunt
from pnpkit.referee.games.ano_nuevo.mate import next_mate
from pnpkit.referee.games.ano_nuevo.moves import cards_text, trip_text
from pnpkit.referee.games.ano_nuevo.posture import displays, start_posture
from pnpkit.referee.games.ano_nuevo.scoring import outcome_of
from pnpkit.referee.games.ano_nuevo.state import (
    ALPHA,
    BETA,
    FILL,
    HUNT,
    LOCATION,
    MATE,
    OVER,
    PAY,
    POSTURE,
    TIE,
    TRAVEL,
    AnoNuevo,
    place_name,
    role_holder,
)
from pnpkit.referee.games.ano_nuevo.travel import travel_options

DISPLAY, STAND, REVEAL, BELLOW, DRAW, KEEP, MATRON, TAKE, GIVE = (
    "display", "stand", "reveal", "bellow", "draw", "keep", "matron", "take", "give",
)  # fmt: skip
FLOW = Flow(
    (
        Step(LOCATION, "chance", "turn over Location card {n} of {places}"),
        Step(FILL, "chance", "turn a Harem card onto {where}"),
        Step(TRAVEL, "simultaneous", "all: reveal travel tokens (travel …)"),
        Step(PAY, "move", "{who}: discard a Prey card"),
        Step(DISPLAY, "simultaneous", "{who}: posture on {where} (display …)"),
        Step(STAND, "simultaneous", "{who}: stay or back down on {where} (stand …)"),
        Step(REVEAL, "move", "{who}: reveal cards to fight on {where}"),
        Step(BELLOW, "move", "{who}: tied in the fight on {where}; who won the bellow?"),
        Step(HUNT, "move", "the seals in the Ocean hunt (the referee notes it)"),
        Step(DRAW, "chance", "{who} draws a Prey card"),
        Step(KEEP, "move", "{who}: set a Pool card aside"),
        Step(MATRON, "chance", "turn a Harem card onto {where} (Matron)"),
        Step(MATE, "move", "{who}: discard a Prey card to mate on {where}"),
        Step(TAKE, "move", "{who}: take up to {left}"),
        Step(GIVE, "move", "{who}: give {beta} up to {left} ({beta} may stop: done)"),
        Step(TIE, "move", "{who} are tied: who won the bellow?"),
    ),
    over="the game is over",
)
"""The steps of a turn as entered, each with its prompt's kind and line: the table's step
(`state.step`) or, within the Posture, the Hunt and the Mating, the part of it under way
(`step_now`). Each move form names the steps it is entered at (rules.py)."""


def step_now(setup: Setup, state: AnoNuevo) -> str:
    """The FLOW step under way."""
    step = state.step
    if step == MATE:
        mating = state.mating
        assert mating is not None
        if mating.flips:
            return MATRON
        if mating.discarders:
            return MATE
        return TAKE if mating.taker == 0 else GIVE
    if step == HUNT and setup.digital:
        return DRAW if state.hunters else KEEP
    if step == POSTURE:
        contest = state.contests[0]
        if contest.shown is None:
            return DISPLAY
        if not contest.fighters:
            return STAND
        return REVEAL if contest.to_reveal() else BELLOW
    return step


KINDS = {step.name: step.kind for step in (*FLOW.steps, FLOW.step(OVER))}
WHOLE = {name: kind for name, kind in KINDS.items() if name not in (HUNT, MATE)}
"""The kinds of the table's steps that are a FLOW step as a whole (not Posture, Hunt, Mating)."""


def kind(setup: Setup, state: AnoNuevo) -> PromptKind:
    """The kind of `prompt` now, without its text (the engine asks it at every step)."""
    return WHOLE.get(state.step) or KINDS[step_now(setup, state)]


def prompt(setup: Setup, state: AnoNuevo) -> Prompt:
    """What is expected now, from whom."""
    name = step_now(setup, state)
    actors: tuple[str, ...] = ()
    said: dict[str, object] = {}
    if name == LOCATION:
        said = {"n": len(state.places) + 1, "places": len(setup.players) - 1}
    elif name == FILL:
        said = {"where": place_name(state.fill)}
    elif name == TRAVEL:
        actors = setup.players
    elif name == PAY:
        actors = state.payers
    elif name in (DISPLAY, STAND, REVEAL, BELLOW):
        actors, said = _posture(setup, state, name)
    elif name == DRAW:
        actors = state.hunters[:1]
    elif name == KEEP:
        actors = state.keepers
    elif name in (MATRON, MATE, TAKE, GIVE):
        actors, said = _mating(setup, state, name)
    elif name == TIE:
        actors = outcome_of(setup, state).bellow
    step = FLOW.step(name)
    return Prompt(step.kind, actors, step.text.format(who=", ".join(actors), **said))


Said = tuple[tuple[str, ...], dict[str, object]]
"""Who acts at a step, and the words its prompt line names."""


def _posture(setup: Setup, state: AnoNuevo, name: str) -> Said:
    contest = state.contests[0]
    where = place_name(contest.place)
    if contest.round == 2:
        where += " (second round, for Beta)"
    if name == REVEAL:
        return contest.to_reveal(), {"where": where}
    if name == BELLOW:
        return fight_result(setup, state, contest)[1], {"where": where}
    return contest.seals, {"where": where}


def _mating(setup: Setup, state: AnoNuevo, name: str) -> Said:
    mating = state.mating
    assert mating is not None
    said: dict[str, object] = {"where": place_name(mating.place)}
    if name == MATE:
        return mating.discarders, said
    if name == MATRON:
        return (), said
    said["left"] = counted(mating.left, "Harem card")
    said["beta"] = role_holder(setup, state, mating.place, BETA)
    return (role_holder(setup, state, mating.place, ALPHA),), said


def choices(setup: Setup, state: AnoNuevo) -> Choices | None:
    """AN-10, AN-31, AN-33: what each seal may choose in secret, revealed together."""
    if state.step == TRAVEL:
        return Choices(
            "travel NAME=N|ocean …",
            {
                p: tuple(trip_text(o) for o in travel_options(setup, state, p))
                for p in setup.players
            },
        )
    step = step_now(setup, state)
    if step not in (DISPLAY, STAND):
        return None
    contest = state.contests[0]
    if step == DISPLAY and setup.digital:
        return Choices(
            "display NAME=CARD+CARD…|none …",
            {p: tuple(map(cards_text, displays(state.hand(setup, p)))) for p in contest.seals},
        )
    if step == DISPLAY:
        return Choices(
            "display NAME=COUNT …",
            {p: tuple(map(str, range(len(state.hand(setup, p)) + 1))) for p in contest.seals},
        )
    return Choices("stand NAME=stay|back …", {p: ("stay", "back") for p in contest.seals})


def actors(setup: Setup, state: AnoNuevo, move: Move) -> tuple[str, ...]:
    """Who may make `move` now (AN-70)."""
    if "seal" in move and move["type"] not in ("bellow",):
        return (move["seal"],)
    if move["type"] == "done" and state.mating is not None and state.mating.taker == 1:
        place = state.mating.place
        return tuple(role_holder(setup, state, place, r) for r in (ALPHA, BETA))
    return prompt(setup, state).actors or setup.players


def actor(setup: Setup, state: AnoNuevo, move: Move) -> str | None:
    """AN-70: the seal a card shown or set aside belongs to; the Alpha who takes or gives; the
    Beta who stops being given cards. None for chance (Locations, Harem cards, digital draws),
    for the choices made together (travel, display, stand) and for a bellow, which the table
    judges (AN-43)."""
    kind = move.get("type")
    named = move.get("player")
    if kind in ("pay", "reveal", "mate", "keep"):
        return move.get("seal")
    mating = state.mating
    if kind in ("take", "give", "done") and mating is not None:
        if kind == "done" and named in setup.players:
            return named
        beta = kind == "done" and mating.taker == 1
        return role_holder(setup, state, mating.place, BETA if beta else ALPHA) or None
    return None


def proceed(setup: Setup, state: AnoNuevo) -> AnoNuevo:
    """Carry out every step that needs no entry, until someone must act."""
    while True:
        carry_on = AUTOMATIC.get(state.step)
        nxt = carry_on(setup, state) if carry_on is not None else None
        if nxt is None:
            return state
        state = nxt


def _located(setup: Setup, state: AnoNuevo) -> AnoNuevo | None:
    return begin_turn(setup, state) if len(state.places) == len(setup.players) - 1 else None


def _filling(setup: Setup, state: AnoNuevo) -> AnoNuevo | None:
    return next_fill(setup, state, data_of(setup.game))


def _paid(setup: Setup, state: AnoNuevo) -> AnoNuevo | None:
    return None if state.payers else start_posture(setup, state)


def _postured(setup: Setup, state: AnoNuevo) -> AnoNuevo | None:
    return None if state.contests else start_hunt(setup, state)


def _hunting(setup: Setup, state: AnoNuevo) -> AnoNuevo | None:
    return next_hunt(setup, state) if setup.digital else None


AUTOMATIC: dict[str, Callable[[Setup, AnoNuevo], AnoNuevo | None]] = {
    LOCATION: _located,
    FILL: _filling,
    PAY: _paid,
    POSTURE: _postured,
    HUNT: _hunting,
    MATE: next_mate,
}
"""Per step, what the referee carries out by itself next (None while someone must act)."""
