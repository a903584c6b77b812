"""Winning the game (rulebook "Winning the Game", GE-24): the first player to five penguins
wins; the score sheet and the figures `simulate` averages."""

from __future__ import annotations

from collections.abc import Mapping

from pnpkit.referee.api import ScoreSheet, Setup
from pnpkit.referee.games.gentoo.state import Catalog, GentooState

PENGUINS_TO_WIN = 5


def score(setup: Setup, state: GentooState) -> ScoreSheet:
    """Penguins per player; the winner is the first to five (GE-24)."""
    penguin = Catalog.of(setup.game).penguin
    points = {
        name: {"penguins": state.tokens(seat)[penguin]} for seat, name in enumerate(setup.players)
    }
    winners = () if state.winner is None else (setup.players[state.winner],)
    return ScoreSheet(("penguins",), points, winners, "the first player to five penguins wins")


def stats(setup: Setup, state: GentooState) -> Mapping[str, float]:
    """Game length and whether the first player won (first-player advantage)."""
    n, penguin, turns = len(setup.players), Catalog.of(setup.game).penguin, state.turn.number
    first_won = float(state.winner is not None and state.winner == state.first)
    return {
        "turns": turns,
        "rounds": turns / n,
        "first player won": first_won,
        "first player edge": first_won - 1 / n,
        "penguins held at the end": sum(state.tokens(s)[penguin] for s in range(n)),
    }
