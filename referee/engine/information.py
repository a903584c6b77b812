"""Who knows what: the zones of a table and which viewers see each zone's cards.

A game describes a state's information once, as `Rules.knowledge`: every card (component ID) of
the game lies in exactly one zone, and each zone says who sees which cards it holds: every player
(a public zone: the grid, a face-up river), some of them (a hand, a card a player peeked at), or
nobody (the draw pile, a face-down penalty pile). A card that some players know by name while it
is face down to the others lies in a zone of its own that names those players.

Everything the engine keeps from a viewer follows from it (`Gate`, the indistinguishability test):

- `hidden(viewer)`: the cards a viewer cannot see now;
- `secretly_moved(before, after, viewer)`: whether an event moved a card the viewer saw neither
  where it was nor where it went (a card dealt into another player's hand): then the viewer reads
  the event only as its public form;
- `knows(viewer, other)`: whether a viewer sees everything another sees (then a surface acting for
  the viewer may enter the other's moves: their acceptance rests on nothing the viewer cannot see);
- `shuffled(seat, rng, kind)`: what `determinise` needs: the cards hidden from a seat dealt again at
  random into the places hidden from it (each into a place of a card of its own kind), everything
  the seat sees left where it is. The rules turn it back into a state with `Rules.rebuild`.

The shared screen is the viewer `SHARED`: it sees only the public zones.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

SHARED = ""
"""The viewer name of the shared screen (every player can read it)."""


@dataclass(frozen=True)
class Zone:
    """A place cards lie in, with who sees them: `seen_by` None is every player (public)."""

    name: str
    cards: tuple[str, ...]
    seen_by: frozenset[str] | None = None

    def visible_to(self, viewer: str) -> bool:
        """Whether `viewer` (a player, or SHARED) sees this zone's cards."""
        return self.seen_by is None or viewer in self.seen_by


def public(name: str, cards: Iterable[str]) -> Zone:
    """A zone every player sees."""
    return Zone(name, tuple(cards))


def private(name: str, cards: Iterable[str], *seen_by: str) -> Zone:
    """A zone only `seen_by` see (none: a zone nobody sees, such as the draw pile)."""
    return Zone(name, tuple(cards), frozenset(seen_by))


@dataclass(frozen=True)
class Knowledge:
    """Every card of a state by zone. Zone names are unique and stable from state to state."""

    zones: tuple[Zone, ...]

    def census(self) -> Counter[str]:
        """Every card wherever it lies."""
        found: Counter[str] = Counter()
        for zone in self.zones:
            found.update(zone.cards)
        return found

    def hidden(self, viewer: str) -> Counter[str]:
        """The cards `viewer` cannot see now."""
        found: Counter[str] = Counter()
        for zone in self.zones:
            if not zone.visible_to(viewer):
                found.update(zone.cards)
        return found

    def keeps_from(self, viewer: str) -> bool:
        """Whether some player sees a card that `viewer` does not (cards nobody sees, such as a
        face-down draw pile, keep nothing from one viewer that another has)."""
        return any(
            zone.cards and zone.seen_by and not zone.visible_to(viewer) for zone in self.zones
        )

    def knows(self, viewer: str, other: str) -> bool:
        """Whether `viewer` sees every card `other` sees now."""
        return all(
            zone.visible_to(viewer) for zone in self.zones if zone.cards and zone.visible_to(other)
        )

    def shuffled(self, seat: str, rng: random.Random, kind: Callable[[str], str]) -> Knowledge:
        """The cards hidden from `seat` dealt at random into the places hidden from it, each card
        into the place of a card of the same `kind`; every zone keeps its size and what `seat`
        sees stays where it is. With the same `rng`, states that differ only in where the cards
        hidden from `seat` lie give the same result."""
        places: dict[str, list[tuple[int, int]]] = {}
        for z, zone in enumerate(self.zones):
            if not zone.visible_to(seat):
                for c, card in enumerate(zone.cards):
                    places.setdefault(kind(card), []).append((z, c))
        cards = [list(zone.cards) for zone in self.zones]
        for kind_of in sorted(places):  # in an order and from a list `seat` can know
            spots = places[kind_of]
            dealt = sorted(cards[z][c] for z, c in spots)
            rng.shuffle(dealt)
            for (z, c), card in zip(spots, dealt, strict=True):
                cards[z][c] = card
        return Knowledge(
            tuple(
                replace(zone, cards=tuple(new)) for zone, new in zip(self.zones, cards, strict=True)
            )
        )


def secretly_moved(before: Knowledge, after: Knowledge, viewer: str) -> bool:
    """Whether a card went from a place hidden from `viewer` to another place hidden from it:
    the viewer cannot tell which card it was, so an event naming it is theirs to read only in its
    public form."""
    was = {zone.name: zone for zone in before.zones}
    now = {zone.name: zone for zone in after.zones}
    left: Counter[str] = Counter()
    came: Counter[str] = Counter()
    for name in was.keys() | now.keys():
        old, new = was.get(name), now.get(name)
        if old is not None and new is not None and old.cards == new.cards:
            continue  # no card left this zone nor came into it
        old_cards = Counter(old.cards) if old else Counter()
        new_cards = Counter(new.cards) if new else Counter()
        old_hidden = old is not None and not old.visible_to(viewer)
        new_hidden = new is not None and not new.visible_to(viewer)
        if old_hidden:
            left += old_cards - new_cards
        if new_hidden:
            came += new_cards - old_cards
    return bool(left & came)
