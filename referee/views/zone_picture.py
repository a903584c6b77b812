"""The table drawn as rows of zones: the picture a game gets without drawing its own (the rules
kit's blocks, or any game's `knowledge`).

Every zone is a row: its name, then its cards face up when the viewer sees them (copies side by
side drawn once, marked ×N), else a face-down stack with its count. Each row and each face-up
card carries `data-id`, the word moves use (a pile's name, a card's ID), so tapping the picture
on the shared page picks the move's words.
Imported only by the commands that draw (svgwrite is slow to load).
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from pnpkit.referee.engine.information import Knowledge
from pnpkit.referee.views.table_data import card

if TYPE_CHECKING:
    from pnpkit.referee.engine.rules import Rules, Setup, State

CARD_W, CARD_H, GAP, ROW, NAME_W, WIDTH = 46.0, 64.0, 6.0, 80.0, 104.0, 960.0
NAME_CHARS = 10
"""Characters of a card's name per line (8-point text on a card CARD_W wide)."""
COLOURS = {
    "red": "#c8362f",
    "green": "#2e8b47",
    "blue": "#2f62c8",
    "yellow": "#d4a017",
    "white": "#9a9a9a",
    "orange": "#d9801a",
    "purple": "#7c4bb8",
    "gold": "#b8860b",
    "black": "#222222",
}
"""The stripe of a card whose `colour` field names one of these; other cards' is grey."""


Row = dict[str, Any]
"""A zone as the picture draws it: its name and kind, then its cards (each `card`'s data) when
the viewer sees them, else their `count`; a track's `marks`."""


def knowledge_rows(setup: Setup, known: Knowledge, viewer: str) -> list[Row]:
    """The zones of `known` as rows for `viewer`: a zone's cards when it sees them, else how
    many there are."""
    return [
        {"name": zone.name, "kind": "zone", "cards": [card(setup.game, c) for c in zone.cards]}
        if zone.visible_to(viewer)
        else {"name": zone.name, "kind": "zone", "count": len(zone.cards)}
        for zone in known.zones
    ]


def drawn(rules: Rules, setup: Setup, state: State, viewer: str, rows: list[Row]) -> str:
    """The SVG of the table as `viewer` sees it (the shared screen: `SHARED`): `rows` in their
    order, wrapped at WIDTH, each as wide as its cards, below the legend."""
    from pnpkit.referee.views.picture import Picture

    places, x, y = [], 0.0, 0.0
    for row in rows:
        width = _name_w(row["name"]) + GAP + _spread(len(_runs(row.get("cards", [])))) + 2 * GAP
        if x and x + width > WIDTH:
            x, y = 0.0, y + ROW
        places.append((x, y))
        x += width
    canvas = Picture(rules.table(setup, state, viewer), WIDTH, y + ROW + 16)
    for row, (left, top) in zip(rows, places, strict=True):
        _row(canvas, setup, row, canvas.margin + left, canvas.top + top)
    return canvas.tostring()


def _name_w(name: str) -> float:
    """The width of a block's name box (bold 12-point text and its padding)."""
    return max(NAME_W, len(name) * 7.6 + 14)


def _step(cards: int) -> float:
    """How far apart face-up cards lie: side by side, overlapping when there are many."""
    return CARD_W + GAP if cards <= 4 else 24.0


def _spread(cards: int) -> float:
    """The width `cards` face-up cards take (one card's room when there are none)."""
    return (max(cards, 1) - 1) * _step(cards) + CARD_W


def _runs(cards: list[dict[str, Any]]) -> list[tuple[dict[str, Any], int]]:
    """The cards as runs of copies lying side by side, each with how many (a supply of 19
    candles is one card ×19; a pile keeps its order)."""
    runs: list[tuple[dict[str, Any], int]] = []
    for shown in cards:
        if runs and runs[-1][0]["id"] == shown["id"]:
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((shown, 1))
    return runs


def _name_lines(name: str) -> list[str]:
    """A card's name on two short lines (its words kept whole where they fit), shortened with
    an ellipsis when it needs more."""
    lines = textwrap.wrap(name, NAME_CHARS) or [""]
    if len(lines) > 2:
        lines = [lines[0], lines[1][: NAME_CHARS - 1] + "…"]
    return lines


def _tagged(canvas: Any, word: str) -> Any:
    """A group carrying `data-id` (svgwrite's attribute checks know no data-* attribute, so it
    is set on the XML the group gives)."""
    from svgwrite.container import Group

    class Tagged(Group):  # type: ignore[misc]
        def get_xml(self) -> Any:
            xml = super().get_xml()
            xml.set("data-id", word)
            return xml

    group = Tagged(class_="block-item")
    canvas.drawing.add(group)
    return group


def _row(canvas: Any, setup: Setup, row: dict[str, Any], x: float, y: float) -> None:
    d = canvas.drawing
    title, left = _tagged(canvas, row["name"]), x
    title.add(d.rect((x, y), (_name_w(row["name"]), CARD_H), rx=4, fill="#e6dfd0"))
    x += _name_w(row["name"]) + GAP
    title.add(d.text(row["name"], insert=(left + 6, y + 18), font_size=12, font_weight="bold"))
    if "marks" in row:
        marks = ", ".join(f"{p}: {m}" for p, m in zip(setup.players, row["marks"], strict=False))
        title.add(d.text(marks, insert=(x, y + 18), font_size=11))
        return
    if "count" in row:
        title.add(d.text(f"{row['count']} hidden", insert=(left + 6, y + 36), font_size=10))
        if row["count"]:
            back = (x, y)
            title.add(d.rect(back, (CARD_W, CARD_H), rx=4, fill="#6b4f3a", stroke="#222"))
        return
    if "face_down" in row:
        down = f"{row['face_down']} face down"
        title.add(d.text(down, insert=(left + 6, y + 36), font_size=10))
    runs = _runs(row["cards"])
    for n, (shown, copies) in enumerate(runs):
        at = x + n * _step(len(runs))
        group = _tagged(canvas, shown["id"])
        component = setup.game.component(shown["id"])
        colour = str(component.fields.get("colour", "")) if component else ""
        stroke = COLOURS.get(colour, "#444444")
        group.add(d.rect((at, y), (CARD_W, CARD_H), rx=4, fill="#fffdf7", stroke=stroke))
        group.add(d.rect((at, y), (CARD_W, 8), fill=stroke))
        group.add(d.text(shown["id"], insert=(at + 3, y + 24), font_size=9))
        for k, line in enumerate(_name_lines(shown["name"])):
            group.add(d.text(line, insert=(at + 3, y + 38 + 10 * k), font_size=8))
        if copies > 1:
            group.add(d.text(f"×{copies}", insert=(at + 3, y + CARD_H - 5), font_size=10,
                             font_weight="bold"))  # fmt: skip
