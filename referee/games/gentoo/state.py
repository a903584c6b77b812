"""Gentoo's table: the card facts read from the component data, face-down piles kept as pools,
and the immutable state of a game in progress (what the rulebook's components become in play).

Every face-down pile of Gentoo (the Draw Pile, each Player Pile) is a known set of cards in an
unknown order, so it is kept as a `Pool`: how many of each card it holds. A card turned over is
checked against its pile's pool, then taken out of it; a reshuffle turns a face-up pile into a
pool (GE-36).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

from pnpkit.referee.api import Component, Game, evolve, per_game

CARDS = "cards"
TOKENS = "tokens"


@per_game
def _catalog(game: Game) -> Catalog:
    cards = {c.id: c for c in game.group(CARDS).components}
    tokens = {c.fields["icon"]: c for c in game.group(TOKENS).components}
    return Catalog(cards, tokens)


@dataclass(frozen=True)
class Catalog:
    """What the component data says about Gentoo's cards and tokens."""

    cards: Mapping[str, Component]
    tokens: Mapping[str, Component]
    """Token components by their icon: "nesting-stone", "penguin", "fish"."""

    of = staticmethod(_catalog)
    """`Catalog.of(game)`: the catalogue of `game`, read once per loaded game (one call per
    move where a classmethod would make two)."""

    kind: Callable[[str], str] = field(init=False, repr=False, compare=False)
    """`kind(card)`: the card's type: snow, egg, skua, stone-thief …"""
    price: Callable[[str], tuple[int, int, bool]] = field(init=False, repr=False, compare=False)
    """`price(card)`: what choosing the card takes: fish, nesting stones, and whether it is an
    Egg (which a Good Nesting Site makes one stone cheaper)."""
    _costs: dict[str, int] = field(init=False, repr=False, compare=False)
    _stones: dict[str, int] = field(init=False, repr=False, compare=False)
    _by_kind: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Each card's facts read at once into plain attributes, which the rules read at every
        move (a lazily cached property is slower to read); `kind` and `price`, asked most
        often, are the lookups of their tables themselves (no Python call each time)."""
        kinds = {c: str(card.fields["type"]) for c, card in self.cards.items()}
        costs = {c: int(card.fields.get("cost", 0)) for c, card in self.cards.items()}
        stones = {c: int(card.fields.get("stones", 0)) for c, card in self.cards.items()}
        by_kind: dict[str, list[str]] = {}
        for card, kind in kinds.items():
            by_kind.setdefault(kind, []).append(card)
        facts = {
            "_costs": costs,
            "_stones": stones,
            "_by_kind": {kind: tuple(cards) for kind, cards in by_kind.items()},
            "kind": kinds.__getitem__,
            "price": {c: (costs[c], stones[c], kinds[c] == "egg") for c in kinds}.__getitem__,
        }
        for name, value in facts.items():
            object.__setattr__(self, name, value)

    def cost(self, card: str) -> int:
        """Fish paid to choose the card."""
        return self._costs[card]

    def stones(self, card: str) -> int:
        """Nesting stones an Egg needs to be chosen (0 for other cards)."""
        return self._stones[card]

    def name(self, card: str) -> str:
        """The card's printed name."""
        return self.cards[card].name

    def of_kind(self, kind: str) -> tuple[str, ...]:
        """The IDs of every card of one type, in data order."""
        return self._by_kind.get(kind, ())

    @cached_property
    def snow(self) -> str:
        """The ID of the Snow card."""
        return self.of_kind("snow")[0]

    def token(self, icon: str) -> Component:
        """The token with this icon."""
        return self.tokens[icon]


class Pool(tuple[str, ...]):
    """A face-down pile whose order nobody knows: a copy of each card it holds, in ID order. It is
    a tuple, so `len(pool)`, `pool.count(card)` and `card in pool` work as on any tuple."""

    __slots__ = ()

    @classmethod
    def of(cls, cards: Iterable[str] | Mapping[str, int]) -> Pool:
        """The pool holding these cards (each card as often as listed, or as its count says)."""
        if isinstance(cards, Mapping):
            return cls(sorted(Counter(cards).elements()))
        return cls(sorted(cards))

    def counter(self) -> Counter[str]:
        """The pool as a Counter."""
        return Counter(self)

    def ids(self) -> list[str]:
        """The distinct cards the pile holds."""
        return list(dict.fromkeys(self))

    def take(self, card: str) -> Pool:
        """The pool after `card` was turned over from it."""
        try:
            at = self.index(card)
        except ValueError:  # not in the pile
            return self
        return Pool(self[:at] + self[at + 1 :])

    def add(self, cards: Iterable[str]) -> Pool:
        """The pool with `cards` shuffled in."""
        return Pool.of(self.counter() + Counter(cards))

    def draw(self, rng: random.Random) -> str:
        """A card drawn at random, each copy equally likely."""
        if not self:
            raise ValueError("draw from an empty pile")
        return rng.choice(self)

    def __repr__(self) -> str:
        return f"Pool({tuple.__repr__(self)})"


def pool_text(pile: Pool) -> str:
    """What a face-down pile may hold, for a refusal."""
    held = ", ".join(f"{c}×{n}" for c, n in pile.counter().items())
    return f"it holds {held}" if held else "it is empty"


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """`cards` with the last copy of `card` taken out."""
    at = len(cards) - 1 - cards[::-1].index(card)
    return cards[:at] + cards[at + 1 :]


@dataclass(frozen=True)
class Player:
    """One player's area: Player Pile, Cards in Play, Used Pile and tokens."""

    pile: Pool
    in_play: tuple[str, ...]
    used: tuple[str, ...]
    """Face up, bottom first: the last card is the visible top."""
    stones: int
    fish: int
    penguins: int = 0


SETUP, FIRST, DRAW, CHOOSE, DISCARD, FLIP, PLAY, PECK, OVER = (
    "setup",
    "first",
    "draw",
    "choose",
    "discard",
    "flip",
    "play",
    "peck",
    "over",
)
"""The steps: setting out the Choice Cards and choosing the first player, then each turn's
Phase I (draw, choose, discard) and Phase II (flip, play — with a Vicious Peck's answer to a Stone
Thief); over once a player has five penguins."""


@dataclass(frozen=True)
class Table:
    """The whole state of a game of Gentoo."""

    players: tuple[Player, ...]
    draw_pile: Pool
    choice: tuple[str, ...]
    discard: tuple[str, ...]
    """Face up, bottom first."""
    box: Pool
    """Snow cards not used in this game."""
    stones_left: int
    """Nesting stones not handed out."""
    penguin_supply: int
    fish_supply: int
    step: str = SETUP
    turn: int = 0
    """Seat of the player whose turn it is."""
    first: int | None = None
    direction: int = 1
    """+1 in seat order, -1 after an odd number of Confusing Blizzards."""
    chosen: str | None = None
    """The card chosen this turn."""
    reshuffled: bool = False
    """Whether this turn's flip needed the Used Pile shuffled into a new Player Pile."""
    barred: str | None = None
    """A card flipped this turn that counts as this turn's chosen card (GE-37)."""
    fishing: int | None = None
    """The seat that loses its next turn to a Gone Fishing."""
    lost: int | None = None
    """The seat whose turn a Gone Fishing took, until the next turn ends."""
    victim: int | None = None
    """While a Stone Thief waits for a Vicious Peck: the seat it takes from."""
    turns: int = 0
    winner: int | None = None

    @property
    def current(self) -> Player:
        """The player whose turn it is."""
        return self.players[self.turn]

    def with_player(self, seat: int, **changes: object) -> Table:
        """The table with one player's area changed."""
        return evolve(self, players=self.seated(evolve(self.players[seat], **changes), seat))

    def seated(self, player: Player, seat: int | None = None) -> tuple[Player, ...]:
        """The players with `player` in `seat` (the seat whose turn it is by default)."""
        at = self.turn if seat is None else seat
        return (*self.players[:at], player, *self.players[at + 1 :])
