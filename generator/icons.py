"""Vector icons: the project's own drawings (data in pnpkit.layouts) turned into face primitives."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from pnpkit.generator.face import Ellipse, Paint, Path, Primitive, transform_commands

ICON_BOX = 100.0
_TOKEN = re.compile(r"[MLCQHVZ]|-?[0-9]*\.?[0-9]+")
_ARITY = {"M": 2, "L": 2, "C": 6, "Q": 4, "H": 1, "V": 1, "Z": 0}


def parse_path(d: str) -> tuple:
    """Absolute SVG path data (M L C Q H V Z) as face path commands (Q, H, V become C and L)."""
    tokens = _TOKEN.findall(d)
    commands: list[tuple] = []
    x = y = 0.0
    i = 0
    op = ""
    while i < len(tokens):
        if tokens[i] in _ARITY:
            op = tokens[i]
            i += 1
            if op == "Z":
                commands.append(("Z",))
                continue
        if not op or op == "Z":
            raise ValueError(f"path data {d!r}: numbers without a command")
        args = [float(t) for t in tokens[i : i + _ARITY[op]]]
        if len(args) < _ARITY[op]:
            raise ValueError(f"path data {d!r}: {op} needs {_ARITY[op]} numbers")
        i += _ARITY[op]
        if op == "H":
            op, args = "L", [args[0], y]
        elif op == "V":
            op, args = "L", [x, args[0]]
        elif op == "Q":
            qx, qy, ex, ey = args
            args = [x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y)]
            args += [ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey), ex, ey]
            op = "C"
        commands.append((op, *args))
        x, y = args[-2], args[-1]
        if commands[-1][0] == "M":
            op = "L"
    return tuple(commands)


def _color(value: str | None, palette: Mapping[str, str]) -> str | None:
    if value is None or value == "none":
        return None
    return palette.get(value, value)


def icon_items(
    parts: list[Mapping[str, Any]],
    x: float,
    y: float,
    size: float,
    palette: Mapping[str, str],
) -> list[Primitive]:
    """An icon's parts drawn in a `size`-point square whose top-left corner is (x, y).

    `palette` maps the icon's colour names (ink, paper, accent) to colours.
    """
    scale = size / ICON_BOX
    items: list[Primitive] = []
    for part in parts:
        paint = Paint(
            fill=_color(part.get("fill"), palette),
            stroke=_color(part.get("stroke"), palette),
            width=part.get("width", 0) * scale,
        )
        if "d" in part:
            commands = transform_commands(parse_path(part["d"]), x, y, scale)
            items.append(Path(commands, paint))
        else:
            cx, cy, *radii = part.get("circle") or part["ellipse"]
            rx, ry = (radii[0], radii[0]) if len(radii) == 1 else radii
            items.append(Ellipse(x + cx * scale, y + cy * scale, rx * scale, ry * scale, paint))
    return items
