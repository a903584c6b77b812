"""The description of one printed face, shared by the PDF and the SVG backend.

Coordinates are points with the origin at the top-left corner of the trim box and y growing
down; the bleed lies at negative coordinates and beyond the width and height. A face is a flat
list of primitives in painting order; neither backend knows anything about games.

The primitives are named tuples, not dataclasses: `pnp render` imports this module on every run,
and making a dataclass compiles its methods (about as long as the rest of the import); a named
tuple is also quicker to make, and faces are made of thousands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from pnpkit.generator.art.svgtext import ArtFonts

PathCommand = tuple  # ("M", x, y) | ("L", x, y) | ("C", x1, y1, x2, y2, x, y) | ("Z",)


class Gradient(NamedTuple):
    """A fill that blends colours: along the line (x1, y1)→(x2, y2) for "linear", outwards from
    (x1, y1) to the radius `r` for "radial"; beyond the ends the end colours continue.
    `stops` are (offset 0–1, #rrggbb) in order."""

    kind: str
    stops: tuple[tuple[float, str], ...]
    x1: float
    y1: float
    x2: float = 0.0
    y2: float = 0.0
    r: float = 0.0


class Paint(NamedTuple):
    """How a shape is painted: fill (#rrggbb, a Gradient or None), stroke colour (#rrggbb or
    None), stroke width and dash pattern."""

    fill: str | Gradient | None = None
    stroke: str | None = None
    width: float = 0.0
    dash: tuple[float, ...] = ()


class Path(NamedTuple):
    """A closed or open outline of straight lines and cubic curves."""

    commands: tuple[PathCommand, ...]
    paint: Paint


class Ellipse(NamedTuple):
    """An ellipse (a circle when rx == ry) centred on (cx, cy)."""

    cx: float
    cy: float
    rx: float
    ry: float
    paint: Paint


class Text(NamedTuple):
    """One run of real text: its left end of the baseline at (x, y), set in the TrueType file
    `font` (whose style, one of regular, bold, italic, bold-italic, is `style`)."""

    x: float
    y: float
    text: str
    style: str
    size: float
    color: str
    font: str


class Image(NamedTuple):
    """Artwork from a file drawn to fill exactly the box (x, y, width, height): the fit mode
    has already been applied. `kind` is what the file holds: "png", "jpeg" or "svg"."""

    x: float
    y: float
    width: float
    height: float
    path: str
    kind: str
    fonts: ArtFonts = ()
    """For SVG art: the game's font families its text may use (see svgtext)."""
    flip: str = ""  # "x" mirrors it left to right, "y" top to bottom, "xy" both
    opacity: float = 1.0
    grey: bool = False  # printed in grey (a greyscale build)


class Layer(NamedTuple):
    """Primitives moved by (dx, dy), then turned `rotate` degrees clockwise about that point,
    and clipped (in their own coordinates) to `clip` if it is given."""

    items: tuple[Primitive, ...]
    dx: float = 0.0
    dy: float = 0.0
    rotate: float = 0
    clip: tuple[PathCommand, ...] | None = None


Primitive = Path | Ellipse | Text | Image | Layer


class Face(NamedTuple):
    """One side of one component: its trim size, bleed, cut outline and drawing."""

    width: float
    height: float
    bleed: float
    outline: tuple[PathCommand, ...]
    items: tuple[Primitive, ...] = ()
    label: str = ""
    shape: str = "rect"  # rect, rounded, circle, hex, hex-flat, or piece (a net or a standee)

    @property
    def cut_lines(self) -> bool:
        """Whether the outline is printed as a cut line (crop marks only suit rectangles)."""
        return self.shape not in ("rect", "rounded")

    @property
    def full_width(self) -> float:
        """Width including the bleed on both sides."""
        return self.width + 2 * self.bleed

    @property
    def full_height(self) -> float:
        """Height including the bleed on both sides."""
        return self.height + 2 * self.bleed


def trimmed(face: Face) -> Face:
    """The face cut at its outline: drawn as with its bleed, then clipped to the cut. Full-bleed
    art keeps the framing it has on the print sheets; only the bleed is cut off."""
    if face.bleed == 0:
        return face
    layer = Layer(face.items, clip=face.outline)
    return Face(face.width, face.height, 0.0, face.outline, (layer,), face.label, face.shape)


def rect_path(x: float, y: float, w: float, h: float, radius: float = 0.0) -> tuple:
    """A rectangle (with rounded corners when radius > 0) as path commands."""
    if radius <= 0:
        return (("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",))
    r = min(radius, w / 2, h / 2)
    k = 0.5523 * r
    return (
        ("M", x + r, y),
        ("L", x + w - r, y),
        ("C", x + w - r + k, y, x + w, y + r - k, x + w, y + r),
        ("L", x + w, y + h - r),
        ("C", x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h),
        ("L", x + r, y + h),
        ("C", x + r - k, y + h, x, y + h - r + k, x, y + h - r),
        ("L", x, y + r),
        ("C", x, y + r - k, x + r - k, y, x + r, y),
        ("Z",),
    )


def polygon_path(points: list[tuple[float, float]]) -> tuple:
    """A closed polygon through `points` as path commands."""
    first, *rest = points
    return (("M", *first), *(("L", *p) for p in rest), ("Z",))


def ellipse_path(cx: float, cy: float, rx: float, ry: float) -> tuple:
    """An ellipse as four cubic curves (for clipping and cut outlines)."""
    kx, ky = 0.5523 * rx, 0.5523 * ry
    return (
        ("M", cx + rx, cy),
        ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
        ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
        ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
        ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy),
        ("Z",),
    )


def transform_commands(commands: tuple, dx: float, dy: float, scale: float = 1.0) -> tuple:
    """Path commands scaled by `scale` about the origin, then moved by (dx, dy)."""
    moved = []
    for command in commands:
        op, *xy = command
        moved.append((op, *(v * scale + (dx if i % 2 == 0 else dy) for i, v in enumerate(xy))))
    return tuple(moved)


def bounds(commands: tuple) -> tuple[float, float, float, float]:
    """The box (x, y, w, h) around every point of path commands, control points included."""
    xs = [v for _, *xy in commands for v in xy[0::2]]
    ys = [v for _, *xy in commands for v in xy[1::2]]
    if not xs:
        return 0.0, 0.0, 0.0, 0.0
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)
