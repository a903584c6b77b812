"""Arctic's components as its rules read them (AR-1, AR-2, AR-7): the animal cards' values,
the power cards' sides, the landscape track, tokens and totems; read once per loaded game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from pnpkit.referee.api import Game, per_game


@dataclass(frozen=True)
class Card:
    """The rule facts of one animal card."""

    id: str
    deck: int
    animal: str
    companion: str
    draw: int
    place: int


@dataclass(frozen=True)
class Power:
    """One side of a power card."""

    card: str
    title: str
    effect: str


@dataclass(frozen=True)
class Facts:
    """Everything Arctic's rules read from the component data."""

    animals: tuple[str, ...]
    """Animal slugs in the game's cyclic order."""
    cards: Mapping[str, Card]
    powers: Mapping[tuple[str, str], Power]
    """(animal, side) → that side of the animal's power card."""
    power_cards: tuple[str, ...]
    """Power card IDs in animal order."""
    landscape: tuple[tuple[str, int], ...]
    """(card ID, value) of the landscape cards in track order; the ends are the edges."""
    start: int
    """Track position of the landscape card every token starts on."""
    tokens: tuple[str, ...]
    """Token IDs in animal order, each ending in its animal's letter (F, M, W …)."""
    totems: tuple[str, ...]
    others: tuple[str, ...]
    """Pieces that never move: landscape cards and tokens are counted by the census."""
    held: dict[tuple[object, ...], frozenset[str]] = field(
        default_factory=dict, compare=False, repr=False
    )
    """A cache: (power card owners, sides, seat) → the effects that seat's power cards show."""

    def deck_cards(self, players: int) -> tuple[str, ...]:
        """The animal cards of decks 1..players (AR-1)."""
        return tuple(c.id for c in self.cards.values() if c.deck <= players)

    def animal_of(self, word: str) -> str | None:
        """The animal named by a slug, its letter, or a token or totem ID."""
        word = word.strip().lower()
        for animal, token, totem in zip(self.animals, self.tokens, self.totems, strict=True):
            if word in (animal, token[-1].lower(), animal.replace("-", "")):
                return animal
            if word.upper() in (totem, token):
                return animal
        return None

    def totem_of(self, animal: str) -> str:
        """The totem card of an animal."""
        return self.totems[self.animals.index(animal)]

    def value_at(self, position: int) -> int:
        """The label of the landscape card at a track position."""
        return self.landscape[position][1]


@per_game
def facts(game: Game) -> Facts:
    """Arctic's facts, read from its component data once per loaded game."""
    tokens = game.group("tokens").components
    animals = tuple(t.fields["animal"] for t in tokens)
    values = ("deck", "animal", "companion", "draw", "place")
    cards = {
        c.id: Card(c.id, *(c.fields[v] for v in values))
        for g in game.groups
        if g.id.startswith("deck-")
        for c in g.components
    }
    power_group = game.group("powers").components
    powers = {
        (p.fields["animal"], side): Power(p.id, p.fields[side]["title"], p.fields[side]["effect"])
        for p in power_group
        for side in ("a", "b")
    }
    by_animal = {p.fields["animal"]: p.id for p in power_group}
    track = sorted(game.group("landscape").components, key=lambda c: c.fields["position"])
    totems = {t.fields["animal"]: t.id for t in game.group("totems").components}
    return Facts(
        animals=animals,
        cards=MappingProxyType(cards),
        powers=MappingProxyType(powers),
        power_cards=tuple(by_animal[a] for a in animals),
        landscape=tuple((c.id, c.fields["value"]) for c in track),
        start=next(i for i, c in enumerate(track) if c.fields.get("start")),
        tokens=tuple(t.id for t in tokens),
        totems=tuple(totems[a] for a in animals),
        others=tuple(c.id for c in track) + tuple(t.id for t in tokens),
    )
