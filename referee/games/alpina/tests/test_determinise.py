"""Alpina's determinisation (AL-3: the other hands and the draw pile are secret): what a seat's
simulated player may imagine of the table, so that `mcts` plays Alpina without reading hands."""

from __future__ import annotations

import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.referee.api import Deck
from pnpkit.referee.engine.rules import Setup
from pnpkit.referee.games.alpina import Alpina
from pnpkit.referee.games.alpina.state import unseen
from pnpkit.referee.games.alpina.tests.helpers import GAME, hand_sizes, known, pool
from pnpkit.referee.log.store import make_setup
from pnpkit.referee.simulation.bots import PlayerSpec
from pnpkit.referee.simulation.simulate import simulate

positions = st.tuples(
    st.integers(2, 4),  # players
    st.integers(0, 10_000),  # seed
    st.integers(0, 90),  # steps played
    st.booleans(),  # digital (the referee knows every hand) or at the table
)


def position(players: int, seed: int, steps: int, digital: bool) -> tuple[Setup, Alpina]:
    """A random game of Alpina after `steps` steps (or over), chance drawn at random."""
    names = [f"P{n + 1}" for n in range(players)]
    setup = make_setup(GAME, names, seed=seed if digital else None)
    rules, rng = setup.rules, random.Random(seed)
    state = rules.initial(setup)
    for _ in range(steps):
        state = _step(setup, state, rng)
        if rules.prompt_kind(setup, state) == "over":
            break
    return setup, state


def _step(setup: Setup, state: Alpina, rng: random.Random) -> Alpina:
    rules = setup.rules
    move = rules.forced(setup, state)
    if move is None and setup.digital and rules.prompt_kind(setup, state) == "chance":
        move = rules.chance(setup, state, rng)
    if move is None:
        move = rules.random_move(setup, state, rng)
    assert rules.check(setup, state, move).ok, rules.text(setup, move)
    return rules.apply(setup, state, move)


def hidden_changed(setup: Setup, state: Alpina, seat: int, rng: random.Random) -> Alpina:
    """The same table but for what `seat` cannot see: cards swapped between two other hands, and
    between another hand and the draw pile."""
    hands = list(known(state))
    others = [s for s in range(len(hands)) if s != seat and hands[s]]
    deck = sorted(pool(state))
    unseen_cards = set(deck)
    if len(others) >= 2:
        a, b = rng.sample(others, 2)
        card_a, card_b = rng.choice(sorted(hands[a])), rng.choice(sorted(hands[b]))
        hands[a] = hands[a] - {card_a} | {card_b}
        hands[b] = hands[b] - {card_b} | {card_a}
    if others and deck:
        s = rng.choice(others)
        mine, drawn = rng.choice(sorted(hands[s])), rng.choice(deck)
        hands[s] = hands[s] - {mine} | {drawn}
        unseen_cards = unseen_cards - {drawn} | {mine}
    table = state.table
    for player, cards in zip(setup.players, hands, strict=True):
        name = f"{player}'s hand"
        table = table.put(name, table[name].holding(tuple(sorted(cards))))
    pile = Deck(tuple(sorted(unseen_cards)), state.deck.count)
    return replace(state, table=table.put(unseen(setup), pile))


@settings(max_examples=60, deadline=None)
@given(positions, st.integers(0, 3), st.integers(0, 2**32), st.integers(0, 2**32))
def test_what_a_seat_cannot_see_does_not_change_its_determinisation(
    where: tuple[int, int, int, bool], seat_pick: int, change: int, sample: int
) -> None:
    setup, state = position(*where)
    seat = seat_pick % len(setup.players)
    other = hidden_changed(setup, state, seat, random.Random(change))
    player = setup.players[seat]
    rules = setup.rules
    assert rules.view(setup, other, player) == rules.view(setup, state, player)
    mine = rules.determinise(setup, state, player, random.Random(sample))
    theirs = rules.determinise(setup, other, player, random.Random(sample))
    assert mine == theirs


def test_the_hidden_change_of_those_tests_does_change_the_true_table() -> None:
    setup, state = position(3, 5, 40, True)
    other = hidden_changed(setup, state, 0, random.Random(1))
    assert known(other)[0] == known(state)[0]
    assert known(other)[1:] != known(state)[1:] and pool(other) != pool(state)


@settings(max_examples=60, deadline=None)
@given(positions, st.integers(0, 3), st.integers(0, 2**32))
def test_a_determinisation_keeps_what_the_seat_sees_and_every_card(
    where: tuple[int, int, int, bool], seat_pick: int, sample: int
) -> None:
    setup, state = position(*where)
    rules = setup.rules
    seat = seat_pick % len(setup.players)
    player = setup.players[seat]
    seen = rules.determinise(setup, state, player, random.Random(sample))
    assert rules.view(setup, seen, player) == rules.view(setup, state, player)
    assert rules.table(setup, seen, player) == rules.table(setup, state, player)
    assert rules.table(setup, seen, "") == rules.table(setup, state, "")
    assert rules.census(setup, seen) == rules.census(setup, state)
    assert known(seen)[seat] == known(state)[seat]
    assert [len(k) for k in known(seen)] == [len(k) for k in known(state)]
    assert hand_sizes(seen) == hand_sizes(state) and seen.deck.count == state.deck.count
    assert rules.legal(setup, seen) == rules.legal(setup, state) or state.turn.seat != seat


@settings(max_examples=25, deadline=None)
@given(positions, st.integers(0, 3), st.integers(0, 2**32))
def test_the_game_plays_on_to_its_end_from_a_determinisation(
    where: tuple[int, int, int, bool], seat_pick: int, sample: int
) -> None:
    setup, state = position(*where)
    rules = setup.rules
    state = rules.determinise(
        setup, state, setup.players[seat_pick % len(setup.players)], random.Random(sample)
    )
    census = rules.census(setup, state)
    rng = random.Random(sample)
    for _ in range(400):
        if rules.prompt_kind(setup, state) == "over":
            break
        state = _step(setup, state, rng)
    assert rules.prompt_kind(setup, state) == "over"
    assert rules.census(setup, state) == census
    assert sum(c is not None for c in state.cards) == 25


def test_the_other_hands_are_dealt_again_from_the_unseen_cards() -> None:
    setup, state = position(3, 7, 30, True)
    rules = setup.rules
    hidden = pool(state) | known(state)[1] | known(state)[2]
    dealt = {known(rules.determinise(setup, state, "P1", random.Random(k)))[1] for k in range(20)}
    assert len(dealt) > 1
    assert all(hand <= hidden and len(hand) == len(known(state)[1]) for hand in dealt)


def test_mcts_plays_alpina_and_beats_a_random_player() -> None:
    """`simulate alpina --players mcts:N,random` runs (it refused before determinise)."""
    summary = simulate(GAME, 2, 4, seed=1, specs=(PlayerSpec("mcts", 20), PlayerSpec("random")))
    assert summary["players_by_seat"] == {"seat 1": "mcts:20", "seat 2": "random"}
    assert summary["wins_by_seat"]["seat 1"] >= 3


def test_the_cli_simulates_mcts_against_random_at_alpina() -> None:
    pnp = Path(sys.executable).parent / "pnp"
    args = ["referee", "simulate", "alpina", "--games", "1", "--players", "mcts:5,random"]
    result = subprocess.run([pnp, *args, "--jobs", "1"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "2 players (mcts:5, random)" in result.stdout
