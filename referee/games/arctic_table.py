"""Arctic's table: the component facts the rules need, and the immutable game state.

Hidden cards are kept as counts (docs/engine.md): `State.unseen` holds every card whose place is
unknown to the referee (draw pile, Reserve, unseen hand cards, penalty piles, face-down cards
tucked unseen), and each of those places keeps only how many cards it holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from pnpkit.components.model import Game

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
    animal: str
    side: str
    title: str
    effect: str
    when: str


@dataclass(frozen=True)
class Facts:
    """Everything Arctic's rules read from the component data."""

    animals: tuple[str, ...]
    """Animal slugs in the game's cyclic order."""
    letters: Mapping[str, str]
    """Animal slug → its letter in IDs (F, M, W …)."""
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
    totems: tuple[str, ...]
    others: tuple[str, ...]
    """Pieces that never move: landscape cards and tokens are counted by the census."""

    def deck_cards(self, players: int) -> tuple[str, ...]:
        """The animal cards of decks 1..players (AR-1)."""
        return tuple(c.id for c in self.cards.values() if c.deck <= players)

    def animal_of(self, word: str) -> str | None:
        """The animal named by a slug, its letter, or a token/totem/power ID."""
        word = word.strip().lower()
        for animal, letter in self.letters.items():
            if word in (animal, letter.lower(), animal.replace("-", "")):
                return animal
            if word.upper() in (self.totem_of(animal), self.token_of(animal)):
                return animal
        return None

    def totem_of(self, animal: str) -> str:
        """The totem card of an animal."""
        return self.totems[self.animals.index(animal)]

    def token_of(self, animal: str) -> str:
        """The token of an animal."""
        return self.tokens[self.animals.index(animal)]

    def value_at(self, position: int) -> int:
        """The label of the landscape card at a track position."""
        return self.landscape[position][1]


def _letter(component_id: str) -> str:
    return component_id[-1]


def facts_of(game: Game) -> Facts:
    """Read Arctic's facts from its component data."""
    tokens = game.group("tokens").components
    animals = tuple(t.fields["animal"] for t in tokens)
    cards = {
        c.id: Card(
            c.id,
            c.fields["deck"],
            c.fields["animal"],
            c.fields["companion"],
            c.fields["draw"],
            c.fields["place"],
        )
        for g in game.groups
        if g.id.startswith("deck-")
        for c in g.components
    }
    power_group = game.group("powers").components
    powers = {
        (p.fields["animal"], side): Power(
            p.id,
            p.fields["animal"],
            side,
            p.fields[side]["title"],
            p.fields[side]["effect"],
            p.fields[side]["when"],
        )
        for p in power_group
        for side in ("a", "b")
    }
    by_animal = {p.fields["animal"]: p.id for p in power_group}
    track = sorted(game.group("landscape").components, key=lambda c: c.fields["position"])
    totems = {t.fields["animal"]: t.id for t in game.group("totems").components}
    return Facts(
        animals=animals,
        letters=MappingProxyType({t.fields["animal"]: _letter(t.id) for t in tokens}),
        cards=MappingProxyType(cards),
        powers=MappingProxyType(powers),
        power_cards=tuple(by_animal[a] for a in animals),
        landscape=tuple((c.id, c.fields["value"]) for c in track),
        start=next(i for i, c in enumerate(track) if c.fields.get("start")),
        tokens=tuple(t.id for t in tokens),
        totems=tuple(totems[a] for a in animals),
        others=tuple(c.id for c in track) + tuple(t.id for t in tokens),
    )


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
    """Cards in the penalty pile (face down, so counted), `named` ones included."""
    named: tuple[str, ...] = ()
    """Penalty cards named when discarded (AR-21), sorted: known to be there, not unseen, until a
    card leaves the pile without being shown (AR-33, AR-34) and any of them may be the one."""

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
        seats = list(self.seats)
        seats[index] = seat
        return replace(self, seats=tuple(seats))

    def hidden_places(self) -> int:
        """Cards held in hidden places (draw pile, Reserve, hidden hands, penalties, tucked)."""
        tucked = sum(1 for s in self.seats for card, _ in s.pile if card == HIDDEN)
        return (
            self.draw_pile + self.reserve + sum(s.hidden + s.penalty for s in self.seats) + tucked
        )


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """A sorted tuple of cards less one copy of `card` (which must be there)."""
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


def including(cards: tuple[str, ...], *more: str) -> tuple[str, ...]:
    """A sorted tuple of cards with `more` added."""
    return tuple(sorted(cards + more))
