"""Nut Hunt's table for people: the forest as text for the terminal, and as an SVG picture."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from pnpkit.referee.api import Face, Setup, card_title, counted, place_face
from pnpkit.referee.games.nut_hunt import forest, seats
from pnpkit.referee.games.nut_hunt.data import data_of

if TYPE_CHECKING:
    from pnpkit.referee.games.nut_hunt.state import Hunt

HEX = 112.0
"""Distance between the centres of neighbouring tiles, in SVG units."""
RADIUS = HEX / math.sqrt(3) - 1.5
"""A tile's centre to its corners (a gap between tiles keeps each border whole)."""
MARGIN = 20.0
PIECE = 22.0
"""From one row of pieces on a tile to the next."""
GAP = 3.0
"""Between pieces side by side."""


CELL = 16
"""Characters a tile takes in the terminal's hex map."""


def letters(colours: tuple[str, ...]) -> dict[str, str]:
    """A distinct letter per colour for the map (white w, blue b, black k …)."""
    chosen: dict[str, str] = {}
    for colour in colours:
        free = [c for c in colour.lower() + "abcdefghijklmnopqrstuvwxyz" if c.isalpha()]
        chosen[colour] = next(c for c in free if c not in chosen.values())
    return chosen


def forest_map(state: Hunt, colours: tuple[str, ...]) -> list[str]:
    """The forest as a hex map, two lines a tile: its ID (and the fox), then the pieces on it —
    a colour's letter and how many: lower case squirrels, upper case nests."""
    letter = letters(colours)
    lines = [
        "Forest (squirrels: "
        + ", ".join(f"{letter[c]} {c}" for c in dict.fromkeys(colours))
        + "; nests in capitals):"
    ]
    space = 0
    for length in forest.ROWS:
        indent = " " * ((max(forest.ROWS) - length) * CELL // 2 + 2)
        tiles, pieces = [], []
        for _ in range(length):
            fox = " FOX" if space == state.fox else ""
            tiles.append(f"{state.layout[space] + fox:^{CELL}}")
            found = [
                f"{letter[colours[s]]}{n}" for s, n in enumerate(state.squirrels[space]) if n
            ] + [f"{letter[colours[s]].upper()}{n}" for s, n in enumerate(state.nests[space]) if n]
            pieces.append(f"{' '.join(found) or '·':^{CELL}}")
            space += 1
        lines += [indent + "".join(tiles).rstrip(), indent + "".join(pieces).rstrip(), ""]
    return lines[:-1]


def describe_table(setup: Setup, state: Hunt, player: str | None = None) -> str:
    """The forest as a hex map with its pieces, then each seat's nuts, hand and nests; for a
    `player`, the other players' objectives only as counts (NH-3; any other name: every one's)."""
    colours, names = seats.colours(setup), seats.seat_names(setup)
    viewer = None if player is None else seats.seat_of(setup, player)
    data = data_of(setup.game)
    lines = []
    if len(state.layout) < forest.SPACES:
        lines.append(f"Forest: {len(state.layout)} of {forest.SPACES} tiles laid")
    else:
        lines += forest_map(state, colours)
    lines.append("Seats:")
    for seat, name in enumerate(names):
        nests = state.nest_total(seat)
        line = f"  {name} ({colours[seat]}): {counted(nests, 'nest')}"
        if seat < len(state.nuts):
            held = ", ".join(
                f"{n} {t}" for t, n in zip(data.nut_types, state.nuts[seat], strict=True) if n
            )
            hand = state.hands[seat]
            line += f"; nuts: {held or 'none'}; objectives held: {len(hand)}"
            if hand.known and viewer in (None, seat):
                line += f" ({', '.join(hand.known)})"
        else:
            line += f"; objectives: {', '.join(state.automa('hand').cards) or 'not dealt yet'}"
        lines.append(line)
    lines.append(f"Objective deck: {counted(state.deck_size, 'card')}")
    if state.note:
        lines.append(f"Last: {state.note}")
    return "\n".join(lines)


def _centre(space: int, top: float) -> tuple[float, float]:
    q, r = forest.coordinates()[space]
    x = HEX * (q + r / 2) + 2.5 * HEX + MARGIN
    y = HEX * math.sqrt(3) / 2 * r + 2.3 * HEX + MARGIN + top
    return x, y


def _corners(x: float, y: float) -> list[tuple[float, float]]:
    return [
        (
            x + RADIUS * math.cos(math.radians(90 + 60 * i)),
            y + RADIUS * math.sin(math.radians(90 + 60 * i)),
        )
        for i in range(6)
    ]


def ink(rgb: str) -> str:
    """Black or white text, whichever reads on a background of colour `rgb` ("#rrggbb")."""
    red, green, blue = (int(rgb[i : i + 2], 16) for i in (1, 3, 5))
    return "#000" if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else "#fff"


def table_svg(setup: Setup, state: Hunt, table: dict[str, Any], face: Face) -> str:
    """The legend, then the hex forest drawn with the tiles' printed faces; on each tile, where
    its tree is printed, the fox and each colour's squirrels (round) and nests (square) with
    their number; below, each seat's nests. Each tile is a tap target for the moves that name it
    (`recruit NH-OAK`), pieces and all."""
    from pnpkit.referee.api import Picture  # only `show --svg` draws; `move` must start fast

    colours, names = seats.colours(setup), seats.seat_names(setup)
    data = data_of(setup.game)
    rgb = {t.fields["colour"]: t.fields["rgb"] for t in setup.game.group("squirrels").components}
    size, height = 5 * HEX + 2 * MARGIN, 4.65 * HEX + 2 * MARGIN
    picture = Picture(table, size, height + 20 * (len(names) + 1), background="#fbfaf5")
    drawing = picture.drawing
    for space, tile in enumerate(state.layout):
        x, y = _centre(space, picture.top)
        art = face(tile)
        title = card_title(setup.game, tile)
        if art:
            group = drawing.g(class_="card")
            group.set_desc(title=title)
            drawing.add(group)
            width = RADIUS * math.sqrt(3)
            place_face(drawing, art, (x - width / 2, y - RADIUS), (width, 2 * RADIUS), group)
        else:
            polygon = drawing.polygon(_corners(x, y), fill="#e7f0d8", stroke="#6b5a3a")
            polygon.set_desc(title=title)
            drawing.add(polygon)
            picture.label(data.tiles[tile].name, x - 40, y - 6, size=7)
        _draw_pieces(picture, state, space, (x, y), colours, rgb)
        picture.target_polygon(tile, _corners(x, y), title)
    top = picture.top + height
    picture.label("round: squirrels, square: nests; the number is how many", MARGIN, top, size=9)
    for seat, name in enumerate(names):
        y = top + 20 * (seat + 1)
        fill = rgb[colours[seat]]
        drawing.add(drawing.rect((MARGIN, y + 2), (11, 11), fill=fill, stroke="black"))
        text = f"{name} ({colours[seat]}): {counted(state.nest_total(seat), 'nest')} built"
        picture.label(text, MARGIN + 16, y, size=10)
    return picture.tostring()


def _draw_pieces(
    picture: Any,
    state: Hunt,
    space: int,
    at: tuple[float, float],
    colours: tuple[str, ...],
    rgb: dict[str, str],
) -> None:
    """The fox and the pieces on a tile, in rows over its printed tree (clear of its name)."""
    x, y = at
    pieces = [("FOX", "#d9661f", "the fox", 4)] if space == state.fox else []
    for seat, colour in enumerate(colours):
        for kind, shape, n in (
            ("nest", 1, state.nests[space][seat]),
            ("squirrel", 7, state.squirrels[space][seat]),
        ):
            if n:
                pieces.append((str(n), rgb[colour], f"{counted(n, f'{colour} {kind}')}", shape))
    from pnpkit.referee.api import PAD, text_width

    per_row = 4
    for row in range(0, len(pieces), per_row):
        line = pieces[row : row + per_row]
        widths = [text_width(text, 9) + 2 * PAD for text, *_ in line]
        left = x - (sum(widths) + GAP * (len(line) - 1)) / 2
        top = y - RADIUS * 0.78 + (row // per_row) * (PIECE - 2)
        for (text, fill, title, rounding), width in zip(line, widths, strict=True):
            box = picture.label(
                text, left, top, size=9, fill=ink(fill), background=fill, title=title
            )
            picture.drawing.add(
                picture.drawing.rect(box[:2], box[2:], rx=rounding, fill="none", stroke="#000")
            )
            left += width + GAP
