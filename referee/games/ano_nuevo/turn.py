"""The order of a turn (rulebook overview): Beginning of Turn, Travel and its discards, Posture
and Fight Location by Location, the Hunt, then Mating Location by Location and the end-of-game
check. What is expected now, from whom, and the steps the referee carries out by itself."""

from __future__ import annotations

from collections.abc import Callable

from pnpkit.referee.api import Choices, Move, Prompt, PromptKind, Setup, counted
from pnpkit.referee.games.ano_nuevo.beginning import begin_turn, next_fill
from pnpkit.referee.games.ano_nuevo.data import data_of
from pnpkit.referee.games.ano_nuevo.fight import fight_result
from pnpkit.referee.games.ano_nuevo.hunt import next_hunt, start_hunt
from pnpkit.referee.games.ano_nuevo.legal import displays
from pnpkit.referee.games.ano_nuevo.mate import next_mate
from pnpkit.referee.games.ano_nuevo.moves import cards_text, trip_text
from pnpkit.referee.games.ano_nuevo.posture import start_posture
from pnpkit.referee.games.ano_nuevo.scoring import outcome_of
from pnpkit.referee.games.ano_nuevo.state import (
    ALPHA,
    BETA,
    FILL,
    HUNT,
    LOCATION,
    MATE,
    PAY,
    POSTURE,
    TIE,
    TRAVEL,
    AnoNuevo,
    names,
    place_name,
    role_holder,
)
from pnpkit.referee.games.ano_nuevo.travel import travel_options


def prompt(setup: Setup, state: AnoNuevo) -> Prompt:
    """What is expected now, from whom."""
    step = state.step
    if step == LOCATION:
        n = len(state.places) + 1
        return Prompt("chance", (), f"turn over Location card {n} of {len(setup.players) - 1}")
    if step == FILL:
        return Prompt("chance", (), f"turn a Harem card onto {place_name(state.fill)}")
    if step == TRAVEL:
        return Prompt("simultaneous", setup.players, "all: reveal travel tokens (travel …)")
    if step == PAY:
        return Prompt("move", state.payers, f"{names(state.payers)}: discard a Prey card")
    if step == POSTURE:
        return _posture_prompt(setup, state)
    if step == HUNT:
        return _hunt_prompt(setup, state)
    if step == MATE:
        return _mate_prompt(setup, state)
    if step == TIE:
        tied = outcome_of(setup, state).bellow
        return Prompt("move", tied, f"{names(tied)} are tied: who won the bellow?")
    return Prompt("over", (), "the game is over")


def _posture_prompt(setup: Setup, state: AnoNuevo) -> Prompt:
    contest = state.contests[0]
    where = place_name(contest.place)
    if contest.round == 2:
        where += " (second round, for Beta)"
    seals = names(contest.seals)
    if contest.shown is None:
        return Prompt("simultaneous", contest.seals, f"{seals}: posture on {where} (display …)")
    if not contest.fighters:
        text = f"{seals}: stay or back down on {where} (stand …)"
        return Prompt("simultaneous", contest.seals, text)
    waiting = contest.to_reveal()
    if waiting:
        return Prompt("move", waiting, f"{names(waiting)}: reveal cards to fight on {where}")
    tie = fight_result(setup, state, contest)[1]
    return Prompt("move", tie, f"{names(tie)}: tied in the fight on {where}; who won the bellow?")


def _hunt_prompt(setup: Setup, state: AnoNuevo) -> Prompt:
    if not setup.digital:
        return Prompt("move", (), "the seals in the Ocean hunt (the referee notes it)")
    if state.hunters:
        return Prompt("chance", state.hunters[:1], f"{state.hunters[0]} draws a Prey card")
    return Prompt("move", state.keepers, f"{names(state.keepers)}: set a Pool card aside")


def _mate_prompt(setup: Setup, state: AnoNuevo) -> Prompt:
    mating = state.mating
    assert mating is not None
    where = place_name(mating.place)
    if mating.flips:
        return Prompt("chance", (), f"turn a Harem card onto {where} (Matron)")
    if mating.discarders:
        text = f"{names(mating.discarders)}: discard a Prey card to mate on {where}"
        return Prompt("move", mating.discarders, text)
    alpha = role_holder(setup, state, mating.place, ALPHA)
    if mating.taker == 0:
        return Prompt("move", (alpha,), f"{alpha}: take up to {counted(mating.left, 'Harem card')}")
    beta = role_holder(setup, state, mating.place, BETA)
    return Prompt(
        "move",
        (alpha,),
        f"{alpha}: give {beta} up to {counted(mating.left, 'Harem card')} ({beta} may stop: done)",
    )


STEP_KIND: dict[str, PromptKind] = {
    LOCATION: "chance",
    FILL: "chance",
    TRAVEL: "simultaneous",
    PAY: "move",
    TIE: "move",
}
"""The kind of prompt of the steps where it does not depend on the table."""


def kind(setup: Setup, state: AnoNuevo) -> PromptKind:
    """The kind of `prompt` now, without its text (the engine asks it at every step)."""
    step = state.step
    if step in STEP_KIND:
        return STEP_KIND[step]
    if step == POSTURE:
        contest = state.contests[0]
        return "simultaneous" if contest.shown is None or not contest.fighters else "move"
    if step == HUNT:
        return "chance" if setup.digital and state.hunters else "move"
    if step == MATE:
        assert state.mating is not None
        return "chance" if state.mating.flips else "move"
    return "over"


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
    if state.step != POSTURE or prompt(setup, state).kind != "simultaneous":
        return None
    contest = state.contests[0]
    if contest.shown is None and setup.digital:
        return Choices(
            "display NAME=CARD+CARD…|none …",
            {
                p: tuple(cards_text(c) for c in displays(state.seal(setup, p).hand))
                for p in contest.seals
            },
        )
    if contest.shown is None:
        return Choices(
            "display NAME=COUNT …",
            {p: tuple(map(str, range(len(state.seal(setup, p).hand) + 1))) for p in contest.seals},
        )
    return Choices("stand NAME=stay|back …", {p: ("stay", "back") for p in contest.seals})


ONE_KIND = {
    LOCATION: ("location",),
    FILL: ("flip",),
    TRAVEL: ("travel",),
    PAY: ("pay",),
    TIE: ("bellow",),
}
"""The steps that expect one kind of move whatever the table."""


def expected(setup: Setup, state: AnoNuevo) -> tuple[str, ...]:
    """The kinds of move that may be entered now (AN-70)."""
    step = state.step
    if step in ONE_KIND:
        return ONE_KIND[step]
    if step == POSTURE:
        contest = state.contests[0]
        if contest.shown is None:
            return ("display",)
        if not contest.fighters:
            return ("stand",)
        return ("reveal",) if contest.to_reveal() else ("bellow",)
    if step == HUNT:
        if not setup.digital:
            return ("hunt",)
        return ("draw",) if state.hunters else ("keep",)
    mating = state.mating
    assert mating is not None
    if mating.flips:
        return ("flip",)
    if mating.discarders:
        return ("mate",)
    return ("take", "done") if mating.taker == 0 else ("give", "done")


def actors(setup: Setup, state: AnoNuevo, move: Move) -> tuple[str, ...]:
    """Who may make `move` now (AN-70)."""
    if "seal" in move and move["type"] not in ("bellow",):
        return (move["seal"],)
    if move["type"] == "done" and state.mating is not None and state.mating.taker == 1:
        place = state.mating.place
        return tuple(role_holder(setup, state, place, r) for r in (ALPHA, BETA))
    return prompt(setup, state).actors or setup.players


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
