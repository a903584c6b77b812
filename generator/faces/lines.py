"""Line elements of a layout: a line, a polyline, a polygon and a free path (curves).

Each drawer takes the face builder, the element and its box, like every element drawer in
`compose.ELEMENTS`. Points are coordinates of the face ("4mm", "50%", "100%-8mm"); a path's
data is SVG path data in millimetres from the element's `x` and `y`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pnpkit.generator.faces.face import Path, Primitive, bounds, polygon_path, transform_commands
from pnpkit.generator.faces.icons import parse_path
from pnpkit.units import MM

if TYPE_CHECKING:
    from pnpkit.generator.faces.compose import Box4, FaceBuilder


def _points(builder: FaceBuilder, element: Mapping[str, Any]) -> list[tuple[float, float]]:
    from pnpkit.generator.faces.compose import coord

    return [(coord(x, builder.width), coord(y, builder.height)) for x, y in element["points"]]


def _open(points: list[tuple[float, float]]) -> tuple:
    first, *rest = points
    return (("M", *first), *(("L", *p) for p in rest))


def line(builder: FaceBuilder, element: Mapping[str, Any], box: Box4) -> list[Primitive]:
    """A straight line, or a polyline: its points joined in order (stroke only)."""
    commands = _open(_points(builder, element))
    paint = builder.paint(element, bounds(commands))
    return [Path(commands, paint)]


def polygon(builder: FaceBuilder, element: Mapping[str, Any], box: Box4) -> list[Primitive]:
    """A closed polygon through its points (filled and stroked)."""
    commands = polygon_path(_points(builder, element))
    return [Path(commands, builder.paint(element, bounds(commands)))]


def path(builder: FaceBuilder, element: Mapping[str, Any], box: Box4) -> list[Primitive]:
    """Absolute SVG path data (M L H V C Q Z) in millimetres, from the element's x and y."""
    data = builder.text(element["d"])
    try:
        commands = parse_path(data)
    except ValueError as exc:
        name = repr(element.get("id", "path"))
        builder.errors.append(f"{name}: {exc}")
        return []
    if not commands:
        return []
    commands = transform_commands(commands, box[0], box[1], MM)
    return [Path(commands, builder.paint(element, bounds(commands)))]
