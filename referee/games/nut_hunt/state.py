"""Nut Hunt's state: where every piece and card is, and the pure steps that move pieces.

Seats are numbered in seat order; in solo play the Automa is the seat after the player. The
scattering still to resolve is a stack of frames (NH-18): the frame on top is resolved first,
and when it is done the referee works back to the one below (see scattering.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from functools import cache
from operator import add, itemgetter, sub
from typing import Any, NamedTuple, TypeVar

from pnpkit.referee.api import Deck, Hand, Pile, Table, Turn, Zone, private, replaced

Fact = TypeVar("Fact")

LAYOUT, FIRST, DEAL, PLACE, AUTOMA_DEAL, TURN, AUTOMA, SHOW, OVER = (
    "layout", "first", "deal", "place", "automa setup", "turn", "automa", "show", "over",
)  # fmt: skip
ROLL, FORAGE, ACTION, HASSLE_FORAGE, SCOUT, SCOUT_KEEP, REVEAL, DONE = (
    "roll", "forage", "action", "hassle forage", "scout", "scout keep", "reveal", "done",
)  # fmt: skip
DEAL_KEEP, SCATTER, AUTOMA_ROLL, AUTOMA_SCATTER = (
    "deal keep", "scatter", "automa roll", "automa scatter",
)  # fmt: skip
"""The phases of a game; the steps of a turn (the state's `turn.step`); the other steps of
turn.FLOW, which the phase, the cards drawn and the scattering say."""
DEALT, KEPT = 3, 2
"""Objective cards dealt to each player, and kept of them (NH-3)."""
NESTS_TO_END = 4
NOBODY = -1
"""The seat of a card under the deck no seat is known to have put there (the table's unseen
deal)."""
DECK, DRAWN, AUTOMA_PILES, HANDS = 1, 2, {"hand": 3, "aside": 4}, 5
"""The table's blocks by place (`setup.initial` lays them in this order; the rules read them at
every move, by place rather than by name): pieces, objective deck, drawn, the Automa's hand and
aside, then each player's hand; the cards under the deck come last."""

BEFORE = Turn(0, "", 0)
"""The turn before the first: none played yet."""


class Frame(NamedTuple):
    """Squirrels scattering from one space: from the fox (`vacated` is the space it left) or
    from a new nest (`vacated` is None). `waiting` are the seats still to scatter, in turn
    order; `rolled` the Automa destinations the die has given so far; `rerolled` where the
    last roll pointed when no squirrel may go there (the die is rolled again, NH-37). A named
    tuple: made afresh at most moves, and quicker to make than a frozen dataclass."""

    space: int
    vacated: int | None
    waiting: tuple[int, ...]
    rolled: tuple[int, ...] = ()
    rerolled: int | None = None


@dataclass(frozen=True)
class UnderDeck:
    """The objective cards put under the deck, in the order they come up again (NH-23), each
    with the seat that saw it and put it there (NOBODY: none known) and that seat alone sees it;
    a card put unseen by the referee (at the table) is None. Not a kit `Deck`, which has no
    order. Its knowledge is a zone per player, "under the deck:NAME"."""

    players: tuple[str, ...]
    cards: tuple[tuple[str | None, int], ...] = ()

    def __len__(self) -> int:
        return len(self.cards)

    def put(self, cards: tuple[str | None, ...], seat: int) -> UnderDeck:
        return UnderDeck(self.players, self.cards + tuple((c, seat) for c in cards))

    def zones(self, name: str) -> tuple[Zone, ...]:
        return tuple(
            private(f"{name}:{player}", [c for c, s in self.cards if c and s == seat], player)
            for seat, player in enumerate(self.players)
        )

    def rebuilt(self, name: str, cards: dict[str, tuple[str, ...]]) -> UnderDeck:
        put = {seat: iter(cards[f"{name}:{p}"]) for seat, p in enumerate(self.players)}
        held = tuple((next(put[s]) if c and s in put else c, s) for c, s in self.cards)
        return UnderDeck(self.players, held)


@dataclass(frozen=True)
class Hunt:
    """The whole table. Piece counts are indexed [space][seat]; nuts [player][nut type].

    The cards are kit blocks on `table`: "pieces" (every tile, squirrel, nest and nut card: a
    fixed count), the "objective deck" (its `unseen` cards are those whose place the referee
    does not know, its `count` the cards never looked at, above the cards "under the deck"), the
    cards "drawn" now (for a player's deal or scout, theirs; else the Automa's, public), the
    "automa hand" and "automa aside", and each player's "hand:NAME" (at the table, shown: the
    referee knows only the cards shown to all).
    """

    phase: str
    layout: tuple[str, ...]
    squirrels: tuple[tuple[int, ...], ...]
    nests: tuple[tuple[int, ...], ...]
    squirrel_supply: tuple[int, ...]
    nest_supply: tuple[int, ...]
    nuts: tuple[tuple[int, ...], ...]
    nut_supply: tuple[int, ...]
    table: Table
    turn: Turn = BEFORE
    """Whose turn it is (the Automa's seat too), its step (turn.FLOW's, within the phases of
    turns) and how many turns have been played."""
    fox: int | None = None
    first: int = 0
    order: tuple[int, ...] = ()
    stack: tuple[Frame, ...] = ()
    ending: bool = False
    note: str = ""
    memo: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    """Facts derived from this state, worked out once (the prompt, the score): not part of the
    state."""

    def remembered(self, key: str, setup: object, work: Callable[[], Fact]) -> Fact:
        """`work()`, worked out once for this state and `setup` and kept in `memo` under `key`."""
        known = self.memo.get(key)
        if known is not None and known[0] is setup:
            return known[1]
        fact = work()
        self.memo[key] = (setup, fact)
        return fact

    @property
    def deck(self) -> Deck:
        return self.table.blocks[DECK][1]  # type: ignore[return-value]

    @property
    def under(self) -> UnderDeck:
        return self.table.blocks[-1][1]  # type: ignore[return-value]

    @property
    def drawn(self) -> tuple[str, ...]:
        """The objective cards turned over now."""
        return self.table.blocks[DRAWN][1].known  # type: ignore[union-attr]

    @property
    def hands(self) -> tuple[Hand, ...]:
        """Each player's objectives, in seat order."""
        return tuple(map(itemgetter(1), self.table.blocks[HANDS:-1]))  # type: ignore[arg-type]

    def hand_name(self, seat: int) -> str:
        """The block of `seat`'s hand."""
        return self.table.blocks[HANDS + seat][0]

    def automa(self, pile: str) -> Pile:
        """The Automa's "hand" or its cards set "aside"."""
        return self.table.blocks[AUTOMA_PILES[pile]][1]  # type: ignore[return-value]

    @property
    def deck_size(self) -> int:
        """Cards left in the objective deck."""
        blocks = self.table.blocks
        return blocks[DECK][1].count + len(blocks[-1][1].cards)  # type: ignore[union-attr]

    def count(self, space: int, seat: int) -> int:
        """Squirrels of `seat` on `space`."""
        return self.squirrels[space][seat]

    def nest_total(self, seat: int) -> int:
        """Nests `seat` has built."""
        return sum(row[seat] for row in self.nests)


_FIELDS = frozenset(f.name for f in fields(Hunt) if f.init)
_new = object.__new__
_set = object.__setattr__


def evolve(state: Hunt, **changes: Any) -> Hunt:
    """A new table like `state` with `changes`, its prompt worked out afresh (`memo`); `state`
    itself is left as it is. The engine's fast copy (immutable.evolve: no `__init__`) written out
    with the fresh memo: calling it instead costs a call per copy, 7% of a simulated game."""
    if not _FIELDS.issuperset(changes):
        raise TypeError(f"Hunt has no field {sorted(changes.keys() - _FIELDS)[0]!r}")
    new = _new(Hunt)
    _set(new, "__dict__", {**state.__dict__, **changes, "memo": {}})
    return new


def grid_add(grid: tuple[tuple[int, ...], ...], space: int, seat: int, delta: int):
    """`grid` ([space][seat] counts) with `delta` added for `seat` on `space`."""
    row = list(grid[space])
    row[seat] += delta
    return (*grid[:space], tuple(row), *grid[space + 1 :])


def add_squirrels(state: Hunt, seat: int, deltas: Mapping[int, int], **changes: Any) -> Hunt:
    """Add `deltas[space]` squirrels of `seat` on each space (from its supply; negative: back
    to it), making `changes` to the table as well."""
    grid = list(state.squirrels)
    for space, delta in deltas.items():
        row = list(grid[space])
        row[seat] += delta
        grid[space] = tuple(row)
    supply = bump(state.squirrel_supply, seat, -sum(deltas.values()))
    return evolve(state, squirrels=tuple(grid), squirrel_supply=supply, **changes)


@cache
def turn_order(seats: int, start: int) -> tuple[int, ...]:
    """Every seat in turn order, beginning with `start` (NH-17)."""
    return tuple((start + i) % seats for i in range(seats))


def foraged(types: tuple[str, ...], state: Hunt, seat: int, nuts: list[str]) -> dict[str, Any]:
    """The table's changes when `seat` takes `nuts` (of the kinds `types`) from the supply, for
    `evolve`."""
    held, supply = list(state.nuts[seat]), list(state.nut_supply)
    for nut in nuts:
        kind = types.index(nut)
        held[kind] += 1
        supply[kind] -= 1
    return {
        "nuts": (*state.nuts[:seat], tuple(held), *state.nuts[seat + 1 :]),
        "nut_supply": tuple(supply),
    }


def payment(state: Hunt, seat: int, cost: tuple[int, ...]) -> dict[str, Any]:
    """The table's changes when `seat` pays `cost` (nuts of each type) to the supply, for
    `evolve`."""
    return {
        "nuts": replaced(state.nuts, seat, tuple(map(sub, state.nuts[seat], cost))),
        "nut_supply": tuple(map(add, state.nut_supply, cost)),
    }


def bump(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    """`values` with `delta` added at `index`."""
    return (*values[:index], values[index] + delta, *values[index + 1 :])
