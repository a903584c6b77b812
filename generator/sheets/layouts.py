"""Custom sheet layouts declared in game.json `sheets`: where each piece goes on the page.

Pure geometry in page points, y up, like `imposition`. Three layouts:

- `grid`: a designer-defined grid (label and sticker sheets): `columns` × `rows` cells, the
  first at `left`, `top` from the paper's top-left corner, `pitch` apart;
- `slots`: a list of places (a sprue), each piece's top-left corner and turn;
- `pack`: pieces of mixed sizes packed in rows (chits), `gap` apart.

With `registration`, three print-and-cut registration marks are kept clear of the pieces.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from pnpkit.components.model import Game, thaw
from pnpkit.errors import DefinitionError, Problem
from pnpkit.generator.faces.face import Face
from pnpkit.generator.sheets.imposition import FOOTER, LOOSE_GAP, PRINTER_MARGIN, Rect, Slot
from pnpkit.units import MM, length_pt

REGISTRATION_INSET = 15 * MM  # from the paper's edges to the marks' outer edges
REGISTRATION_SQUARE = 5 * MM
REGISTRATION_ARM = 20 * MM
REGISTRATION_LINE = 1 * MM
REGISTRATION_CLEARANCE = 3 * MM  # between the marks and the nearest piece


class SheetLayout(NamedTuple):
    """One entry of game.json `sheets`, read: its id, the groups it holds and its settings."""

    id: str
    groups: tuple[str, ...]
    spec: Mapping[str, Any]
    manifest: str  # the game.json path, for messages

    @property
    def registration(self) -> bool:
        return bool(self.spec.get("registration", False))

    @property
    def cut_file(self) -> bool:
        return bool(self.spec.get("cut_file", True))

    def problem(self, where: str, message: str) -> DefinitionError:
        return DefinitionError([Problem(self.manifest, f"#/sheets/{self.id}{where}", message)])


def sheet_layouts(game: Game) -> list[SheetLayout]:
    """The custom sheets of a game's `sheets` in game.json, in the order given."""
    manifest = str(game.directory / "game.json")
    sheets = thaw(game.manifest.get("sheets", {}))
    return [
        SheetLayout(name, tuple(spec["groups"]), spec, manifest) for name, spec in sheets.items()
    ]


def registration_marks(paper: tuple[float, float]) -> list[tuple[tuple[float, float], ...]]:
    """The marks as closed outlines (page points, y up): a filled square at the top left and
    an L at the top right and at the bottom left, as print-and-cut machines look for."""
    width, height = paper
    i, s, a, t = REGISTRATION_INSET, REGISTRATION_SQUARE, REGISTRATION_ARM, REGISTRATION_LINE
    square = ((i, height - i), (i + s, height - i), (i + s, height - i - s), (i, height - i - s))
    top_right = ((width - i - a, height - i), (width - i, height - i), (width - i, height - i - a),
                 (width - i - t, height - i - a), (width - i - t, height - i - t),
                 (width - i - a, height - i - t))  # fmt: skip
    bottom_left = ((i, i), (i + a, i), (i + a, i + t), (i + t, i + t), (i + t, i + a),
                   (i, i + a))  # fmt: skip
    return [square, top_right, bottom_left]


def free_area(paper: tuple[float, float], registration: bool) -> Rect:
    """Where pieces may lie: inside the printer margins, above the footer, and (with
    registration marks) inside the band the marks take."""
    width, height = paper
    if registration:
        keep = REGISTRATION_INSET + REGISTRATION_ARM + REGISTRATION_CLEARANCE
        return Rect(keep, keep, width - 2 * keep, height - 2 * keep)
    bottom = PRINTER_MARGIN + FOOTER
    return Rect(
        PRINTER_MARGIN, bottom, width - 2 * PRINTER_MARGIN, height - PRINTER_MARGIN - bottom
    )


def _footprint(face: Face, rotate: int) -> tuple[float, float]:
    return (face.width, face.height) if rotate in (0, 180) else (face.height, face.width)


def _inside(rect: Rect, area: Rect) -> bool:
    return (rect.x >= area.x - 0.01 and rect.y >= area.y - 0.01
            and rect.x1 <= area.x1 + 0.01 and rect.y1 <= area.y1 + 0.01)  # fmt: skip


def _with_bleed(trim: Rect, bleed: float) -> Rect:
    return Rect(trim.x - bleed, trim.y - bleed, trim.w + 2 * bleed, trim.h + 2 * bleed)


def place(layout: SheetLayout, faces: list[Face], paper: tuple[float, float]) -> list[list[Slot]]:
    """Pages of slots for the pieces whose faces are `faces` (in print order); DefinitionError
    names the sheet's place in game.json when a piece cannot go where it is told."""
    kind = layout.spec["layout"]
    area = free_area(paper, layout.registration)
    if kind == "pack":
        return _pack(layout, faces, area)
    places = _grid(layout, paper) if kind == "grid" else _slots(layout, paper)
    pages: list[list[Slot]] = []
    for start in range(0, len(faces), len(places)):
        page = []
        for n, face in enumerate(faces[start : start + len(places)]):
            (x, top, rotate), where = places[n]
            w, h = _footprint(face, rotate)
            trim = Rect(x, top - h, w, h)
            if not _inside(_with_bleed(trim, face.bleed), area):
                raise layout.problem(where, _outside_message(face, area, paper, layout))
            page.append(Slot(start + n, trim, rotate, _with_bleed(trim, face.bleed)))
        pages.append(page)
    if kind == "grid":
        _check_cells(layout, faces)
    return pages


def _outside_message(face: Face, area: Rect, paper: tuple[float, float], layout) -> str:
    keep = "the registration marks' band" if layout.registration else "the printer margins"
    return (
        f"a piece of {face.full_width / MM:g} × {face.full_height / MM:g} mm (with its bleed) "
        f"placed here reaches outside the printable part of the {paper[0] / MM:g} × "
        f"{paper[1] / MM:g} mm sheet ({area.x / MM:g} mm from the sides, clear of the footer "
        f"and {keep})"
    )


def _grid(layout: SheetLayout, paper) -> list[tuple[tuple[float, float, int], str]]:
    """The cells' top-left corners (page points, y up) in reading order."""
    spec = layout.spec
    columns, rows = spec["columns"], spec["rows"]
    pitch_x, pitch_y = (length_pt(v) for v in spec["pitch"])
    left, top = length_pt(spec["left"]), length_pt(spec["top"])
    return [
        ((left + c * pitch_x, paper[1] - top - r * pitch_y, 0), "")
        for r in range(rows)
        for c in range(columns)
    ]


def _check_cells(layout: SheetLayout, faces: list[Face]) -> None:
    """Each face must fit its grid cell (the pitch), or neighbours would overlap."""
    pitch_x, pitch_y = (length_pt(v) for v in layout.spec["pitch"])
    for face in faces:
        if face.full_width > pitch_x + 0.01 or face.full_height > pitch_y + 0.01:
            raise layout.problem(
                "/pitch",
                f"a piece of {face.full_width / MM:g} × {face.full_height / MM:g} mm (with its "
                f"bleed) does not fit a cell of {pitch_x / MM:g} × {pitch_y / MM:g} mm",
            )


def _slots(layout: SheetLayout, paper) -> list[tuple[tuple[float, float, int], str]]:
    return [
        ((length_pt(s["x"]), paper[1] - length_pt(s["y"]), s.get("rotate", 0)), f"/slots/{n}")
        for n, s in enumerate(layout.spec["slots"])
    ]


def _pack(layout: SheetLayout, faces: list[Face], area: Rect) -> list[list[Slot]]:
    """Pieces in rows from the top left, each row as tall as its tallest piece, `gap` apart;
    a piece that does not fit the row starts a new one, a row that does not fit a new page."""
    gap = length_pt(layout.spec["gap"]) if "gap" in layout.spec else LOOSE_GAP
    pages: list[list[Slot]] = [[]]
    x, top, row_height = area.x, area.y1, 0.0
    for index, face in enumerate(faces):
        b = face.bleed
        w, h = face.width + 2 * b, face.height + 2 * b
        if w > area.w + 0.01 or h > area.h + 0.01:
            raise layout.problem(
                "/groups",
                f"a piece of {w / MM:g} × {h / MM:g} mm (with its bleed) is larger than the "
                f"part of the sheet pieces may take ({area.w / MM:g} × {area.h / MM:g} mm)",
            )
        if x + w > area.x1 + 0.01:  # a new row
            x, top, row_height = area.x, top - row_height - gap, 0.0
        if top - h < area.y - 0.01:  # a new page
            pages.append([])
            x, top, row_height = area.x, area.y1, 0.0
        trim = Rect(x + b, top - h + b, face.width, face.height)
        pages[-1].append(Slot(index, trim, 0, _with_bleed(trim, b)))
        x += w + gap
        row_height = max(row_height, h)
    return [page for page in pages if page]
