"""Cut files for cutting machines: every piece's outline on a sheet as an SVG and a DXF file.

Both hold the same lines at the same places as the printed sheet (millimetres from the paper's
corner), the registration marks on a layer of their own. The DXF is AutoCAD R12 (AC1009), the
version every cutting machine's software reads: closed and open polylines on layer CUT, the
marks on layer REGISTRATION, curves flattened into short straight segments.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnpkit.generator.sheets.imposition import Slot
from pnpkit.units import MM

Point = tuple[float, float]
CURVE_STEPS = 16  # straight segments per cubic curve: under 0.05 mm off for a 25 mm token


@dataclass(frozen=True)
class Polyline:
    """Points in page points (y up from the paper's bottom-left corner), closed or open."""

    points: tuple[Point, ...]
    closed: bool


@dataclass(frozen=True)
class CutSheet:
    """What one printed sheet is cut along, and where its registration marks are."""

    paper: tuple[float, float]
    cuts: tuple[Polyline, ...]
    marks: tuple[Polyline, ...] = ()


def outline_on_page(outline: tuple, slot: Slot) -> list[Polyline]:
    """A face's outline (face points, y down from its trim's top-left corner) where the slot
    puts it on the page, curves flattened; the same transformation the sheet draws it with."""
    t = slot.trim
    corner = {0: (t.x, t.y1), 90: (t.x1, t.y1), 180: (t.x1, t.y), 270: (t.x, t.y)}[slot.rotate]
    turn = math.radians(-slot.rotate)
    cos, sin = math.cos(turn), math.sin(turn)

    def on_page(x: float, y: float) -> Point:
        y = -y
        return corner[0] + x * cos - y * sin, corner[1] + x * sin + y * cos

    lines: list[Polyline] = []
    points: list[Point] = []
    current = start = (0.0, 0.0)

    def finish(closed: bool) -> None:
        nonlocal points
        if len(points) > 1:
            lines.append(Polyline(tuple(on_page(*p) for p in points), closed))
        points = []

    for op, *xy in outline:
        if op == "M":
            finish(False)
            current = start = (xy[0], xy[1])
            points = [current]
        elif op == "L":
            current = (xy[0], xy[1])
            points.append(current)
        elif op == "C":
            points += _flatten(current, (xy[0], xy[1]), (xy[2], xy[3]), (xy[4], xy[5]))
            current = (xy[4], xy[5])
        else:  # Z
            if points and points[-1] == start:
                points.pop()
            finish(True)
            current = start
    finish(False)
    return lines


def _flatten(p0: Point, p1: Point, p2: Point, p3: Point) -> list[Point]:
    """A cubic Bézier curve as CURVE_STEPS points after its start."""
    out = []
    for n in range(1, CURVE_STEPS + 1):
        t = n / CURVE_STEPS
        u = 1 - t
        out.append(
            (
                u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
            )
        )
    return out


def cut_svg(sheet: CutSheet) -> str:
    """The sheet's cut lines (red hairlines) and registration marks (black) as an SVG the size
    of the paper, in millimetres."""
    width, height = (v / MM for v in sheet.paper)

    def d(line: Polyline) -> str:
        points = [(x / MM, height - y / MM) for x, y in line.points]
        path = "M" + " L".join(f"{x:.3f} {y:.3f}" for x, y in points)
        return path + (" Z" if line.closed else "")

    cuts = "".join(f'<path d="{d(line)}"/>' for line in sheet.cuts)
    marks = "".join(f'<path d="{d(line)}"/>' for line in sheet.marks)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}mm" height="{height:g}mm" '
        f'viewBox="0 0 {width:g} {height:g}">'
        f'<g id="registration" fill="#000000" stroke="none">{marks}</g>'
        f'<g id="cut" fill="none" stroke="#ff0000" stroke-width="0.1">{cuts}</g>'
        "</svg>\n"
    )


def cut_dxf(sheet: CutSheet) -> str:
    """The sheet as an AutoCAD R12 DXF in millimetres (y up from the paper's bottom-left)."""
    width, height = (v / MM for v in sheet.paper)
    out: list[str] = []

    def pair(code: int, value: object) -> None:
        out.extend((str(code), f"{value:.4f}" if isinstance(value, float) else str(value)))

    for code, value in ((0, "SECTION"), (2, "HEADER"), (9, "$ACADVER"), (1, "AC1009"),
                        (9, "$EXTMIN"), (10, 0.0), (20, 0.0), (9, "$EXTMAX"), (10, width),
                        (20, height), (0, "ENDSEC"), (0, "SECTION"), (2, "TABLES"),
                        (0, "TABLE"), (2, "LTYPE"), (70, 1), (0, "LTYPE"), (2, "CONTINUOUS"),
                        (70, 0), (3, "Solid line"), (72, 65), (73, 0), (40, 0.0),
                        (0, "ENDTAB"), (0, "TABLE"), (2, "LAYER"), (70, 2)):  # fmt: skip
        pair(code, value)
    for layer, colour in (("CUT", 1), ("REGISTRATION", 7)):  # red, black/white
        for code, value in ((0, "LAYER"), (2, layer), (70, 0), (62, colour), (6, "CONTINUOUS")):
            pair(code, value)
    for code, value in ((0, "ENDTAB"), (0, "ENDSEC"), (0, "SECTION"), (2, "ENTITIES")):
        pair(code, value)
    for layer, lines in (("CUT", sheet.cuts), ("REGISTRATION", sheet.marks)):
        for line in lines:
            for code, value in ((0, "POLYLINE"), (8, layer), (66, 1), (10, 0.0), (20, 0.0),
                                (30, 0.0), (70, 1 if line.closed else 0)):  # fmt: skip
                pair(code, value)
            for x, y in line.points:
                for code, value in ((0, "VERTEX"), (8, layer), (10, x / MM), (20, y / MM),
                                    (30, 0.0)):  # fmt: skip
                    pair(code, value)
            pair(0, "SEQEND")
            pair(8, layer)
    for code, value in ((0, "ENDSEC"), (0, "EOF")):
        pair(code, value)
    return "\n".join(out) + "\n"
