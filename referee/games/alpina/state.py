"""Alpina's table as the referee keeps it, on the rules kit's blocks: the grid of cards and the
hikers on it (two `Board`s), each player's hand (a `Hand`) and hikers left (a `Pool`), the draw
pile (a `Deck`), whose turn in which step (a `Turn`); the game's fixed numbers, and what the
rules read off the table (each seat's hikers, the hand of the player to move).

Who sees what (AL-3) follows from the blocks: the grid and the hikers are public, each hand is
its player's own, the draw pile nobody's. In a digital game the referee deals and draws, so it
knows every hand and the pile's `unseen` cards are exactly the pile. At the table it knows only
what was played: each hand holds `unknown` cards, and the pile's `unseen` cards are the pile and
those hands' cards together (the block is then named "draw pile and hands")."""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.referee.api import Board, Deck, Hand, Setup, Table, Turn
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
GRID, ON_GRID = "grid", "hikers on the grid"
"""The blocks of the cards in the grid and of the hiker pawns on them."""


def hand(player: str) -> str:
    """The block of a player's hand."""
    return f"{player}'s hand"


def hikers(player: str) -> str:
    """The block of a player's hikers not yet placed."""
    return f"{player}'s hikers"


def unseen(setup: Setup) -> str:
    """The block of the cards the referee has not seen: the draw pile in a digital game; the
    draw pile and the hands at the table."""
    return "draw pile" if setup.digital else "draw pile and hands"


@dataclass(frozen=True)
class Alpina:
    """Where everything is (`table`), whose turn in which step (`turn`), who went first; and,
    kept as cards are placed for speed, the card just played (`last`), the empty spaces beside
    the grid (`frontier`) and the grid's first and last column and row (`box`)."""

    table: Table
    turn: Turn
    first: int = 0
    last: int = grid.START
    frontier: frozenset[int] = frozenset()
    box: tuple[int, int, int, int] = (4, 4, 4, 4)

    @property
    def cards(self) -> tuple[str | None, ...]:
        """The card on each space of the frame, or None."""
        return self.table[GRID].pieces  # type: ignore[no-any-return]

    @property
    def on_grid(self) -> Board:
        """The hiker pawns on the grid's cards, by space."""
        return self.table[ON_GRID]  # type: ignore[no-any-return]

    @property
    def deck(self) -> Deck:
        """The draw pile (with the hands' cards at the table): the table's last block."""
        return self.table.blocks[-1][1]  # type: ignore[return-value]

    @property
    def placed(self) -> int:
        """Cards in the grid."""
        return len(self.table[GRID])


def hikers_left(setup: Setup, state: Alpina, seat: int) -> int:
    """The hikers a seat has not placed yet (AL-15): its supply holds its colour's pawns."""
    supply = state.table[hikers(setup.players[seat])].counts
    return supply[0][1] if supply else 0


def my_hand(setup: Setup, state: Alpina) -> Hand:
    """The hand of the player whose turn it is."""
    return state.table[hand(setup.players[state.turn.seat])]  # type: ignore[no-any-return]
