"""Arctic's table in play: the immutable game state on the kit's blocks, and the numbers of the
setup (AR-3–AR-5).

The `table` holds, in this order (the order of the zones of `knowledge`): the `river` (a pile face
up), `unseen` (a deck: every card whose place the referee does not know, its count the draw pile;
the Reserve shares it and is kept as a count), and per player P: `hand:P` (a hand; at the table
shown, as the referee knows only the cards everyone saw), `pile:P` (a stack: face-up cards, and
face-down ones its owner knows, AR-23, in the zone `face-down:P`), `penalty:P` (a hand: the discards
P named, AR-21, and the penalty cards the referee did not see), `penalty-blind:P` (digital mode: a
deck of the penalty cards P has not seen, AR-11, AR-34) and `totem:P` (P's totem once known, AR-6);
then `totems` (those dealt to nobody), the `powers` and the `landscape` (the track's cards).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pnpkit.referee.api import Deck, Hand, Pile, Stack, Table, Turn, evolve

RIVER_SIZE = 6
"""Cards face up in the River (AR-4)."""
START_HAND = 3
"""Cards dealt to each player (AR-3)."""
HAND_LIMIT = 7
"""Cards a hand may hold after drawing (AR-21)."""
RESERVE_PER_PLAYER = 5
"""Reserve cards per player beyond the first (AR-5)."""
NO_ANIMAL_VALUE = 1
"""Placement (and draw) value of a player who has no visible animal (AR-10)."""
HIDDEN = "?"
"""A card moved face down without being shown."""


@dataclass(frozen=True)
class State:
    """Arctic in progress: the table's blocks, the Reserve, and the turn (`turn.step` names
    the rulebook step now under way)."""

    table: Table
    reserve: int
    turn: Turn
    """Whose turn, at which step, and how many turns have begun (0 until the setup River is
    complete)."""
    tokens: tuple[int, ...] = ()
    """Track position of each animal's token, in animal order."""
    owners: tuple[int | None, ...] = ()
    """Seat holding each animal's power card, in animal order (None: still on the table)."""
    sides: str | None = None
    """The side (a/b) each power card shows, in animal order; None until chosen."""
    taken: int = 0
    """Cards drawn so far in this turn's draw step."""
    used: frozenset[str] = frozenset()
    """Power effects used this turn (each once a turn)."""
    dealing: str = ""
    """Digital mode, step `deal`: where the card a player draws unshown comes from, `deep` (the
    draw pile, AR-30) or `penalty` (their own penalty pile, AR-33); the referee deals it as
    chance, so the log records it and an undo draws afresh."""
    orca_refill: bool = False
    """The River is being refilled in the middle of a draw step (orca side A)."""
    ending: int = 0
    """0: playing; 1: the end is triggered, finishing the round; 2: the extra turn each."""
    penalties_drawn: tuple[int, ...] = field(default=())
    """Penalty cards drawn for short placements, per seat (for statistics)."""

    @property
    def deck(self) -> Deck:
        """The unseen pool; its count is the draw pile."""
        return self.table.blocks[_UNSEEN][1]  # type: ignore[return-value]

    @property
    def river(self) -> tuple[str, ...]:
        """The River's cards."""
        return self.table.blocks[_RIVER][1].cards  # type: ignore[union-attr]

    def at(self, step: str, **changes: Any) -> State:
        """This state at `step` of the same player's turn, with `changes`."""
        return evolve(self, turn=self.turn.to(step), **changes)

    def hand(self, seat: int | None = None) -> Hand:
        """A player's hand (None: the player whose turn it is)."""
        at = _SEAT * (self.turn.seat if seat is None else seat) + _HAND
        return self.table.blocks[at][1]  # type: ignore[return-value]

    def pile(self, seat: int | None = None) -> Stack:
        at = _SEAT * (self.turn.seat if seat is None else seat) + _PILE
        return self.table.blocks[at][1]  # type: ignore[return-value]

    def penalty(self, seat: int | None = None) -> Hand:
        """The named penalty cards (known) and those the referee did not see (unknown)."""
        at = _SEAT * (self.turn.seat if seat is None else seat) + _PENALTY
        return self.table.blocks[at][1]  # type: ignore[return-value]

    def blind(self, seat: int | None = None) -> Deck:
        """Digital mode: the penalty cards dealt face down that their owner has not seen."""
        at = _SEAT * (self.turn.seat if seat is None else seat) + _BLIND
        return self.table.blocks[at][1]  # type: ignore[return-value]

    def penalties(self, seat: int | None = None) -> int:
        """Cards in a player's penalty pile."""
        named, unseen = self.penalty(seat), self.blind(seat)
        return len(named.known) + named.unknown + unseen.count

    def totems(self) -> tuple[str, ...] | None:
        """Each seat's totem once known (dealt in digital mode, revealed at the end otherwise)."""
        held = [block.known for name, block in self.table.blocks if name.startswith("totem:")]
        return tuple(t[0] for t in held) if held[0] else None

    def put(self, seat: int | None = None, **blocks: Deck | Hand | Pile | Stack) -> State:
        """This state with blocks of a seat (None: the player whose turn it is; `hand=`,
        `pile=`, `penalty=`, `blind=`) and shared ones (`river=`, `unseen=`) replaced."""
        first, at = _SEAT * (self.turn.seat if seat is None else seat), self.table.blocks
        named = {}
        for kind, block in blocks.items():
            where = _AT[kind]
            named[at[where if where < _HAND else first + where][0]] = block
        return evolve(self, table=self.table.put_all(named))


SEAT_BLOCKS = ("hand", "pile", "penalty", "penalty-blind", "totem")
"""Each player's blocks, named `{block}:{player}`, in the table's order after the River and the
unseen deck: read by position (the rules read them at every step; no name is built)."""
_RIVER, _UNSEEN, _HAND, _PILE, _PENALTY, _BLIND = range(6)
"""Where the shared blocks and seat 0's lie in the table (another seat's `_SEAT` on per seat)."""
_SEAT = len(SEAT_BLOCKS)
_AT = dict(river=_RIVER, unseen=_UNSEEN, hand=_HAND, pile=_PILE, penalty=_PENALTY, blind=_BLIND)
"""Each block's place by its keyword in `State.put`."""


def including(cards: tuple[str, ...], *more: str) -> tuple[str, ...]:
    """A sorted tuple of cards with `more` added."""
    return tuple(sorted(cards + more))


def sorted_hand(hand: Hand, *more: str) -> Hand:
    """`hand` with `more` known cards, kept sorted."""
    return hand.holding(including(hand.known, *more))
