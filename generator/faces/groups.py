"""The faces of a component group: which templates, what size and shape, fronts and backs.

Compound pieces are assembled here from template-drawn parts: a die is a net of six faces with
glue tabs, a standee is its back (upside down) and front with a base tab at either end.
"""

from __future__ import annotations

import math
from functools import cached_property
from typing import Any, NamedTuple

from pnpkit.components.model import Component, Game, Group, thaw
from pnpkit.errors import DefinitionError, PnpError, Problem
from pnpkit.generator.faces.builds import Build, greyscale
from pnpkit.generator.faces.compose import FaceBuilder, context_for, coord
from pnpkit.generator.faces.face import Face, Layer, Paint, polygon_path, rect_path, trimmed
from pnpkit.generator.faces.face import Path as Outline
from pnpkit.generator.text.typefaces import FontFamily, game_families
from pnpkit.layouts import TEMPLATES_DIR, game_template, load_template
from pnpkit.units import MM, length_pt, size_pt

DEFAULT_BLEED_MM = 3.0
CUT = Paint(stroke="#000000", width=0.4)
FOLD = Paint(stroke="#666666", width=0.4, dash=(2.0, 2.0))
TAB_FILL = "#e6e6e6"
STANDEE_BASE = 14 * MM
MAX_SIDE = 1500 * MM  # larger than A0; beyond it a board would tile onto thousands of sheets
# the cells of a cube net (column, row) for a die's faces in order: the 1st and 6th, 2nd and
# 5th, 3rd and 4th end up opposite, so faces listed 1–6 fold into a standard die (sums of 7)
DIE_NET = [(1, 0), (0, 1), (1, 1), (3, 1), (2, 1), (1, 2)]


class Geometry(NamedTuple):
    """A group's trim size (points) and cut shape (a named tuple: a dataclass costs more to
    make on every `pnp render`'s import than the rest of this module)."""

    width: float
    height: float
    shape: str


def geometry(group: Group) -> Geometry:
    """The trim size and shape of one face of a group, from its manifest entry."""
    spec = group.spec
    if group.kind in ("deck", "board", "standees"):
        width, height = size_pt(thaw(spec["size"]))
        if "orientation" in spec:  # a deck's: "landscape" lays a named size on its side
            short, long = sorted((width, height))
            width, height = (long, short) if spec["orientation"] == "landscape" else (short, long)
        return Geometry(width, height, "rect")
    if group.kind == "tiles":
        across = length_pt(spec["size"])
        if spec["shape"] == "square":
            return Geometry(across, across, "rect")
        corner = across * 2 / math.sqrt(3)
        if spec.get("orientation") == "flat":
            return Geometry(corner, across, "hex-flat")
        return Geometry(across, corner, "hex")
    if group.kind == "tokens":
        side = length_pt(spec["size"])
        return Geometry(side, side, "circle" if spec["shape"] == "round" else "rect")
    if group.kind == "track":
        space = length_pt(spec["space_size"])
        spaces = spec["spaces"]["last"] - spec["spaces"]["first"] + 1
        columns = min(spec.get("columns", spaces), spaces)
        return Geometry(columns * space, math.ceil(spaces / columns) * space, "rect")
    side = length_pt(spec["size"])  # dice: one face of the cube
    return Geometry(side, side, "rect")


def export_faces(game: Game, group: Group, bleed_mm: float) -> GroupFaces:
    """The faces of a group for images with `bleed_mm` of bleed (0: cut at the outline). Faces
    are always drawn with at least the default bleed, so that full-bleed art is framed as on
    the print sheets, and the image crops what it does not show."""
    return GroupFaces(game, group, max(bleed_mm, DEFAULT_BLEED_MM), trim=bleed_mm == 0)


def has_back(group: Group) -> bool:
    """Whether the group's pieces are printed on both sides (duplex or gutter-fold)."""
    if group.kind == "deck":
        return True
    if group.kind == "tokens":
        return group.spec.get("faces") == 2
    return group.kind in ("tiles", "board") and "back" in group.spec


class GroupFaces:
    """Builds (and caches) the faces of every component of one group (a plain class, as
    FaceBuilder is: made on every `pnp render`'s import)."""

    def __init__(
        self,
        game: Game,
        group: Group,
        bleed_mm: float = DEFAULT_BLEED_MM,
        trim: bool = False,
        build: Build | None = None,
    ) -> None:
        self.game = game
        self.group = group
        self.bleed_mm = bleed_mm
        self.trim = trim
        """Faces cut at their outline (`trimmed`): drawn with their bleed, then cut off."""
        self.build = build
        """The edition drawn (its variables, templates, greyscale); None: the game as defined."""
        self.warnings: list[str] = []
        self.art_warnings: list[str] = []
        self._front_cache: dict[str, Face] = {}
        self._back_cache: dict[str, Face] = {}

    @cached_property
    def families(self) -> dict[str, FontFamily]:
        return game_families(self.game)

    def template_name(self, side: str) -> str:
        own_build = self.build.layouts.get(self.group.id, {}) if self.build else {}
        explicit = own_build.get(side) or self.group.spec.get("layout", {}).get(side)
        if explicit:
            return explicit
        own = f"{self.group.id}-{side}"
        if game_template(own, self.game.directory) is not None:
            return own
        bundled = f"{self.game.id}/{own}"
        if (TEMPLATES_DIR / f"{bundled}.json").is_file():
            return bundled
        return f"{self.group.kind}-{side}"

    def builder(self, side: str, geo: Geometry | None = None) -> FaceBuilder:
        try:
            template = load_template(self.template_name(side), self.game.directory)
        except DefinitionError as exc:
            raise DefinitionError(
                [*exc.problems, Problem(str(self.game.directory), self.group.id, f"({side})")]
            ) from exc
        if self.build and self.build.vars:  # the build's variables over the template's own
            template = {**template, "vars": {**template.get("vars", {}), **self.build.vars}}
        geo = geo or geometry(self.group)
        width, height = size_pt(template["size"]) if "size" in template else (geo.width, geo.height)
        if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
            raise PnpError(
                f"{self.game.directory}: group {self.group.id!r} ({side}): a face of "
                f"{width / MM:g} × {height / MM:g} mm; each side must be more than 0 and at most "
                f"{MAX_SIDE / MM:g} mm"
            )
        bleeds = coord(template.get("bleed", "0mm"), width) > 0
        return FaceBuilder(
            template=template,
            width=width,
            height=height,
            shape=template.get("shape", geo.shape),
            bleed=self.bleed_mm * MM if bleeds else 0.0,
            game_dir=self.game.directory,
            warnings=self.warnings,
            families=self.families,
            art_warnings=self.art_warnings,
        )

    def sides(self) -> tuple[str, ...]:
        """The faces each component has: its front, and its back if printed on two sides."""
        return ("front", "back") if has_back(self.group) else ("front",)

    def draws_images(self) -> bool:
        """Whether a template this group draws has an image element (a standee's front piece
        holds its back too)."""
        builders = [self._fronts]
        if has_back(self.group) or self.group.kind == "standees":
            builders.append(self._backs)
        return any(
            element.get("type") == "image"
            for builder in builders
            for element in builder.template.get("elements", [])
        )

    @cached_property
    def _fronts(self) -> FaceBuilder:
        return self.builder("front")

    @cached_property
    def _backs(self) -> FaceBuilder:
        return self.builder("back")

    def context(self, component: Component, extra: dict[str, Any] | None = None) -> dict:
        values = context_for(self.game, self.group, component, extra)
        values["build"] = self.build.name if self.build else ""
        if self.group.kind == "track":
            spec = self.group.spec
            spaces = spec["spaces"]
            count = spaces["last"] - spaces["first"] + 1
            values["track"] = {
                "first": spaces["first"],
                "last": spaces["last"],
                "columns": min(spec.get("columns", count), count),
                "space": length_pt(spec["space_size"]),
            }
        return values

    def front(self, component: Component) -> Face:
        """The front of a component (for dice, the whole net; for standees, the folded piece)."""
        if component.id not in self._front_cache:
            face = self._front(component)
            self._front_cache[component.id] = self._finished(face)
        return self._front_cache[component.id]

    def _finished(self, face: Face) -> Face:
        """The face as drawn: in grey for a greyscale build, cut at its outline if `trim`."""
        if self.build and self.build.greyscale:
            face = greyscale(face)
        return trimmed(face) if self.trim else face

    def _front(self, component: Component) -> Face:
        if self.group.kind == "dice":
            return self.die_net(component)
        face = self._fronts.build(self.context(component), component.id)
        if self.group.kind == "standees":
            return self.standee(component, face)
        return face

    def back(self, component: Component) -> Face | None:
        """The back of a component, or None if the group is printed on one side."""
        if not has_back(self.group):
            return None
        if component.id not in self._back_cache:
            face = self._backs.build(self.context(component), component.id)
            self._back_cache[component.id] = self._finished(face)
        return self._back_cache[component.id]

    def die_net(self, component: Component) -> Face:
        """A cube net: six template-drawn faces in a cross, cut lines, fold lines, glue tabs."""
        builder = self._fronts
        s = builder.width
        faces = thaw(component.fields).get("faces", [])
        layers: list = []
        for (column, row), die_face in zip(DIE_NET, faces, strict=False):
            context = self.context(component, {"face": die_face, **die_face})
            face = builder.build(context, component.id)
            layers.append(Layer(face.items, dx=column * s, dy=row * s, clip=rect_path(0, 0, s, s)))
        tab = 0.22 * s
        tabs = []
        for column in (0, 2, 3):
            x = column * s
            tabs.append([(x, s), (x + tab, s - tab), (x + s - tab, s - tab), (x + s, s)])
            tabs.append([(x, 2 * s), (x + tab, 2 * s + tab), (x + s - tab, 2 * s + tab),
                         (x + s, 2 * s)])  # fmt: skip
        tabs.append(
            [(4 * s, s), (4 * s + tab, s + tab), (4 * s + tab, 2 * s - tab), (4 * s, 2 * s)]
        )
        glue = [Outline(polygon_path(t), Paint(fill=TAB_FILL, stroke=CUT.stroke, width=CUT.width))
                for t in tabs]  # fmt: skip
        folds = [Outline(rect_path(column * s, row * s, s, s), FOLD) for column, row in DIE_NET]
        edges = _net_outline(s)
        width, height = 4 * s + tab, 3 * s
        return Face(width, height, 0.0, edges, (*glue, *layers, *folds), component.id, "piece")

    def standee(self, component: Component, front: Face) -> Face:
        """Back upside down above the front, a fold between, a base tab at each end."""
        back = self._backs.build(self.context(component), component.id)
        w, h, base = front.width, front.height, STANDEE_BASE
        clip = rect_path(0, 0, w, h)
        fill = Paint(fill=TAB_FILL, stroke=None)
        items = (
            Outline(rect_path(0, 0, w, base), fill),
            Layer(back.items, dx=w, dy=base + h, rotate=180, clip=clip),
            Layer(front.items, dx=0, dy=base + h, clip=clip),
            Outline(rect_path(0, base + 2 * h, w, base), fill),
            Outline((("M", 0, base), ("L", w, base)), FOLD),
            Outline((("M", 0, base + h), ("L", w, base + h)), FOLD),
            Outline((("M", 0, base + 2 * h), ("L", w, base + 2 * h)), FOLD),
        )
        total = 2 * h + 2 * base
        return Face(w, total, 0.0, rect_path(0, 0, w, total), items, component.id, "piece")


def _net_outline(s: float) -> tuple:
    """The outer edges of the die net that are not under a glue tab."""
    cells = set(DIE_NET)
    tabbed = {((c, 1), "top") for c in (0, 2, 3)} | {((c, 1), "bottom") for c in (0, 2, 3)}
    tabbed.add(((3, 1), "right"))
    commands: list[tuple] = []
    for column, row in DIE_NET:
        x, y = column * s, row * s
        sides = {
            "top": ((column, row - 1), (x, y), (x + s, y)),
            "bottom": ((column, row + 1), (x, y + s), (x + s, y + s)),
            "left": ((column - 1, row), (x, y), (x, y + s)),
            "right": ((column + 1, row), (x + s, y), (x + s, y + s)),
        }
        for name, (neighbour, start, end) in sides.items():
            if neighbour not in cells and ((column, row), name) not in tabbed:
                commands += [("M", *start), ("L", *end)]
    return tuple(commands)
