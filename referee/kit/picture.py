"""The table drawn from a game's blocks: the picture and the `zones` data a kit game gets
without writing them.

Every block is a row: its name, then its cards face up when the viewer sees them, else a face-down
stack with its count. Each block and each face-up card carries `data-id`, the word moves use (a
pile's name, a card's ID), so tapping the picture on the shared page picks the move's words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnpkit.referee.information import Zone
from pnpkit.referee.kit.blocks import Deck, Hand, Table, Track
from pnpkit.referee.table_data import card

if TYPE_CHECKING:
    from pnpkit.referee.rules import Rules, Setup, State

CARD_W, CARD_H, GAP, ROW, NAME_W = 46.0, 64.0, 6.0, 84.0, 150.0
COLOURS = {"red", "green", "blue", "yellow", "white", "orange", "purple", "gold", "black"}


def _sees(zone: Zone, viewer: str | None) -> bool:
    return viewer is None or zone.visible_to(viewer)


def zones_of(setup: Setup, table: Table, viewer: str | None) -> dict[str, Any]:
    """The blocks as data for `viewer` (None: the referee): each with its kind, and its cards
    when the viewer sees them, else how many there are."""
    rows = []
    for name, block in table.blocks:
        zone = block.zone(name)
        row: dict[str, Any] = {"name": name, "kind": type(block).__name__.lower()}
        if isinstance(block, Track):
            row["marks"] = list(block.marks)
        elif isinstance(block, Deck) or not _sees(zone, viewer):
            row["count"] = len(block) if isinstance(block, Deck | Hand) else len(zone.cards)
        else:
            row["cards"] = [card(setup.game, c) for c in zone.cards]
            if isinstance(block, Hand) and block.unknown:
                row["unknown"] = block.unknown
        rows.append(row)
    return {"blocks": rows}


def picture(rules: Rules, setup: Setup, state: State, viewer: str) -> str:
    """The SVG of the table as `viewer` sees it (the shared screen: `SHARED`)."""
    from pnpkit.referee.picture import Picture

    rows = zones_of(setup, state.table, viewer)["blocks"]
    widest = max((len(r.get("cards", ())) for r in rows), default=0)
    width = NAME_W + max(widest, 3) * (CARD_W + GAP) + 32
    canvas = Picture(rules.table(setup, state, viewer), width, len(rows) * ROW + 16)
    for n, row in enumerate(rows):
        _row(canvas, setup, row, canvas.margin, canvas.top + n * ROW)
    return canvas.tostring()


def _tagged(canvas: Any, word: str) -> Any:
    group = canvas.drawing.g(class_="block-item")
    group.attribs["data-id"] = word  # svgwrite's checks know no data-* attributes
    canvas.drawing.add(group)
    return group


def _row(canvas: Any, setup: Setup, row: dict[str, Any], x: float, y: float) -> None:
    d = canvas.drawing
    title = _tagged(canvas, row["name"])
    title.add(d.rect((x, y), (NAME_W - 12, CARD_H), rx=4, fill="#e6dfd0"))
    title.add(d.text(row["name"], insert=(x + 6, y + 18), font_size=12, font_weight="bold"))
    if "marks" in row:
        marks = ", ".join(f"{p}: {m}" for p, m in zip(setup.players, row["marks"], strict=False))
        title.add(d.text(marks, insert=(x + NAME_W, y + 18), font_size=11))
        return
    if "count" in row:
        title.add(d.text(f"{row['count']} face down", insert=(x + 6, y + 36), font_size=10))
        if row["count"]:
            back = (x + NAME_W, y)
            title.add(d.rect(back, (CARD_W, CARD_H), rx=4, fill="#6b4f3a", stroke="#222"))
        return
    for n, shown in enumerate(row["cards"]):
        left = x + NAME_W + n * (CARD_W + GAP)
        group = _tagged(canvas, shown["id"])
        component = setup.game.component(shown["id"])
        colour = str(component.fields.get("colour", "")) if component else ""
        stroke = colour if colour in COLOURS else "#444"
        group.add(d.rect((left, y), (CARD_W, CARD_H), rx=4, fill="#fffdf7", stroke=stroke))
        group.add(d.rect((left, y), (CARD_W, 8), fill=stroke))
        group.add(d.text(shown["id"], insert=(left + 3, y + 24), font_size=9))
        group.add(d.text(shown["name"][:9], insert=(left + 3, y + 40), font_size=8))
