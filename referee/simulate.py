"""Random legal play-throughs in digital mode, summarised: wins by seat and scores."""

from __future__ import annotations

import random
import statistics
from collections import Counter
from typing import Any

from pnpkit.components.model import Game
from pnpkit.referee.rules import Setup
from pnpkit.referee.store import make_setup


def play_random(setup: Setup, rng: random.Random) -> Any:
    """Play one game to its end with random legal moves; the final state."""
    rules = setup.rules
    state = rules.initial(setup)
    while True:
        forced = rules.forced(setup, state)
        kind = rules.prompt(setup, state).kind
        if forced is not None:
            move = forced
        elif kind == "over":
            return state
        elif kind == "chance":
            move = rules.chance(setup, state, rng)
        else:
            move = rules.random_move(setup, state, rng)
        state = rules.apply(setup, state, move)


def simulate(game: Game, players: int, games: int, seed: int) -> dict[str, Any]:
    """Play `games` random games; wins by seat, score distribution, game length."""
    names = [f"seat {n + 1}" for n in range(players)]
    wins: Counter[str] = Counter()
    totals: list[int] = []
    winning: list[int] = []
    for n in range(games):
        setup = make_setup(game, names, seed=seed + n)
        state = play_random(setup, random.Random(f"{seed}/{n}"))
        sheet = setup.rules.score(setup, state)
        for winner in sheet.winners:
            wins[winner] += 1
        totals += [sheet.total(p) for p in names]
        winning.append(sheet.total(sheet.winners[0]))
    return {
        "game": game.id,
        "players": players,
        "games": games,
        "seed": seed,
        "wins_by_seat": {p: wins[p] for p in names},
        "scores": _spread(totals),
        "winning_scores": _spread(winning),
    }


def _spread(values: list[int]) -> dict[str, float]:
    return {
        "min": min(values),
        "mean": round(statistics.fmean(values), 2),
        "median": statistics.median(values),
        "max": max(values),
    }
