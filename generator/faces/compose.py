"""Turn a layout template and one component's fields into a Face (the shared drawing)."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from pnpkit.components.gamefiles import OutsideGame, game_file
from pnpkit.components.model import thaw
from pnpkit.errors import PnpError
from pnpkit.generator.art.artwork import FITS, Art, ArtError, fit, read_art
from pnpkit.generator.art.svgtext import ArtFonts, art_fonts
from pnpkit.generator.faces import lines
from pnpkit.generator.faces.face import (
    Ellipse,
    Face,
    Gradient,
    Image,
    Layer,
    Paint,
    Primitive,
    bounds,
    rect_path,
)
from pnpkit.generator.faces.face import Path as Outline
from pnpkit.generator.faces.icons import icon_items
from pnpkit.generator.faces.shapes import badge, outline
from pnpkit.generator.text.flow import (
    Box,
    IconDrawer,
    TextStyle,
    layout_text,
    set_runs,
    styles_used,
)
from pnpkit.generator.text.fontmetrics import font_metrics
from pnpkit.generator.text.markup import MarkupError, Run, colour, parse
from pnpkit.generator.text.typefaces import DEFAULT_FAMILY, FontFamily
from pnpkit.layouts import icon_library
from pnpkit.names import shown
from pnpkit.units import MM, length_pt

_TERM = re.compile(r"([+-]?)([0-9]+(?:\.[0-9]+)?)(mm|cm|in|pt|%)")
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_.-]*)(?:\|(lines|bullets|upper))?\}")
DARK_INK, LIGHT_INK = "#1a1a1a", "#ffffff"
MIN_DPI = 200  # a bitmap printed at fewer pixels per inch than this looks soft
READABLE_PT = 6.0  # text sized at least this, shrunk below it to fit: hard to read, a warning
UNKNOWN_ICON = "question"
Box4 = tuple[float, float, float, float]
# the choices of the element settings that a field or variable may give
CHOICES = {
    "fit": FITS,
    "align": ("left", "center", "right"),
    "valign": ("top", "middle", "bottom"),
    "style": ("regular", "bold", "italic", "bold-italic"),
    "flip": ("none", "x", "y", "xy"),
}
# the number settings that a field or variable may give: (least, most)
NUMBERS = {"rotate": (-360.0, 360.0), "opacity": (0.0, 1.0), "size": (0.1, 500.0),
           "min_size": (1.0, 500.0)}  # fmt: skip


def coord(value: str | None, extent: float, default: float = 0.0) -> float:
    """A coordinate such as "4mm", "50%" or "100%-8mm" in points; % is of `extent`."""
    if value is None:
        return default
    fraction, points = _terms(value)
    return fraction * extent + points


@cache
def _terms(value: str) -> tuple[float, float]:
    """A coordinate as (fraction of the extent, points): "100%-8mm" → (1.0, -22.68)."""
    fraction = points = 0.0
    for sign, number, unit in _TERM.findall(value):
        scale = -1.0 if sign == "-" else 1.0
        if unit == "%":
            fraction += scale * float(number) / 100
        else:
            points += scale * length_pt(number + unit)
    return fraction, points


def lookup(context: Mapping[str, Any], path: str) -> Any:
    """The value at a dotted field path, or None."""
    value: Any = context
    for part in path.split("."):
        if not isinstance(value, Mapping) or part not in value:
            return None
        value = value[part]
    return value


def _display(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, list | tuple):
        return ", ".join(_display(v) for v in value)
    if isinstance(value, Mapping):
        return ", ".join(f"{_display(v)} {k}" for k, v in value.items())
    return str(value)


def _filtered(value: Any, name: str | None) -> str:
    if name == "upper":
        return _display(value).upper()
    if name and isinstance(value, list | tuple):
        mark = "• " if name == "bullets" else ""
        return "\n".join(mark + _display(v) for v in value)
    return _display(value)


MAX_REPEAT = 100
_NUMBERS = frozenset({int, float, bool})
HEX_COLOR = re.compile(r"#[0-9a-fA-F]{6}")


def contrast(color: str) -> str:
    """Dark or light ink, whichever reads better on `color` (#rrggbb; ValueError otherwise)."""
    if not HEX_COLOR.fullmatch(color):
        raise ValueError(f"contrast: expected a colour such as #1a2b3c, got {color!r}")
    r, g, b = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    return DARK_INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else LIGHT_INK


def _element_name(element: Mapping[str, Any]) -> str:
    """How an error names an element: its id, else its type."""
    return repr(element.get("id", element.get("type")))


class FaceError(PnpError):
    """What keeps a component's face from being drawn (bad markup, a glyph no font has …)."""

    def __init__(self, label: str, messages: list[str]):
        self.label = label
        self.messages = messages
        super().__init__(f"{label}: " + "; ".join(messages))


class FaceBuilder:
    """Builds the faces of one template for many components; collects warnings.

    A plain class rather than a dataclass: `pnp render` imports it on every run, and making a
    dataclass compiles its methods (see bench/bench_render.py)."""

    def __init__(
        self,
        template: Mapping[str, Any],
        width: float,
        height: float,
        shape: str,
        bleed: float,
        game_dir: Path,
        warnings: list[str] | None = None,
        families: Mapping[str, FontFamily] | None = None,
        art_warnings: list[str] | None = None,
    ) -> None:
        self.template = template
        self.width = width
        self.height = height
        self.shape = shape
        self.bleed = bleed
        self.game_dir = game_dir
        self.warnings: list[str] = [] if warnings is None else warnings
        self.families: Mapping[str, FontFamily] = {} if families is None else families
        """The game's own font families by name (game.json `fonts`)."""
        self.art_warnings: list[str] = [] if art_warnings is None else art_warnings
        self.low_resolution: set[tuple[str, float, float]] = set()
        self.set_texts: dict[tuple, tuple[list[Primitive], bool, float]] = {}
        """Texts without icons set so far (runs, box, look → `set_runs`): faces repeat many."""

    def build(self, context: Mapping[str, Any], label: str) -> Face:
        """The face of one component, whose fields (and id, name …) are in `context`.

        FaceError lists every text of the face that cannot be set.
        """
        self.context = context
        self.label = label
        self.errors: list[str] = []
        self.vars: dict[str, Any] = {}
        for name, spec in self.template.get("vars", {}).items():
            self.vars[name] = self.value(spec)
        items: list[Primitive] = []
        for element in self.template.get("elements", []):
            if self.visible(element.get("when")):
                items.extend(self.element(element))
        radius = coord(self.template.get("radius"), self.width)
        cut = outline(self.shape, self.width, self.height, 0.0, radius)
        clip = outline(self.shape, self.width, self.height, self.bleed, radius)
        if self.errors:
            raise FaceError(label, self.errors)
        layer = Layer(tuple(items), clip=clip)
        return Face(self.width, self.height, self.bleed, cut, (layer,), label, self.shape)

    # values -------------------------------------------------------------------------------
    def value(self, spec: Any) -> Any:
        """A template value: a literal, "$var", or a {"field", "map", "default"} lookup."""
        if spec is None or type(spec) in _NUMBERS:  # most settings: no Mapping checks
            return spec
        if isinstance(spec, str):
            if spec.startswith("$"):
                return self.vars.get(spec[1:], lookup(self.context, spec[1:]))
            return spec
        if not isinstance(spec, Mapping):
            return spec
        if "gradient" in spec:
            return spec  # made into a Gradient by `fill`, which knows the element's box
        if "contrast" in spec:
            background = self.value(spec["contrast"])
            if not isinstance(background, str):
                return DARK_INK
            try:
                return contrast(background)
            except ValueError as exc:
                raise PnpError(f"{self.label}: {exc}") from None
        found = lookup(self.context, spec["field"])
        if "map" in spec:
            key = _display(found)
            found = spec["map"].get(key, spec.get("default"))
        elif found is None:
            found = spec.get("default")
        nested = isinstance(found, Mapping) and ("field" in found or "contrast" in found)
        if nested or (isinstance(found, str) and found.startswith("$")):
            return self.value(found)
        return found

    def text(self, spec: Any) -> str:
        """A value with its {field} placeholders filled in."""
        raw = _display(self.value(spec))
        return _PLACEHOLDER.sub(self._placeholder, raw)

    def _placeholder(self, match: re.Match) -> str:
        """A placeholder's value; a colour tag such as {red} that names no field stays markup."""
        found = lookup(self.context, match.group(1))
        if found is None and match.group(2) is None and colour(match.group(1)):
            return match.group(0)
        return _filtered(found, match.group(2))

    def visible(self, when: Any) -> bool:
        if when is None:
            return True
        if isinstance(when, list | tuple):
            return all(self.visible(part) for part in when)
        if isinstance(when, str):
            negate = when.startswith("!")
            found = lookup(self.context, when.lstrip("!"))
            present = found not in (None, False, 0, "", ())
            return present != negate
        return _display(lookup(self.context, when["field"])) in [_display(v) for v in when["in"]]

    # geometry -----------------------------------------------------------------------------
    def box(self, element: Mapping[str, Any]) -> tuple[float, float, float, float]:
        if element.get("bleed"):
            b = self.bleed
            return -b, -b, self.width + 2 * b, self.height + 2 * b
        x = coord(element.get("x"), self.width)
        y = coord(element.get("y"), self.height)
        w = coord(element.get("w"), self.width, self.width - x)
        h = coord(element.get("h"), self.height, self.height - y)
        return x, y, w, h

    def paint(self, element: Mapping[str, Any], box: Box4) -> Paint:
        """The fill (a colour or a gradient across `box`), stroke and dash of an element."""
        return Paint(
            fill=self.fill(element.get("fill"), box),
            stroke=self.value(element.get("stroke")),
            width=coord(element.get("stroke_width"), self.width, 0.5),
            dash=tuple(coord(d, self.width) for d in element.get("dash", ())),
        )

    def fill(self, spec: Any, box: Box4) -> str | Gradient | None:
        """A fill colour, or a gradient laid across the element's box (x, y, w, h)."""
        found = self.value(spec)
        if not isinstance(found, Mapping):
            return found
        colours = [self.value(c) for c in found["colors"]]
        offsets = found.get("stops") or [n / (len(colours) - 1) for n in range(len(colours))]
        if len(offsets) != len(colours):
            self.errors.append(
                f"gradient: {len(offsets)} stops for {len(colours)} colours; give one per colour"
            )
            offsets = [n / (len(colours) - 1) for n in range(len(colours))]
        stops = tuple(zip(offsets, colours, strict=True))
        x, y, w, h = box
        cx, cy = x + w / 2, y + h / 2
        if found["gradient"] == "radial":
            return Gradient("radial", stops, cx, cy, r=math.hypot(w, h) / 2)
        angle = math.radians(float(found.get("angle", 90)))  # 0: left to right, 90: top down
        dx, dy = math.cos(angle), math.sin(angle)
        half = (abs(w * dx) + abs(h * dy)) / 2  # the corners get the end colours
        return Gradient("linear", stops, cx - half * dx, cy - half * dy, cx + half * dx,
                        cy + half * dy)  # fmt: skip

    def setting(self, element: Mapping[str, Any], key: str, default: Any) -> Any:
        """An element setting that may come from a field or variable (fit, align, rotate …);
        a value it cannot take is an error naming the element, the setting and the value."""
        found = self.value(element.get(key, default))
        if found is None or found == "":
            return default
        if key in CHOICES:
            if found not in CHOICES[key]:
                expected = ", ".join(CHOICES[key])
                name = _element_name(element)
                self.errors.append(f"{name}: {key} {found!r}: expected one of {expected}")
                return default
            return found
        least, most = NUMBERS[key]
        try:
            number = float(found)
        except (TypeError, ValueError):
            number = math.nan
        if not least <= number <= most:  # also refuses NaN
            name = _element_name(element)
            self.errors.append(f"{name}: {key} {found!r}: expected a number from {least:g} "
                               f"to {most:g}")  # fmt: skip
            return default
        return number

    # elements -----------------------------------------------------------------------------
    def element(self, element: Mapping[str, Any]) -> list[Primitive]:
        """An element's primitives, turned by its `rotate` about the centre of its box (of
        its points' box for lines, polygons and paths)."""
        box = self.box(element)
        items = ELEMENTS[element["type"]](self, element, box)
        angle = self.setting(element, "rotate", 0.0)
        if not angle or not items:
            return items
        if "points" in element or "d" in element:
            box = bounds(tuple(c for item in items if isinstance(item, Outline)
                               for c in item.commands))  # fmt: skip
        cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
        return [Layer((Layer(tuple(items), dx=-cx, dy=-cy),), dx=cx, dy=cy, rotate=angle)]

    def rect(self, element: Mapping[str, Any], box: Box4) -> list[Primitive]:
        radius = coord(element.get("radius"), self.width)
        return [Outline(rect_path(*box, radius), self.paint(element, box))]

    def ellipse(self, element: Mapping[str, Any], box: Box4) -> list[Primitive]:
        x, y, w, h = box
        return [Ellipse(x + w / 2, y + h / 2, w / 2, h / 2, self.paint(element, box))]

    def shape_element(self, element: Mapping[str, Any], box: Box4) -> list[Primitive]:
        name = self.value(element.get("shape")) or "circle"
        try:
            return [Outline(badge(name, *box), self.paint(element, box))]
        except ValueError:
            self.warnings.append(f"{self.label}: unknown shape {name!r}; drew a circle")
            return [Outline(badge("circle", *box), self.paint(element, box))]

    def palette(self, element: Mapping[str, Any]) -> dict[str, str]:
        ink = self.value(element.get("color")) or "#000000"
        return {
            "ink": ink,
            "paper": self.value(element.get("paper")) or "#ffffff",
            "accent": self.value(element.get("accent")) or ink,
        }

    def draw_icon(self, name: str, x: float, y: float, size: float, palette) -> list[Primitive]:
        """An icon in a `size` square at (x, y): the template's own picture of that name
        (its `icons`), else the bundled vector icon, else a question mark and a warning."""
        own = self.template.get("icons", {})
        if name in own:
            source = self.text(own[name])
            art = self.art(source, f"icon {name!r}")
            placed = fit((x, y, size, size), art.width, art.height)
            fonts = self.art_fonts if art.kind == "svg" else ()
            return [Image(*placed, str(art.path), art.kind, fonts)]
        library = icon_library()
        if name not in library:
            self.warnings.append(f"{self.label}: no icon {name!r}; drew {UNKNOWN_ICON!r}")
            name = UNKNOWN_ICON
        return icon_items(library[name], x, y, size, palette)

    def icons(self, element: Mapping[str, Any], box: Box4) -> list[Primitive]:
        x, y, w, h = box
        name = self.text(element.get("name"))
        if not name:
            return []
        count = self.repeat(element.get("repeat", 1))
        size = min(h, w / max(count, 1) * 0.9) if count > 1 else min(w, h)
        gap = (w - count * size) / max(count - 1, 1) if count > 1 else 0.0
        start = x if count > 1 else x + (w - size) / 2
        palette = self.palette(element)
        items: list[Primitive] = []
        for i in range(count):
            items += self.draw_icon(
                name, start + i * (size + gap), y + (h - size) / 2, size, palette
            )
        return items

    def repeat(self, spec: Any) -> int:
        """An icon's copy count: a whole number from 0 to MAX_REPEAT (PnpError otherwise)."""
        value = self.value(spec)
        try:
            count = int(value or 0) if not isinstance(value, float) or value.is_integer() else -1
        except (TypeError, ValueError):
            count = -1
        if not 0 <= count <= MAX_REPEAT:
            raise PnpError(
                f"{self.label}: icon repeat {value!r}: expected a whole number from 0 to "
                f"{MAX_REPEAT}"
            )
        return count

    def text_element(self, element: Mapping[str, Any], box: Box4) -> list[Primitive]:
        x, y, w, h = box
        safe = coord(self.template.get("safe"), self.width)
        if safe > 0:  # text stays inside the safe zone, whatever the box says
            x0, y0 = max(x, safe), max(y, safe)
            w = min(x + w, self.width - safe) - x0
            h = min(y + h, self.height - safe) - y0
            x, y = x0, y0
        content = self.text(element.get("text", ""))
        if element.get("upper"):
            content = content.upper()
        if not content.strip():
            return []
        family = self.family(element.get("font"))
        size = self.setting(element, "size", 9.0)
        look = TextStyle(
            style=self.setting(element, "style", "regular"),
            size=size,
            min_size=min(self.setting(element, "min_size", min(size, 5.0)), size),
            align=self.setting(element, "align", "left"),
            valign=self.setting(element, "valign", "top"),
            color=self.value(element.get("color")) or "#000000",
            line_height=element.get("line_height", 1.2),
            family=family,
        )
        name = repr(element.get("id", content[:20]))
        try:
            runs = parse(content)
        except MarkupError as exc:
            self.errors.append(f"text {name}: {exc} (in {content!r})")
            return []
        if not self.fonts_cover(runs, look, name):
            return []
        palette = self.palette({"color": element.get("color"), **element})

        def icon(name: str, ix: float, iy: float, size: float) -> list[Primitive]:
            return self.draw_icon(name, ix, iy, size, palette)

        items, fits, set_at = self.set_text(runs, Box(x, y, w, h), look, icon)
        if not fits:
            self.warnings.append(
                f"{self.label}: text {name} overflows its box even at {look.min_size:g} pt"
            )
        elif set_at < READABLE_PT <= look.size:  # fine print a template sets small is meant so
            self.warnings.append(
                f"{self.label}: text {name} shrunk to {set_at:g} pt to fit its box, below the "
                f"{READABLE_PT:g} pt that reads easily in print"
            )
        return items

    def set_text(
        self, runs: list[Run], box: Box, look: TextStyle, icon: IconDrawer
    ) -> tuple[list[Primitive], bool, float]:
        """`set_runs`, memoised for texts without icons (icons depend on the palette)."""
        if any(run.icon for run in runs):
            return set_runs(runs, box, look, icon)
        key = (tuple(runs), box, look)
        found = self.set_texts.get(key)
        if found is None:
            found = self.set_texts[key] = set_runs(runs, box, look, icon)
        items, fits, set_at = found
        return list(items), fits, set_at

    def family(self, name: str | None) -> FontFamily:
        """The font family a text element names (the bundled one if none); unknown: an error."""
        if name is None:
            return DEFAULT_FAMILY
        if name not in self.families:
            declared = ", ".join(map(repr, self.families)) or "none"
            self.errors.append(f"no font family {name!r}: game.json `fonts` declares {declared}")
            return DEFAULT_FAMILY
        return self.families[name]

    def fonts_cover(self, runs: list[Run], look: TextStyle, name: str) -> bool:
        """Whether every style the text uses exists in its family and has all its glyphs;
        an error names what is missing otherwise."""
        ok = True
        for style, text in styles_used(runs, look).items():
            path = look.family.file(style)
            if path is None:
                self.errors.append(
                    f"text {name} is set in {style}, but font family {look.family.name!r} "
                    "has no such file in game.json `fonts`"
                )
                ok = False
                continue
            missing = font_metrics(path).missing(text)
            if missing:
                self.errors.append(
                    f"text {name} has characters its font lacks ({look.family.name} {style}): "
                    + " ".join(f"{shown(ch)} (U+{ord(ch):04X})" for ch in sorted(missing))
                )
                ok = False
        return ok

    def track(self, element: Mapping[str, Any], box: Box4) -> list[Primitive]:
        """A track's numbered spaces, snaking row by row; every fifth one in the accent colour."""
        track = self.context.get("track")
        if not (isinstance(track, Mapping) and {"space", "columns"} <= track.keys()):
            raise PnpError(f"{self.label}: a track element draws only the faces of a track group")
        size, columns = track["space"], track["columns"]
        paint = self.paint(element, (0.0, 0.0, self.width, self.height))
        accent = Paint(self.value(element.get("accent")) or paint.fill, paint.stroke, paint.width)
        color = self.value(element.get("color")) or "#000000"
        look = TextStyle(style="bold", size=size * 0.42, min_size=4, align="center",
                         valign="middle", color=color)  # fmt: skip
        items: list[Primitive] = []
        for index, number in enumerate(range(track["first"], track["last"] + 1)):
            row, column = divmod(index, columns)
            if row % 2:
                column = columns - 1 - column
            x, y = column * size, row * size
            items.append(Outline(rect_path(x, y, size, size), accent if number % 5 == 0 else paint))
            box = Box(x + 1, y + 1, size - 2, size - 2)
            items += layout_text(str(number), box, look, lambda *_: [])[0]
        return items

    def code(self, element: Mapping[str, Any], box: Box4) -> list[Primitive]:
        """A code encoding the component's ID (or `text`), checked to read at print size."""
        from pnpkit.generator.faces import codemark  # only the games that print codes need it

        text = self.text(element.get("text", "{id}"))
        name = repr(element.get("id", "code"))
        ink = self.value(element.get("color")) or DARK_INK
        paper = self.value(element.get("paper")) or LIGHT_INK
        symbology = element.get("symbology", "datamatrix")
        if not (HEX_COLOR.fullmatch(str(ink)) and HEX_COLOR.fullmatch(str(paper))):
            self.errors.append(f"code {name}: color and paper must be colours such as #1a2b3c")
            return []
        try:
            placement = codemark.place(element, coord, self.width, self.height, text)
        except codemark.CodeError as exc:
            self.errors.append(f"code {name}: {exc}")
            return []
        inside = codemark.inside_face(self.shape, self.width, self.height)
        problems = codemark.problems(placement, ink, paper, inside)
        self.errors += [f"code {name}: {problem}" for problem in problems]
        return list(codemark.items(text, placement, ink, paper, symbology))

    def image(self, element: Mapping[str, Any], box: Box4) -> list[Primitive]:
        """Artwork (or the part of it that `crop` keeps) fitted to the box (contain, cover or
        stretch), mirrored by `flip`, see-through by `opacity`, cropped to the box."""
        source = self.text(element.get("src", ""))
        if not source:
            return []
        art = self.art(source, _named_source(element))
        left, top, across, down = self.crop(element.get("crop"))
        mode = self.setting(element, "fit", "contain")
        placed = fit(box, art.width * across, art.height * down, mode,
                     self.setting(element, "align", "center"),
                     self.setting(element, "valign", "middle"))  # fmt: skip
        x, y, w, h = placed
        full_w, full_h = w / across, h / down  # the whole picture at the scale of the part kept
        flip = self.setting(element, "flip", "none")
        shift_x = (1 - left - across) if "x" in flip else left
        shift_y = (1 - top - down) if "y" in flip else top
        whole = (x - shift_x * full_w, y - shift_y * full_h, full_w, full_h)
        if art.pixels:
            self.check_resolution(art, source, full_w, full_h)
        fonts = self.art_fonts if art.kind == "svg" else ()
        image = Image(*whole, str(art.path), art.kind, fonts, flip.replace("none", ""),
                      self.setting(element, "opacity", 1.0))  # fmt: skip
        if (left, top, across, down) == (0.0, 0.0, 1.0, 1.0) and mode != "cover":
            return [image]
        bx, by, bw, bh = box
        x0, y0 = max(x, bx), max(y, by)  # what is kept: the part, and only inside the box
        x1, y1 = min(x + w, bx + bw), min(y + h, by + bh)
        return [Layer((image,), clip=rect_path(x0, y0, x1 - x0, y1 - y0))]

    def art(self, source: str, named: str) -> Art:
        """The artwork file `source` of the game (ArtProblem if it cannot be drawn)."""
        try:
            return read_art(game_file(self.game_dir, source), self.art_fonts)
        except OutsideGame as exc:
            raise ArtProblem(self.label, named, str(exc)) from exc
        except ArtError as exc:
            raise ArtProblem(self.label, named, f"file {source!r} {exc}") from exc

    def crop(self, spec: Mapping[str, str] | None) -> Box4:
        """The part of a picture kept, as shares of its width and height (x, y, w, h)."""
        if not spec:
            return 0.0, 0.0, 1.0, 1.0
        left, top = coord(spec.get("x"), 1.0), coord(spec.get("y"), 1.0)
        across = coord(spec.get("w"), 1.0, 1.0 - left)
        down = coord(spec.get("h"), 1.0, 1.0 - top)
        if not (0 <= left < 1 and 0 <= top < 1 and 0 < across <= 1 - left + 1e-9
                and 0 < down <= 1 - top + 1e-9):  # fmt: skip
            self.errors.append(f"image crop {dict(spec)}: the part kept must lie inside the "
                               "picture and not be empty")  # fmt: skip
            return 0.0, 0.0, 1.0, 1.0
        return left, top, across, down

    @cached_property
    def art_fonts(self) -> ArtFonts:
        """The game's font families, for text inside SVG art."""
        return art_fonts(self.families)

    def check_resolution(self, art: Art, source: str, width: float, height: float) -> None:
        """Warn (once per file and printed size) of a bitmap printed below MIN_DPI."""
        dpi = art.dpi(width, height)
        key = (source, round(width, 1), round(height, 1))
        if dpi >= MIN_DPI or key in self.low_resolution:
            return
        self.low_resolution.add(key)
        message = (
            f"{self.label}: image {source!r} prints at {dpi:.0f} dpi "
            f"({art.width:.0f}×{art.height:.0f} px over {width / MM:.1f}×{height / MM:.1f} mm); "
            f"{MIN_DPI} dpi or more prints sharp"
        )
        self.warnings.append(message)
        self.art_warnings.append(message)


ElementDrawer = Callable[[FaceBuilder, Mapping[str, Any], Box4], list[Primitive]]
ELEMENTS: dict[str, ElementDrawer] = {
    "rect": FaceBuilder.rect,
    "ellipse": FaceBuilder.ellipse,
    "shape": FaceBuilder.shape_element,
    "icon": FaceBuilder.icons,
    "text": FaceBuilder.text_element,
    "image": FaceBuilder.image,
    "track": FaceBuilder.track,
    "code": FaceBuilder.code,
    "line": lines.line,
    "polyline": lines.line,
    "polygon": lines.polygon,
    "path": lines.path,
}
"""Every element type a template may use, and the function that draws it from the builder,
the element (its JSON object) and its box (x, y, w, h in points). A new element type is a
function here and its `type` (and keys) in layouts/layout.schema.json."""


class ArtProblem(PnpError):
    """An image element whose file is missing, outside the game, unreadable or not an image."""

    def __init__(self, component: str, source: str, detail: str):
        self.component, self.source, self.detail = component, source, detail
        super().__init__(f"{component}: image ({source}): {detail}")


def _named_source(element: Mapping[str, Any]) -> str:
    """How a message names where an image element's file comes from: its field or its src."""
    source = element.get("src")
    if isinstance(source, Mapping) and "field" in source:
        return f"field {source['field']!r}"
    if isinstance(source, str) and source.startswith("$"):
        return f"field {source[1:]!r}"
    fields = _PLACEHOLDER.findall(source) if isinstance(source, str) else []
    if fields:
        return "field " + ", ".join(repr(name) for name, _ in fields)
    return f"element {element['id']!r}" if "id" in element else "src"


def context_for(game, group, component, extra: Mapping[str, Any] | None = None) -> dict:
    """The values a template can bind to: the component's fields, id, name, count, group …"""
    spec = group.spec
    return {
        **thaw(component.fields),
        "id": component.id,
        "name": component.name,
        "count": component.count,
        "group": group.name,
        "game": game.name,
        "kind": group.kind,
        "color": spec.get("color") or game.manifest.get("color") or "#444444",
        "back": thaw(spec.get("back", {})),
        "build": "",  # the build being rendered (GroupFaces sets it), "" for the game as defined
        **(extra or {}),
    }
