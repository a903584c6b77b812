"""Gentoo's table: the card facts read from the component data, and the immutable state of a
game in progress on the rules kit's blocks (what the rulebook's components become in play).

Gentoo keeps no secret (GE-36): the face-up piles (Choice Cards, Discard Pile, each player's
Cards in Play and Used Pile) are `Pile`s, and each face-down pile (the Draw Pile, a Player Pile)
is a known set of cards in an order nobody knows, so it is a `Pool`: how many of each card it
holds, public like the token supplies and each player's tokens (also `Pool`s). A card turned over
is checked against its pile's pool, then taken out of it; a reshuffle turns a face-up pile into a
pool. The blocks are named as the rulebook names the places, so the knowledge, the census and
`determinise` come from the kit's `Table`.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from operator import attrgetter, itemgetter

from pnpkit.referee.api import Carried, Component, Game, Pile, Pool, Table, Turn, evolve, per_game

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
    stone: str = field(init=False, repr=False, compare=False)
    penguin: str = field(init=False, repr=False, compare=False)
    fish: str = field(init=False, repr=False, compare=False)
    """The IDs of the nesting stone, penguin and fish tokens."""

    of = staticmethod(_catalog)
    """`Catalog.of(game)`: the catalogue of `game`, read once per loaded game (one call per
    move where a classmethod would make two)."""

    kind: Callable[[str], str] = field(init=False, repr=False, compare=False)
    """`kind(card)`: the card's type: snow, egg, skua, stone-thief …"""
    price: Callable[[str], tuple[int, int, bool]] = field(init=False, repr=False, compare=False)
    """`price(card)`: what choosing the card takes: fish, nesting stones, and whether it is an
    Egg (which a Good Nesting Site makes one stone cheaper)."""
    of_kind: Callable[[str], tuple[str, ...]] = field(init=False, repr=False, compare=False)
    """`of_kind(kind)`: the IDs of every card of one type, in data order."""

    def __post_init__(self) -> None:
        """Each card's facts read at once into plain attributes, which the rules read at every
        move (a lazily cached property is slower to read); `kind`, `price` and `of_kind`, asked
        most often, are the lookups of their tables themselves (no Python call each time)."""
        kinds = {c: str(card.fields["type"]) for c, card in self.cards.items()}
        costs = {c: int(card.fields.get("cost", 0)) for c, card in self.cards.items()}
        stones = {c: int(card.fields.get("stones", 0)) for c, card in self.cards.items()}
        by_kind: dict[str, list[str]] = {}
        for card, kind in kinds.items():
            by_kind.setdefault(kind, []).append(card)
        facts = {
            "of_kind": defaultdict(tuple, {k: tuple(cs) for k, cs in by_kind.items()}).__getitem__,
            "kind": kinds.__getitem__,
            "price": {c: (costs[c], stones[c], kinds[c] == "egg") for c in kinds}.__getitem__,
            "stone": self.tokens["nesting-stone"].id,
            "penguin": self.tokens["penguin"].id,
            "fish": self.tokens["fish"].id,
        }
        for name, value in facts.items():
            object.__setattr__(self, name, value)

    def cost(self, card: str) -> int:
        """Fish paid to choose the card."""
        return self.price(card)[0]

    def name(self, card: str) -> str:
        """The card's printed name."""
        return self.cards[card].name

    @cached_property
    def snow(self) -> str:
        """The ID of the Snow card."""
        return self.of_kind("snow")[0]

    def token(self, icon: str) -> Component:
        """The token with this icon."""
        return self.tokens[icon]


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """`cards` with the last copy of `card` taken out."""
    at = len(cards) - 1 - cards[::-1].index(card)
    return cards[:at] + cards[at + 1 :]


def draw(held: Pool, rng: random.Random) -> str:
    """A piece drawn at random, each copy alike: `rng.choice` of its copies in ID order,
    without listing every copy (a simulation draws every turn)."""
    at = rng.randrange(size(held))  # as rng.choice(range(size)) draws
    for piece, n in held.counts:
        if at < n:
            return piece
        at -= n
    raise AssertionError("unreachable")


def size(held: Pool) -> int:
    """How many pieces the pool holds."""
    return sum(map(itemgetter(1), held.counts))


def pool_text(pile: Pool) -> str:
    """What a face-down pile may hold, for a refusal."""
    held = ", ".join(f"{c}×{n}" for c, n in pile.counts)
    return f"it holds {held}" if held else "it is empty"


DRAW_PILE, CHOICES, DISCARD_PILE, BOX = "Draw Pile", "Choice Cards", "Discard Pile", "box"
STONE_SUPPLY, PENGUIN_SUPPLY, FISH_SUPPLY = "nesting stone supply", "penguin supply", "fish supply"
SUPPLY = {"nesting-stone": STONE_SUPPLY, "penguin": PENGUIN_SUPPLY, "fish": FISH_SUPPLY}
"""The blocks of the middle of the table, and of the token supplies by token icon."""
MIDDLE = {
    name: at for at, name in enumerate((DRAW_PILE, CHOICES, DISCARD_PILE, BOX, *SUPPLY.values()))
}
"""Where the middle's blocks lie in the table (setup lays them out first, in this order): the
rules read them at every move by place, without a method call."""


@dataclass(frozen=True)
class Area:
    """The names of one player's blocks: Player Pile (a Pool), Cards in Play and Used Pile
    (Piles, the Used Pile's last card its visible top) and tokens (a Pool), laid out in this
    order after the middle's, seat after seat."""

    pile: str
    in_play: str
    used: str
    tokens: str

    @classmethod
    def of(cls, name: str) -> Area:
        parts = ("Player Pile", "Cards in Play", "Used Pile", "tokens")
        return cls(*(f"{name}'s {part}" for part in parts))


_PILE, _IN_PLAY, _USED, _TOKENS = range(len(MIDDLE), len(MIDDLE) + 4)
_SEAT = 4
"""Where seat 0's blocks lie in the table; another seat's lie `_SEAT` further on per seat."""

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
class GentooState:
    """The whole state of a game of Gentoo: where every card and token lies (`table`), whose
    turn at which step and how many turns have begun (`turn`), and what the turn remembers."""

    table: Table
    turn: Turn
    areas: tuple[Area, ...]
    """Each seat's block names."""
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
    winner: int | None = None

    # for the views and tests; the rules, which ask at every move, read `turn` itself (cheaper)
    step = property(attrgetter("turn.step"), doc="The step the turn is at.")
    seat = property(attrgetter("turn.seat"), doc="The seat whose turn it is.")

    def pile(self, seat: int) -> Pool:
        return self.table.blocks[_PILE + _SEAT * seat][1]  # type: ignore[return-value]

    def in_play(self, seat: int) -> tuple[str, ...]:
        return self.table.blocks[_IN_PLAY + _SEAT * seat][1].cards  # type: ignore[union-attr]

    def used(self, seat: int) -> tuple[str, ...]:
        return self.table.blocks[_USED + _SEAT * seat][1].cards  # type: ignore[union-attr]

    def tokens(self, seat: int) -> Pool:
        return self.table.blocks[_TOKENS + _SEAT * seat][1]  # type: ignore[return-value]

    def middle(self, name: str) -> Pile | Pool:
        """A block of the middle of the table (DRAW_PILE, CHOICES …)."""
        return self.table.blocks[MIDDLE[name]][1]  # type: ignore[return-value]

    def cards(self, name: str) -> tuple[str, ...]:
        """The cards of a face-up pile of the middle (CHOICES, DISCARD_PILE)."""
        return self.table.blocks[MIDDLE[name]][1].cards  # type: ignore[union-attr]

    def at(self, step: str, **changes: object) -> GentooState:
        """The same turn at `step`, with `changes` to the other fields."""
        return evolve(self, turn=self.turn.to(step), **changes)

    def put(self, blocks: Mapping[str, Pile | Pool], **changes: object) -> GentooState:
        """The state with `blocks` replaced on the table (by name) and `changes` made."""
        return evolve(self, table=self.table.put_all(blocks), **changes)

    def move(self, *moves: Carried, step: str = "", **changes: object) -> GentooState:
        """The state after each move (piece, from, to[, how many]) of a card or token from one
        block to another (`Table.carry`), moved on to `step` (if given) and `changes` made."""
        if step:
            changes["turn"] = self.turn.to(step)
        return evolve(self, table=self.table.carry(*moves) if moves else self.table, **changes)
