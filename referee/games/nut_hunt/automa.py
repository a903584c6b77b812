"""Solo play against the Automa (NH-34 … NH-39): its starting hand and squirrels, its turn (an
objective turned over, a squirrel on each end point), and a die roll for each of its squirrels
that scatters. The referee makes the Automa's moves itself (`forced`).
"""

from __future__ import annotations

from collections import Counter

from pnpkit.referee.api import ACCEPTED, Hand, Move, Pile, Setup, Verdict, refuse
from pnpkit.referee.games.nut_hunt import forest, scattering, seats
from pnpkit.referee.games.nut_hunt import state as st
from pnpkit.referee.games.nut_hunt.data import data_of
from pnpkit.referee.games.nut_hunt.state import Hunt, evolve

PHASES = (st.AUTOMA_DEAL, st.AUTOMA)
"""The phases of the Automa's own moves: its starting squirrels, then each of its turns."""


def forced(setup: Setup, state: Hunt) -> Move | None:
    """The Automa's move once the die has sent each of its scattering squirrels somewhere
    (NH-37), or once its cards are turned over (NH-35, NH-38); None otherwise."""
    if state.stack:
        frame = state.stack[-1]
        seat = frame.waiting[0]
        if seat == seats.automa(setup) and len(frame.rolled) == state.count(frame.space, seat):
            to = [seats.tile_id(state, s) for s in sorted(frame.rolled)]
            here = seats.tile_id(state, frame.space)
            return {"type": "scatter", "automa": True, "from": here, "to": to}
        return None
    if state.phase not in PHASES or not turned_over(setup, state):
        return None
    cards = data_of(setup.game).objectives
    ends = [cards[card].fields[end] for card in state.drawn for end in ("from", "to")]
    places = [tile for tile in ends if seats.space(state, tile) != state.fox]
    return {"type": "automa", "cards": list(state.drawn), "places": places}


def turned_over(setup: Setup, state: Hunt) -> bool:
    """In the Automa's phases: whether its cards are turned over (NH-35: as many as its
    difficulty says; NH-38: one a turn), so that its move is due."""
    wanted = 1 if state.phase == st.AUTOMA else seats.DIFFICULTY[seats.level(setup.options)]
    return len(state.drawn) >= wanted


def roll_words(setup: Setup, state: Hunt) -> dict[str, object]:
    """NH-37: what the prompt of a roll for an Automa squirrel says: where the last roll sent
    one, or that it pointed somewhere no squirrel may go."""
    frame = state.stack[-1]
    n = state.count(frame.space, frame.waiting[0])
    k = len(frame.rolled) + 1
    roll, before = "roll the fox die", ""
    if frame.rerolled is not None:
        there = seats.tile_name(setup, state, frame.rerolled)
        roll, before = "roll again", f"the die points at {there}, where it may not go; "
    elif frame.rolled:
        there = seats.tile_name(setup, state, frame.rolled[-1])
        before = f"Automa squirrel {k - 1} will go to {there}; "
    tile = seats.tile_name(setup, state, frame.space)
    return {"before": before, "roll": roll, "k": k, "n": n, "tile": tile}


def check_roll(setup: Setup, state: Hunt) -> Verdict:
    """NH-16, NH-37: while squirrels scatter, the die is rolled only for the Automa's."""
    frame = state.stack[-1]
    if frame.waiting[0] != seats.automa(setup):
        return refuse("NH-16", "the die is only rolled for Automa squirrels")
    if len(frame.rolled) == state.count(frame.space, frame.waiting[0]):
        return refuse("NH-37", "every Automa squirrel here already has its direction")
    return ACCEPTED


def roll(setup: Setup, state: Hunt, direction: str) -> Hunt:
    """NH-37: the die sends the next Automa squirrel one tile (bouncing off the edge, NH-12), or
    points where no squirrel may go and is rolled again."""
    frame = state.stack[-1]
    target = forest.bounce(frame.space, direction)
    name = seats.tile_name(setup, state, target)
    if target in scattering.scatter_targets(state, frame, seats.frog(setup, state)):
        frame = frame._replace(rolled=(*frame.rolled, target), rerolled=None)
        note = f"an Automa squirrel will go to {name}"
    else:
        frame = frame._replace(rerolled=target)
        note = f"the die points at {name}, where it may not go: re-roll"
    return evolve(state, stack=(*state.stack[:-1], frame), note=note)


def check(setup: Setup, state: Hunt, move: Move) -> Verdict:
    """NH-38: only the referee makes the Automa's moves, exactly as `forced` says."""
    due = forced(setup, state)
    if due is None or due != {k: v for k, v in move.items() if k != "player"}:
        return refuse("NH-38", "the referee makes the Automa's moves itself")
    return ACCEPTED


def apply(setup: Setup, state: Hunt, move: Move) -> Hunt:
    """NH-35, NH-38: a squirrel on each end point; the starting hand is kept for scoring, a
    turn's card is set aside; nests follow (NH-19)."""
    seat = seats.automa(setup)
    assert seat is not None
    spaces = [seats.space(state, t) for t in move["places"]]
    state = st.add_squirrels(state, seat, Counter(spaces))
    pile = "automa hand" if state.phase == st.AUTOMA_DEAL else "automa aside"
    cards = Pile((*state.table[pile].cards, *move["cards"]))
    table = state.table.put_all({pile: cards, "drawn": Hand("")})
    state = evolve(state, table=table, turn=state.turn.to(st.DONE))
    return scattering.build_nests(state, spaces, seat, seats.competitive(setup))


def start_turn(state: Hunt) -> Hunt | None:
    """NH-38: the Automa's turn begins with a card to turn over; an empty deck is made again
    from its set-aside cards. None: no card at all, the Automa skips its turn."""
    aside = state.automa("aside").cards
    if state.deck_size == 0 and aside:
        note = "the Automa's deck is empty: its set-aside cards are shuffled into a new deck"
        blocks = {"objective deck": state.deck.shuffle_in(aside), "automa aside": Pile()}
        state = evolve(state, table=state.table.put_all(blocks), note=note)
    if state.deck_size == 0:
        return None
    return evolve(state, phase=st.AUTOMA, turn=state.turn.to(st.REVEAL))
