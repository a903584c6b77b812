"""The steps of a game (`FLOW`) and the one under way (`now`), whose prompt follows from it; a
turn (NH-10 … NH-13, NH-17, NH-26): the fox's roll and move, the forage from its tile, then up
to one optional action (actions.py); after every move, the scattering left to do, the end of the
game or the next seat's turn.
"""

from __future__ import annotations

from pnpkit.referee.api import (
    ACCEPTED,
    Flow,
    Move,
    Prompt,
    Setup,
    Step,
    Turn,
    Verdict,
    counted,
    refuse,
)
from pnpkit.referee.games.nut_hunt import automa, end, forest, scattering, seats
from pnpkit.referee.games.nut_hunt import state as st
from pnpkit.referee.games.nut_hunt.data import NutData, data_of
from pnpkit.referee.games.nut_hunt.state import Frame, Hunt, evolve

FLOW = Flow(
    (
        # setting up (NH-1 … NH-7), the Automa's starting hand (NH-34, NH-35)
        Step(st.LAYOUT, "chance", "lay out the forest row by row: layout TILE … ({left} to go)",
             everyone=True),
        Step(st.FIRST, "move", "all: choose the starting player (first NAME)", everyone=True),
        Step(st.DEAL, "chance", "deal {player}'s objectives: draw CARD"),
        Step(st.DEAL_KEEP, "move", "{player}: keep 2 of {drawn}"),
        Step(st.PLACE, "move",
             "{player}: place a starting squirrel and forage 2 nuts (place TILE NUT NUT)"),
        Step(st.AUTOMA_DEAL, "chance", "deal the Automa's starting objectives: draw CARD"),
        # a turn's Fox Movement (NH-10 … NH-19): the die rolled, squirrels scatter, the forage
        Step(st.ROLL, "chance", "{player}: roll the fox die (roll N)"),
        Step(st.SCATTER, "move", "{player}: scatter {squirrels} from {tile} ({why})"),
        Step(st.FORAGE, "move", "{player}: forage 2 nuts from the fox's tile (forage NUT NUT)"),
        # then its Optional Action (NH-21 … NH-23): recruit, hassle (then forage) or scout
        Step(st.ACTION, "move", "{player}: recruit TILE, hassle TILE, scout, or pass"),
        Step(st.HASSLE_FORAGE, "move", "{player}: forage 1 nut from the fox's tile, or pass"),
        Step(st.SCOUT, "chance", "turn over the top objective card: draw CARD"),
        Step(st.SCOUT_KEEP, "move", "{player}: keep one scouted card (keep CARD) or keep none"),
        # the Automa's turn (NH-36 … NH-38): a card turned over, its squirrels placed by the
        # referee; a die for each of its squirrels that scatters
        Step(st.REVEAL, "chance", "turn over the top objective card: draw CARD"),
        Step(st.AUTOMA, "move", "the referee places the Automa's squirrels", nobody=True),
        Step(st.AUTOMA_ROLL, "chance",
             "{before}{player}: {roll} for Automa squirrel {k} of {n} leaving {tile} (roll N)"),
        Step(st.AUTOMA_SCATTER, "move", "the referee moves the Automa's squirrels", nobody=True),
        # the end (NH-28): objectives shown
        Step(st.SHOW, "move", "{player}: show an objective card you hold (show CARD)"),
    ),
    over="the game is over: see the score",
)  # fmt: skip
"""Every moment a move or a chance is awaited, in the rulebook's order, with its prompt's kind
and line. The state's `turn` (a kit `Turn`) holds the seat and step of a player's or the
Automa's turn; the game's phase (setting up, turns, the end), the cards drawn and the stack of
scatterings (NH-18) say which step is under way (`now`): the scattering stays game state, as a
stack of frames each with its own seats still to scatter, which a Flow's one seat and step
cannot hold."""
KINDS = {step.name: step.kind for step in (*FLOW.steps, FLOW.step(st.OVER))}
"""Each step's prompt kind, by its name (the engine asks it at every move)."""


def now(setup: Setup, state: Hunt) -> tuple[str, int]:
    """The FLOW step under way and the seat it prompts (or names): a scattering's first, then a
    player's turn's own step, else the phase's."""
    phase, turn = state.phase, state.turn
    if state.stack:
        frame = state.stack[-1]
        seat = frame.waiting[0]
        if seat != seats.automa(setup):
            return st.SCATTER, seat
        rolling = len(frame.rolled) < state.count(frame.space, seat)
        return (st.AUTOMA_ROLL if rolling else st.AUTOMA_SCATTER), 0
    if phase == st.TURN:
        return turn.step, turn.seat
    if phase in (st.LAYOUT, st.FIRST, st.OVER):
        return phase, 0
    if phase in (st.PLACE, st.SHOW):
        return phase, state.order[0]
    if phase == st.DEAL:
        return (st.DEAL_KEEP if len(state.drawn) == st.DEALT else st.DEAL), state.order[0]
    if automa.turned_over(setup, state):  # the Automa's phases are left
        return st.AUTOMA, 0
    seat = turn.seat % len(setup.players)  # the player turns the Automa's card over
    return (st.AUTOMA_DEAL if phase == st.AUTOMA_DEAL else turn.step), seat


def prompt(setup: Setup, state: Hunt) -> Prompt:
    """The FLOW step's prompt, its line saying what the state says where the step's does."""
    name, seat = now(setup, state)
    words: dict[str, object] = {}
    if name == st.LAYOUT:
        words["left"] = forest.SPACES - len(state.layout)
    elif name == st.DEAL_KEEP:
        words["drawn"] = ", ".join(state.drawn)
    elif name == st.SCATTER:
        frame = state.stack[-1]
        n = state.count(frame.space, seat)
        tile = seats.tile_name(setup, state, frame.space)
        why = "the fox" if frame.vacated is not None else "a new nest"
        words = {"squirrels": counted(n, "squirrel"), "tile": tile, "why": why}
    elif name == st.AUTOMA_ROLL:
        words = automa.roll_words(setup, state)
    return FLOW.prompt(setup.players, Turn(seat, name), **words)


def expect(setup: Setup, state: Hunt, steps: tuple[str, ...], what: str) -> Verdict:
    """Refuse a move made at a step other than `steps`: NH-18 while squirrels scatter."""
    if state.stack:
        return refuse("NH-18", "first finish scattering the squirrels")
    if now(setup, state)[0] not in steps:
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
    return expect(setup, state, (st.ROLL,), "rolling the fox die")


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
    frame = Frame(fox, start, st.turn_order(seats.seats(setup), state.turn.seat))
    stack = scattering.settled(state, (frame,))
    return evolve(state, fox=fox, turn=state.turn.to(st.FORAGE), stack=stack, note=note)


def check_forage(setup: Setup, state: Hunt, move: Move) -> Verdict:
    """NH-13, NH-22: 2 nuts from the fox's tile after its roll, 1 after a hassle."""
    verdict = expect(setup, state, (st.FORAGE, st.HASSLE_FORAGE), "foraging")
    if not verdict.ok:
        return verdict
    hassle = state.turn.step == st.HASSLE_FORAGE
    tile = seats.tile_id(state, state.fox)
    rule = "NH-22" if hassle else "NH-13"
    return check_nuts(data_of(setup.game), tile, move["nuts"], 1 if hassle else 2, rule)


def apply_forage(setup: Setup, state: Hunt, move: Move) -> Hunt:
    """The nuts go to the active player; the optional action follows (or, after a hassle, the
    turn is done)."""
    types = data_of(setup.game).nut_types
    nuts = st.foraged(types, state, state.turn.seat, move["nuts"])
    step = st.ACTION if state.turn.step == st.FORAGE else st.DONE
    return evolve(state, turn=state.turn.to(step), **nuts)


def faces(setup: Setup, state: Hunt) -> list[Move]:
    """The die's faces (a roll, for the fox or an Automa squirrel)."""
    return [{"type": "roll", "value": v} for v in range(1, 7)]


def forages(setup: Setup, state: Hunt) -> list[Move]:
    """Every forage from the fox's tile: 2 nuts after its roll, 1 after a hassle (all legal)."""
    n = 2 if state.turn.step == st.FORAGE else 1
    choices = data_of(setup.game).forage_choices(seats.tile_id(state, state.fox), n)
    return [{"type": "forage", "nuts": list(c)} for c in choices]


def settle(setup: Setup, state: Hunt) -> Hunt:
    """After a move: skip finished scattering; end the game or the turn when it is time."""
    if state.stack:
        stack = scattering.settled(state, state.stack)
        if stack:
            return state if stack is state.stack else evolve(state, stack=stack)
        state = evolve(state, stack=())
    if state.phase in (st.SHOW, st.OVER):
        return state
    if state.ending:
        return end.finish(state)
    if state.turn.step != st.DONE:
        return state
    if state.phase == st.AUTOMA_DEAL:
        return evolve(state, phase=st.TURN, turn=Turn(0, st.ROLL, state.turn.number))
    return next_turn(setup, state)


def next_turn(setup: Setup, state: Hunt) -> Hunt:
    """NH-17 (NH-36): the next seat in turn order plays; the Automa's turn starts with a card."""
    following = state.turn.next(seats.seats(setup), st.ROLL)
    if following.seat != seats.automa(setup):
        return evolve(state, turn=following, phase=st.TURN)
    state = evolve(state, turn=following)
    started = automa.start_turn(state)
    if started is None:
        return next_turn(setup, evolve(state, note="the Automa has no card to reveal"))
    return started
