"""Nut Hunt's forest: 19 hex spaces in rows of 3, 4, 5, 4 and 3, pointy side up.

Spaces are numbered 0 … 18 in reading order (row by row, left to right); the tile laid on
space 9 is the centre tile. Geometry uses axial coordinates (q, r): r is the row from -2 to 2,
and the six neighbours of a pointy-top hex lie east, west, north-east, north-west, south-east
and south-west.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from functools import cache

ROWS = (3, 4, 5, 4, 3)
SPACES = sum(ROWS)
CENTRE = SPACES // 2
DIRECTIONS = {
    "east": (1, 0),
    "west": (-1, 0),
    "north-east": (1, -1),
    "north-west": (0, -1),
    "south-east": (0, 1),
    "south-west": (-1, 1),
}


@cache
def coordinates() -> tuple[tuple[int, int], ...]:
    """The axial (q, r) of each space, in reading order."""
    cells = []
    for r in range(-2, 3):
        for q in range(max(-2, -2 - r), min(2, 2 - r) + 1):
            cells.append((q, r))
    return tuple(cells)


@cache
def _index() -> dict[tuple[int, int], int]:
    return {cell: i for i, cell in enumerate(coordinates())}


def at(q: int, r: int) -> int | None:
    """The space at axial (q, r), or None off the forest."""
    return _index().get((q, r))


def row_column(space: int) -> tuple[int, int]:
    """(row, position in the row) of a space, both from 0."""
    start = 0
    for row, length in enumerate(ROWS):
        if space < start + length:
            return row, space - start
        start += length
    raise IndexError(space)


@cache
def step(space: int, direction: str) -> int | None:
    """The neighbour of `space` in `direction`, or None past the edge."""
    q, r = coordinates()[space]
    dq, dr = DIRECTIONS[direction]
    return at(q + dq, r + dr)


def opposite(direction: str) -> str:
    """The direction pointing the other way."""
    dq, dr = DIRECTIONS[direction]
    return next(name for name, delta in DIRECTIONS.items() if delta == (-dq, -dr))


@cache
def bounce(space: int, direction: str) -> int:
    """Where a piece moving one tile in `direction` lands: it bounces off the edge (NH-12)."""
    ahead = step(space, direction)
    if ahead is not None:
        return ahead
    back = step(space, opposite(direction))
    assert back is not None, "every space of a hexagon has a neighbour opposite an edge"
    return back


@cache
def neighbours(space: int) -> frozenset[int]:
    """The spaces sharing an edge with `space`."""
    return frozenset(s for d in DIRECTIONS if (s := step(space, d)) is not None)


@cache
def distance(a: int, b: int) -> int:
    """Steps on the shortest path between two spaces (every tile may be crossed)."""
    (q1, r1), (q2, r2) = coordinates()[a], coordinates()[b]
    return (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) // 2


def connected(start: int, allowed: Iterable[int]) -> frozenset[int]:
    """The spaces of `allowed` reachable from `start` through `allowed` (empty if not in it)."""
    inside = set(allowed)
    if start not in inside:
        return frozenset()
    seen, todo = {start}, deque([start])
    while todo:
        for nxt in neighbours(todo.popleft()) & inside:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return frozenset(seen)
