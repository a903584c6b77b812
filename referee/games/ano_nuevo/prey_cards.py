"""Año Nuevo's Prey cards as the referee sees them: known cards and hidden cards in lots.

At the table, Prey cards are drawn face down and stay unknown until shown. A hidden card is the
item "?N": a member of lot N, whose composition is the Counter of what its unseen members can be
(in the deck, in hands, set aside, in pools, in the discard pile). A card shown from a hand must
fit one of that hand's lots; it is then taken out of the lot. A reshuffle makes a new lot of the
discard pile (merged with the lots of any unseen cards in it). When the referee cannot tell which
lot a card came from, those lots merge: a looser but never wrong check. In digital mode the
referee deals, so every item is a card ID and no lot exists.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from pnpkit.referee.api import evolve, without

Items = tuple[str, ...]
"""A pile or hand: sorted card IDs and lot tags ("?0")."""


def hidden(item: str) -> bool:
    """Whether an item is an unseen card (a lot tag)."""
    return item.startswith("?")


def pile(items: Iterable[str]) -> Items:
    """Items in their canonical (sorted) order."""
    return tuple(sorted(items))


def taken(items: Items, gone: Iterable[str]) -> Items:
    """A pile without `gone` (each of which it holds, with copies)."""
    left = list(items)
    for item in gone:
        left.remove(item)
    return tuple(left)


def added(items: Items, item: str) -> Items:
    """A pile with one more item, in its place."""
    at = bisect_right(items, item)
    return (*items[:at], item, *items[at:])


@dataclass(frozen=True)
class Lot:
    """Unseen cards known only as a group: `cards` is what its members can be, with copies."""

    tag: str
    cards: tuple[tuple[str, int], ...]

    def counter(self) -> Counter[str]:
        """The composition as a Counter."""
        return Counter(dict(self.cards))


def _lot(tag: str, cards: Counter[str]) -> Lot:
    return Lot(tag, tuple(sorted((c, n) for c, n in cards.items() if n > 0)))


@dataclass(frozen=True)
class PreyCards:
    """The draw pile, the discard pile and the lots; hands live with the seals."""

    deck: Items
    discard: Items = ()
    lots: tuple[Lot, ...] = ()
    alias: tuple[tuple[str, str], ...] = ()
    """Merged lots: (old tag, the tag it merged into)."""
    made: int = 1
    """Lots made so far (the next tag's number)."""

    def root(self, tag: str) -> str:
        """The lot a tag now belongs to, following merges."""
        aliases = dict(self.alias)
        while tag in aliases:
            tag = aliases[tag]
        return tag

    def lot(self, tag: str) -> Counter[str]:
        """What an unseen card of this tag can be."""
        root = self.root(tag)
        for lot in self.lots:
            if lot.tag == root:
                return lot.counter()
        raise KeyError(tag)

    def possible(self, holder: Items) -> set[str]:
        """Every card ID that could be shown from `holder`."""
        if not self.lots:  # digital mode: every card is known
            return set(holder)
        found = {item for item in holder if not hidden(item)}
        for tag in {item for item in holder if hidden(item)}:
            found |= {card for card, n in self.lot(tag).items() if n > 0}
        return found

    def census(self) -> Counter[str]:
        """The unseen cards by ID (every lot's composition)."""
        total: Counter[str] = Counter()
        for lot in self.lots:
            total.update(lot.counter())
        return total


def new_prey(copies: Mapping[str, int], digital: bool) -> PreyCards:
    """A shuffled Prey deck: known cards in digital mode, one lot of 48 unseen cards otherwise."""
    if digital:
        return PreyCards(pile(c for c, n in copies.items() for _ in range(n)))
    return PreyCards(("?0",) * sum(copies.values()), lots=(_lot("?0", Counter(copies)),))


def merge(prey: PreyCards, tags: Iterable[str]) -> tuple[PreyCards, str]:
    """Merge the lots of `tags` into one; returns the cards and the merged lot's tag."""
    roots = sorted({prey.root(t) for t in tags}, key=lambda t: int(t[1:]))
    keep = roots[0]
    if len(roots) == 1:
        return prey, keep
    total: Counter[str] = Counter()
    for tag in roots:
        total.update(prey.lot(tag))
    lots = (*tuple(lot for lot in prey.lots if lot.tag not in roots), _lot(keep, total))
    alias = prey.alias + tuple((tag, keep) for tag in roots[1:])
    return evolve(prey, lots=tuple(sorted(lots, key=lambda x: x.tag)), alias=alias), keep


def reshuffle(prey: PreyCards) -> PreyCards:
    """The discard pile becomes the draw pile (only when the draw pile is empty)."""
    if prey.deck or not prey.discard:
        return prey
    if not prey.lots:
        return evolve(prey, deck=prey.discard, discard=())
    tag = f"?{prey.made}"
    known = Counter(item for item in prey.discard if not hidden(item))
    fresh = evolve(prey, lots=(*prey.lots, _lot(tag, known)), made=prey.made + 1)
    fresh, tag = merge(fresh, [tag, *(item for item in prey.discard if hidden(item))])
    return evolve(fresh, deck=(tag,) * len(prey.discard), discard=())


def draw(prey: PreyCards, card: str | None = None) -> tuple[PreyCards, str | None]:
    """Draw one card (`card` names it in digital mode); None when no card is left anywhere."""
    prey = reshuffle(prey)
    if not prey.deck:
        return prey, None
    item = prey.deck[0] if card is None else card
    return evolve(prey, deck=without(prey.deck, item)), item


def can_show(prey: PreyCards, holder: Items, card: str) -> bool:
    """Whether `card` could be in `holder`."""
    return card in holder or card in prey.possible(holder)


def show(prey: PreyCards, holder: Items, card: str) -> tuple[PreyCards, Items]:
    """Take a shown `card` out of `holder` (it must be possible there)."""
    if card in holder:
        return prey, without(holder, card)
    tags = {item for item in holder if hidden(item) and prey.lot(item)[card] > 0}
    prey, root = merge(prey, tags)
    item = next(i for i in holder if hidden(i) and prey.root(i) == root)
    cards = prey.lot(root)
    cards[card] -= 1
    lots = tuple(_lot(root, cards) if lot.tag == root else lot for lot in prey.lots)
    return evolve(prey, lots=lots), without(holder, item)


def any_hidden(prey: PreyCards, holder: Items) -> tuple[PreyCards, str]:
    """One unseen card of `holder` chosen in secret: its lots merge, since any could be it."""
    prey, root = merge(prey, [i for i in holder if hidden(i)])
    return prey, next(i for i in holder if hidden(i) and prey.root(i) == root)
