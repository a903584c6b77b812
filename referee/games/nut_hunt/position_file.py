"""Reading a Nut Hunt position file: a finished forest typed in, to be scored.

One statement per line; `#` starts a comment. See rules-index.md ("Position files"):

    layout NH-WIL NH-MUC NH-MOU        (19 tile IDs in all, row by row, over one or more lines)
    player Ann                         (each player, in seat order; the Automa is a player too)
    squirrels Ann NH-WIL NH-WIL NH-RAB (a tile once per squirrel)
    nests Ann NH-HRT                   (a tile once per nest)
    objectives Ann NH-O02 NH-O03       (the objectives the player is scored with)
"""

from __future__ import annotations

from collections import Counter

from pnpkit.referee.api import PnpError, position_lines
from pnpkit.referee.games.nut_hunt import forest
from pnpkit.referee.games.nut_hunt.data import NutData
from pnpkit.referee.games.nut_hunt.scoring import Holding

KEYWORDS = ("layout", "player", "squirrels", "nests", "objectives")


class _Reader:
    def __init__(self, data: NutData, source: str, most: int):
        self.data, self.source, self.most = data, source, most
        self.layout: list[str] = []
        self.players: list[str] = []
        self.pieces: dict[str, dict[str, Counter[str]]] = {}
        self.objectives: dict[str, list[str]] = {}
        self.seen: dict[str, tuple[str, int]] = {}  # tile or card: ("layout" or holder, line)
        self.line = 0

    def fail(self, message: str) -> PnpError:
        where = f"{self.source}:{self.line}" if self.line else self.source
        return PnpError(f"{where}: {message}")

    def tile(self, word: str) -> str:
        tile = self.data.tile_word(word)
        if tile is None:
            raise self.fail(f"{word!r} is not a tile ID (like NH-WIL)")
        return tile

    def player(self, word: str) -> str:
        for name in self.players:
            if name.lower() == word.lower():
                return name
        raise self.fail(f"{word!r} is not a player named by a 'player' line above")

    def read(self, number: int, text: str) -> None:
        self.line = number
        words = text.split()
        keyword, args = words[0].lower(), words[1:]
        if keyword not in KEYWORDS:
            raise self.fail(f"{words[0]!r}: expected one of {', '.join(KEYWORDS)}")
        if keyword == "layout":
            for word in args:
                self.lay(self.tile(word))
            return
        if not args:
            raise self.fail(f"{keyword} NAME …: the line names no player")
        if keyword == "player":
            self.new_player(args)
            return
        name = self.player(args[0])
        for word in args[1:]:
            if keyword == "objectives":
                self.objectives[name].append(self.card(word, name))
            else:
                self.piece(name, keyword, self.tile(word))

    def lay(self, tile: str) -> None:
        if tile in self.seen:
            raise self.fail(f"{tile} is laid twice (also line {self.seen[tile][1]})")
        if len(self.layout) == forest.SPACES:
            raise self.fail(f"the forest has {forest.SPACES} tiles, not more")
        self.layout.append(tile)
        self.seen[tile] = ("layout", self.line)

    def piece(self, name: str, kind: str, tile: str) -> None:
        """One squirrel or nest: never on the Frog Pond (NH-8), and three squirrels of one
        player on a tile would have become a nest (NH-19)."""
        if tile == self.data.frog_pond:
            raise self.fail(f"no squirrel or nest can be on the Frog Pond ({tile}) (NH-8)")
        held = self.pieces[name][kind]
        held[tile] += 1
        if kind == "squirrels" and held[tile] >= 3:
            raise self.fail(
                f"{name} has 3 squirrels on {tile}: three squirrels of one player on a tile "
                "become a nest (NH-19); write it on a 'nests' line"
            )

    def new_player(self, args: list[str]) -> None:
        if len(args) != 1:
            raise self.fail("player NAME: one name without spaces")
        if args[0].lower() in (p.lower() for p in self.players):
            raise self.fail(f"player {args[0]} is named twice")
        if len(self.players) == self.most:
            raise self.fail(
                f"player {args[0]} would be player {self.most + 1}; Nut Hunt is for at most "
                f"{self.most} players (a solo game's Automa counted)"
            )
        self.players.append(args[0])
        self.pieces[args[0]] = {"squirrels": Counter(), "nests": Counter()}
        self.objectives[args[0]] = []

    def card(self, word: str, name: str) -> str:
        """An objective card; each of the deck's cards is held once, by one player."""
        key = self.data.card_word(word)
        if key is None:
            raise self.fail(f"{word!r} is not an objective card (NH-O01 … NH-O45)")
        if key in self.seen:
            holder, line = self.seen[key]
            raise self.fail(f"{key} is held once, and {holder} has it already (line {line})")
        self.seen[key] = (name, self.line)
        return key

    def finish(self) -> tuple[tuple[str, ...], list[Holding]]:
        self.line = 0
        if len(self.layout) < forest.SPACES:
            missing = [t for t in self.data.tiles if t not in self.layout]
            raise self.fail(
                f"the layout names {len(self.layout)} of the {forest.SPACES} tiles; "
                f"not laid: {', '.join(missing)}"
            )
        if not self.players:
            raise self.fail("no 'player' line: name each player")
        space = {tile: i for i, tile in enumerate(self.layout)}
        holdings = [
            Holding(
                name,
                {space[t]: n for t, n in self.pieces[name]["squirrels"].items()},
                {space[t]: n for t, n in self.pieces[name]["nests"].items()},
                tuple(self.data.objectives[c] for c in self.objectives[name]),
            )
            for name in self.players
        ]
        return tuple(self.layout), holdings


def read_position(
    data: NutData, text: str, source: str, most: int
) -> tuple[tuple[str, ...], list[Holding]]:
    """The layout and every player's holding (at most `most` players, the Automa counted);
    PnpError naming `source` and the line."""
    reader = _Reader(data, source, most)
    for number, line in position_lines(text):
        reader.read(number, line)
    return reader.finish()
