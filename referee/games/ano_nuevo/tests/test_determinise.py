"""Año Nuevo's determinisation (`Rules.determinise`): what a seat cannot see (the other seals'
hands, set-aside cards and Pools, the Prey deck) dealt again, everything it can see kept; so a
simulated player searches without reading the other hands (issue 17)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.components import load_game
from pnpkit.referee.api import LotHand
from pnpkit.referee.engine.immutable import evolve
from pnpkit.referee.games.ano_nuevo.state import DISPLAYED, AnoNuevo, pile_of
from pnpkit.referee.games.ano_nuevo.tests.helpers import (
    aside,
    deck,
    discard,
    hand,
    pool,
    put,
    with_hand,
)
from pnpkit.referee.log.store import make_setup
from pnpkit.referee.simulation.bots import can_determinise, settle

GAME = load_game("ano-nuevo")
VARIANTS = ("standard", "advanced-hunting")


def midgame(seed: int, steps: int, players: int, variant: str, digital: bool = True):
    """A random game (random moves, chance drawn) after about `steps` steps, not over."""
    names = [f"P{n + 1}" for n in range(players)]
    setup = make_setup(GAME, names, variant, seed=seed if digital else None)
    rules, rng = setup.rules, random.Random(seed)
    state = settle(setup, rules.initial(setup), rng)
    for _ in range(steps):
        following = settle(
            setup, rules.apply(setup, state, rules.random_move(setup, state, rng)), rng
        )
        if rules.prompt_kind(setup, following) == "over":
            break
        state = following
    return setup, state


def prey_cards(state: AnoNuevo) -> Counter[str]:
    """Every Prey card, wherever it is."""
    found = Counter(deck(state)) + Counter(discard(state))
    for p in (name.split(":")[1] for name, _ in state.table.blocks if name.startswith("hand:")):
        found.update((*hand(state, p), *aside(state, p), *pool(state, p)))
        found.update(state.table[pile_of(DISPLAYED, p)].items)
    return found


games = st.tuples(
    st.integers(0, 10_000),
    st.integers(5, 120),
    st.integers(3, 5),
    st.sampled_from(VARIANTS),
)


@settings(max_examples=30, deadline=None)
@given(games, st.integers(0, 2), st.integers(0, 1000))
def test_hidden_cards_elsewhere_give_the_same_determinisation(game, seat_index, seed):
    """Swapping the cards of two other seals, or one with the deck, changes nothing."""
    setup, state = midgame(*game)
    rules, seat = setup.rules, setup.players[seat_index]
    others = [i for i, p in enumerate(setup.players) if p != seat]
    a, b = setup.players[others[0]], setup.players[others[1]]
    swapped = state
    if hand(swapped, a) and hand(swapped, b):
        ha, hb = list(hand(swapped, a)), list(hand(swapped, b))
        ha[0], hb[0] = hb[0], ha[0]
        swapped = with_hand(with_hand(swapped, a, tuple(ha)), b, tuple(hb))
    if hand(swapped, a) and deck(swapped):
        held, cards = list(hand(swapped, a)), list(deck(swapped))
        held[-1], cards[0] = cards[0], held[-1]
        prey_deck = evolve(swapped.table["prey deck"], items=tuple(sorted(cards)))
        swapped = put(with_hand(swapped, a, tuple(held)), {"prey deck": prey_deck})
    assert rules.view(setup, swapped, seat) == rules.view(setup, state, seat)
    one = rules.determinise(setup, state, seat, random.Random(seed))
    two = rules.determinise(setup, swapped, seat, random.Random(seed))
    assert one == two


@settings(max_examples=25, deadline=None)
@given(games, st.integers(0, 2), st.integers(0, 1000))
def test_a_determinisation_keeps_what_the_seat_sees_and_every_card(game, seat_index, seed):
    setup, state = midgame(*game)
    rules, seat = setup.rules, setup.players[seat_index]
    sampled = rules.determinise(setup, state, seat, random.Random(seed))
    assert rules.view(setup, sampled, seat) == rules.view(setup, state, seat)
    assert rules.table(setup, sampled, seat) == rules.table(setup, state, seat)
    assert rules.census(setup, sampled) == rules.census(setup, state)
    assert prey_cards(sampled) == prey_cards(state)
    assert sampled.seals == state.seals
    for name, block in state.table.blocks:
        if isinstance(block, LotHand):  # each pile of Prey cards keeps its size
            assert len(sampled.table[name]) == len(block)
        if name.endswith(f":{seat}"):
            assert sampled.table[name] == block


@settings(max_examples=15, deadline=None)
@given(games, st.integers(0, 2), st.integers(0, 1000))
def test_the_game_plays_on_from_a_determinisation_to_its_end(game, seat_index, seed):
    setup, state = midgame(*game)
    rules, rng = setup.rules, random.Random(seed)
    state = rules.determinise(setup, state, setup.players[seat_index], rng)
    for _ in range(20_000):
        state = settle(setup, state, rng)
        if rules.prompt_kind(setup, state) == "over":
            break
        move = rules.random_move(setup, state, rng)
        assert rules.check(setup, state, move).ok, rules.text(setup, move)
        state = rules.apply(setup, state, move)
    assert rules.prompt_kind(setup, state) == "over"
    assert rules.score(setup, state).winners


def test_the_other_hands_are_dealt_again_and_the_seats_own_kept():
    setup, state = midgame(3, 30, 3, "standard")
    assert hand(state, "P2") and hand(state, "P3")
    rules = setup.rules
    assert can_determinise(rules)
    samples = [rules.determinise(setup, state, "P1", random.Random(n)) for n in range(8)]
    assert all(hand(s, "P1") == hand(state, "P1") for s in samples)
    assert len({hand(s, "P2") + hand(s, "P3") for s in samples}) > 1


def test_at_the_table_the_state_already_hides_every_unseen_card():
    setup, state = midgame(3, 60, 3, "advanced-hunting", digital=False)
    assert setup.rules.determinise(setup, state, "P2", random.Random(1)) is state
    assert all(i.startswith("?") for p in setup.players for i in hand(state, p))
