"""Alpina's grid geometry: a 9×9 frame of spaces (a1 … i9) with the starting card at e5.

The cards may spread in any direction from the starting card, so the frame leaves four spaces
on every side of it; the rules keep the cards themselves inside a 5×5 bound.
"""

from __future__ import annotations

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


def _neighbours(space: int, steps: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    column, row = column_row(space)
    found = (index(column + dc, row + dr) for dc, dr in steps)
    return tuple(n for n in found if n is not None)


_ORTHOGONAL = tuple(_neighbours(s, ((0, -1), (-1, 0), (1, 0), (0, 1))) for s in range(SIZE**2))
_SURROUNDING = tuple(
    _neighbours(s, tuple((dc, dr) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dc or dr))
    for s in range(SIZE**2)
)


def orthogonal(space: int) -> tuple[int, ...]:
    """The up to four spaces sharing an edge with `space`."""
    return _ORTHOGONAL[space]


def surrounding(space: int) -> tuple[int, ...]:
    """The up to eight spaces around `space`, diagonals included."""
    return _SURROUNDING[space]


def within_bound(box: tuple[int, int, int, int], space: int) -> bool:
    """Whether a card on `space` keeps the cards in 5 rows and 5 columns, `box` being the placed
    cards' first and last column and first and last row."""
    column, row = column_row(space)
    first_column, last_column, first_row, last_row = box
    return (
        max(last_column, column) - min(first_column, column) < BOUND
        and max(last_row, row) - min(first_row, row) < BOUND
    )
