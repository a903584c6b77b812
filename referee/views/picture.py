"""What every table picture shares: a scalable canvas, the legend, labels that never overlap.

A `Picture` starts with the legend — the game, whose turn and the prompt, then each player in
seat order with their colour, running score and a ▶ when they act — and gives the game the space
below it (`top`). Text the picture places with `label` sits on a box (`<g class="label">` with a
`<rect>`), so that tests can check that no label hides another. Each place or piece a move
names (a card, a space, a tile, a pile, a player) is a tap target (`target`): a transparent shape
over it carrying the word the move uses as `data-id`, drawn last so that nothing covers it; the
legend makes each player's line one. Imported only by the commands that draw (svgwrite is slow to
load).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import svgwrite
from svgwrite.container import Group
from svgwrite.shapes import Polygon, Rect

from pnpkit.wording import counted

CHAR = 0.6
"""Width of an average character of the sans-serif font, in font sizes (for the label boxes)."""
PAD = 3.0
LEGEND_ROW = 18.0
FONT = "DejaVu Sans, Verdana, sans-serif"
CHECKED = False
"""Whether svgwrite checks every attribute value it is given against SVG 1.1: a fifth of a
picture's drawing time, spent at every move of a served game; the picture tests turn it on."""

Box = tuple[float, float, float, float]
"""x, y, width, height."""


def text_width(text: str, size: float) -> float:
    """About how wide `text` is at font size `size`."""
    return len(text) * size * CHAR


class Picture:
    """A table picture: `width` × (legend + `height`) with a viewBox, so it scales to any screen.

    `table` is the game's `Rules.table()` data; the legend is drawn from it.
    """

    def __init__(
        self, table: dict[str, Any], width: float, height: float, background: str = "#f4f1ea"
    ) -> None:
        self.margin = 16.0
        players = table["players"]
        lines = [self._heading(table), *(self._player_line(p) for p in players)]
        widest = max(text_width(line, 12) for line in lines) + 2 * self.margin + 40
        self.width = max(width, widest)
        self.top = self.margin + LEGEND_ROW * (len(players) + 1.5)
        self.height = self.top + height
        self.drawing = svgwrite.Drawing(
            size=(f"{self.width}pt", f"{self.height}pt"),
            viewBox=f"0 0 {self.width} {self.height}",
            font_family=FONT,
            debug=CHECKED,
        )
        self.drawing.add(self.drawing.rect((0, 0), (self.width, self.height), fill=background))
        self._targets: list[Group] = []
        self._legend(table, lines)

    @staticmethod
    def _heading(table: dict[str, Any]) -> str:
        prompt = table["prompt"]
        if prompt["kind"] == "over":
            return f"{table['name']} — the game is over"
        return f"{table['name']} — next: {prompt['text']}"

    @staticmethod
    def _player_line(player: dict[str, Any]) -> str:
        turn = "  ▶ to act" if player["turn"] else ""
        return (
            f"{player['seat']}. {player['name']} ({player['colour']}): "
            f"{counted(player['score'], 'point')}{turn}"
        )

    def _legend(self, table: dict[str, Any], lines: list[str]) -> None:
        d, x = self.drawing, self.margin
        self.label(lines[0], x, self.margin, size=12, bold=True, cls="legend")
        for n, player in enumerate(table["players"]):
            y = self.margin + LEGEND_ROW * (n + 1)
            d.add(d.circle((x + 6, y + 8), 6, fill=player["rgb"], stroke="#222", stroke_width=1))
            box = self.label(lines[n + 1], x + 16, y, size=11, bold=player["turn"], cls="legend")
            self.target(player["name"], (x, y, box[0] + box[2] - x, box[3]), player["name"])

    def label(
        self,
        text: str,
        x: float,
        y: float,
        size: float = 10,
        bold: bool = False,
        fill: str = "#222",
        background: str = "none",
        title: str = "",
        cls: str = "label",
    ) -> Box:
        """Text on a box whose top left is (x, y), with an optional tooltip; the box."""
        box = (x, y, text_width(text, size) + 2 * PAD, size + 2 * PAD)
        d = self.drawing
        group = d.g(class_=cls)
        if title:
            group.set_desc(title=title)
        group.add(d.rect(box[:2], box[2:], rx=3, fill=background))
        group.add(
            d.text(
                text,
                insert=(x + PAD, y + PAD + size * 0.85),
                font_size=size,
                fill=fill,
                font_weight="bold" if bold else "normal",
            )
        )
        d.add(group)
        return box

    def target(self, word: str, box: Box, title: str = "", rx: float = 4) -> None:
        """Make the box `box` a tap target for `word` (the word a move uses for what is drawn
        there: a card's ID, a space, a pile), with `title` as its tooltip."""
        shape = Rect(box[:2], box[2:], rx=rx, debug=False)
        self._add_target(word, shape, title)

    def target_polygon(
        self, word: str, points: Sequence[tuple[float, float]], title: str = ""
    ) -> None:
        """As `target`, for a place of another shape (a hex)."""
        self._add_target(word, Polygon(points, debug=False), title)

    def _add_target(self, word: str, shape: Any, title: str) -> None:
        group = Group(class_="place", debug=False)
        group["data-id"] = word  # not in svgwrite's SVG 1.1 attribute list, hence debug=False
        if title:
            group.set_desc(title=title)
        shape.update({"fill": "#fff", "fill-opacity": 0, "stroke": "none"})
        group.add(shape)
        self._targets.append(group)

    def tostring(self) -> str:
        """The SVG document, the tap targets over everything else."""
        layer = self.drawing.g(class_="places")
        for group in self._targets:
            layer.add(group)
        self._targets = []
        self.drawing.add(layer)
        return self.drawing.tostring()
