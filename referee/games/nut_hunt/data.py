"""Nut Hunt's component data as the rules use it: tiles, objectives, nuts, compass, colours.

Everything comes from the loaded game (components/games/nut-hunt); nothing is restated here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from operator import ge

from pnpkit.referee.api import Component, Game, PnpError, per_game


@dataclass(frozen=True)
class NutData:
    """The figures of one loaded Nut Hunt game."""

    tiles: Mapping[str, Component]
    objectives: Mapping[str, Component]
    nut_types: tuple[str, ...]
    nut_cards: tuple[str, ...]
    nut_counts: tuple[int, ...]
    compass: Mapping[int, str]
    colours: tuple[str, ...]
    automa_colour: str
    squirrel_ids: Mapping[str, str]
    nest_ids: Mapping[str, str]
    squirrels_per_colour: int
    nests_per_colour: int
    frog_pond: str
    starts: tuple[str, ...]
    """The green-bordered starting tiles (NH-5), in box order."""
    labels: Mapping[str, str]
    """Each tile in words: 'Willow Wallow (NH-WIL)'."""
    costs: Mapping[str, tuple[int, ...] | None]
    """Each tile's recruit cost per nut type, in `nut_types` order (None: no recruiting there)."""
    affording: dict[tuple[int, ...], tuple[str, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )
    """`affordable` worked out so far."""
    foraging: dict[tuple[str, int], tuple[tuple[str, ...], ...]] = field(
        default_factory=dict, compare=False, repr=False
    )
    """`forage_choices` worked out so far."""

    def forage_choices(self, tile: str, n: int) -> tuple[tuple[str, ...], ...]:
        """Every combination of `n` nuts the tile gives (NH-6, NH-13, NH-22)."""
        choices = self.foraging.get((tile, n))
        if choices is None:
            kinds = sorted(self.tiles[tile].fields["forage"], key=self.nut_types.index)
            choices = self.foraging[tile, n] = tuple(combinations_with_replacement(kinds, n))
        return choices

    def affordable(self, held: tuple[int, ...]) -> tuple[str, ...]:
        """The tiles, in box order, whose recruit cost nuts `held` (per type) pay (NH-21)."""
        tiles = self.affording.get(held)
        if tiles is None:
            paid = [t for t, cost in self.costs.items() if cost and all(map(ge, held, cost))]
            tiles = self.affording[held] = tuple(paid)
        return tiles

    def shortfall(self, held: tuple[int, ...], cost: Mapping[str, int]) -> str:
        """What a player holding `held` nuts still lacks to pay `cost` ('' if nothing)."""
        short = [
            f"{n - held[self.nut_types.index(nut)]} {nut}"
            for nut, n in cost.items()
            if held[self.nut_types.index(nut)] < n
        ]
        return ", ".join(short)

    def cost_text(self, tile: Component) -> str:
        """A tile's recruit cost in words: '1 acorn, 1 hickory'."""
        return ", ".join(f"{n} {nut}" for nut, n in tile.fields["cost"].items())

    def tile_word(self, word: str) -> str | None:
        """A tile ID from a typed word: NH-WIL, nh-wil or wil."""
        key = word.upper()
        if key in self.tiles:
            return key
        key = f"NH-{key}"
        return key if key in self.tiles else None

    def card_word(self, word: str) -> str | None:
        """An objective card's ID from a typed word: NH-O05, nh-o05 or o05."""
        key = word.upper()
        key = key if key.startswith("NH-") else f"NH-{key}"
        return key if key in self.objectives else None

    def nut_word(self, word: str) -> str | None:
        """A nut type from a typed word: walnut, walnuts or the nut card's ID NH-WNT."""
        low = word.lower()
        for nut, card in zip(self.nut_types, self.nut_cards, strict=True):
            if low in (nut, f"{nut}s", card.lower(), card.lower().removeprefix("nh-")):
                return nut
        return None


@per_game
def data_of(game: Game) -> NutData:
    """The rules' view of a loaded Nut Hunt game (read once per loaded game)."""
    return _read(game)


def _read(game: Game) -> NutData:
    try:
        tiles = {c.id: c for c in game.group("locations").components}
        nuts = game.group("nuts").components
        squirrels = game.group("squirrels").components
        nests = game.group("nests").components
        compass = game.group("compass").components[0].fields["directions"]
        objectives = {c.id: c for c in game.group("objectives").components}
    except (KeyError, IndexError) as exc:
        raise PnpError(f"{game.name}: component data lacks {exc} for the Nut Hunt rules") from None
    automa = next(t.fields["colour"] for t in squirrels if t.fields.get("automa"))
    frog = next(t for t in tiles.values() if t.fields.get("special") == "frog-pond")
    types = tuple(c.fields["nut"] for c in nuts)
    costs = {
        t.id: None
        if t.fields.get("special")
        else tuple(t.fields["cost"].get(nut, 0) for nut in types)
        for t in tiles.values()
    }
    return NutData(
        tiles=tiles,
        objectives=objectives,
        nut_types=types,
        nut_cards=tuple(c.id for c in nuts),
        nut_counts=tuple(c.count for c in nuts),
        compass={int(face): direction for face, direction in compass.items()},
        colours=tuple(t.fields["colour"] for t in squirrels),
        automa_colour=automa,
        squirrel_ids={t.fields["colour"]: t.id for t in squirrels},
        nest_ids={t.fields["colour"]: t.id for t in nests},
        squirrels_per_colour=squirrels[0].count,
        nests_per_colour=nests[0].count,
        frog_pond=frog.id,
        starts=tuple(t.id for t in tiles.values() if t.fields.get("start")),
        labels={t.id: f"{t.name} ({t.id})" for t in tiles.values()},
        costs=costs,
    )
