"""Alpina's grid geometry: a 9×9 frame of spaces (a1 … i9) with the starting card at e5.

The cards may spread in any direction from the starting card, so the frame leaves four spaces
on every side of it; the rules keep the cards themselves inside a 5×5 bound.
"""

from __future__ import annotations

from pnpkit.referee.api import MoveSyntaxError, space, space_name

SIZE = 9
BOUND = 5
START = 4 * SIZE + 4
"""e5, the starting card's space."""


def index(column: int, row: int) -> int | None:
    """The space at (column, row), or None outside the frame."""
    if 0 <= column < SIZE and 0 <= row < SIZE:
        return row * SIZE + column
    return None


def column_row(at: int) -> tuple[int, int]:
    """(column, row) of a space."""
    return at % SIZE, at // SIZE


SPACE_NAMES = tuple(space_name(*column_row(i)) for i in range(SIZE**2))
"""Each space's name (a1 … i9) by its index in the frame."""
_SPACE_INDEX = {name: i for i, name in enumerate(SPACE_NAMES)}


def space_index(word: str) -> int | None:
    """The frame index of a space's name (a1 … i9), or None outside the frame."""
    found = _SPACE_INDEX.get(word)
    if found is not None:
        return found
    try:
        column, row = space(word)
    except MoveSyntaxError:
        return None
    return index(column, row)


def _neighbours(at: int, steps: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    column, row = column_row(at)
    found = (index(column + dc, row + dr) for dc, dr in steps)
    return tuple(n for n in found if n is not None)


ORTHOGONAL = tuple(_neighbours(s, ((0, -1), (-1, 0), (1, 0), (0, 1))) for s in range(SIZE**2))
"""The up to four spaces sharing an edge with each space."""
SURROUNDING = tuple(
    _neighbours(s, tuple((dc, dr) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dc or dr))
    for s in range(SIZE**2)
)
"""The up to eight spaces around each space, diagonals included."""


def spanned(box: tuple[int, int, int, int], at: int) -> tuple[int, int, int, int]:
    """`box` (the placed cards' first and last column and first and last row) with `at` too."""
    column, row = column_row(at)
    columns, rows = (box[0], box[1], column), (box[2], box[3], row)
    return min(columns), max(columns), min(rows), max(rows)


def within_bound(box: tuple[int, int, int, int], at: int) -> bool:
    """Whether a card on `at` keeps the cards of `box` in 5 rows and 5 columns."""
    first_column, last_column, first_row, last_row = spanned(box, at)
    return last_column - first_column < BOUND and last_row - first_row < BOUND
