"""Nut Hunt's table for people: the forest as text for the terminal, and as an SVG picture."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from pnpkit.referee.games import nut_hunt_board as board
from pnpkit.referee.games.nut_hunt_data import data_of
from pnpkit.referee.rules import Setup
from pnpkit.wording import counted

if TYPE_CHECKING:
    from pnpkit.referee.games.nut_hunt_state import Hunt

HEX = 60.0
"""Distance between the centres of neighbouring tiles, in SVG units."""
MARGIN = 20.0


def _pieces(state: Hunt, space: int, colours: tuple[str, ...]) -> str:
    """`2 white, nest yellow` for the pieces on a space."""
    parts = [f"{n} {colours[s]}" for s, n in enumerate(state.squirrels[space]) if n]
    parts += [
        f"nest {colours[s]}" + (f" ×{n}" if n > 1 else "")
        for s, n in enumerate(state.nests[space])
        if n
    ]
    return ", ".join(parts)


def describe_table(
    setup: Setup,
    state: Hunt,
    colours: tuple[str, ...],
    names: tuple[str, ...],
    viewer: int | None = None,
) -> str:
    """The forest row by row with its pieces, then each seat's nuts, hand and nests; with a
    `viewer` seat, the other players' objectives only as counts (NH-3)."""
    data = data_of(setup.game)
    lines = []
    if len(state.layout) < board.SPACES:
        lines.append(f"Forest: {len(state.layout)} of {board.SPACES} tiles laid")
    else:
        lines.append("Forest (row by row):")
        for space, tile in enumerate(state.layout):
            row, column = board.row_column(space)
            fox = "  FOX" if space == state.fox else ""
            pieces = _pieces(state, space, colours)
            lines.append(
                f"  row {row + 1}.{column + 1} {tile} {data.tiles[tile].name:<18}{fox}"
                + (f"  [{pieces}]" if pieces else "")
            )
    lines.append("Seats:")
    for seat, name in enumerate(names):
        nests = state.nest_total(seat)
        line = f"  {name} ({colours[seat]}): {counted(nests, 'nest')}"
        if seat < len(state.nuts):
            held = ", ".join(
                f"{n} {t}" for t, n in zip(data.nut_types, state.nuts[seat], strict=True) if n
            )
            cards = len(state.hand_known[seat]) + state.hand_hidden[seat]
            line += f"; nuts: {held or 'none'}; objectives held: {cards}"
            if state.hand_known[seat] and viewer in (None, seat):
                line += f" ({', '.join(state.hand_known[seat])})"
        else:
            line += f"; objectives: {', '.join(state.automa_hand) or 'not dealt yet'}"
        lines.append(line)
    lines.append(f"Objective deck: {counted(state.deck_size, 'card')}")
    if state.note:
        lines.append(f"Last: {state.note}")
    return "\n".join(lines)


def _centre(space: int) -> tuple[float, float]:
    q, r = board.coordinates()[space]
    x = HEX * (q + r / 2) + 2.5 * HEX + MARGIN
    y = HEX * math.sqrt(3) / 2 * r + 2.5 * HEX + MARGIN
    return x, y


def _corners(x: float, y: float) -> list[tuple[float, float]]:
    radius = HEX / math.sqrt(3) - 2  # a gap between tiles keeps each border whole
    return [
        (
            x + radius * math.cos(math.radians(90 + 60 * i)),
            y + radius * math.sin(math.radians(90 + 60 * i)),
        )
        for i in range(6)
    ]


def table_svg(setup: Setup, state: Hunt, colours: tuple[str, ...], names: tuple[str, ...]) -> str:
    """The hex forest with tile names, the fox, squirrels (circles) and nests (squares)."""
    data = data_of(setup.game)
    rgb = {t.fields["colour"]: t.fields["rgb"] for t in setup.game.group("squirrels").components}
    size = 5 * HEX + 2 * MARGIN
    import svgwrite  # only `show --svg` draws; other commands must start fast

    drawing = svgwrite.Drawing(size=(f"{size}", f"{size + 20 * len(names)}"))
    drawing.add(drawing.rect((0, 0), ("100%", "100%"), fill="white"))
    for space, tile in enumerate(state.layout):
        x, y = _centre(space)
        special = data.tiles[tile].fields.get("special")
        fill = {"frog-pond": "#bfe3f2", "pine-barrens": "#d8cfa8"}.get(special or "", "#e7f0d8")
        border = "#3d9b35" if data.tiles[tile].fields.get("start") else "#6b5a3a"
        drawing.add(drawing.polygon(_corners(x, y), fill=fill, stroke=border, stroke_width=2))
        drawing.add(
            drawing.text(
                data.tiles[tile].name, insert=(x, y - 14), text_anchor="middle", font_size=6
            )
        )
        drawing.add(
            drawing.text(tile, insert=(x, y - 5), text_anchor="middle", font_size=6, fill="#555")
        )
        if space == state.fox:
            drawing.add(
                drawing.text(
                    "FOX",
                    insert=(x, y + 22),
                    text_anchor="middle",
                    font_size=8,
                    fill="#c0571b",
                    font_weight="bold",
                )
            )
        _draw_pieces(drawing, state, space, (x, y), [rgb[c] for c in colours])
    for seat, name in enumerate(names):
        y = size + 14 + 20 * seat
        drawing.add(drawing.circle((MARGIN, y - 4), 6, fill=rgb[colours[seat]], stroke="black"))
        text = f"{name} ({colours[seat]}): {counted(state.nest_total(seat), 'nest')}"
        drawing.add(drawing.text(text, insert=(MARGIN + 12, y), font_size=10))
    return drawing.tostring()


def _draw_pieces(
    drawing: Any, state: Hunt, space: int, at: tuple[float, float], fills: list[str]
) -> None:
    x, y = at
    slot = 0
    for seat, fill in enumerate(fills):
        for kind, n in (
            ("nest", state.nests[space][seat]),
            ("squirrel", state.squirrels[space][seat]),
        ):
            if not n:
                continue
            cx, cy = x - 18 + 12 * (slot % 4), y + 6 + 10 * (slot // 4)
            if kind == "nest":
                drawing.add(drawing.rect((cx - 5, cy - 5), (10, 10), fill=fill, stroke="black"))
            else:
                drawing.add(drawing.circle((cx, cy), 4.5, fill=fill, stroke="black"))
            if n > 1:
                drawing.add(drawing.text(str(n), insert=(cx + 4, cy - 3), font_size=6))
            slot += 1
