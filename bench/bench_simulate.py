"""Simulation speed: the engine's moves per second per game, games per second per player type, and
the speed-up from one worker process to two.

1. Moves per second of each bundled game in one process: random digital games where every
   player's step is `legal` (`random_move` at a simultaneous prompt, whose `legal` lists every
   combination), `check` of the move chosen, and `apply`; chance drawn by `chance`. Figures for the
   record (the target of issue 17, ≥ 200 random games/s per core, belongs to the game modules).
2. Games per second of Alpina with every seat random, greedy against random, and of Lantern Walk
   with mcts:100 against random (MCTS refuses the bundled games until their rules determinise);
   each as a ratio to random play in the same sitting.
3. The same 2-player Alpina games, greedy against random (a few seconds of work), on one and on
   two worker processes (`run_games`): the target is a speed-up of at least 1.3×, which needs two
   idle cores; on a shared, loaded machine it misses, and the figure says so.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from pnpkit.components import load_game
from pnpkit.referee.players import PlayerSpec
from pnpkit.referee.simulate import Plan, run_games
from pnpkit.referee.store import make_setup

GAMES = ("alpina", "ano-nuevo", "arctic", "gentoo", "nut-hunt")
LANTERNS = str(Path(__file__).resolve().parents[1] / "docs" / "examples" / "lanterns")
BUDGET = 2.0
"""Seconds of play per figure of part 1 (whole games: at least one)."""
SPEEDUP = 1.3


def moves_per_second(game_id: str) -> tuple[float, float]:
    """Players' steps (legal + check + apply) per second, and whole games per second."""
    game = load_game(game_id)
    names = [f"P{n + 1}" for n in range(max(2, game.players_min))]
    steps = games = 0
    spent = 0.0
    while spent < BUDGET:
        setup = make_setup(game, names, seed=games)
        rules, rng = setup.rules, random.Random(games)
        state = rules.initial(setup)
        start = time.perf_counter()
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
        spent += time.perf_counter() - start
        games += 1
    return steps / spent, games / spent


def games_per_second(plan: Plan, games: int, jobs: int = 1) -> float:
    """Whole simulated games per second (`run_games`)."""
    start = time.perf_counter()
    run_games(plan, games, jobs)
    return games / (time.perf_counter() - start)


def main() -> int:
    lines = []
    for game_id in GAMES:
        moves, games = moves_per_second(game_id)
        lines.append(f"     {game_id}: {moves:,.0f} moves/s, {games:,.1f} random games/s")
    random_play = Plan("alpina", 2)
    greedy = Plan("alpina", 2, (PlayerSpec("greedy"), PlayerSpec("random")))
    lanterns = Plan(LANTERNS, 2)
    mcts = Plan(LANTERNS, 2, (PlayerSpec("mcts", 100), PlayerSpec("random")))
    base, skilled = games_per_second(random_play, 40), games_per_second(greedy, 20)
    lanterns_base, searched = games_per_second(lanterns, 40), games_per_second(mcts, 2)
    lines += [
        f"     alpina, 2 players: random {base:.1f} games/s; greedy vs random {skilled:.1f} "
        f"games/s ({base / skilled:.1f}× slower)",
        f"     lanterns, 2 players: random {lanterns_base:.1f} games/s; mcts:100 vs random "
        f"{searched:.2f} games/s ({lanterns_base / searched:.0f}× slower)",
    ]
    one, two = games_per_second(greedy, 60, 1), games_per_second(greedy, 60, 2)
    ok = two / one >= SPEEDUP
    lines.append(
        f"{'ok  ' if ok else 'MISS'} 60 Alpina games, greedy vs random: 1 job {one:.1f} games/s, "
        f"2 jobs {two:.1f} games/s: {two / one:.2f}× (target ≥ {SPEEDUP}× with 2 idle cores)"
    )
    print("\n".join(lines))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
