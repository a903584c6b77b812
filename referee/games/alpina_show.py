"""Alpina's table for people: the grid as text for the terminal, and as an SVG picture."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnpkit.referee.faces import place_face
from pnpkit.referee.games import alpina_grid as grid
from pnpkit.referee.moves import space_name
from pnpkit.referee.rules import Setup

if TYPE_CHECKING:
    from pnpkit.referee.games.alpina import Alpina

CARD_W, CARD_H, GAP, MARGIN = 63.0, 88.0, 6.0, 24.0


def _window(state: Alpina) -> tuple[range, range]:
    """Columns and rows to show: the cards and one space around them, inside the frame."""
    occupied = [i for i, c in enumerate(state.cards) if c is not None] or [grid.START]
    columns = [i % grid.SIZE for i in occupied]
    rows = [i // grid.SIZE for i in occupied]
    return (
        range(max(0, min(columns) - 1), min(grid.SIZE, max(columns) + 2)),
        range(max(0, min(rows) - 1), min(grid.SIZE, max(rows) + 2)),
    )


def describe_table(setup: Setup, state: Alpina, colours: tuple[str, ...]) -> str:
    """The grid (CARD, CARD*colour for a hiker) and each player's hand, hikers and turn."""
    columns, rows = _window(state)
    width = 11
    lines = ["    " + "".join(f"{chr(97 + c):^{width}}" for c in columns)]
    for r in rows:
        cells = []
        for c in columns:
            i = r * grid.SIZE + c
            card = state.cards[i]
            hiker = state.hikers[i]
            text = (
                "." if card is None else card + ("" if hiker is None else f"*{colours[hiker][:3]}")
            )
            cells.append(f"{text:^{width}}")
        lines.append(f"{r + 1:>3} " + "".join(cells))
    lines.append("")
    for seat, player in enumerate(setup.players):
        marker = "▶" if seat == state.turn and state.phase not in ("start", "over") else " "
        known = sorted(state.known[seat])
        hand = f"{state.hand_sizes[seat]} cards" + (f" ({' '.join(known)})" if known else "")
        lines.append(
            f"{marker} {player} ({colours[seat]}): {hand}, {state.hikers_left[seat]} hikers left"
        )
    lines.append(f"  draw pile: {state.deck_size()} cards; grid: {state.placed}/25")
    return "\n".join(lines)


def table_svg(setup: Setup, state: Alpina, colours: tuple[str, ...], face: Any) -> str:
    """The grid drawn with the cards' printed faces (or a plain stand-in) and the hikers."""
    columns, rows = _window(state)
    hexes = {c.fields["colour"]: c.fields["hex"] for c in setup.game.group("hikers").components}
    width = 2 * MARGIN + len(columns) * (CARD_W + GAP)
    height = 2 * MARGIN + len(rows) * (CARD_H + GAP)
    import svgwrite  # only `show --svg` draws; `move` must start fast

    drawing = svgwrite.Drawing(size=(f"{width}pt", f"{height}pt"), viewBox=f"0 0 {width} {height}")
    drawing.add(drawing.rect((0, 0), (width, height), fill="#f4f1ea"))
    for y, r in enumerate(rows):
        for x, c in enumerate(columns):
            left, top = MARGIN + x * (CARD_W + GAP), MARGIN + y * (CARD_H + GAP)
            i = r * grid.SIZE + c
            card = state.cards[i]
            label = space_name(c, r)
            if card is None:
                drawing.add(
                    drawing.rect((left, top), (CARD_W, CARD_H), fill="none", stroke="#bbb",
                                 stroke_dasharray="3,3")
                )  # fmt: skip
                drawing.add(
                    drawing.text(label, insert=(left + 4, top + 12), font_size=9, fill="#999")
                )
                continue
            _card(drawing, setup, card, face(card), left, top)
            hiker = state.hikers[i]
            if hiker is not None:
                # On the card's hiker space (its lower left corner), clear of the condition.
                centre = (left + 14, top + CARD_H - 14)
                fill = hexes.get(colours[hiker], "#000")
                drawing.add(drawing.circle(centre, 10, fill=fill, stroke="#000", stroke_width=1.5))
    return drawing.tostring()


def _card(drawing: Any, setup: Setup, card: str, svg: str | None, left: float, top: float) -> None:
    if svg is not None:
        place_face(drawing, svg, (left, top), (CARD_W, CARD_H))
        return
    component = setup.game.component(card)
    fields = component.fields if component else {}
    drawing.add(drawing.rect((left, top), (CARD_W, CARD_H), rx=4, fill="#fff", stroke="#333"))
    lines = [card, str(fields.get("animal", "")), str(fields.get("landscape", "")),
             f"tape {fields.get('tape', '')}"]  # fmt: skip
    for n, text in enumerate(lines):
        drawing.add(drawing.text(text, insert=(left + 5, top + 14 + 12 * n), font_size=9))
