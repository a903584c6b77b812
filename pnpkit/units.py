"""Lengths with units, and the named card sizes, in PostScript points (1/72 in)."""

from __future__ import annotations

import re

MM = 72 / 25.4
POINTS_PER_UNIT = {"mm": MM, "cm": 10 * MM, "in": 72.0, "pt": 1.0}

NAMED_SIZES_MM: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "tarot": (70.0, 120.0),
    "mini": (44.0, 67.0),
    "square": (70.0, 70.0),
    "mini-square": (50.0, 50.0),
    "jumbo": (88.9, 127.0),
}

_LENGTH = re.compile(r"([0-9]+(?:\.[0-9]+)?)(mm|cm|in|pt)")


def length_pt(value: str | float | int) -> float:
    """A length such as "63.5mm" in points; bare numbers are already points."""
    if isinstance(value, int | float):
        return float(value)
    match = _LENGTH.fullmatch(value.strip())
    if not match:
        raise ValueError(f"not a length with a unit (mm, cm, in, pt): {value!r}")
    return float(match.group(1)) * POINTS_PER_UNIT[match.group(2)]


def size_pt(size: str | dict) -> tuple[float, float]:
    """A named size or {"width", "height"} as (width, height) in points."""
    if isinstance(size, str):
        width, height = NAMED_SIZES_MM[size]
        return width * MM, height * MM
    return length_pt(size["width"]), length_pt(size["height"])
