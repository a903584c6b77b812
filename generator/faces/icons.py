"""Vector icons: the project's own drawings (data in pnpkit.layouts) turned into face primitives."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from pnpkit.generator.faces.face import Ellipse, Paint, Path, Primitive, transform_commands

ICON_BOX = 100.0
_TOKEN = re.compile(r"[A-Za-z]|[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?|[\s,]+|.")
_ARITY = {"M": 2, "L": 2, "C": 6, "S": 4, "Q": 4, "T": 2, "H": 1, "V": 1, "Z": 0}
MAX_PATH_NUMBERS = 20_000
MAX_COORDINATE = 1e6


@lru_cache(maxsize=4096)
def parse_path(d: str) -> tuple:
    """SVG path data as face path commands: M L H V C S Q T Z, absolute or (lower case)
    relative; all become M, L, C and Z. ValueError says what is wrong (arcs are refused)."""
    tokens = [t for t in _TOKEN.findall(d) if t.strip(", \t\r\n")]
    if sum(1 for t in tokens if not t.isalpha()) > MAX_PATH_NUMBERS:
        raise ValueError(f"path data has more than {MAX_PATH_NUMBERS} numbers")
    commands: list[tuple] = []
    x = y = start_x = start_y = 0.0
    cubic = quad = None  # the last C/S's second control point, the last Q/T's control point
    op, i = "", 0
    while i < len(tokens):
        token = tokens[i]
        if token.isalpha():
            if token.upper() not in _ARITY:
                hint = "; draw arcs with C curves" if token in "Aa" else ""
                raise ValueError(f"path data {d!r}: unknown command {token!r}{hint}")
            op, i = token, i + 1
            if op in "Zz":
                commands.append(("Z",))
                x, y, cubic, quad = start_x, start_y, None, None
                continue
        elif not op or op in "Zz":
            raise ValueError(f"path data {d!r}: {token!r} where a command letter belongs")
        size = _ARITY[op.upper()]
        args = tokens[i : i + size]
        try:
            numbers = [float(t) for t in args]
        except ValueError:
            numbers = []
        if len(numbers) < size:
            raise ValueError(f"path data {d!r}: {op} needs {size} numbers")
        if not all(abs(v) <= MAX_COORDINATE for v in numbers):  # also refuses inf and nan
            raise ValueError(f"path data {d!r}: numbers must lie within ±{MAX_COORDINATE:g}")
        i += size
        if op.islower():  # relative: from the current point
            if op == "h":
                numbers = [numbers[0] + x]
            elif op == "v":
                numbers = [numbers[0] + y]
            else:
                numbers = [v + (x if n % 2 == 0 else y) for n, v in enumerate(numbers)]
        kind = op.upper()
        if kind == "H":
            kind, numbers = "L", [numbers[0], y]
        elif kind == "V":
            kind, numbers = "L", [x, numbers[0]]
        elif kind in "ST":  # the first control point mirrors the last curve's, if any
            last = cubic if kind == "S" else quad
            cx, cy = (2 * x - last[0], 2 * y - last[1]) if last else (x, y)
            numbers, kind = [cx, cy, *numbers], "C" if kind == "S" else "Q"
        cubic = quad = None
        if kind == "Q":
            qx, qy, ex, ey = numbers
            quad = (qx, qy)
            numbers = [x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y),
                       ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey), ex, ey]  # fmt: skip
            kind = "C"
        elif kind == "C":
            cubic = (numbers[2], numbers[3])
        commands.append((kind, *numbers))
        x, y = numbers[-2], numbers[-1]
        if kind == "M":
            start_x, start_y = x, y
            op = "l" if op == "m" else "L"  # numbers after a move are lines
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
