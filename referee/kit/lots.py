"""Unseen cards known as lots: for a game whose referee, at the table, must know more of the cards
it never saw than "one of the unseen cards".

A `Lots` block is every card whose place the referee does not know, in lots: a lot is a group of
unseen cards of which only the composition is known (a Counter: what its members can be, with
copies). A holder of cards (a `LotHand`: a hand, a deck, a discard pile) holds card IDs and lot
tags: the item "?N" is one unseen card of lot N. A card shown from a holder must fit one of the
holder's lots (`can_show`), and is then taken out of it (`show`). When the referee cannot tell
which lot a card came from, those lots merge (a looser, never wrong check). `reshuffled` makes a
new lot (a discard pile shuffled into a new deck): a holder filled before it keeps its own lots,
so it cannot hold a card only the new lot has. Digital games have no lots: every item is a card.

Both are blocks of a `Table`: `Lots` is one zone nobody sees holding every lot's cards (so the
census counts them), a `LotHand` one zone of its known cards, seen by `seen_by` (or by everyone
when `public`).
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from pnpkit.errors import PnpError
from pnpkit.referee.engine.immutable import evolve
from pnpkit.referee.engine.information import Zone, private, public
from pnpkit.referee.kit.blocks import OneZone

Counts = tuple[tuple[str, int], ...]
"""A lot's composition: (card, copies), sorted, none 0."""


def unseen(item: str) -> bool:
    """Whether an item of a holder is an unseen card (a lot tag "?N") rather than a card ID."""
    return item.startswith("?")


def _counts(cards: Mapping[str, int]) -> Counts:
    return tuple(sorted((c, n) for c, n in cards.items() if n > 0))


@dataclass(frozen=True)
class LotHand(OneZone):
    """Cards some of which the referee has not seen: `items`, sorted, are card IDs and lot tags.
    Its zone is its known cards, seen by `seen_by` (no one: a face-down deck), or by everyone
    when `public` (a discard pile); the unseen ones are in the `Lots` block's zone."""

    items: tuple[str, ...] = ()
    seen_by: tuple[str, ...] = ()
    public: bool = False

    def __len__(self) -> int:
        return len(self.items)

    def known(self) -> tuple[str, ...]:
        """The card IDs (what the referee has seen)."""
        return tuple(i for i in self.items if not unseen(i))

    def tags(self) -> tuple[str, ...]:
        """The unseen cards' lot tags."""
        return tuple(i for i in self.items if unseen(i))

    def add(self, *items: str) -> LotHand:
        """The holder with `items` more, each in its sorted place."""
        held = self.items
        for item in items:
            at = bisect_right(held, item)
            held = (*held[:at], item, *held[at:])
        return evolve(self, items=held)

    def without(self, *items: str) -> LotHand:
        """The holder without `items` (each held, with copies)."""
        held = self.items
        for item in items:
            if item not in held:
                raise PnpError(f"{item} is not in the cards held")
            at = held.index(item)
            held = held[:at] + held[at + 1 :]
        return evolve(self, items=held)

    def gain(self, item: str, copies: int = 1) -> LotHand:
        """The holder with `copies` more of `item`, in its sorted place (`Table.carry`)."""
        return self.add(*(item,) * copies)

    def lose(self, item: str, copies: int = 1) -> LotHand:
        """The holder without `copies` of `item`, which it holds (`Table.carry`)."""
        return self.without(*(item,) * copies)

    def emptied(self) -> LotHand:
        return evolve(self, items=())

    def zone(self, name: str) -> Zone:
        known = self.known()
        return public(name, known) if self.public else private(name, known, *self.seen_by)

    def holding(self, cards: tuple[str, ...]) -> LotHand:
        """The holder with `cards` as its known cards (its unseen ones kept)."""
        return evolve(self, items=tuple(sorted((*cards, *self.tags()))))


@dataclass(frozen=True)
class Lots(OneZone):
    """The unseen cards as lots: `lots` are (tag, composition) sorted by tag; `alias` maps a
    merged lot's tag to the tag it merged into; `made` is the next new lot's number."""

    lots: tuple[tuple[str, Counts], ...] = ()
    alias: tuple[tuple[str, str], ...] = ()
    made: int = 0

    @classmethod
    def of(cls, cards: Mapping[str, int]) -> tuple[Lots, str]:
        """One lot of `cards` (a shuffled deck nobody has seen), and its tag."""
        return cls(lots=(("?0", _counts(cards)),), made=1), "?0"

    def __bool__(self) -> bool:
        return bool(self.lots)

    def root(self, tag: str) -> str:
        """The lot a tag belongs to now, following merges."""
        aliases = dict(self.alias)
        while tag in aliases:
            tag = aliases[tag]
        return tag

    def lot(self, tag: str) -> Counter[str]:
        """What an unseen card of this tag can be."""
        root = self.root(tag)
        for name, cards in self.lots:
            if name == root:
                return Counter(dict(cards))
        raise PnpError(f"no lot {tag}")

    def census(self) -> Counter[str]:
        """The unseen cards by ID: every lot's composition."""
        total: Counter[str] = Counter()
        for _, cards in self.lots:
            total.update(dict(cards))
        return total

    def possible(self, items: Iterable[str]) -> set[str]:
        """Every card that could be shown from a holder of `items`."""
        if not self.lots:  # every card is known (digital)
            return set(items)
        items = tuple(items)
        found = {i for i in items if not unseen(i)}
        for tag in {i for i in items if unseen(i)}:
            found |= {card for card, n in self.lot(tag).items() if n > 0}
        return found

    def can_show(self, items: Iterable[str], card: str) -> bool:
        """Whether `card` could be in a holder of `items`."""
        items = tuple(items)
        return card in items or card in self.possible(items)

    def merged(self, tags: Iterable[str]) -> tuple[Lots, str]:
        """The lots of `tags` merged into one (the lowest-numbered keeps its tag), and its tag."""
        roots = sorted({self.root(t) for t in tags}, key=lambda t: int(t[1:]))
        keep = roots[0]
        if len(roots) == 1:
            return self, keep
        total: Counter[str] = Counter()
        for tag in roots:
            total.update(self.lot(tag))
        lots = (*(lot for lot in self.lots if lot[0] not in roots), (keep, _counts(total)))
        alias = self.alias + tuple((tag, keep) for tag in roots[1:])
        return replace(self, lots=tuple(sorted(lots)), alias=alias), keep

    def reshuffled(self, items: Iterable[str]) -> tuple[Lots, str]:
        """A new lot of the cards `items` (shuffled face down: the known ones join it, the lots of
        unseen ones merge into it), and its tag: each of those cards is now that tag."""
        items = tuple(items)
        tag = f"?{self.made}"
        fresh = Lots(
            (*self.lots, (tag, _counts(Counter(i for i in items if not unseen(i))))),
            self.alias,
            self.made + 1,
        )
        return fresh.merged([tag, *(i for i in items if unseen(i))])

    def show(self, items: tuple[str, ...], card: str) -> tuple[Lots, str]:
        """`card` is shown from a holder of `items` (it must be possible there): the lots and the
        item it was, to take out of the holder (the card itself if known, else one of the tags of
        the lots it may have come from, merged)."""
        if card in items:
            return self, card
        tags = {i for i in items if unseen(i) and self.lot(i)[card] > 0}
        if not tags:
            raise PnpError(f"{card} cannot be among the cards held")
        lots, root = self.merged(tags)
        item = next(i for i in items if unseen(i) and lots.root(i) == root)
        cards = lots.lot(root)
        cards[card] -= 1
        changed = tuple((t, _counts(cards)) if t == root else (t, c) for t, c in lots.lots)
        return replace(lots, lots=changed), item

    def any_unseen(self, items: Iterable[str]) -> tuple[Lots, str]:
        """One unseen card of a holder of `items`, taken in secret (nobody sees which): its lots
        merge, since it could be any; the lots and the tag to move."""
        tags = [i for i in items if unseen(i)]
        lots, root = self.merged(tags)
        return lots, next(i for i in tags if lots.root(i) == root)

    def zone(self, name: str) -> Zone:
        return private(name, sorted(self.census().elements()))

    def holding(self, cards: tuple[str, ...]) -> Lots:
        """The lots as they are: they are what the referee knows, not cards it could place."""
        return self
