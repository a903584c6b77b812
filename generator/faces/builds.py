"""Builds: editions of a game rendered from the same definitions (game.json `builds`), such as a
colour edition and a low-ink or black-and-white one (`pnp render --build NAME`).

A build may set template variables, swap some groups' templates, and print every colour of the
faces (artwork included) as its grey. Layouts see the build's name as the field `build`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from pnpkit.components.model import Game, thaw
from pnpkit.errors import PnpError
from pnpkit.generator.faces.face import (
    Ellipse,
    Face,
    Gradient,
    Image,
    Layer,
    Paint,
    Path,
    Primitive,
    Text,
)

NOTHING: Mapping[str, Any] = MappingProxyType({})
"""A build's variables and layouts when it changes none."""


class Build(NamedTuple):
    """One build of a game: its name and what it changes (a named tuple, as the faces are)."""

    name: str
    vars: Mapping[str, Any] = NOTHING
    layouts: Mapping[str, Mapping[str, str]] = NOTHING
    greyscale: bool = False


def build_named(game: Game, name: str) -> Build:
    """The build `name` of a game (PnpError naming the builds it declares)."""
    builds = thaw(game.manifest.get("builds", {}))
    if name not in builds:
        declared = ", ".join(map(repr, builds)) or "none"
        raise PnpError(f"{game.id}: no build {name!r} in game.json `builds` (declared: {declared})")
    spec = builds[name]
    return Build(name, spec.get("vars", {}), spec.get("layouts", {}), spec.get("greyscale", False))


def grey(colour: str) -> str:
    """The grey of a #rrggbb colour, of the same lightness to the eye (Rec. 601 luma)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    level = round(0.299 * r + 0.587 * g + 0.114 * b)
    return f"#{level:02x}{level:02x}{level:02x}"


def _paint(paint: Paint) -> Paint:
    fill = paint.fill
    if isinstance(fill, Gradient):
        fill = fill._replace(stops=tuple((offset, grey(c)) for offset, c in fill.stops))
    elif fill:
        fill = grey(fill)
    return paint._replace(fill=fill, stroke=grey(paint.stroke) if paint.stroke else None)


def _items(items: tuple[Primitive, ...]) -> tuple[Primitive, ...]:
    out: list[Primitive] = []
    for item in items:
        if isinstance(item, Path | Ellipse):
            out.append(item._replace(paint=_paint(item.paint)))
        elif isinstance(item, Text):
            out.append(item._replace(color=grey(item.color)))
        elif isinstance(item, Layer):
            out.append(item._replace(items=_items(item.items)))
        elif isinstance(item, Image):
            out.append(item._replace(grey=True))
        else:
            out.append(item)
    return tuple(out)


def greyscale(face: Face) -> Face:
    """The face with every colour of its shapes, text, icons, gradients and artwork grey."""
    return face._replace(items=_items(face.items))
