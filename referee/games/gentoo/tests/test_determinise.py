"""Gentoo's `determinise`: what a simulated MCTS player searches is what its seat may know.

Gentoo keeps no secret from any seat: face-up cards are seen by all, and a face-down pile is a
pool of known cards in an order nobody knows (GE-36). So the determinisation is the state itself:
the same whatever the order the piles' cards went in, a state the game plays on from, the seat's
view and every card kept.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.referee.api import Pool
from pnpkit.referee.games.gentoo import RULES
from pnpkit.referee.games.gentoo.tests.helpers import (
    arrange,
    draw_pile,
    middle,
)
from pnpkit.referee.games.gentoo.tests.test_properties import wander
from pnpkit.referee.games.gentoo.tests.test_setup import (
    EGG3,
    HATCH,
    SKUA,
    THIEF,
    full_census,
    make,
)
from pnpkit.referee.simulation.bots import can_determinise, mcts_move, parse_players, settle
from pnpkit.referee.simulation.simulate import Plan, play_game

positions = st.tuples(st.integers(2, 4), st.integers(0, 10**6), st.integers(0, 400))


def _seat(setup, rng: random.Random) -> str:
    return rng.choice(setup.players)


@settings(max_examples=25, deadline=None)
@given(positions, st.integers(0, 10**6))
def test_ge_36_a_determinisation_keeps_what_the_seat_sees_and_every_card(position, seed) -> None:
    """GE-36: the seat's view and table, the census and the prompt are those of the true state."""
    setup, states = wander(*position)
    state = states[-1]
    rng = random.Random(seed)
    seat = _seat(setup, rng)
    seen = RULES.determinise(setup, state, seat, rng)
    assert RULES.view(setup, seen, seat) == RULES.view(setup, state, seat)
    assert RULES.table(setup, seen, seat) == RULES.table(setup, state, seat)
    assert RULES.census(setup, seen) == RULES.census(setup, state) == full_census()
    assert RULES.legal(setup, seen) == RULES.legal(setup, state)


@settings(max_examples=15, deadline=None)
@given(positions, st.integers(0, 10**6))
def test_ge_24_the_game_plays_on_to_its_end_from_a_determinisation(position, seed) -> None:
    """GE-24: random moves from the determinised state are all accepted, and someone wins."""
    setup, states = wander(*position)
    rng = random.Random(seed)
    state = RULES.determinise(setup, states[-1], _seat(setup, rng), rng)
    for _ in range(20_000):
        state = settle(setup, state, rng)
        if RULES.prompt_kind(setup, state) == "over":
            break
        move = RULES.random_move(setup, state, rng)
        assert RULES.check(setup, state, move).ok, RULES.text(setup, move)
        state = RULES.apply(setup, state, move)
    assert RULES.score(setup, state).winners


@settings(max_examples=30, deadline=None)
@given(st.permutations(range(12)), st.permutations(range(6)), st.integers(0, 10**6))
def test_ge_36_the_order_the_face_down_cards_went_in_changes_nothing(deck, pile, seed) -> None:
    """GE-36: two tables whose Draw Pile and Bob's Player Pile got their cards in different
    orders (a reshuffle, a swap of two unseen cards) determinise alike for the same random seed."""
    setup = make(3)
    drawn = [EGG3, EGG3, HATCH, HATCH, SKUA, SKUA, THIEF, THIEF, "GE-GNS", "GE-SEA", "GE-PCK"]
    drawn.append("GE-BLZ")
    bobs = (EGG3, HATCH, SKUA, THIEF, "GE-FSH", "GE-THW")
    one = arrange(setup, ann={"in_play": (HATCH, EGG3)}, bob={"pile": bobs})
    two = arrange(setup, ann={"in_play": (HATCH, EGG3)}, bob={"pile": tuple(bobs[i] for i in pile)})
    rest = Counter(dict(draw_pile(one).counts))
    for card in drawn:
        rest[card] -= 1
    one = middle(one, Pool().holding((*drawn, *rest.elements())))
    two = middle(two, Pool().holding((*(drawn[i] for i in deck), *rest.elements())))
    for seat in setup.players:
        first = RULES.determinise(setup, one, seat, random.Random(seed))
        second = RULES.determinise(setup, two, seat, random.Random(seed))
        assert first == second


def test_ge_36_mcts_may_play_gentoo_and_decides_from_the_state_it_may_see() -> None:
    """GE-36: `mcts` is no longer refused, its move is one of the legal moves, and a whole game
    against a random player ends with a winner."""
    assert can_determinise(RULES)
    setup = make(2, seed=5)
    rng = random.Random(5)
    state = settle(setup, RULES.initial(setup), rng)
    while len(RULES.legal(setup, state)) < 2:
        state = settle(setup, RULES.apply(setup, state, RULES.random_move(setup, state, rng)), rng)
    seat = RULES.prompt(setup, state).actors[0]
    assert mcts_move(setup, state, seat, random.Random(1), 8) in RULES.legal(setup, state)
    record = play_game(Plan("gentoo", 2, parse_players("mcts:3,random")[1], seed=2), 0)
    assert len(record["winners"]) == 1 and max(record["scores"].values()) == 5
