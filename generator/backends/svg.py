"""The SVG backend: the same Face primitives as the PDF, drawn with svgwrite (no reportlab).

`face_svg(game, component, side)` is the entry point for other parts of pnpkit (the referee's
table view) that need one face as a standalone SVG.
"""

from __future__ import annotations

import itertools
from pathlib import Path as FilePath

import svgwrite

from pnpkit.components.model import Component, Game
from pnpkit.generator.art.svgart import art_element, grey_filter
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
from pnpkit.generator.faces.groups import GroupFaces
from pnpkit.generator.text.fontmetrics import FONT_DIR, FONT_FAMILY
from pnpkit.generator.text.fontsubset import family_name, woff_subset
from pnpkit.units import MM

FONT_STACK = f"'{FONT_FAMILY}', 'Bitstream Vera Sans', Verdana, sans-serif"
WEIGHT = {"regular": "normal", "bold": "bold", "italic": "normal", "bold-italic": "bold"}
SLANT = {"regular": "normal", "bold": "normal", "italic": "italic", "bold-italic": "italic"}
# Viewers set text as the PDF does: glyph after glyph, without kerning or ligatures.
TEXT_RULE = "text{font-kerning:none;font-variant-ligatures:none}"


def _d(commands: tuple) -> str:
    parts = []
    for op, *xy in commands:
        parts.append(op + " ".join(f"{v:.2f}" for v in xy))
    return " ".join(parts)


def _paint(paint: Paint, fill: str | None = None) -> dict[str, str]:
    """Fill and stroke attributes; `fill` replaces the paint's fill (a gradient's url)."""
    attrs = {"fill": fill or paint.fill or "none"}
    if paint.stroke and paint.width > 0:
        attrs |= {"stroke": paint.stroke, "stroke_width": f"{paint.width:.2f}"}
        if paint.dash:
            attrs["stroke_dasharray"] = ",".join(f"{v:g}" for v in paint.dash)
    return attrs


class _SvgWriter:
    """Adds primitives to an svgwrite drawing; clip paths get unique ids."""

    def __init__(self, drawing: svgwrite.Drawing):
        self.drawing = drawing
        self.ids = itertools.count(1)
        self.grey_filter = False  # whether the filter that greys artwork is in the defs
        self.embedded: dict[str, tuple[str, str, set[str]]] = {}
        """A game's own fonts used so far: file → (family name here, style, characters)."""

    def family(self, item: Text) -> str:
        """The font-family of a text run: the bundled font by name, a game's font embedded."""
        return self.font_family(item.font, item.style, item.text)

    def font_family(self, font: str | FilePath, style: str, characters: str) -> str:
        """The font-family that sets `characters` in the font file `font` (of `style`)."""
        font = str(font)
        if FilePath(font).parent == FONT_DIR:
            return FONT_STACK
        if font not in self.embedded:
            self.embedded[font] = (f"pnpfont{len(self.embedded) + 1}", style, set())
        name, _, used = self.embedded[font]
        used.update(characters)
        own = family_name(font).replace("'", "")
        return f"'{name}', '{own}', {FONT_STACK}" if own else f"'{name}', {FONT_STACK}"

    def styles(self) -> None:
        """The text rule, and @font-face rules with the subset of each game font used."""
        rules = [TEXT_RULE]
        for path, (name, style, characters) in self.embedded.items():
            data = woff_subset(path, "".join(sorted(characters)))
            rules.append(
                f"@font-face{{font-family:'{name}';font-weight:{WEIGHT[style]};"
                f"font-style:{SLANT[style]};src:url(data:font/woff;base64,{data}) format('woff')}}"
            )
        self.drawing.defs.add(self.drawing.style("".join(rules)))

    def gradient(self, paint: Paint) -> str | None:
        """A gradient fill defined once in the defs, as its url(#id); None for a plain fill."""
        gradient = paint.fill
        if not isinstance(gradient, Gradient):
            return None
        dwg, name = self.drawing, f"grad{next(self.ids)}"
        if gradient.kind == "radial":
            element = dwg.radialGradient(center=(gradient.x1, gradient.y1), r=gradient.r, id=name,
                                         gradientUnits="userSpaceOnUse")  # fmt: skip
        else:
            element = dwg.linearGradient(start=(gradient.x1, gradient.y1),
                                         end=(gradient.x2, gradient.y2), id=name,
                                         gradientUnits="userSpaceOnUse")  # fmt: skip
        for offset, colour in gradient.stops:
            element.add_stop_color(offset=f"{offset:g}", color=colour)
        dwg.defs.add(element)
        return f"url(#{name})"

    def add(self, parent, items: tuple[Primitive, ...]) -> None:
        dwg = self.drawing
        for item in items:
            if isinstance(item, Path):
                paint = _paint(item.paint, self.gradient(item.paint))
                parent.add(dwg.path(d=_d(item.commands), **paint))
            elif isinstance(item, Ellipse):
                paint = _paint(item.paint, self.gradient(item.paint))
                parent.add(dwg.ellipse((item.cx, item.cy), (item.rx, item.ry), **paint))
            elif isinstance(item, Text):
                text = dwg.text(
                    item.text,
                    insert=(round(item.x, 2), round(item.y, 2)),
                    fill=item.color,
                    font_size=f"{item.size:.2f}",
                    font_family=self.family(item),
                    font_weight=WEIGHT[item.style],
                )
                if item.style.endswith("italic"):
                    text["font-style"] = "italic"
                text["xml:space"] = "preserve"  # every viewer keeps the run's spaces
                parent.add(text)
            elif isinstance(item, Layer):
                self.layer(parent, item)
            elif isinstance(item, Image):
                if item.grey and not self.grey_filter:
                    self.drawing.defs.add(grey_filter())
                    self.grey_filter = True
                parent.add(art_element(item, f"art{next(self.ids)}-", self.font_family))

    def layer(self, parent, item: Layer) -> None:
        transform = []
        if item.dx or item.dy:
            transform.append(f"translate({item.dx:.2f},{item.dy:.2f})")
        if item.rotate:
            transform.append(f"rotate({item.rotate:g})")
        group = self.drawing.g(transform=" ".join(transform)) if transform else self.drawing.g()
        if item.clip:
            clip = self.drawing.defs.add(self.drawing.clipPath(id=f"clip{next(self.ids)}"))
            clip.add(self.drawing.path(d=_d(item.clip)))
            inner = self.drawing.g(clip_path=f"url(#{clip.get_id()})")
            group.add(inner)
            self.add(inner, item.items)
        else:
            self.add(group, item.items)
        parent.add(group)


def render_svg(face: Face, bleed: bool = False) -> str:
    """A standalone SVG of a face at its real size; trimmed to its cut outline unless `bleed`."""
    margin = face.bleed if bleed else 0.0
    width, height = face.width + 2 * margin, face.height + 2 * margin
    drawing = svgwrite.Drawing(
        size=(f"{width / MM:.2f}mm", f"{height / MM:.2f}mm"),
        viewBox=f"{-margin:.2f} {-margin:.2f} {width:.2f} {height:.2f}",
        debug=False,
    )
    drawing.set_desc(title=face.label)
    writer = _SvgWriter(drawing)
    closed = any(command[0] == "Z" for command in face.outline)
    items = face.items if bleed or not closed else (Layer(face.items, clip=face.outline),)
    if not closed:
        items = (*items, Path(face.outline, Paint(stroke="#000000", width=0.5)))
    writer.add(drawing, items)
    writer.styles()
    return drawing.tostring()


def face_svg(game: Game, component: Component, side: str = "front", bleed: bool = False) -> str:
    """One face of a component ("front" or "back") as a standalone SVG string.

    ValueError if the component has no such side.
    """
    if side not in ("front", "back"):
        raise ValueError(f"side must be 'front' or 'back', not {side!r}")
    faces = GroupFaces(game, game.group(component.group))
    face = faces.front(component) if side == "front" else faces.back(component)
    if face is None:
        raise ValueError(f"{component.id} is printed on one side only")
    return render_svg(face, bleed)
