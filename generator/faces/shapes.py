"""Outlines: a face's cut shape (grown by its bleed) and the badge shapes that mark types."""

from __future__ import annotations

import math

from pnpkit.generator.faces.face import ellipse_path, polygon_path, rect_path

SQRT3 = math.sqrt(3)


def hex_points(x: float, y: float, w: float, h: float, flat: bool) -> list[tuple[float, float]]:
    """The corners of a regular hexagon filling the box (pointy-top unless `flat`)."""
    if flat:
        return [(x, y + h / 2), (x + w / 4, y), (x + 3 * w / 4, y), (x + w, y + h / 2),
                (x + 3 * w / 4, y + h), (x + w / 4, y + h)]  # fmt: skip
    return [(x + w / 2, y), (x + w, y + h / 4), (x + w, y + 3 * h / 4), (x + w / 2, y + h),
            (x, y + 3 * h / 4), (x, y + h / 4)]  # fmt: skip


def outline(shape: str, w: float, h: float, grow: float = 0.0, radius: float = 0.0) -> tuple:
    """The cut outline of a `shape` face of trim size w × h, grown outwards by `grow`."""
    if shape == "circle":
        return ellipse_path(w / 2, h / 2, w / 2 + grow, h / 2 + grow)
    if shape in ("hex", "hex-flat"):
        flat = shape == "hex-flat"
        # Growing a hexagon by `grow` across flats grows its corner radius by grow * 2/√3.
        gx, gy = (2 * grow / SQRT3, grow) if flat else (grow, 2 * grow / SQRT3)
        return polygon_path(hex_points(-gx, -gy, w + 2 * gx, h + 2 * gy, flat))
    r = radius + grow if shape == "rounded" and radius > 0 else 0.0
    return rect_path(-grow, -grow, w + 2 * grow, h + 2 * grow, r)


def _regular(cx: float, cy: float, r: float, sides: int, turn: float) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(turn + 2 * math.pi * i / sides),
         cy + r * math.sin(turn + 2 * math.pi * i / sides))
        for i in range(sides)
    ]  # fmt: skip


def badge(shape: str, x: float, y: float, w: float, h: float) -> tuple:
    """A named badge shape filling the box, as path commands; ValueError if unknown."""
    cx, cy, r = x + w / 2, y + h / 2, min(w, h) / 2
    up = -math.pi / 2
    if shape == "circle":
        return ellipse_path(cx, cy, r, r)
    if shape == "square":
        return rect_path(cx - 0.88 * r, cy - 0.88 * r, 1.76 * r, 1.76 * r, 0.2 * r)
    if shape == "diamond":
        return polygon_path(_regular(cx, cy, r, 4, up))
    if shape == "triangle":
        return polygon_path(_regular(cx, cy + 0.2 * r, 1.15 * r, 3, up))
    if shape == "pentagon":
        return polygon_path(_regular(cx, cy + 0.05 * r, r, 5, up))
    if shape == "hexagon":
        return polygon_path(_regular(cx, cy, r, 6, up))
    if shape == "octagon":
        return polygon_path(_regular(cx, cy, r, 8, up + math.pi / 8))
    if shape == "star":
        outer = _regular(cx, cy + 0.08 * r, 1.05 * r, 5, up)
        inner = _regular(cx, cy + 0.08 * r, 0.5 * r, 5, up + math.pi / 5)
        return polygon_path([p for pair in zip(outer, inner, strict=True) for p in pair])
    if shape == "shield":
        return (
            ("M", cx - 0.85 * r, cy - 0.85 * r),
            ("L", cx + 0.85 * r, cy - 0.85 * r),
            ("C", cx + 0.85 * r, cy + 0.1 * r, cx + 0.5 * r, cy + 0.7 * r, cx, cy + r),
            ("C", cx - 0.5 * r, cy + 0.7 * r, cx - 0.85 * r, cy + 0.1 * r, cx - 0.85 * r,
             cy - 0.85 * r),
            ("Z",),
        )  # fmt: skip
    raise ValueError(f"unknown shape {shape!r}")


BADGES = ("circle", "square", "diamond", "triangle", "pentagon", "hexagon", "octagon", "star",
          "shield")  # fmt: skip
