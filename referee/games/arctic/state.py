"""Arctic's table in play: the immutable game state, and the numbers of the setup (AR-3–AR-5).

Hidden cards are kept as counts (docs/engine.md): `State.unseen` holds every card whose place is
unknown to the referee (draw pile, Reserve; at the table also unseen hand cards, penalty piles and
face-down cards tucked unseen), and each of those places keeps only how many cards it holds. In
digital mode the referee deals every card it moves unshown, so only the draw pile and the Reserve
are unknown to it; who among the players knows which card is `knowledge`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnpkit.referee.api import evolve, replaced

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
class Seat:
    """One player's cards: hand, personal pile and penalty pile."""

    hand: tuple[str, ...] = ()
    """Hand cards everyone has seen (taken from the River, taken back), sorted."""
    hidden: int = 0
    """Hand cards nobody but the owner has seen."""
    pile: tuple[tuple[str, bool], ...] = ()
    """The personal pile from bottom to top: (card ID or HIDDEN, face down)."""
    penalty: int = 0
    """Cards in the penalty pile (face down, so counted), `named` and `blind` ones included."""
    named: tuple[str, ...] = ()
    """Penalty cards named when discarded (AR-21), sorted: known to be there (their owner knows
    them, the others do not: AR-45). At the table they become unseen once a card leaves the pile
    without being shown (AR-33, AR-34), as any of them may be the one; in digital mode the
    referee knows which card left, and they stay."""
    blind: tuple[str, ...] = ()
    """Digital mode: the penalty cards the referee dealt face down that the owner has not seen
    (drawn for a short placement, AR-11; passed on by another player, AR-34; or the owner's own
    discards once a card left unseen by blame), sorted. Empty at the table (those are unseen)."""

    @property
    def hand_size(self) -> int:
        """Cards in hand."""
        return len(self.hand) + self.hidden

    @property
    def top(self) -> str | None:
        """The visible animal card on top of the pile, or None (empty pile or face-down top)."""
        if not self.pile or self.pile[-1][1]:
            return None
        return self.pile[-1][0]


@dataclass(frozen=True)
class State:
    """Arctic in progress. `step` names the rulebook step now under way."""

    seats: tuple[Seat, ...]
    unseen: tuple[str, ...]
    """Every card whose place the referee does not know, sorted (one entry per copy)."""
    draw_pile: int
    reserve: int
    river: tuple[str, ...] = ()
    tokens: tuple[int, ...] = ()
    """Track position of each animal's token, in animal order."""
    owners: tuple[int | None, ...] = ()
    """Seat holding each animal's power card, in animal order (None: still on the table)."""
    sides: str | None = None
    """The side (a/b) each power card shows, in animal order; None until chosen."""
    totems: tuple[str, ...] | None = None
    """Each seat's totem once known (dealt in digital mode, revealed at the end otherwise)."""
    turn: int = 0
    step: str = "setup"
    opened: bool = False
    """Whether the first turn has begun (the setup River is complete)."""
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
    turns: int = 0
    """Turns begun so far."""
    penalties_drawn: tuple[int, ...] = field(default=())
    """Penalty cards drawn for short placements, per seat (for statistics)."""

    def seat(self, index: int) -> Seat:
        """A seat's cards."""
        return self.seats[index]

    def with_seat(self, index: int, seat: Seat) -> State:
        """This state with one seat's cards replaced."""
        return evolve(self, seats=replaced(self.seats, index, seat))


def including(cards: tuple[str, ...], *more: str) -> tuple[str, ...]:
    """A sorted tuple of cards with `more` added."""
    return tuple(sorted(cards + more))
