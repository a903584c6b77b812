"""A turn (NH-10 … NH-13, NH-17, NH-26): the fox's roll and move, the forage from its tile, then
up to one optional action (actions.py); after every move, the scattering left to do, the end of
the game or the next seat's turn.
"""

from __future__ import annotations

from pnpkit.referee.api import ACCEPTED, Move, Prompt, PromptKind, Setup, Verdict, counted, refuse
from pnpkit.referee.games.nut_hunt import automa, end, forest, scattering, seats
from pnpkit.referee.games.nut_hunt import state as st
from pnpkit.referee.games.nut_hunt.data import NutData, data_of
from pnpkit.referee.games.nut_hunt.state import Frame, Hunt, evolve

PHASE_PROMPTS = {
    st.PLACE: "place a starting squirrel and forage 2 nuts (place TILE NUT NUT)",
    st.SHOW: "show an objective card you hold (show CARD)",
}
STEP_PROMPTS: dict[str, tuple[PromptKind, str]] = {
    st.ROLL: ("chance", "roll the fox die (roll N)"),
    st.FORAGE: ("move", "forage 2 nuts from the fox's tile (forage NUT NUT)"),
    st.ACTION: ("move", "recruit TILE, hassle TILE, scout, or pass"),
    st.HASSLE_FORAGE: ("move", "forage 1 nut from the fox's tile, or pass"),
    st.SCOUT_KEEP: ("move", "keep one scouted card (keep CARD) or keep none"),
}
"""What the player named is asked to do in each phase, or each step of a turn."""
LISTED_STEPS = frozenset({st.ROLL, st.FORAGE, st.HASSLE_FORAGE, st.ACTION})
"""The steps of a turn whose moves `candidates` lists, or at the action step actions.py (the
cards of a scout: objectives.py)."""


def prompt_kind(state: Hunt) -> PromptKind:
    """The kind of `prompt`."""
    return "move" if state.phase in PHASE_PROMPTS else STEP_PROMPTS[state.step][0]


def prompt(setup: Setup, state: Hunt) -> Prompt:
    """The prompt of a player's own phase (placing, showing) or step of a turn."""
    seat = state.order[0] if state.phase in (st.PLACE, st.SHOW) else state.active
    name = seats.name(setup, seat)
    if state.phase in PHASE_PROMPTS:
        return Prompt("move", (name,), f"{name}: {PHASE_PROMPTS[state.phase]}")
    kind, text = STEP_PROMPTS[state.step]
    return Prompt(kind, (name,), f"{name}: {text}")


def expect(state: Hunt, phase: str, steps: tuple[str, ...], what: str) -> Verdict:
    """Refuse a move made at the wrong moment."""
    if state.stack:
        return refuse("NH-18", "first finish scattering the squirrels")
    if state.phase != phase or (steps and state.step not in steps):
        return refuse("NH-10", f"{what} is not possible now")
    return ACCEPTED


def check_nuts(data: NutData, tile: str, nuts: list[str], n: int, rule: str) -> Verdict:
    """`n` nuts of the kinds `tile` gives (NH-6, NH-13, NH-22)."""
    forage = data.tiles[tile].fields["forage"]
    if len(nuts) != n:
        return refuse(rule, f"forage exactly {counted(n, 'nut')}")
    wrong = [nut for nut in nuts if nut not in forage]
    if wrong:
        return refuse(rule, f"{data.tiles[tile].name} gives only {' or '.join(forage)}")
    return ACCEPTED


def check_roll(setup: Setup, state: Hunt, move: Move) -> Verdict:
    """NH-11: the fox die, at the start of a turn (or for scattering Automa squirrels)."""
    if not 1 <= move["value"] <= 6:
        return refuse("NH-11", "the fox die shows 1 to 6")
    if state.stack:
        return automa.check_roll(setup, state)
    return expect(state, st.TURN, (st.ROLL,), "rolling the fox die")


def apply_roll(setup: Setup, state: Hunt, move: Move) -> Hunt:
    """NH-11, NH-12, NH-15: the fox moves one tile the way the die points, bouncing off the
    forest's edge, and every squirrel on its new tile scatters."""
    direction = data_of(setup.game).compass[move["value"]]
    if state.stack:
        return automa.roll(setup, state, direction)
    start = state.fox
    assert start is not None
    fox = forest.bounce(start, direction)
    there = seats.tile_name(setup, state, fox)
    note = f"the fox goes {direction} to {there}"
    if forest.step(start, direction) is None:
        note = f"the fox bounces off the edge and goes to {there}"
    frame = Frame(fox, start, st.turn_order(seats.seats(setup), state.active))
    stack = scattering.settled(state, (frame,))
    return evolve(state, fox=fox, step=st.FORAGE, stack=stack, note=note)


def check_forage(setup: Setup, state: Hunt, move: Move) -> Verdict:
    """NH-13, NH-22: 2 nuts from the fox's tile after its roll, 1 after a hassle."""
    verdict = expect(state, st.TURN, (st.FORAGE, st.HASSLE_FORAGE), "foraging")
    if not verdict.ok:
        return verdict
    hassle = state.step == st.HASSLE_FORAGE
    tile = seats.tile_id(state, state.fox)
    rule = "NH-22" if hassle else "NH-13"
    return check_nuts(data_of(setup.game), tile, move["nuts"], 1 if hassle else 2, rule)


def apply_forage(setup: Setup, state: Hunt, move: Move) -> Hunt:
    """The nuts go to the active player; the optional action follows (or, after a hassle, the
    turn is done)."""
    types = data_of(setup.game).nut_types
    nuts = st.nut_changes(types, state, state.active, move["nuts"])
    return evolve(state, step=st.ACTION if state.step == st.FORAGE else st.DONE, **nuts)


def candidates(setup: Setup, state: Hunt) -> list[Move] | None:
    """The die's faces, or every forage from the fox's tile (all legal); None at the action
    step (actions.candidates)."""
    if state.step == st.ROLL:
        return [{"type": "roll", "value": v} for v in range(1, 7)]
    if state.step not in (st.FORAGE, st.HASSLE_FORAGE):
        return None
    n = 2 if state.step == st.FORAGE else 1
    fox_tile = seats.tile_id(state, state.fox)
    choices = data_of(setup.game).forage_choices(fox_tile, n)
    extra: list[Move] = [{"type": "pass"}] if n == 1 else []
    return [{"type": "forage", "nuts": list(c)} for c in choices] + extra


def settle(setup: Setup, state: Hunt) -> Hunt:
    """After a move: skip finished scattering; end the game or the turn when it is time."""
    if state.stack:
        state = scattering.settle(state)
        if state.stack:
            return state
    if state.phase in (st.SHOW, st.OVER):
        return state
    if state.ending:
        return end.finish(state)
    if state.step != st.DONE:
        return state
    if state.phase == st.AUTOMA_DEAL:
        return evolve(state, phase=st.TURN, step=st.ROLL, active=0)
    return next_turn(setup, state)


def next_turn(setup: Setup, state: Hunt) -> Hunt:
    """NH-17 (NH-36): the next seat in turn order plays; the Automa's turn starts with a card."""
    seat = (state.active + 1) % seats.seats(setup)
    if seat != seats.automa(setup):
        return evolve(state, active=seat, turns=state.turns + 1, phase=st.TURN, step=st.ROLL)
    state = evolve(state, active=seat, turns=state.turns + 1)
    started = automa.start_turn(state)
    if started is None:
        return next_turn(setup, evolve(state, note="the Automa has no card to reveal"))
    return started
