"""Simulation speed: the engine's moves per second per game, games per second per player type, and
the speed-up from one worker process to two.

1. Per bundled game, in one process and in CPU seconds (`time.process_time`, so a figure is per
   core and a shared machine's other work does not count against it):
   - random games per second through `simulate` (`run_games`, every seat random: the rules' own
     `random_move`, `chance`, `forced` and `apply`). Target (issue 17): at least 200 for every
     game; below it the line says MISS;
   - the engine's strict loop, for the record: every player's step is `legal`, a uniformly
     random choice from it (`random_move` at a simultaneous prompt, whose `legal` lists every
     combination), `check` of the move chosen and `apply`; chance drawn by `chance`. Its moves
     per second, and whole games per second (uniform choices make some games, Gentoo's above
     all, far longer than a simulated player's).
2. Games per second of each bundled game and of Lantern Walk with every seat random, with a
   greedy player first, and with an mcts:100 player first (the others random), as ratios to
   random play in the same sitting.
3. The same 2-player Alpina games, greedy against random (a few seconds of work), on one and on
   two worker processes (`run_games`): the target is a speed-up of at least 1.3×, which needs two
   idle cores; on a shared, loaded machine it misses, and the figure says so.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from bench import sitting
from pnpkit.components import load_game
from pnpkit.referee.log.store import make_setup
from pnpkit.referee.simulation.bots import PlayerSpec
from pnpkit.referee.simulation.simulate import Plan, run_games

GAMES = ("alpina", "ano-nuevo", "arctic", "gentoo", "nut-hunt")
LANTERNS = str(Path(__file__).resolve().parents[1] / "docs" / "examples" / "lanterns")
BUDGET = 2.0
"""CPU seconds of play per figure of part 1 (whole games: at least one)."""
SPEEDUP = 1.3
TARGET = 200
"""Random games per second per core for every bundled game (issue 17)."""


def moves_per_second(game_id: str) -> tuple[float, float]:
    """The strict loop: players' steps (legal + check + apply) per CPU second, and whole games
    per CPU second."""
    game = load_game(game_id)
    names = [f"P{n + 1}" for n in range(max(2, game.players_min))]
    steps = games = 0
    spent = 0.0
    while spent < sitting.scaled(BUDGET, 0.1):
        setup = make_setup(game, names, seed=games)
        rules, rng = setup.rules, random.Random(games)
        state = rules.initial(setup)
        start = time.process_time()
        while True:
            forced = rules.forced(setup, state)
            kind = rules.prompt_kind(setup, state)
            if forced is not None:
                move = forced
            elif kind == "over":
                break
            elif kind == "chance":
                move = rules.chance(setup, state, rng)
            elif kind == "simultaneous":
                move = rules.random_move(setup, state, rng)
                steps += 1
            else:
                move = rng.choice(rules.legal(setup, state))
                steps += 1
            assert rules.check(setup, state, move).ok
            state = rules.apply(setup, state, move)
        spent += time.process_time() - start
        games += 1
    return steps / spent, games / spent


def random_games_per_second(game_id: str) -> float:
    """Whole games per CPU second through `simulate` with every seat random (one process)."""
    seats = max(2, load_game(game_id).players_min)
    run_games(Plan(game_id, seats), 1)
    games = 0
    start = time.process_time()
    while time.process_time() - start < sitting.scaled(BUDGET, 0.1):
        run_games(Plan(game_id, seats, seed=games), 10)
        games += 10
    return games / (time.process_time() - start)


def games_per_second(plan: Plan, games: int, jobs: int = 1) -> float:
    """Whole simulated games per second (`run_games`)."""
    start = time.perf_counter()
    run_games(plan, games, jobs)
    return games / (time.perf_counter() - start)


def main() -> int:
    lines = []
    slow = 0
    for game_id in GAMES:
        simulated = random_games_per_second(game_id)
        moves, games = moves_per_second(game_id)
        slow += simulated < TARGET
        mark = "ok  " if simulated >= TARGET else "MISS"
        lines.append(
            f"{mark} {game_id}: {simulated:,.0f} random games per CPU-second (target ≥ {TARGET}); "
            f"strict loop {moves:,.0f} moves/s, {games:,.1f} games/s"
        )
    for game in (*GAMES, LANTERNS):
        name = Path(game).name
        seats = max(2, load_game(game).players_min)
        rest = (PlayerSpec("random"),) * (seats - 1)
        base = games_per_second(Plan(game, seats), sitting.scaled(20, 2))
        greedy_plan = Plan(game, seats, (PlayerSpec("greedy"), *rest))
        greedy = games_per_second(greedy_plan, sitting.scaled(4, 1))
        iterations = sitting.scaled(100, 4)
        mcts_plan = Plan(game, seats, (PlayerSpec("mcts", iterations), *rest))
        mcts = games_per_second(mcts_plan, 1)
        lines.append(
            f"     {name}, {seats} players: random {base:.1f} games/s; greedy first "
            f"{greedy:.1f} ({base / greedy:.0f}× slower); mcts:{iterations} first {mcts:.2f} "
            f"({base / mcts:.0f}× slower)"
        )
    greedy = Plan("alpina", 2, (PlayerSpec("greedy"), PlayerSpec("random")))
    count = sitting.scaled(60, 4)
    one, two = games_per_second(greedy, count, 1), games_per_second(greedy, count, 2)
    ok = two / one >= SPEEDUP
    lines.append(
        f"{'ok  ' if ok else 'MISS'} {count} Alpina games, greedy vs random: 1 job "
        f"{one:.1f} games/s, 2 jobs {two:.1f} games/s: {two / one:.2f}× "
        f"(target ≥ {SPEEDUP}× with 2 idle cores)"
    )
    print("\n".join(lines))
    return 0 if ok and not slow else 1


if __name__ == "__main__":
    sys.exit(main())
