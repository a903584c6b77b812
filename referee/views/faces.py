"""The generator's component faces, for pictures of the table, when the generator provides them."""

from __future__ import annotations

import base64
import importlib
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from pnpkit.components.model import Game

Face = Callable[[str], str | None]


def faces_of(game: Game) -> Face:
    """A function giving a component's front face as SVG text (None when there is none)."""
    try:
        svgfaces = importlib.import_module("pnpkit.generator.backends.svg")
    except ModuleNotFoundError:
        return lambda component_id: None
    face_svg = svgfaces.face_svg

    @cache
    def face(component_id: str) -> str | None:
        component = game.component(component_id)
        return None if component is None else face_svg(game, component, side="front")

    return face


def place_face(
    drawing: Any,
    svg: str,
    insert: tuple[float, float],
    size: tuple[float, float],
    parent: Any = None,
) -> None:
    """Put a component's printed face (SVG text) on an svgwrite drawing of the table (or into
    `parent`, a group of it)."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    image = drawing.image(f"data:image/svg+xml;base64,{data}", insert=insert, size=size)
    (drawing if parent is None else parent).add(image)


def place_card(
    drawing: Any,
    art: str | None,
    insert: tuple[float, float],
    size: tuple[float, float],
    lines: Sequence[str],
    caption: str = "",
    title: str = "",
) -> None:
    """A card on a table picture: its printed face, or, when the generator gives none, a plain
    stand-in that lists `lines`, with `caption` (its ID) small at the foot; `title` is its
    tooltip (`<title>`: the card's ID and name)."""
    group = drawing.g(class_="card")
    if title:
        group.set_desc(title=title)
    drawing.add(group)
    if art:
        place_face(drawing, art, insert, size, group)
        return
    (x, y), (_, height) = insert, size
    group.add(drawing.rect(insert, size, rx=4, fill="#fff", stroke="#333"))
    for n, text in enumerate(lines):
        group.add(drawing.text(text, insert=(x + 5, y + 15 + 12 * n), font_size=10))
    if caption:
        group.add(drawing.text(caption, insert=(x + 5, y + height - 6), font_size=8, fill="#555"))


def card_title(game: Game, card_id: str) -> str:
    """A card's tooltip: `AL-05 Spotted nutcracker (forest)`."""
    component = game.component(card_id)
    return f"{card_id} {component.name}" if component else card_id
