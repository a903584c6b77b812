"""Alpina's final scoring (AL-18 … AL-27): each hiker scores its card's tape points plus its
condition; the highest total wins, ties going to the latest in turn order."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pnpkit.referee.api import Game, ScoreSheet, Setup, per_game
from pnpkit.referee.games.alpina.grid import ORTHOGONAL, SIZE, SPACE_NAMES, SURROUNDING, column_row
from pnpkit.referee.games.alpina.position_file import read_position
from pnpkit.referee.games.alpina.setup import hiker_seats
from pnpkit.referee.games.alpina.state import GRID, HIKERS, Alpina, hikers_left


@dataclass(frozen=True)
class Card:
    """The scoring facts of one card."""

    id: str
    animal: str
    landscape: str
    tape: int
    condition: Mapping[str, Any]


@per_game
def cards_of(game: Game) -> dict[str, Card]:
    """Every Alpina card by ID (scoring asks for them at every game)."""
    facts = ("animal", "landscape", "tape", "condition")
    return {c.id: Card(c.id, *(c.fields[f] for f in facts)) for c in game.group("cards").components}


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
        for there in ORTHOGONAL[here]:
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
        spaces = set(ORTHOGONAL[space])
    elif scope == "surrounding":
        spaces = set(SURROUNDING[space])
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


def score(setup: Setup, state: Alpina) -> ScoreSheet:
    """The score sheet of the grid as it stands."""
    cards = cards_of(setup.game)
    placed = {i: cards[c] for i, c in state.table[GRID].placed()}
    hikers = {i: setup.players[seat] for i, seat in hiker_seats(setup, state).items()}
    order = [*setup.players[state.first :], *setup.players[: state.first]]
    return score_grid(placed, hikers, order)


def score_position(game: Game, text: str, source: str) -> ScoreSheet:
    """The score sheet of a finished grid typed into a position file (position_file.py)."""
    placed, hikers, order = read_position(game, text, source, HIKERS)
    cards = cards_of(game)
    return score_grid({i: cards[c] for i, c in placed.items()}, hikers, order)


def score_grid(placed: dict[int, Card], hikers: dict[int, str], order: list[str]) -> ScoreSheet:
    """Score a grid: each player's hikers, tape and condition points, and the winner (AL-18…27)."""
    points = {p: {"tape": 0, "conditions": 0} for p in order}
    notes = []
    for space in sorted(hikers):
        player = hikers[space]
        tape, condition = hiker_points(space, placed, hikers)
        points[player]["tape"] += tape
        points[player]["conditions"] += condition
        card = placed[space].id
        notes.append(f"{player}: {card} at {SPACE_NAMES[space]}: {tape} tape + {condition}")
    totals = {p: sum(c.values()) for p, c in points.items()}
    winner, tiebreak = winners_by_turn_order(totals, order)
    return ScoreSheet(("tape", "conditions"), points, (winner,), tiebreak, tuple(notes))


def score_bounds(setup: Setup) -> tuple[int, int]:
    """No score below 0; none above every hiker on the best card with the most it can count."""
    cards = cards_of(setup.game).values()
    hikers = HIKERS[len(setup.players)]
    best = max(c.tape + c.condition.get("base", 0) + c.condition.get("per", 0) * 32 for c in cards)
    return 0, hikers * best


def stats(setup: Setup, state: Alpina) -> dict[str, float]:
    """Hikers placed and what they scored; how often the first player wins and ties arise."""
    sheet = score(setup, state)
    placed = len(state.on_grid)
    n = len(setup.players)
    left = sum(hikers_left(setup, state, seat) for seat in range(n))
    first_won = float(sheet.winners == (setup.players[state.first],))
    return {
        "hikers placed per player": placed / n,
        "hikers left unplaced (share)": left / (HIKERS[n] * n),
        "points per hiker": sum(sheet.total(p) for p in sheet.points) / placed if placed else 0,
        "first player won": first_won,
        "first player edge": first_won - 1 / n,
        "tie decided by turn order (AL-27)": float(bool(sheet.tiebreak)),
    }
