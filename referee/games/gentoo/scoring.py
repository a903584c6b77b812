"""Winning the game (rulebook "Winning the Game", GE-24): the first player to five penguins
wins; the score sheet, the figures `simulate` averages, and the census of every piece."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from pnpkit.referee.games.gentoo.state import Catalog, Table
from pnpkit.referee.rules import ScoreSheet, Setup

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


def census(setup: Setup, state: Table) -> Counter[str]:
    """Every card and token, wherever it is."""
    catalog = Catalog.of(setup.game)
    cards = state.draw_pile.counter() + state.box.counter()
    cards.update(state.choice)
    cards.update(state.discard)
    for player in state.players:
        cards += player.pile.counter()
        cards.update(player.in_play)
        cards.update(player.used)
    tokens = {
        "nesting-stone": state.stones_left + sum(p.stones for p in state.players),
        "penguin": state.penguin_supply + sum(p.penguins for p in state.players),
        "fish": state.fish_supply + sum(p.fish for p in state.players),
    }
    for icon, count in tokens.items():
        cards[catalog.token(icon).id] += count
    return cards
