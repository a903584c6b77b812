"""Año Nuevo's determinisation (`Rules.determinise`): what a seat cannot see (the other seals'
hands, set-aside cards and Pools, the Prey deck) dealt again, everything it can see kept; so a
simulated player searches without reading the other hands (issue 17)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.components import load_game
from pnpkit.referee.engine.immutable import evolve
from pnpkit.referee.games.ano_nuevo.state import AnoNuevo
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
    found = Counter(state.prey.deck) + Counter(state.prey.discard)
    for seal in state.seals:
        found.update((*seal.hand, *seal.aside, *seal.pool))
    for contest in state.contests:
        found.update(card for face_down in contest.face_down for card in face_down)
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
    a, b = others[0], others[1]
    seals = list(state.seals)
    if seals[a].hand and seals[b].hand:
        ha, hb = list(seals[a].hand), list(seals[b].hand)
        ha[0], hb[0] = hb[0], ha[0]
        seals[a], seals[b] = (
            evolve(seals[a], hand=tuple(sorted(ha))),
            evolve(seals[b], hand=tuple(sorted(hb))),
        )
    if seals[a].hand and state.prey.deck:
        hand, deck = list(seals[a].hand), list(state.prey.deck)
        hand[-1], deck[0] = deck[0], hand[-1]
        seals[a] = evolve(seals[a], hand=tuple(sorted(hand)))
        swapped = evolve(
            state, seals=tuple(seals), prey=evolve(state.prey, deck=tuple(sorted(deck)))
        )
    else:
        swapped = evolve(state, seals=tuple(seals))
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
    mine = setup.players.index(seat)
    assert sampled.seals[mine] == state.seals[mine]
    for before, after in zip(state.seals, sampled.seals, strict=True):
        assert [len(before.hand), len(before.aside), len(before.pool)] == [
            len(after.hand), len(after.aside), len(after.pool)
        ]  # fmt: skip


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
    assert state.seals[1].hand and state.seals[2].hand
    rules = setup.rules
    assert can_determinise(rules)
    samples = [rules.determinise(setup, state, "P1", random.Random(n)) for n in range(8)]
    assert all(s.seals[0] == state.seals[0] for s in samples)
    assert len({s.seals[1].hand + s.seals[2].hand for s in samples}) > 1


def test_at_the_table_the_state_already_hides_every_unseen_card():
    setup, state = midgame(3, 60, 3, "advanced-hunting", digital=False)
    assert setup.rules.determinise(setup, state, "P2", random.Random(1)) is state
    assert all(i.startswith("?") for s in state.seals for i in s.hand)
