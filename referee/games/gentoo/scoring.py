"""Winning the game (rulebook "Winning the Game", GE-24): the first player to five penguins
wins; the score sheet and the figures `simulate` averages."""

from __future__ import annotations

from collections.abc import Mapping

from pnpkit.referee.api import ScoreSheet, Setup
from pnpkit.referee.games.gentoo.state import Table

PENGUINS_TO_WIN = 5


def score(setup: Setup, state: Table) -> ScoreSheet:
    """Penguins per player; the winner is the first to five (GE-24)."""
    points = {
        name: {"penguins": p.penguins} for name, p in zip(setup.players, state.players, strict=True)
    }
    winners = () if state.winner is None else (setup.players[state.winner],)
    return ScoreSheet(("penguins",), points, winners, "the first player to five penguins wins")


def stats(setup: Setup, state: Table) -> Mapping[str, float]:
    """Game length and whether the first player won (first-player advantage)."""
    n = len(setup.players)
    first_won = float(state.winner is not None and state.winner == state.first)
    return {
        "turns": state.turns,
        "rounds": state.turns / n,
        "first player won": first_won,
        "first player edge": first_won - 1 / n,
        "penguins held at the end": sum(p.penguins for p in state.players),
    }
