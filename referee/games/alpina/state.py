"""Alpina's table as the referee keeps it: one immutable state, and the game's fixed numbers."""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.referee.games.alpina import grid

HAND = 6
"""Cards in a hand after the deal and after each draw (AL-3, AL-16)."""
HIKERS = {2: 8, 3: 5, 4: 4}
"""Hiker pawns per player by player count (AL-4)."""
GRID_CARDS = 25
"""The 25th card placed ends the game (AL-17)."""
START, DEAL, FIRST, PLAY, HIKER, DRAW, OVER = (
    "start", "deal", "first", "play", "hiker", "draw", "over",
)  # fmt: skip


@dataclass(frozen=True)
class Alpina:
    """Where everything is. `pool` holds the cards not yet seen by the referee (draw pile and
    unknown hand cards); `known` the cards it knows to be in each hand (digital mode)."""

    phase: str
    cards: tuple[str | None, ...]
    hikers: tuple[int | None, ...]
    pool: frozenset[str]
    hand_sizes: tuple[int, ...]
    known: tuple[frozenset[str], ...]
    hikers_left: tuple[int, ...]
    turn: int = 0
    first: int = 0
    last: int = grid.START
    placed: int = 0
    frontier: frozenset[int] = frozenset()
    """Empty spaces orthogonally next to a card (kept as cards are placed, for speed)."""
    box: tuple[int, int, int, int] = (4, 4, 4, 4)
    """The placed cards' first and last column and first and last row."""

    def deck_size(self) -> int:
        """Cards in the draw pile."""
        unknown_in_hands = sum(n - len(k) for n, k in zip(self.hand_sizes, self.known, strict=True))
        return len(self.pool) - unknown_in_hands
