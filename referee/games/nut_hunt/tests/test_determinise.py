"""Nut Hunt's determinise: the objective cards a seat cannot see dealt again, nothing else.

A simulated player searches these samples instead of the true state (issue 17), so a sample must
depend only on what the seat sees, keep all of it, and be a state the game plays on from.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as s

from pnpkit.components import load_game
from pnpkit.referee.engine.rules import Setup
from pnpkit.referee.games.nut_hunt import RULES
from pnpkit.referee.games.nut_hunt.state import Hunt
from pnpkit.referee.games.nut_hunt.tests.helpers import cards, placed
from pnpkit.referee.log.store import make_setup

GAME = load_game("nut-hunt")
REFEREE = Path(sys.executable).with_name("referee")


def played(players: int, seed: int, steps: int, digital: bool = True) -> tuple[Setup, Hunt]:
    """A game after `steps` random moves (fewer if it ends first): a digital deal, or the table's
    game where the referee learns objectives only as they are shown."""
    names = [f"P{n + 1}" for n in range(players)]
    setup = make_setup(GAME, names, seed=seed if digital else None)
    rng = random.Random(seed)
    state = RULES.initial(setup)
    for _ in range(steps):
        if RULES.prompt_kind(setup, state) == "over":
            break
        forced = RULES.forced(setup, state)
        if forced is not None:
            move = forced
        elif RULES.prompt_kind(setup, state) == "chance":
            move = RULES.chance(setup, state, rng)
        else:
            move = RULES.random_move(setup, state, rng)
        state = RULES.apply(setup, state, move)
    return setup, state


def scrambled(state: Hunt, seat: int, rng: random.Random) -> Hunt:
    """`state` with cards `seat` cannot see moved about by hand: two other players' objectives
    swapped, one of them swapped with an unseen deck card, the cards others put under the deck
    reordered or swapped with the deck's (whose order is not kept at all)."""
    now = cards(state)
    hands = [list(hand) for hand in now.hand_known]
    others = [p for p in range(len(hands)) if p != seat and hands[p]]
    pool = sorted(now.pool)
    if len(others) >= 2:
        a, b = rng.sample(others, 2)
        hands[a][0], hands[b][-1] = hands[b][-1], hands[a][0]
    if others and pool:
        p = rng.choice(others)
        i = rng.randrange(len(pool))
        hands[p][-1], pool[i] = pool[i], hands[p][-1]
    bottom = list(now.bottom)
    theirs = [
        i
        for i, (card, put) in enumerate(zip(bottom, now.bottom_from, strict=True))
        if card is not None and put != seat
    ]
    if len(theirs) >= 2:
        i, j = rng.sample(theirs, 2)
        bottom[i], bottom[j] = bottom[j], bottom[i]
    if theirs and pool:
        i, j = rng.choice(theirs), rng.randrange(len(pool))
        bottom[i], pool[j] = pool[j], bottom[i]
    rng.shuffle(pool)
    hands_now = tuple(map(tuple, hands))
    return placed(state, hand_known=hands_now, pool=frozenset(pool), bottom=tuple(bottom))


def all_cards(state: Hunt) -> list[str]:
    """Every objective card the state places, with repeats."""
    now = cards(state)
    found = [*now.pool, *now.drawn, *now.automa_hand, *now.aside]
    found += [c for c in now.bottom if c] + [c for hand in now.hand_known for c in hand]
    return sorted(found)


games = s.tuples(
    s.integers(2, 4), s.integers(0, 10_000), s.integers(0, 150), s.integers(0, 3), s.booleans()
)


@settings(max_examples=40, deadline=None)
@given(game=games, seed=s.integers(0, 2**32))
def test_what_the_seat_cannot_see_does_not_matter(
    game: tuple[int, int, int, int, bool], seed: int
) -> None:
    players, game_seed, steps, who, digital = game
    setup, state = played(players, game_seed, steps, digital)
    seat = who % players
    other = scrambled(state, seat, random.Random(seed))
    name = setup.players[seat]
    first = RULES.determinise(setup, state, name, random.Random(seed))
    second = RULES.determinise(setup, other, name, random.Random(seed))
    assert first == second
    # a determinisation itself differs only in what the seat cannot see
    again = RULES.determinise(setup, first, name, random.Random(seed))
    assert again == RULES.determinise(setup, second, name, random.Random(seed))


@settings(max_examples=40, deadline=None)
@given(game=games, seed=s.integers(0, 2**32))
def test_a_determinisation_keeps_what_the_seat_sees(
    game: tuple[int, int, int, int, bool], seed: int
) -> None:
    players, game_seed, steps, who, digital = game
    setup, state = played(players, game_seed, steps, digital)
    seat = who % players
    name = setup.players[seat]
    sample = RULES.determinise(setup, state, name, random.Random(seed))
    assert all_cards(sample) == all_cards(state)
    got, now = cards(sample), cards(state)
    assert got.hand_known[seat] == now.hand_known[seat]
    assert [len(h) for h in got.hand_known] == [len(h) for h in now.hand_known]
    assert got.hand_hidden == now.hand_hidden
    assert (got.fresh, len(got.bottom), len(got.drawn)) == (
        now.fresh,
        len(now.bottom),
        len(now.drawn),
    )
    assert RULES.view(setup, sample, name) == RULES.view(setup, state, name)
    seen, shown = RULES.table(setup, sample, name), RULES.table(setup, state, name)
    if name not in RULES.prompt(setup, state).actors:
        # someone else's deal or scout: the prompt names their cards (see the report)
        seen.pop("prompt"), shown.pop("prompt")
    assert seen == shown
    assert (
        placed(
            sample,
            hand_known=now.hand_known,
            pool=now.pool,
            bottom=now.bottom,
            drawn=now.drawn,
        )
        == state
    )


@settings(max_examples=15, deadline=None)
@given(game=games, seed=s.integers(0, 2**32))
def test_the_game_plays_on_from_a_determinisation(
    game: tuple[int, int, int, int, bool], seed: int
) -> None:
    players, game_seed, steps, who, digital = game
    setup, state = played(players, game_seed, steps, digital)
    rng = random.Random(seed)
    state = RULES.determinise(setup, state, setup.players[who % players], rng)
    census = RULES.census(setup, state)
    for _ in range(5000):
        if RULES.prompt_kind(setup, state) == "over":
            break
        forced = RULES.forced(setup, state)
        if forced is not None:
            move = forced
        elif RULES.prompt_kind(setup, state) == "chance":
            move = RULES.chance(setup, state, rng)
        else:
            move = RULES.random_move(setup, state, rng)
        assert RULES.check(setup, state, move).ok
        state = RULES.apply(setup, state, move)
        assert RULES.census(setup, state) == census
    assert RULES.prompt_kind(setup, state) == "over"


def test_the_solo_player_sees_the_automas_cards() -> None:
    """NH-34, NH-38: the Automa's starting hand and its turned-over cards are public (see the
    rules index), so only the deck is dealt again."""
    setup = make_setup(GAME, ["Ann"], options={"difficulty": "expert"}, seed=3)
    rng = random.Random(3)
    state = RULES.initial(setup)
    while len(cards(state).aside) < 2:
        forced = RULES.forced(setup, state)
        if forced is not None:
            move = forced
        elif RULES.prompt_kind(setup, state) == "chance":
            move = RULES.chance(setup, state, rng)
        else:
            move = RULES.random_move(setup, state, rng)
        state = RULES.apply(setup, state, move)
    sample = RULES.determinise(setup, state, "Ann", random.Random(1))
    got, now = cards(sample), cards(state)
    assert (got.automa_hand, got.aside) == (now.automa_hand, now.aside)
    assert len(now.automa_hand) == 4
    assert got.pool == now.pool  # one player: nothing but the deck is unseen


def test_other_players_objectives_are_dealt_again() -> None:
    """NH-3: the others' objectives are not read, so samples differ from the true hands."""
    setup, state = played(3, 8, 40)
    assert all(len(hand) == 2 for hand in cards(state).hand_known)
    samples = [RULES.determinise(setup, state, "P1", random.Random(n)) for n in range(20)]
    dealt = {cards(sample).hand_known for sample in samples}
    assert {hands[0] for hands in dealt} == {cards(state).hand_known[0]}
    assert len({hands[1] for hands in dealt}) > 10


def test_the_cards_a_seat_put_back_stay_where_it_put_them() -> None:
    """NH-3, NH-23: a seat knows the cards it returned under the deck; the others' are unseen."""
    setup, state = played(2, 5, 20)
    now = cards(state)
    assert now.bottom_from == (state.first, 1 - state.first)
    mine, theirs = now.bottom_from.index(0), now.bottom_from.index(1)
    samples = [cards(RULES.determinise(setup, state, "P1", random.Random(n))) for n in range(20)]
    assert {sample.bottom[mine] for sample in samples} == {now.bottom[mine]}
    assert len({sample.bottom[theirs] for sample in samples}) > 5


def test_mcts_plays_nut_hunt() -> None:
    """`simulate` lets mcts play Nut Hunt now that its rules determinise."""
    args = ["simulate", "nut-hunt", "--players", "mcts:3,random", "--games", "1", "--jobs", "1"]
    result = subprocess.run([REFEREE, *args], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert "mcts:3" in result.stdout
