"""Gentoo: properties over random positions (hypothesis), and the table shown as text and SVG."""

from __future__ import annotations

import random
from collections import Counter
from xml.etree import ElementTree

from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.referee.api import Pool
from pnpkit.referee.engine.moves import canonical
from pnpkit.referee.games.gentoo import RULES
from pnpkit.referee.games.gentoo.state import draw, size
from pnpkit.referee.games.gentoo.tests.helpers import (
    seats,
)
from pnpkit.referee.games.gentoo.tests.test_setup import NAMES, full_census, make


def wander(n: int, seed: int, steps: int):
    """A digital game of `n` players after `steps` random moves: (setup, states on the way)."""
    setup = make(n, seed=seed)
    rng = random.Random(seed)
    state = RULES.initial(setup)
    states = [state]
    for _ in range(steps):
        if RULES.prompt(setup, state).kind == "over":
            break
        move = RULES.forced(setup, state) or RULES.random_move(setup, state, rng)
        state = RULES.apply(setup, state, move)
        states.append(state)
    return setup, states


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 4), st.integers(0, 10**6), st.integers(0, 300))
def test_ge_36_census_is_conserved_and_every_listed_move_round_trips(n, seed, steps) -> None:
    """GE-36: piles only ever hold the cards they can; no piece appears or vanishes."""
    setup, states = wander(n, seed, steps)
    state = states[-1]
    assert RULES.census(setup, state) == full_census()
    for move in RULES.legal(setup, state):
        assert RULES.check(setup, state, move).ok, RULES.text(setup, move)
        parsed = RULES.parse(setup, state, RULES.text(setup, move))
        assert canonical(parsed) == canonical(move)
    assert all(0 <= p.penguins <= 5 and 0 <= p.fish <= 5 for p in seats(state))


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 4), st.integers(0, 10**6), st.integers(0, 300))
def test_ge_20_the_simulated_player_makes_only_legal_moves(n, seed, steps) -> None:
    """GE-20 and every other move: the simulated player, which lists only the kinds of move it
    weighs, picks one of the legal moves at every step of a random game."""
    setup, states = wander(n, seed, steps)
    rng = random.Random(seed)
    for state in states:
        if RULES.prompt_kind(setup, state) == "move":
            move = RULES.random_move(setup, state, rng)
            assert move in RULES.legal(setup, state), RULES.text(setup, move)


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 4), st.integers(0, 10**6), st.integers(1, 200))
def test_ge_20_check_and_apply_never_change_the_state_they_are_given(n, seed, steps) -> None:
    """GE-20 and every other move: the referee's states are immutable values."""
    setup, states = wander(n, seed, steps)
    state = states[-1]
    snapshot = repr(state)
    for move in RULES.legal(setup, state)[:10]:
        RULES.check(setup, state, move)
        RULES.apply(setup, state, move)
    assert repr(state) == snapshot


@given(st.lists(st.sampled_from(["GE-SNW", "GE-HAT", "GE-EG3", "GE-SKU"]), min_size=1))
def test_ge_36_a_pool_takes_and_adds_cards_one_copy_at_a_time(cards) -> None:
    """GE-36: a face-down pile as a pool of copies."""
    pool = Pool().holding(tuple(cards))
    assert size(pool) == len(cards) and dict(pool.counts) == Counter(cards)
    taken = pool.moved(cards[0], -1)
    assert size(taken) == len(cards) - 1 and taken.moved(cards[0], 1) == pool
    copies = sorted(cards)
    assert draw(pool, random.Random(len(cards))) == random.Random(len(cards)).choice(copies)


def test_ge_52_describe_shows_every_player_and_the_choice_cards() -> None:
    setup, states = wander(3, 7, 60)
    text = RULES.describe(setup, states[-1])
    assert text.startswith("Gentoo — ")
    assert all(name in text for name in NAMES[:3])
    assert "Choice Cards:" in text and "Draw Pile:" in text


def test_ge_5_the_table_drawn_as_svg_with_and_without_faces() -> None:
    setup, states = wander(4, 3, 80)
    bare = RULES.svg(setup, states[-1], lambda card: None)
    root = ElementTree.fromstring(bare)
    assert root.tag.endswith("svg") and "Player Pile" in bare
    assert all(name in bare for name in NAMES)
    faced = RULES.svg(setup, states[-1], lambda card: f"<svg><text>{card}</text></svg>")
    assert "data:image/svg+xml;base64," in faced


def test_ge_24_simulate_figures_game_length_and_first_player_advantage() -> None:
    setup, states = wander(2, 11, 5000)
    figures = RULES.stats(setup, states[-1])
    assert RULES.prompt(setup, states[-1]).kind == "over"
    assert figures["turns"] > 0 and figures["rounds"] == figures["turns"] / 2
    assert figures["first player won"] in (0.0, 1.0)
    assert figures["first player edge"] == figures["first player won"] - 0.5


@settings(max_examples=15, deadline=None)
@given(st.integers(2, 4), st.integers(0, 10**6), st.integers(0, 300))
def test_ge_17_a_simulated_discard_is_drawn_as_a_pick_from_legal(n, seed, steps) -> None:
    """GE-17: the simulated player's discard, made without listing every discard, draws from
    the random source exactly as a pick among `legal`'s list (seeded games stay the same)."""
    setup, states = wander(n, seed, steps)
    for k, state in enumerate(states):
        if state.step != "discard":
            continue
        rng, twin = random.Random(k), random.Random(k)
        assert RULES.random_move(setup, state, rng) == twin.choice(RULES.legal(setup, state))
        assert rng.getstate() == twin.getstate()
