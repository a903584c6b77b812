"""The `code` layout element: a two-dimensional code (Data Matrix by default) that encodes the
component's ID, drawn as vector modules so that `pnp scan` can read the piece from a photo.

The symbol's bit matrix comes from zxing-cpp, the library that reads it back; each row's runs of
dark modules are rectangles of one filled path, over a light quiet zone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from pnpkit.generator.faces.face import Paint, Path, rect_path
from pnpkit.generator.faces.shapes import hex_points
from pnpkit.units import MM

SYMBOLOGIES = ("datamatrix", "microqr")
QUIET_MODULES = {"datamatrix": 1, "microqr": 2}
"""The light margin each symbology needs around it, in modules (ISO/IEC 16022, 18004)."""
MIN_MODULE_MM = 0.4
"""The smallest module printed: below it a home printer blurs modules together and a phone's
photo of a whole table gives a code too few pixels (docs/generator.md, bench/bench_scan.py)."""
MIN_LUMA_GAP = 100
"""How much lighter (0–255 luma) the quiet zone must be than the modules to read reliably."""
CORNERS = ("top-left", "top-right", "bottom-left", "bottom-right", "top", "bottom", "center")
DEFAULT_SIDE = "6mm"
DEFAULT_MARGIN = "2mm"


class CodeError(ValueError):
    """A text that the symbology cannot encode at all."""


@cache
def modules(text: str, symbology: str = "datamatrix") -> tuple[tuple[bool, ...], ...]:
    """The symbol's bit matrix for `text`, dark modules True, without its quiet zone."""
    import zxingcpp  # 20 ms of import: only faces that print a code pay it

    kind = {"datamatrix": zxingcpp.BarcodeFormat.DataMatrix,
            "microqr": zxingcpp.BarcodeFormat.MicroQRCode}[symbology]  # fmt: skip
    try:
        symbol = zxingcpp.create_barcode(text, kind)
    except (ValueError, RuntimeError) as exc:
        raise CodeError(f"{text!r} cannot be written as {symbology}: {exc}") from None
    rows = memoryview(symbol.to_image(scale=1, add_quiet_zones=False)).tolist()
    return tuple(tuple(value < 128 for value in row) for row in rows)


@dataclass(frozen=True)
class Placement:
    """Where a code sits on a face (points, y down): its symbol's square and its quiet zone."""

    x: float
    y: float
    side: float
    quiet: float
    count: int
    """Modules along a side."""

    @property
    def module(self) -> float:
        """The side of one module in points."""
        return self.side / self.count

    def quiet_box(self) -> tuple[float, float, float, float]:
        """The symbol with its quiet zone as (x, y, w, h)."""
        q = self.quiet
        return self.x - q, self.y - q, self.side + 2 * q, self.side + 2 * q


def place(element: Mapping[str, Any], coord, width: float, height: float, text: str) -> Placement:
    """Where the code of `text` goes: `x`/`y` if given, else `corner` inset by `margin`;
    its side is `w` (6 mm by default). `coord(value, extent, default)` reads a coordinate."""
    symbology = element.get("symbology", "datamatrix")
    count = len(modules(text, symbology))
    side = coord(element.get("w"), width, coord(DEFAULT_SIDE, width))
    quiet = side / count * QUIET_MODULES[symbology]
    outer = side + 2 * quiet
    margin = coord(element.get("margin", DEFAULT_MARGIN), width)
    corner = element.get("corner", "bottom-right")
    left, right, middle = margin, width - margin - outer, (width - outer) / 2
    top, bottom, centre = margin, height - margin - outer, (height - outer) / 2
    x = {"top-left": left, "bottom-left": left, "top-right": right, "bottom-right": right}
    y = {"top-left": top, "top-right": top, "bottom-left": bottom, "bottom-right": bottom,
         "top": top, "bottom": bottom}  # fmt: skip
    qx = coord(element["x"], width) - quiet if "x" in element else x.get(corner, middle)
    qy = coord(element["y"], height) - quiet if "y" in element else y.get(corner, centre)
    return Placement(qx + quiet, qy + quiet, side, quiet, count)


def items(
    text: str, placement: Placement, ink: str, paper: str, symbology: str = "datamatrix"
) -> list[Path]:
    """The quiet zone (a `paper` square) and the dark modules (one `ink` path of row runs)."""
    matrix = modules(text, symbology)
    m = placement.module
    commands: list[tuple] = []
    for row, cells in enumerate(matrix):
        column = 0
        while column < len(cells):
            if not cells[column]:
                column += 1
                continue
            start = column
            while column < len(cells) and cells[column]:
                column += 1
            x0, y0 = placement.x + start * m, placement.y + row * m
            commands += rect_path(x0, y0, (column - start) * m, m)
    quiet = Path(rect_path(*placement.quiet_box()), Paint(fill=paper))
    return [quiet, Path(tuple(commands), Paint(fill=ink))]


def problems(
    placement: Placement, ink: str, paper: str, inside, minimum_mm: float = MIN_MODULE_MM
) -> list[str]:
    """Why the code would not read at print size: modules below `minimum_mm`, too little
    contrast between `ink` and `paper`, or its quiet zone not inside the face (`inside(x, y)`
    says whether a point is within the cut outline)."""
    found = []
    module_mm = placement.module / MM
    if module_mm < minimum_mm - 1e-9:
        found.append(
            f"its modules print {module_mm:.2f} mm wide ({placement.count} across "
            f"{placement.side / MM:.1f} mm); at least {minimum_mm} mm reads from a photo: "
            f"make it {placement.count * minimum_mm:.1f} mm or larger"
        )
    gap = luma(paper) - luma(ink)
    if gap < MIN_LUMA_GAP:
        found.append(
            f"its colour {ink} on {paper} is too little contrast for a camera (the modules "
            f"must be darker than the quiet zone by {MIN_LUMA_GAP} of 255 in brightness, "
            f"not {gap:.0f})"
        )
    x, y, w, h = placement.quiet_box()
    if not all(inside(px, py) for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h))):
        found.append(
            f"it does not fit inside the face with its quiet zone "
            f"({w / MM:.1f} mm square at {x / MM:.1f}, {y / MM:.1f} mm)"
        )
    return found


def inside_face(shape: str, width: float, height: float):
    """Whether a point (face coordinates) lies within a `shape` face's cut outline."""
    if shape == "circle":
        rx, ry = width / 2, height / 2
        return lambda x, y: ((x - rx) / rx) ** 2 + ((y - ry) / ry) ** 2 <= 1 + 1e-9
    if shape in ("hex", "hex-flat"):
        corners = hex_points(0, 0, width, height, shape == "hex-flat")
        edges = list(zip(corners, corners[1:] + corners[:1], strict=True))
        return lambda x, y: all(
            (bx - ax) * (y - ay) - (by - ay) * (x - ax) >= -1e-6 for (ax, ay), (bx, by) in edges
        )
    return lambda x, y: -1e-6 <= x <= width + 1e-6 and -1e-6 <= y <= height + 1e-6


def luma(color: str) -> float:
    """The brightness of #rrggbb, 0 (black) to 255 (white)."""
    r, g, b = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b
