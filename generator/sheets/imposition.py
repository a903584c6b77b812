"""Imposition: where each face goes on a sheet. Pure geometry in page points, y up.

Rectangular faces are butted in a grid (one cut serves two neighbours) with crop marks in the
margin; round tokens and compound pieces sit apart and get cut lines; hex tiles tessellate so
that neighbours share their edges; a face larger than a sheet is tiled with an overlap.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import NamedTuple

from pnpkit.generator.faces.face import Face
from pnpkit.units import MM

PAPERS = {"a4": (210 * MM, 297 * MM), "letter": (8.5 * 72, 11 * 72)}
PRINTER_MARGIN = 4 * MM  # most printers cannot print closer to the edge
MARK_ROOM = 2 * MM  # the least room kept for crop marks outside the bleed
FOOTER = 7 * MM  # the "print at 100%" note and the ruler
LOOSE_GAP = 3 * MM  # between pieces that are cut along their own outline
GUTTER = 6 * MM  # each side of a gutter-fold's fold line
OVERLAP = 10 * MM  # between the tiles of a face larger than a sheet


class Rect(NamedTuple):
    """A rectangle on the page: lower-left corner, width and height."""

    x: float
    y: float
    w: float
    h: float

    @property
    def x1(self) -> float:
        return self.x + self.w

    @property
    def y1(self) -> float:
        return self.y + self.h


@dataclass(frozen=True)
class Slot:
    """One face on a sheet: its trim box on the page, how it is turned, and its clip."""

    index: int  # position of the piece in the group's print order
    trim: Rect
    rotate: int = 0
    clip: Rect | None = None  # the printable area of the face (trim plus outer bleed)
    window: Rect | None = None  # for a tiled face: which part of it (face points, y down)
    part: str = ""  # for a tiled face: "row 1, column 2 of 2 × 2"


class Area(NamedTuple):
    """Where pieces may go on a sheet."""

    x: float
    y: float
    w: float
    h: float


def content_area(paper: tuple[float, float], bleed: float, marks: bool) -> Area:
    """The part of the sheet for pieces: inside printer margins, the footer, mark room, bleed."""
    room = PRINTER_MARGIN + (MARK_ROOM if marks else 0.0) + bleed
    width, height = paper
    bottom = PRINTER_MARGIN + FOOTER + (MARK_ROOM if marks else 0.0) + bleed
    return Area(room, bottom, width - 2 * room, height - room - bottom)


def _fit(area: float, size: float, gap: float) -> int:
    return max(0, int((area + gap + 1e-6) // (size + gap)))


def grid_slots(
    face: Face, count: int, area: Area, gap: float = 0.0, allow_turn: bool = True
) -> list[list[Slot]]:
    """Pages of a grid that holds `count` faces, centred in `area`, turned 90° if more fit."""
    options = []
    for rotate in (0, 90) if allow_turn else (0,):
        w, h = (face.width, face.height) if rotate == 0 else (face.height, face.width)
        pad = face.bleed * 2 if gap else 0.0
        columns, rows = _fit(area.w, w + pad, gap), _fit(area.h, h + pad, gap)
        if columns * rows:
            sheets = math.ceil(count / (columns * rows))
            options.append((sheets, rotate, w, h, columns, rows, pad))
    if not options:
        return []
    _, rotate, w, h, columns, rows, pad = min(options)  # fewest sheets, then upright
    per_page = columns * rows
    block_w = columns * (w + pad) + (columns - 1) * gap - pad
    left = area.x + (area.w - block_w) / 2
    top = area.y + area.h - (area.h - (rows * (h + pad) + (rows - 1) * gap - pad)) / 2
    pages: list[list[Slot]] = []
    for start in range(0, count, per_page):
        page = []
        for n in range(min(per_page, count - start)):
            row, column = divmod(n, columns)
            x = left + column * (w + pad + gap)
            y = top - (row + 1) * h - row * (pad + gap)
            trim = Rect(x, y, w, h)
            page.append(Slot(start + n, trim, rotate))
        pages.append(page)
    return pages


def _near(a: float, b: float) -> bool:
    return abs(a - b) < 0.01


def butted_clips(page: list[Slot], bleed: float) -> list[Slot]:
    """Clip each face to its own cell, bleeding only on sides that have no neighbour."""
    trims = [s.trim for s in page]

    def touches(t: Rect, side: str) -> bool:
        for o in trims:
            across = o.y < t.y1 - 0.01 and o.y1 > t.y + 0.01
            along = o.x < t.x1 - 0.01 and o.x1 > t.x + 0.01
            if (side == "left" and across and _near(o.x1, t.x)) or (
                side == "right" and across and _near(o.x, t.x1)
            ):
                return True
            if (side == "bottom" and along and _near(o.y1, t.y)) or (
                side == "top" and along and _near(o.y, t.y1)
            ):
                return True
        return False

    clipped = []
    for slot in page:
        t = slot.trim
        x0 = t.x if touches(t, "left") else t.x - bleed
        x1 = t.x1 if touches(t, "right") else t.x1 + bleed
        y0 = t.y if touches(t, "bottom") else t.y - bleed
        y1 = t.y1 if touches(t, "top") else t.y1 + bleed
        clipped.append(replace(slot, clip=Rect(x0, y0, x1 - x0, y1 - y0)))
    return clipped


def outline_on_page(outline: tuple, slot: Slot) -> tuple:
    """A face's outline (face points, y down) placed where `slot` puts the face on the page."""
    t = slot.trim
    corner = {0: (t.x, t.y1), 90: (t.x1, t.y1), 180: (t.x1, t.y), 270: (t.x, t.y)}[slot.rotate]
    turn = math.radians(-slot.rotate)
    cos, sin = math.cos(turn), math.sin(turn)

    def placed(x: float, y: float) -> tuple[float, float]:
        return corner[0] + x * cos + y * sin, corner[1] + x * sin - y * cos

    return tuple(
        (op, *(v for i in range(0, len(xy), 2) for v in placed(xy[i], xy[i + 1])))
        for op, *xy in outline
    )


def within_reach(a: Rect, b: Rect, reach: float) -> bool:
    """Whether rectangle b comes within `reach` of rectangle a."""
    return b.x < a.x1 + reach and b.x1 > a.x - reach and b.y < a.y1 + reach and b.y1 > a.y - reach


def circle_slots(face: Face, count: int, area: Area) -> list[list[Slot]]:
    """Round tokens in offset rows (hexagonal packing) when that holds more than a grid."""
    d = face.width + 2 * face.bleed
    columns = _fit(area.w, d, 0.0)
    pitch = d * math.sqrt(3) / 2
    rows_grid = _fit(area.h, d, 0.0)
    rows_hex = max(0, int((area.h - d) // pitch) + 1) if area.h >= d else 0
    odd_fit = _fit(area.w - d / 2, d, 0.0)
    hex_count = sum(columns if r % 2 == 0 else odd_fit for r in range(rows_hex))
    if columns == 0 or max(rows_grid * columns, hex_count) == 0:
        return []
    packed = hex_count > rows_grid * columns
    positions = []
    rows = rows_hex if packed else rows_grid
    for r in range(rows):
        offset = d / 2 if packed and r % 2 else 0.0
        n = odd_fit if packed and r % 2 else columns
        for c in range(n):
            positions.append((c * d + offset, r * (pitch if packed else d)))
    width = max(x for x, _ in positions) + d
    height = max(y for _, y in positions) + d
    left = area.x + (area.w - width) / 2 + face.bleed
    top = area.y + area.h - (area.h - height) / 2 - face.bleed
    return _paged(count, [Rect(left + x, top - y - face.height, face.width, face.height)
                          for x, y in positions])  # fmt: skip


def hex_slots(face: Face, count: int, area: Area) -> list[list[Slot]]:
    """Hex tiles tessellated: rows offset by half a tile, neighbours sharing their edges."""
    flat = face.width > face.height
    w, h = face.width, face.height
    if flat:  # columns of flat-top hexes, every other column half a tile lower
        pitch_x, pitch_y = 0.75 * w, h
        columns = max(0, int((area.w - w) // pitch_x) + 1) if area.w >= w else 0
        rows = _fit(area.h - h / 2, h, 0.0)
        positions = [(c * pitch_x, r * pitch_y + (h / 2 if c % 2 else 0))
                     for r in range(rows) for c in range(columns)]  # fmt: skip
    else:
        pitch_x, pitch_y = w, 0.75 * h
        rows = max(0, int((area.h - h) // pitch_y) + 1) if area.h >= h else 0
        columns = _fit(area.w - w / 2, w, 0.0)
        positions = [(c * pitch_x + (w / 2 if r % 2 else 0), r * pitch_y)
                     for r in range(rows) for c in range(columns)]  # fmt: skip
    if not positions:
        return []
    width = max(x for x, _ in positions) + w
    height = max(y for _, y in positions) + h
    left = area.x + (area.w - width) / 2
    top = area.y + area.h - (area.h - height) / 2
    return _paged(count, [Rect(left + x, top - y - h, w, h) for x, y in positions])


def _paged(count: int, rects: list[Rect]) -> list[list[Slot]]:
    per_page = len(rects)
    return [
        [Slot(start + n, rects[n]) for n in range(min(per_page, count - start))]
        for start in range(0, count, per_page)
    ]


def tiled_slots(face: Face, area: Area) -> list[list[Slot]]:
    """A face larger than the sheet: one page per tile, tiles overlapping by OVERLAP."""
    options = []
    for rotate in (0, 90):
        w, h = (face.width, face.height) if rotate == 0 else (face.height, face.width)
        columns = max(1, math.ceil((w - OVERLAP) / (area.w - OVERLAP)))
        rows = max(1, math.ceil((h - OVERLAP) / (area.h - OVERLAP)))
        options.append((columns * rows, rotate, w, h, columns, rows))
    _, rotate, w, h, columns, rows = min(options)
    step_x = (w - OVERLAP) / columns if columns > 1 else w
    step_y = (h - OVERLAP) / rows if rows > 1 else h
    tile_w = step_x + OVERLAP if columns > 1 else w
    tile_h = step_y + OVERLAP if rows > 1 else h
    pages = []
    for row in range(rows):
        for column in range(columns):
            window = Rect(column * step_x, row * step_y, tile_w, tile_h)
            left = area.x + (area.w - tile_w) / 2
            top = area.y + area.h - (area.h - tile_h) / 2
            trim = Rect(left - window.x, top - h + window.y, w, h)
            clip = Rect(left, top - tile_h, tile_w, tile_h)
            part = f"row {row + 1}, column {column + 1} of {rows} × {columns}"
            pages.append([Slot(0, trim, rotate, clip, window, part)])
    return pages


def mirror(slot: Slot, paper: tuple[float, float], flip: str, offset: tuple[float, float]) -> Slot:
    """Where the back of a slot goes: across the long edge (x mirrored) or the short (y).

    The back is turned so that its top lines up with the front's top; `offset` (points)
    shifts it for printers that misplace the back side.
    """
    width, height = paper
    ox, oy = offset

    def moved(r: Rect) -> Rect:
        if flip == "long":
            return Rect(width - r.x1 + ox, r.y + oy, r.w, r.h)
        return Rect(r.x + ox, height - r.y1 + oy, r.w, r.h)

    rotate = (360 - slot.rotate) % 360 if flip == "long" else (180 - slot.rotate) % 360
    clip = moved(slot.clip) if slot.clip else None
    return replace(slot, trim=moved(slot.trim), rotate=rotate, clip=clip)
