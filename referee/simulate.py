"""Random legal play-throughs in digital mode, summarised: wins by seat and scores."""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Callable, Mapping
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
        kind = rules.prompt_kind(setup, state)
        if forced is not None:
            move = forced
        elif kind == "over":
            return state
        elif kind == "chance":
            move = rules.chance(setup, state, rng)
        else:
            move = rules.random_move(setup, state, rng)
        state = rules.apply(setup, state, move)


def simulate(
    game: Game,
    players: int,
    games: int,
    seed: int,
    variant: str = "",
    options: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """Play `games` random games: wins by seat, score distribution, and the game's own figures
    (`Rules.stats`, averaged over the games)."""
    names = [f"seat {n + 1}" for n in range(players)]
    wins: Counter[str] = Counter()
    totals: list[int] = []
    winning: list[int] = []
    figures: dict[str, list[float]] = {}
    for n in range(games):
        setup = make_setup(game, names, variant, options, seed=seed + n)
        state = play_random(setup, random.Random(f"{seed}/{n}"))
        sheet = setup.rules.score(setup, state)
        for winner in sheet.winners:
            wins[winner] += 1
        seats = list(sheet.points)
        totals += [sheet.total(p) for p in seats]
        winning.append(sheet.total(sheet.winners[0]))
        for key, value in setup.rules.stats(setup, state).items():
            figures.setdefault(key, []).append(value)
    return {
        "game": game.id,
        "players": players,
        "variant": setup.variant,
        "options": dict(setup.options),
        "games": games,
        "seed": seed,
        "wins_by_seat": {
            p: wins[p] for p in sorted(set(names) | set(wins), key=names_order(names))
        },
        "scores": _spread(totals),
        "winning_scores": _spread(winning),
        "stats": {key: round(statistics.fmean(values), 3) for key, values in figures.items()},
    }


def names_order(names: list[str]) -> Callable[[str], tuple[int, str]]:
    """Sort seats first in seat order, then any other scorer (an Automa) by name."""
    return lambda p: (names.index(p) if p in names else len(names), p)


def _spread(values: list[int]) -> dict[str, float]:
    return {
        "min": min(values),
        "mean": round(statistics.fmean(values), 2),
        "median": statistics.median(values),
        "max": max(values),
    }
