"""Arctic's determinise (for simulated mcts players): what a seat cannot see is sampled again,
what it sees is kept, and the result is a state the game plays on from (AR-3, AR-6, AR-45)."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.components import load_game
from pnpkit.referee.engine.rules import Setup
from pnpkit.referee.games.arctic.state import State
from pnpkit.referee.games.arctic.tests.helpers import (
    seats,
    totems,
)
from pnpkit.referee.log.store import make_setup
from pnpkit.referee.simulation.bots import PlayerSpec, mcts_move, require_fair, settle

GAME = load_game("arctic")


def _setup(players: int, digital: bool, sides: str, seed: int) -> Setup:
    names = ["Ann", "Bob", "Cy", "Di"][:players]
    return make_setup(GAME, names, "", {"sides": sides}, seed if digital else None)


def _played(setup: Setup, steps: int, rng: random.Random) -> State:
    """The state after up to `steps` random decisions (chance drawn at random too)."""
    rules = setup.rules
    state = settle(setup, rules.initial(setup), rng)
    for _ in range(steps):
        if rules.prompt_kind(setup, state) == "over":
            break
        state = settle(setup, rules.apply(setup, state, rules.random_move(setup, state, rng)), rng)
    return state


def _twin(setup: Setup, state: State, me: int, rng: random.Random) -> State:
    """`state` with the cards `me` cannot see moved about among the places `me` cannot see
    (the unseen pool, others' dealt hands, face-down cards and penalty piles, the totems): the
    same table as far as `me` can tell."""
    rules = setup.rules
    return rules.rebuild(
        setup,
        state,
        rules.knowledge(setup, state).shuffled(setup.players[me], rng, lambda card: card[:4]),
    )


def _in_sight(setup: Setup, state: State, viewer: str) -> tuple[object, ...]:
    """What `viewer` knows of a state's cards: the zones they see, and how many cards of each
    deck each zone they do not see holds."""
    known = setup.rules.knowledge(setup, state)
    return tuple(
        (z.name, z.cards if z.visible_to(viewer) else tuple(sorted(c[:4] for c in z.cards)))
        for z in known.zones
    )


def _seen_by(setup: Setup, state: State, player: str) -> tuple[str, str]:
    """What `player` is shown: the text view and the table as data."""
    rules = setup.rules
    table = json.dumps(rules.table(setup, state, player), sort_keys=True)
    return rules.view(setup, state, player), table


situations = st.tuples(
    st.sampled_from([2, 3, 4]),
    st.booleans(),
    st.sampled_from(["a", "b", "random"]),
    st.integers(0, 10_000),
    st.integers(0, 400),
)


@settings(max_examples=30, deadline=None)
@given(situations, st.integers(0, 3), st.integers(0, 2**32))
def test_what_a_seat_cannot_see_does_not_change_what_its_determinisation_keeps(
    situation: tuple[int, bool, str, int, int], who: int, seed: int
) -> None:
    """AR-45: two tables that differ only in what the seat cannot see give samples that keep
    the same things and hide the same numbers of cards of each deck in each place."""
    players, digital, sides, game_seed, steps = situation
    setup = _setup(players, digital, sides, game_seed)
    state = _played(setup, steps, random.Random(game_seed))
    me = who % players
    viewer = setup.players[me]
    twin = _twin(setup, state, me, random.Random(seed))
    assert _seen_by(setup, twin, viewer) == _seen_by(setup, state, viewer)
    rules = setup.rules
    one = rules.determinise(setup, state, viewer, random.Random(seed))
    other = rules.determinise(setup, twin, viewer, random.Random(seed))
    assert _in_sight(setup, one, viewer) == _in_sight(setup, other, viewer)
    assert _in_sight(setup, one, viewer) == _in_sight(setup, state, viewer)


@settings(max_examples=30, deadline=None)
@given(situations, st.integers(0, 3), st.integers(0, 2**32))
def test_a_determinisation_is_a_state_the_seat_cannot_tell_apart_and_the_game_goes_on(
    situation: tuple[int, bool, str, int, int], who: int, seed: int
) -> None:
    """The seat's own view and cards are kept, every card is still there once, and random play
    from the sample reaches the end with every move accepted."""
    players, digital, sides, game_seed, steps = situation
    setup = _setup(players, digital, sides, game_seed)
    rules = setup.rules
    state = _played(setup, steps, random.Random(game_seed))
    me = who % players
    viewer = setup.players[me]
    sample = rules.determinise(setup, state, viewer, random.Random(seed))
    assert _seen_by(setup, sample, viewer) == _seen_by(setup, state, viewer)
    mine, true = seats(sample)[me], seats(state)[me]
    assert (mine.hand, mine.pile, mine.named) == (true.hand, true.pile, true.named)
    assert len(mine.blind) == len(true.blind)  # dealt face down: unseen by the seat too
    assert rules.census(setup, sample) == rules.census(setup, state)
    assert [s.hand_size for s in seats(sample)] == [s.hand_size for s in seats(state)]
    rng = random.Random(seed)
    for _ in range(5000):
        sample = settle(setup, sample, rng)
        if rules.prompt_kind(setup, sample) == "over":
            break
        move = rules.random_move(setup, sample, rng)
        assert rules.check(setup, sample, move).ok, rules.text(setup, move)
        sample = rules.apply(setup, sample, move)
    else:
        raise AssertionError("no end after 5000 moves from a determinised state")
    assert rules.census(setup, sample) == rules.census(setup, state)


def test_the_other_hands_and_totems_are_sampled_not_read() -> None:
    """In a digital game the others' dealt hands and totems vary with the sample, and the true
    ones are not simply copied."""
    setup = _setup(3, True, "a", 7)
    state = _played(setup, 0, random.Random(7))
    rules = setup.rules
    samples = [rules.determinise(setup, state, "Ann", random.Random(n)) for n in range(20)]
    assert all(seats(s)[0] == seats(state)[0] and totems(s)[0] == totems(state)[0] for s in samples)
    assert len({seats(s)[1].hand for s in samples}) > 10
    assert len({totems(s)[1:] for s in samples}) > 5
    assert any(seats(s)[2].hand != seats(state)[2].hand for s in samples)


def test_a_finished_game_keeps_every_card_that_scores() -> None:
    """At the end the hands, piles and totems are shown (AR-38): a sample keeps them all."""
    setup = _setup(2, True, "b", 3)
    state = _played(setup, 10_000, random.Random(3))
    assert state.turn.step == "over"
    sample = setup.rules.determinise(setup, state, "Bob", random.Random(1))
    assert totems(sample) == totems(state)
    assert [(s.hand, s.pile, s.penalty) for s in seats(sample)] == [
        (s.hand, s.pile, s.penalty) for s in seats(state)
    ]


def test_mcts_plays_arctic_from_what_its_seat_sees() -> None:
    """mcts no longer refuses Arctic, and picks one of its seat's legal moves."""
    setup = _setup(2, True, "random", 5)
    require_fair(setup.rules, (PlayerSpec("mcts", 10), PlayerSpec("random")))
    state = _played(setup, 0, random.Random(5))
    move = mcts_move(setup, state, "Ann", random.Random(1), 8)
    assert setup.rules.check(setup, state, move).ok
    assert move in setup.rules.legal(setup, state)


def test_a_table_differing_in_hidden_cards_gives_samples_alike() -> None:
    """A worked case of the property above: mid-game, three players, the others' hands and
    totems really differ between the two tables, and what the samples keep does not."""
    setup = _setup(3, True, "b", 11)
    state = _played(setup, 60, random.Random(11))
    twin = _twin(setup, state, 1, random.Random(2))
    assert seats(twin)[0].hand != seats(state)[0].hand and totems(twin) != totems(state)
    assert seats(twin)[1].hand == seats(state)[1].hand
    rules = setup.rules
    one = rules.determinise(setup, state, "Bob", random.Random(9))
    other = rules.determinise(setup, twin, "Bob", random.Random(9))
    assert _in_sight(setup, one, "Bob") == _in_sight(setup, other, "Bob")
