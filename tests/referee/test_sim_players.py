"""Simulated players (random, greedy, mcts): `--players` specs, fair play with hidden cards, and
skilled players beating random ones."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from pnpkit.components import load_game
from pnpkit.referee.engine.immutable import evolve
from pnpkit.referee.engine.moves import Move
from pnpkit.referee.engine.rules import Choices, Prompt, Rules, RulesFault, ScoreSheet, Setup
from pnpkit.referee.engine.verdict import ACCEPTED, MoveSyntaxError, Verdict, refuse
from pnpkit.referee.games.alpina import Alpina, AlpinaRules
from pnpkit.referee.log.store import make_setup
from pnpkit.referee.simulation import simulate as simulation
from pnpkit.referee.simulation.bots import (
    PlayerSpec,
    PlayerSpecError,
    decide_together,
    greedy_move,
    mcts_move,
    parse_players,
    require_fair,
)
from pnpkit.referee.simulation.simulate import Plan, play, run_games, simulate

LANTERNS = Path(__file__).resolve().parents[2] / "docs" / "examples" / "lanterns"


def test_players_are_a_count_or_one_spec_per_seat() -> None:
    assert parse_players("3") == (3, ())
    assert parse_players("mcts:50, random,greedy,MCTS") == (
        4,
        (
            PlayerSpec("mcts", 50),
            PlayerSpec("random"),
            PlayerSpec("greedy"),
            PlayerSpec("mcts", 100),
        ),
    )


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("smart,random", "unknown player 'smart'"),
        ("greedy:3,random", "only mcts takes a count"),
        ("mcts:0,random", "at least 1"),
        ("mcts:x,random", "whole number"),
    ],
)
def test_a_bad_player_spec_says_what_is_expected(text: str, problem: str) -> None:
    with pytest.raises(PlayerSpecError, match=problem) as raised:
        parse_players(text)
    assert "random, greedy, mcts or mcts:N" in str(raised.value)
    assert raised.value.exit_code == 2


def test_mcts_refuses_rules_that_cannot_hide_the_other_hands() -> None:
    class Unsampled(AlpinaRules):
        """Alpina as rules written without `determinise` and without `rebuild`."""

        determinise = Rules.determinise
        rebuild = Rules.rebuild

    with pytest.raises(PlayerSpecError, match="mcts cannot play alpina: its rules provide no"):
        require_fair(Unsampled(), (PlayerSpec("mcts", 10), PlayerSpec("random")))
    require_fair(Unsampled(), (PlayerSpec("greedy"), PlayerSpec("random")))
    require_fair(AlpinaRules(), (PlayerSpec("mcts", 10), PlayerSpec("random")))


class SampledAlpina(AlpinaRules):
    """Alpina with a determinisation: the other hands dealt again from what the seat cannot see."""

    def determinise(self, setup: Setup, state: Alpina, seat: str, rng: random.Random) -> Alpina:
        return _deal_others(setup, state, setup.players.index(seat), rng)


def _deal_others(setup: Setup, state: Alpina, me: int, rng: random.Random) -> Alpina:
    others = [i for i in range(len(setup.players)) if i != me]
    hands = [f"{setup.players[i]}'s hand" for i in others]
    table, deck = state.table, state.deck
    unseen = sorted(set(deck.unseen).union(*(table[h].known for h in hands)))
    rng.shuffle(unseen)
    for h in hands:
        size = len(table[h].known)
        table, unseen = table.put(h, table[h].holding(tuple(sorted(unseen[:size])))), unseen[size:]
    return evolve(state, table=table.put("draw pile", deck.holding(tuple(unseen))))


def _midgame(rules: AlpinaRules, moves: int) -> tuple[Setup, Alpina]:
    """A digital 3-player game after `moves` random steps, at A's turn to play."""
    setup = replace(make_setup(load_game("alpina"), ["A", "B", "C"], seed=4), rules=rules)
    state = rules.initial(setup)
    rng = random.Random(4)
    steps = 0
    while steps < moves or rules.prompt(setup, state).actors != ("A",):
        forced = rules.forced(setup, state)
        kind = rules.prompt_kind(setup, state)
        if forced is not None:
            move = forced
        elif kind == "chance":
            move = rules.chance(setup, state, rng)
        else:
            move = rules.random_move(setup, state, rng)
        state = rules.apply(setup, state, move)
        steps += 1
    assert rules.prompt_kind(setup, state) == "move"
    return setup, state


@pytest.mark.parametrize("decide", ["greedy", "mcts"])
def test_a_players_choice_does_not_depend_on_the_other_hands(decide: str) -> None:
    rules = SampledAlpina()
    setup, state = _midgame(rules, 44)
    assert state.table["B's hand"].known and state.table["C's hand"].known
    choices = set()
    for other in range(6):
        swapped = _deal_others(setup, state, 0, random.Random(other))
        hands = [f"{p}'s hand" for p in setup.players]
        assert swapped.table[hands[0]] == state.table[hands[0]]
        assert [swapped.table[h] for h in hands[1:]] != [state.table[h] for h in hands[1:]]
        if decide == "greedy":
            choices.add(str(greedy_move(setup, swapped, "A", random.Random(9))))
        else:
            choices.add(str(mcts_move(setup, swapped, "A", random.Random(9), 80)))
    assert len(choices) == 1


def test_a_peeking_search_would_be_caught_by_that_test() -> None:
    """The same check on a determinisation that leaks the true hands: choices differ."""

    class Peeking(AlpinaRules):
        perfect_information = True  # lies: the state holds every hand
        determinise = Rules.determinise  # so the state itself is searched

    setup, state = _midgame(Peeking(), 44)
    choices = {
        str(
            mcts_move(
                setup, _deal_others(setup, state, 0, random.Random(k)), "A", random.Random(9), 80
            )
        )
        for k in range(8)
    }
    assert len(choices) > 1


def test_greedy_takes_the_best_immediate_score_change() -> None:
    rules = SampledAlpina()
    setup, state = _midgame(rules, 30)
    before = rules.score(setup, state).total("A")
    gains = {
        str(m): rules.score(setup, rules.apply(setup, state, m)).total("A") - before
        for m in rules.legal(setup, state)
    }
    chosen = greedy_move(setup, state, "A", random.Random(1))
    assert gains[str(chosen)] == max(gains.values())


def test_skilled_players_beat_random_ones() -> None:
    game = load_game("alpina")
    greedy = simulate(game, 2, 30, seed=3, specs=(PlayerSpec("greedy"), PlayerSpec("random")))
    assert greedy["players_by_seat"] == {"seat 1": "greedy", "seat 2": "random"}
    assert greedy["win_rate_by_seat"]["seat 1"]["low"] > 0.5
    lanterns = load_game(LANTERNS)
    mcts = simulate(lanterns, 2, 12, seed=3, specs=(PlayerSpec("mcts", 30), PlayerSpec("random")))
    random_only = simulate(lanterns, 2, 12, seed=3)
    assert mcts["wins_by_seat"]["seat 1"] > random_only["wins_by_seat"]["seat 1"]


def test_random_players_play_as_before() -> None:
    setup = make_setup(load_game("alpina"), ["A", "B"], seed=2)
    state, moves = play(setup, (), random.Random("2/0"), "2/0")
    again, _ = play(setup, (PlayerSpec("random"), PlayerSpec("random")), random.Random("2/0"), "x")
    assert state == again and moves > 0


@dataclass(frozen=True)
class Picks:
    picks: tuple[tuple[str, int], ...] = ()


class SecretPicks(Rules):
    """Every player picks 1, 2 or 3 in secret, revealed together; each scores their pick."""

    id = "secret-picks"
    perfect_information = True

    def initial(self, setup: Setup) -> Picks:
        return Picks()

    def prompt(self, setup: Setup, state: Picks) -> Prompt:
        if state.picks:
            return Prompt("over", (), "over")
        return Prompt("simultaneous", tuple(setup.players), "all: pick")

    def choices(self, setup: Setup, state: Picks) -> Choices:
        return Choices("pick NAME=1|2|3 …", {p: ("1", "2", "3") for p in setup.players})

    def parse(self, setup: Setup, state: Picks, text: str) -> Move:
        word, *rest = text.split()
        found = dict(p.split("=") for p in rest)
        if word != "pick" or set(found) != set(setup.players):
            raise MoveSyntaxError("pick NAME=N for every player")
        return {"type": "pick", "picks": {p: int(found[p]) for p in setup.players}}

    def text(self, setup: Setup, move: Move) -> str:
        return "pick " + " ".join(f"{p}={n}" for p, n in move["picks"].items())

    def check(self, setup: Setup, state: Picks, move: Move) -> Verdict:
        return ACCEPTED if not state.picks else refuse("SP-1", "the game is over")

    def apply(self, setup: Setup, state: Picks, move: Move) -> Picks:
        return Picks(tuple(move["picks"].items()))

    def legal(self, setup: Setup, state: Picks) -> list[Move]:
        combos = itertools.product((1, 2, 3), repeat=len(setup.players))
        return [{"type": "pick", "picks": dict(zip(setup.players, c, strict=True))} for c in combos]

    def score(self, setup: Setup, state: Picks) -> ScoreSheet:
        points = {p: {"pick": dict(state.picks).get(p, 0)} for p in setup.players}
        best = max(v["pick"] for v in points.values())
        winners = tuple(p for p in setup.players if points[p]["pick"] == best)
        return ScoreSheet(("pick",), points, winners)


def test_choices_spell_the_move_a_player_would_type() -> None:
    choices = Choices("travel NAME=N|ocean …", {"Ann": ("1", "ocean"), "Bob": ("2",)})
    assert choices.spelled({"Bob": "2", "Ann": "ocean"}) == "travel Ann=ocean Bob=2"


@pytest.mark.parametrize("spec", [PlayerSpec("greedy"), PlayerSpec("mcts", 30)])
def test_a_skilled_seat_picks_its_own_part_of_a_simultaneous_move(spec: PlayerSpec) -> None:
    """Skilled players no longer choose at random at a simultaneous prompt: each picks its own
    option, the others' picks unknown to it; random seats still pick at random."""
    rules = SecretPicks()
    setup = replace(make_setup(load_game("alpina"), ["A", "B"]), rules=rules)
    state = rules.initial(setup)
    for seed in range(10):
        skilled = {"A": (spec, random.Random(seed))}
        move = decide_together(setup, state, skilled, random.Random(seed))
        assert move["picks"]["A"] == 3
    b_picks = {
        decide_together(setup, state, {"A": (spec, random.Random(s))}, random.Random(s))["picks"][
            "B"
        ]
        for s in range(30)
    }
    assert b_picks == {1, 2, 3}


def test_greedy_plays_whole_ano_nuevo_games_with_simultaneous_and_shared_prompts() -> None:
    """Año Nuevo has simultaneous choices (travel, display, stand) and prompts several seals
    answer (discards): greedy picks only among moves it knows are legal there."""
    game = load_game("ano-nuevo")
    specs = (PlayerSpec("greedy"), PlayerSpec("random"), PlayerSpec("random"))
    result = simulate(game, 3, 6, seed=1, specs=specs)
    assert sum(result["wins_by_seat"].values()) >= 6


class EvenPicks(SecretPicks):
    """SecretPicks where every pick scores the same: everybody wins whatever they pick."""

    def score(self, setup: Setup, state: Picks) -> ScoreSheet:
        points = {p: {"pick": 0} for p in setup.players}
        return ScoreSheet(("pick",), points, tuple(setup.players))


def test_a_seat_whose_options_are_all_as_good_picks_among_them_at_random() -> None:
    """An Año Nuevo seal one Harem card from winning wins whatever it travels to, so every option
    is as good: it must not always take the first (the Ocean), or the game never ends."""
    rules = EvenPicks()
    setup = replace(make_setup(load_game("alpina"), ["A", "B"]), rules=rules)
    state = rules.initial(setup)
    spec = PlayerSpec("mcts", 100)
    picks = {
        decide_together(setup, state, {"A": (spec, random.Random(s))}, random.Random(s))["picks"][
            "A"
        ]
        for s in range(20)
    }
    assert picks == {1, 2, 3}


class Endless(SecretPicks):
    """A rules module whose game never ends: every pick is followed by another."""

    def prompt(self, setup: Setup, state: Picks) -> Prompt:
        return Prompt("simultaneous", tuple(setup.players), "all: pick")

    def apply(self, setup: Setup, state: Picks, move: Move) -> Picks:
        return state


def test_a_game_that_never_ends_is_the_rules_fault_not_a_hang(monkeypatch) -> None:
    """A game still going after 20,000 decisions (the bundled games take under 500) stops with
    the game's number and seed, as the rules' fault (exit 3), rather than running for ever."""
    setup = replace(make_setup(load_game("alpina"), ["seat 1", "seat 2"]), rules=Endless())
    monkeypatch.setattr(simulation, "plan_setup", lambda plan, n: setup)
    with pytest.raises(RulesFault, match=r"game 0 \(--seed 4\): .* no end after 20,000 decisions"):
        run_games(Plan("alpina", 2, seed=4), 1)
