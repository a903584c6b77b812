"""The building blocks of a table: deck, hand, pile, stack, display, pool, board and track, all
immutable.

Each block holds component IDs and says who sees them (`zone`): a deck nobody sees, a hand its owner
sees, a pile, a display, a pool and a board everyone sees, a stack its face-up cards everyone and
its face-down ones its owner (two zones). A `Table` holds a game's blocks by name and turns them
into the engine's `Knowledge` and back (`rebuild`), so a game built from blocks gets its secrecy,
its census and `determinise` without writing them.

A deck has no order: the referee draws its cards as chance events (the engine draws one in
digital mode; at the table people say which card came), so a shuffle is only putting cards back.
At the table the referee does not know the cards in hands: a hand then holds `unknown` cards, and
the deck's `unseen` cards are every card whose place the referee does not know (the deck and the
unknown hand cards together); a card played from an unknown hand is taken from them (`reveal`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from pnpkit.errors import PnpError
from pnpkit.referee.engine.information import Knowledge, Zone, private, public

_new = object.__new__
OneField = TypeVar("OneField")


def _less(cards: tuple[str, ...], card: str, where: str) -> tuple[str, ...]:
    try:
        at = cards.index(card)
    except ValueError:
        raise PnpError(f"{card} is not in {where}") from None
    return cards[:at] + cards[at + 1 :]


def _less_last(cards: tuple[str, ...], card: str, copies: int, where: str) -> tuple[str, ...]:
    """`cards` without the last `copies` copies of `card`."""
    if copies == 1 and cards and cards[-1] == card:  # the top card: the usual case
        return cards[:-1]
    for _ in range(copies):
        try:
            at = len(cards) - 1 - cards[::-1].index(card)
        except ValueError:
            raise PnpError(f"{card} is not in {where}") from None
        cards = cards[:at] + cards[at + 1 :]
    return cards


class OneZone:
    """A block that is one zone of the knowledge model, named as the block: what `Table` asks of
    every block (a `Stack` is two)."""

    __slots__ = ()

    def zones(self, name: str) -> tuple[Zone, ...]:
        return (self.zone(name),)  # type: ignore[attr-defined]

    def rebuilt(self, name: str, cards: Mapping[str, tuple[str, ...]]) -> Any:
        """The block holding the cards of its zone in `cards` (a zone name → its cards)."""
        return self.holding(cards[name])  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class Deck(OneZone):
    """Face-down cards nobody sees, without an order: `unseen` (sorted) holds every card whose
    place the referee does not know, `count` how many of them lie in the deck itself."""

    unseen: tuple[str, ...] = ()
    count: int = 0

    @classmethod
    def of(cls, cards: Iterable[str]) -> Deck:
        """A deck of exactly `cards` (digital mode: the referee knows every hand)."""
        held = tuple(sorted(cards))
        return cls(held, len(held))

    def __len__(self) -> int:
        return self.count

    def take(self, card: str) -> Deck:
        """The deck after `card` was drawn and seen (a chance event named it)."""
        if not self.count:
            raise PnpError("the deck is empty")
        return Deck(_less(self.unseen, card, "the deck"), self.count - 1)

    def draw_unseen(self, cards: int = 1) -> Deck:
        """The deck after `cards` cards were drawn that the referee does not see (at the table)."""
        if cards > self.count:
            raise PnpError("the deck is empty" if not self.count else f"only {self.count} left")
        return Deck(self.unseen, self.count - cards)

    def reveal(self, card: str) -> Deck:
        """The deck after a card drawn unseen earlier was shown (played from a hand)."""
        return replace(self, unseen=_less(self.unseen, card, "the unseen cards"))

    def gain(self, card: str, copies: int = 1) -> Deck:
        """The deck with `copies` of `card` shuffled in (`Table.carry`)."""
        return self.shuffle_in((card,) * copies)

    def lose(self, card: str, copies: int = 1) -> Deck:
        """The deck after `copies` of `card` were drawn and seen (`Table.carry`)."""
        unseen = self.unseen
        for _ in range(copies):  # sorted: any copy of the card is the one drawn
            unseen = _less(unseen, card, "the deck")
        if copies > self.count:
            raise PnpError(f"only {self.count} cards in the deck")
        return Deck(unseen, self.count - copies)

    def shuffle_in(self, cards: Iterable[str]) -> Deck:
        """The deck with `cards` shuffled back in."""
        back = tuple(cards)
        return Deck(tuple(sorted(self.unseen + back)), self.count + len(back))

    def kinds(self) -> tuple[str, ...]:
        """Each card the deck may give next, once (what a chance step lists)."""
        return tuple(sorted(set(self.unseen))) if self.count else ()

    def zone(self, name: str) -> Zone:
        return private(name, self.unseen)

    def holding(self, cards: tuple[str, ...]) -> Deck:
        return Deck(tuple(sorted(cards)), self.count)


@dataclass(frozen=True, slots=True)
class Hand(OneZone):
    """A player's cards: the `known` ones (the owner sees them) and `unknown` ones, drawn unseen
    by the referee at the table. `shown`: every player has seen the known cards (at the table,
    cards taken from a face-up display), so everyone sees them."""

    owner: str
    known: tuple[str, ...] = ()
    unknown: int = 0
    shown: bool = False

    def __len__(self) -> int:
        return len(self.known) + self.unknown

    def add(self, card: str) -> Hand:
        return replace(self, known=(*self.known, card))

    def gain(self, card: str, copies: int = 1) -> Hand:
        """The hand with `copies` of `card` more, known (`Table.carry`)."""
        return Hand(self.owner, (*self.known, *(card,) * copies), self.unknown, self.shown)

    def lose(self, card: str, copies: int = 1) -> Hand:
        """The hand without `copies` known copies of `card`, the last first (`Table.carry`)."""
        known = _less_last(self.known, card, copies, f"{self.owner}'s hand")
        return Hand(self.owner, known, self.unknown, self.shown)

    def add_unknown(self, cards: int = 1) -> Hand:
        """The hand with `cards` more cards the referee did not see (drawn unseen)."""
        return Hand(self.owner, self.known, self.unknown + cards, self.shown)

    def could_hold(self, card: str, deck: Deck) -> bool:
        """Whether `card` may be in this hand: known, or one of its unknown cards."""
        return card in self.known or (self.unknown > 0 and card in deck.unseen)

    def zone(self, name: str) -> Zone:
        return public(name, self.known) if self.shown else private(name, self.known, self.owner)

    def holding(self, cards: tuple[str, ...]) -> Hand:
        return Hand(self.owner, cards, self.unknown, self.shown)


def reveal(hand: Hand, deck: Deck, card: str) -> tuple[Hand, Deck]:
    """`card` leaves `hand`: a known card, else one of its unknown cards, taken from the deck's
    unseen cards (the deck whose draws filled the hand)."""
    if card in hand.known:
        known = _less(hand.known, card, f"{hand.owner}'s hand")
        return Hand(hand.owner, known, hand.unknown, hand.shown), deck
    if hand.unknown and card in deck.unseen:
        return Hand(hand.owner, hand.known, hand.unknown - 1, hand.shown), deck.reveal(card)
    raise PnpError(f"{card} cannot be in {hand.owner}'s hand")


@dataclass(frozen=True, slots=True)
class Pile(OneZone):
    """Cards stacked face up, the last on top; everyone sees them."""

    cards: tuple[str, ...] = ()

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def top(self) -> str | None:
        return self.cards[-1] if self.cards else None

    def put(self, card: str) -> Pile:
        return _pile((*self.cards, card))

    def gain(self, card: str, copies: int = 1) -> Pile:
        """The pile with `copies` of `card` on top (`Table.carry`)."""
        return _pile(self.cards + (card,) * copies)

    def lose(self, card: str, copies: int = 1) -> Pile:
        """The pile without its last `copies` copies of `card`, wherever they lie (a card taken
        from a row laid face up; `Table.carry`)."""
        return _pile(_less_last(self.cards, card, copies, "the pile"))

    def take(self) -> tuple[str, Pile]:
        """The top card and the pile without it."""
        if not self.cards:
            raise PnpError("the pile is empty")
        return self.cards[-1], _pile(self.cards[:-1])

    def zone(self, name: str) -> Zone:
        return public(name, self.cards)

    def holding(self, cards: tuple[str, ...]) -> Pile:
        return _pile(cards)


@dataclass(frozen=True, slots=True)
class Display(OneZone):
    """A row of face-up slots (a market, a river); an empty slot is None."""

    slots: tuple[str | None, ...] = ()

    def put(self, slot: int, card: str) -> Display:
        if self.slots[slot] is not None:
            raise PnpError(f"slot {slot + 1} is taken")
        return Display(tuple(card if n == slot else c for n, c in enumerate(self.slots)))

    def take(self, slot: int) -> tuple[str, Display]:
        card = self.slots[slot]
        if card is None:
            raise PnpError(f"slot {slot + 1} is empty")
        return card, Display(tuple(None if n == slot else c for n, c in enumerate(self.slots)))

    def zone(self, name: str) -> Zone:
        return public(name, [c for c in self.slots if c is not None])

    def holding(self, cards: tuple[str, ...]) -> Display:
        found = iter(cards)
        return Display(tuple(None if c is None else next(found) for c in self.slots))


@dataclass(frozen=True, slots=True)
class Pool(OneZone):
    """Identical pieces by component ID and how many (a supply of tokens), seen by everyone;
    `counts` in the order of the IDs, none of them 0 (as `holding` and `moved` make them)."""

    counts: tuple[tuple[str, int], ...] = ()

    def __getitem__(self, piece: str) -> int:
        for name, count in self.counts:
            if name == piece:
                return count
        return 0

    def moved(self, piece: str, amount: int) -> Pool:
        """The pool with `amount` more of `piece` (fewer when negative; never below 0)."""
        return self.gain(piece, amount) if amount >= 0 else self.lose(piece, -amount)

    def gain(self, piece: str, copies: int = 1) -> Pool:
        """The pool with `copies` more of `piece` (`Table.carry`)."""
        counts, at = self.counts, 0
        for name, count in counts:  # a plain loop, counting: a game moves pieces often
            if name == piece:
                return _pool((*counts[:at], (piece, count + copies), *counts[at + 1 :]))
            at += 1  # noqa: SIM113 (enumerate makes a tuple per piece)
        # a new piece: in its place by ID
        return _pool(tuple(sorted((*counts, (piece, copies))))) if copies else self

    def lose(self, piece: str, copies: int = 1) -> Pool:
        """The pool with `copies` fewer of `piece`, never below 0 (`Table.carry`)."""
        counts, at = self.counts, 0
        for name, count in counts:
            if name == piece:
                if count > copies:
                    return _pool((*counts[:at], (piece, count - copies), *counts[at + 1 :]))
                if count < copies:
                    raise PnpError(f"only {count} {piece} left")
                return _pool(counts[:at] + counts[at + 1 :])
            at += 1  # noqa: SIM113
        if copies:
            raise PnpError(f"only 0 {piece} left")
        return self

    def zone(self, name: str) -> Zone:
        return public(name, Counter(dict(self.counts)).elements())

    def holding(self, cards: tuple[str, ...]) -> Pool:
        return _pool(tuple(sorted(Counter(cards).items())))


@dataclass(frozen=True, slots=True)
class Track(OneZone):
    """A marker per player on a numbered track (a score track): positions, no cards."""

    marks: tuple[int, ...] = ()

    def moved(self, seat: int, steps: int) -> Track:
        return Track(tuple(m + steps if n == seat else m for n, m in enumerate(self.marks)))

    def zone(self, name: str) -> Zone:
        return public(name, ())

    def holding(self, cards: tuple[str, ...]) -> Track:
        return self


@dataclass(frozen=True, slots=True)
class Board(OneZone):
    """Named spaces, each holding at most one component face up (cards laid in a grid, pawns on
    spaces), seen by everyone; a space is its index in `spaces` (`index` finds it by name)."""

    spaces: tuple[str, ...]
    pieces: tuple[str | None, ...]

    @classmethod
    def of(cls, spaces: Iterable[str]) -> Board:
        """An empty board of `spaces`."""
        names = tuple(spaces)
        return cls(names, (None,) * len(names))

    def __getitem__(self, space: int) -> str | None:
        return self.pieces[space]

    def __len__(self) -> int:
        """How many spaces hold a piece."""
        return len(self.pieces) - self.pieces.count(None)

    def index(self, name: str) -> int:
        """The space named `name`."""
        if name not in self.spaces:
            raise PnpError(f"{name} is no space of the board")
        return self.spaces.index(name)

    def put(self, space: int, piece: str) -> Board:
        """The board with `piece` on the empty `space`."""
        pieces = list(self.pieces)
        if pieces[space] is not None:
            raise PnpError(f"{self.spaces[space]} holds {pieces[space]}")
        pieces[space] = piece
        return Board(self.spaces, tuple(pieces))

    def take(self, space: int) -> tuple[str, Board]:
        """The piece on `space` and the board without it."""
        pieces = list(self.pieces)
        piece, pieces[space] = pieces[space], None
        if piece is None:
            raise PnpError(f"{self.spaces[space]} is empty")
        return piece, Board(self.spaces, tuple(pieces))

    def placed(self) -> tuple[tuple[int, str], ...]:
        """Each space holding a piece, with the piece, in the order of `spaces`."""
        return tuple((n, p) for n, p in enumerate(self.pieces) if p is not None)

    def zone(self, name: str) -> Zone:
        return public(name, [p for p in self.pieces if p is not None])

    def holding(self, cards: tuple[str, ...]) -> Board:
        return self


@dataclass(frozen=True, slots=True)
class Stack:
    """A player's pile whose cards each lie face up or face down, the last on top: everyone sees
    the face-up cards, the `owner` (who laid them) the face-down ones; a face-down card laid
    unseen by the referee (at the table) is None. `cards` holds (card, face down) from the
    bottom. Its knowledge is two zones: `name` (face up) and `name face down` (the owner's), or
    `down` when given."""

    owner: str
    cards: tuple[tuple[str | None, bool], ...] = ()
    down: str = ""
    """The name of its face-down zone, if not the block's name and " face down"."""

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def top(self) -> str | None:
        """The face-up card on top, or None (empty, or a face-down card on top)."""
        if not self.cards or self.cards[-1][1]:
            return None
        return self.cards[-1][0]

    @property
    def face_down(self) -> int:
        """How many cards lie face down (named or not)."""
        return sum(down for _, down in self.cards)

    def put(self, card: str | None, down: bool = False) -> Stack:
        """The stack with `card` on top (face down if `down`; None: face down and unseen)."""
        if card is None and not down:
            raise PnpError("a face-up card must be named")
        return Stack(self.owner, (*self.cards, (card, down)), self.down)

    def under(self, card: str) -> Stack:
        """The stack with `card` slid face up under the bottom."""
        return Stack(self.owner, ((card, False), *self.cards), self.down)

    def take(self) -> tuple[str | None, Stack]:
        """The top card (None: face down and unseen) and the stack without it."""
        if not self.cards:
            raise PnpError(f"{self.owner}'s stack is empty")
        return self.cards[-1][0], Stack(self.owner, self.cards[:-1], self.down)

    def zones(self, name: str) -> tuple[Zone, Zone]:
        up = public(name, (c for c, down in self.cards if not down and c is not None))
        hidden = (c for c, down in self.cards if down and c is not None)
        return up, private(self.down or f"{name} face down", hidden, self.owner)

    def zone(self, name: str) -> Zone:
        """The face-up cards (what every player sees of the stack)."""
        return self.zones(name)[0]

    def rebuilt(self, name: str, cards: Mapping[str, tuple[str, ...]]) -> Stack:
        """The stack with the named cards of its zones in `cards`, each where it lay."""
        up, down = iter(cards[name]), iter(cards[self.down or f"{name} face down"])
        return Stack(
            self.owner,
            tuple((c if c is None else next(down if d else up), d) for c, d in self.cards),
            self.down,
        )


def _maker(block: type[OneField]) -> Callable[[Any], OneField]:
    """`block(value)` for a slotted block of one field, made without calling its `__init__` (a
    third cheaper: a game moves pieces between piles and pools at almost every move)."""
    (name,) = block.__dataclass_fields__  # type: ignore[attr-defined]
    put = getattr(block, name).__set__

    def make(value: Any) -> OneField:
        made = _new(block)
        put(made, value)
        return made

    return make


_pile, _pool = _maker(Pile), _maker(Pool)

Block = Deck | Hand | Pile | Display | Pool | Board | Track | Stack
Carried = tuple[str, str, str] | tuple[str, str, str, int]
"""A move of pieces (`Table.carry`): the piece, the block it leaves, the block it goes to[, how
many; 1 when left out]."""


@dataclass(frozen=True, slots=True)
class Table:
    """A game's blocks by name, in a stable order: `table["deck"]`, `table.put("deck", deck)`."""

    blocks: tuple[tuple[str, Block], ...]
    _at: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)
    """Each block's place in `blocks`, by name (shared by the tables a game's moves make)."""

    @classmethod
    def of(cls, blocks: Mapping[str, Block]) -> Table:
        return cls(tuple(blocks.items()))

    def __post_init__(self) -> None:
        object.__setattr__(self, "_at", {name: n for n, (name, _) in enumerate(self.blocks)})

    def __getitem__(self, name: str) -> Any:
        return self.blocks[self._at[name]][1]

    def put(self, name: str, block: Block) -> Table:
        """The table with block `name` replaced."""
        blocks = list(self.blocks)
        blocks[self._at[name]] = (name, block)
        return self._with(blocks)

    def put_all(self, blocks: Mapping[str, Block]) -> Table:
        """The table with each block of `blocks` replaced (several changes, one new table)."""
        changed = list(self.blocks)
        for name, block in blocks.items():
            changed[self._at[name]] = (name, block)
        return self._with(changed)

    def carry(self, *moves: Carried) -> Table:
        """The table after each move (piece, from, to[, how many]) of a card or token from one
        block to another, in turn: the block it leaves `lose`s it and the block it goes to
        `gain`s it (a `Pile` takes it on top and gives its last copy, a `Pool` counts copies, a
        `Hand` holds it known, a `LotHand` in its sorted place, a `Deck` gives it drawn and seen
        and takes it shuffled in). One new table, however many pieces move."""
        blocks, at = list(self.blocks), self._at
        for move in moves:
            copies = move[3] if len(move) > 3 else 1  # type: ignore[misc]
            if copies:
                piece, source, target = move[0], at[move[1]], at[move[2]]
                left, gone = blocks[source]
                blocks[source] = (left, gone.lose(piece, copies))  # type: ignore[union-attr]
                reached, got = blocks[target]
                blocks[target] = (reached, got.gain(piece, copies))  # type: ignore[union-attr]
        table = _new(Table)  # as `_with` makes it, without a call: a game carries often
        _set_blocks(table, tuple(blocks))
        _set_at(table, at)
        return table

    def _with(self, blocks: list[tuple[str, Block]]) -> Table:
        """A table of the same block names holding `blocks` (their index is shared, not built
        again: a game puts blocks at every move)."""
        table = _new(Table)
        _set_blocks(table, tuple(blocks))
        _set_at(table, self._at)
        return table

    def knowledge(self) -> Knowledge:
        """Every card by zone (each block's zones, named after the block) and who sees it."""
        return Knowledge(tuple(z for name, block in self.blocks for z in block.zones(name)))

    def rebuild(self, knowledge: Knowledge) -> Table:
        """The table with each block holding the cards of its zone in `knowledge`."""
        cards = {zone.name: zone.cards for zone in knowledge.zones}
        return Table(tuple((k, b.rebuilt(k, cards)) for k, b in self.blocks))


_set_blocks, _set_at = Table.blocks.__set__, Table._at.__set__  # type: ignore[attr-defined]
