"""Alpina's final scoring: each hiker scores its card's tape points plus its condition."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pnpkit.components.model import Game
from pnpkit.referee.games.alpina_grid import SIZE, column_row, orthogonal, surrounding


@dataclass(frozen=True)
class Card:
    """The scoring facts of one card."""

    id: str
    animal: str
    landscape: str
    tape: int
    condition: Mapping[str, Any]


_CARDS: dict[int, tuple[Game, dict[str, Card]]] = {}


def cards_of(game: Game) -> dict[str, Card]:
    """Every Alpina card by ID (built once per loaded game: scoring asks for it every game)."""
    known = _CARDS.get(id(game))
    if known is None or known[0] is not game:
        cards = {
            c.id: Card(
                c.id,
                c.fields["animal"],
                c.fields["landscape"],
                c.fields["tape"],
                c.fields["condition"],
            )
            for c in game.group("cards").components
        }
        known = _CARDS[id(game)] = (game, cards)
    return known[1]


def _matches(card: Card, match: Mapping[str, str]) -> bool:
    # A plain loop: all() over a generator costs ~10% of a random play-through here.
    for key, value in match.items():  # noqa: SIM110
        if getattr(card, key) != value:
            return False
    return True


def _line(space: int, dc: int, dr: int) -> list[int]:
    column, row = column_row(space)
    found = []
    column, row = column + dc, row + dr
    while 0 <= column < SIZE and 0 <= row < SIZE:
        found.append(row * SIZE + column)
        column, row = column + dc, row + dr
    return found


def _connected(space: int, grid: Mapping[int, Card], match: Mapping[str, str]) -> set[int]:
    """Cards reachable from `space` by edge-sharing steps onto cards that meet `match`."""
    seen = {space}
    frontier = [space]
    while frontier:
        here = frontier.pop()
        for there in orthogonal(here):
            if there not in seen and there in grid and _matches(grid[there], match):
                seen.add(there)
                frontier.append(there)
    seen.discard(space)
    return seen


def scope_spaces(scope: str, space: int, grid: Mapping[int, Card], match: Mapping) -> set[int]:
    """The spaces (holding cards) a condition with `scope` looks at, the card's own excluded."""
    if scope == "connected":
        return _connected(space, grid, match)
    if scope == "grid":
        spaces: set[int] = set(grid)
    elif scope == "orthogonal":
        spaces = set(orthogonal(space))
    elif scope == "surrounding":
        spaces = set(surrounding(space))
    else:
        directions = {
            "left": [(-1, 0)],
            "right": [(1, 0)],
            "above": [(0, -1)],
            "below": [(0, 1)],
            "row": [(-1, 0), (1, 0)],
            "column": [(0, -1), (0, 1)],
            "row-and-column": [(-1, 0), (1, 0), (0, -1), (0, 1)],
        }[scope]
        spaces = {s for dc, dr in directions for s in _line(space, dc, dr)}
    spaces.discard(space)
    return {s for s in spaces if s in grid}


def condition_count(space: int, grid: Mapping[int, Card], hikers: Mapping[int, str]) -> int:
    """What the condition of the card at `space` counts (AL-20 … AL-25)."""
    condition = grid[space].condition
    match = condition.get("match", {})
    looked = scope_spaces(condition["scope"], space, grid, match)
    if condition.get("include_self", False):
        looked.add(space)
    cards = [grid[s] for s in looked if _matches(grid[s], match)]
    counts = condition["counts"]
    if counts == "cards":
        return len(cards)
    if counts == "distinct-animals":
        return len({c.animal for c in cards})
    if counts == "distinct-landscapes":
        return len({c.landscape for c in cards})
    return sum(1 for s in looked if s in hikers and _matches(grid[s], match))


def hiker_points(
    space: int, grid: Mapping[int, Card], hikers: Mapping[int, str]
) -> tuple[int, int]:
    """(tape points, condition points) scored by a hiker on the card at `space`."""
    card = grid[space]
    condition = card.condition
    count = condition_count(space, grid, hikers)
    return card.tape, condition.get("base", 0) + condition.get("per", 0) * count


def winners_by_turn_order(totals: Mapping[str, int], order: list[str]) -> tuple[str, str]:
    """The winner and the tie-break used: among the highest, the one latest in turn order."""
    best = max(totals.values())
    tied = [p for p in order if totals[p] == best]
    if len(tied) == 1:
        return tied[0], ""
    return tied[-1], (
        f"{', '.join(tied)} tie on {best}; {tied[-1]} wins as the latest of them in turn order"
    )
