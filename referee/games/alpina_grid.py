"""Alpina's grid geometry: a 9×9 frame of spaces (a1 … i9) with the starting card at e5.

The cards may spread in any direction from the starting card, so the frame leaves four spaces
on every side of it; the rules keep the cards themselves inside a 5×5 bound.
"""

from __future__ import annotations

from collections.abc import Iterator

SIZE = 9
BOUND = 5
START = 4 * SIZE + 4
"""e5, the starting card's space."""


def index(column: int, row: int) -> int | None:
    """The space at (column, row), or None outside the frame."""
    if 0 <= column < SIZE and 0 <= row < SIZE:
        return row * SIZE + column
    return None


def column_row(space: int) -> tuple[int, int]:
    """(column, row) of a space."""
    return space % SIZE, space // SIZE


def orthogonal(space: int) -> Iterator[int]:
    """The up to four spaces sharing an edge with `space`."""
    column, row = column_row(space)
    for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        neighbour = index(column + dc, row + dr)
        if neighbour is not None:
            yield neighbour


def surrounding(space: int) -> Iterator[int]:
    """The up to eight spaces around `space`, diagonals included."""
    column, row = column_row(space)
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            neighbour = index(column + dc, row + dr)
            if (dc or dr) and neighbour is not None:
                yield neighbour


def within_bound(spaces: Iterator[int] | list[int]) -> bool:
    """Whether the spaces fit in 5 rows and 5 columns."""
    columns, rows = zip(*(column_row(s) for s in spaces), strict=True)
    return max(columns) - min(columns) < BOUND and max(rows) - min(rows) < BOUND
