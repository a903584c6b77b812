"""Render a game: one print PDF per component group, a combined print-and-play PDF, SVG faces."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from pnpkit.atomic import write_bytes
from pnpkit.components.model import Game, Group
from pnpkit.errors import PnpError
from pnpkit.generator.faces.builds import Build
from pnpkit.generator.faces.groups import GroupFaces
from pnpkit.generator.outfolder import swapped_folder
from pnpkit.generator.sheets.layouts import SheetLayout, sheet_layouts
from pnpkit.generator.sheets.pdfsheets import PrintOptions, SheetWriter
from pnpkit.outputs import output_folder

if TYPE_CHECKING:  # cut files are made only for custom sheets that ask for them
    from pnpkit.generator.sheets.cutfiles import CutSheet

Step = Callable[[str], None]


class Written(NamedTuple):
    """One output file and what it holds."""

    path: Path
    pages: int
    faces: int
    size: int


class GameRender:
    """The files of one game, and any warnings about its faces: built in memory first
    (`render_game`), then written (`write_game`), so that a render that fails writes nothing.
    Plain classes here, not dataclasses: making a dataclass compiles its methods, a cost every
    `pnp render` would pay at import."""

    def __init__(self, game: Game, folder: Path) -> None:
        self.game = game
        self.folder = folder
        self.files: list[Written] = []
        self.warnings: list[str] = []
        self.pdfs: list[tuple[Path, bytes]] = []
        self.svgs: list[tuple[str, bytes]] | None = None
        """SVG faces by file name, or None without --svg."""
        self.cuts: list[tuple[str, bytes]] | None = None
        """Cut files (SVG and DXF) by file name, or None if no custom sheet layout asks for
        them."""


def selected_groups(game: Game, only: list[str] | None) -> list[Group]:
    """The game's groups, or those named by --only (PnpError naming the known ones)."""
    if not only:
        return list(game.groups)
    known = {g.id for g in game.groups}
    unknown = [name for name in only if name not in known]
    if unknown:
        raise PnpError(
            f"{game.id}: no component group {', '.join(map(repr, unknown))}; "
            f"its groups are {', '.join(sorted(known))}"
        )
    return [g for g in game.groups if g.id in only]


def steps_for(game: Game, groups: list[Group], svg: bool = True) -> int:
    """How many progress steps `render_game` reports."""
    layouts = _layouts(game, groups)
    on_sheets = {name for layout in layouts for name in layout.groups}
    units = len([g for g in groups if g.id not in on_sheets]) + len(layouts)
    return 2 * units + 1 + int(svg) + int(any(layout.cut_file for layout in layouts))


def _layouts(game: Game, groups: list[Group]) -> list[SheetLayout]:
    """The game's custom sheets that hold any of `groups`, each with only those groups."""
    chosen = {g.id for g in groups}
    found = []
    for layout in sheet_layouts(game):
        held = tuple(name for name in layout.groups if name in chosen)
        if held:
            found.append(SheetLayout(layout.id, held, layout.spec, layout.manifest))
    return found


def render_game(
    game: Game,
    out: Path,
    options: PrintOptions,
    groups: list[Group],
    step: Step = lambda _: None,
    svg: bool = True,
    build: Build | None = None,
    write: bool = True,
) -> GameRender:
    """Every PDF, SVG and cut file of `game` for `out`/<game id>/ (never inside the game, see
    pnpkit.outputs; stale temporaries of a killed render there are removed first), built in
    memory and then written; with `write` False only built (`write_game` writes it later).
    A build goes to `out`/<game id>-<build>/, its files named <game id>-<build>-…"""
    stem = f"{game.id}-{build.name}" if build else game.id
    result = GameRender(game, output_folder(out / stem, games=(game.directory,)))
    faces = {g.id: GroupFaces(game, g, options.bleed_mm, build=build) for g in groups}
    combined = SheetWriter(options, f"{game.name} — print and play")
    layouts = _layouts(game, groups)
    on_sheets = {name for layout in layouts for name in layout.groups}
    plain = [g for g in groups if g.id not in on_sheets]
    single = len(plain) + len(layouts) == 1
    for group in plain:
        step(f"{game.id}: {group.name}")
        faces[group.id].warnings = result.warnings
        writer = SheetWriter(options, f"{game.name} — {group.name}")
        writer.add_group(game, group, faces[group.id])
        _add_pdf(result, f"{stem}-{group.id}.pdf", writer)
        step(f"{game.id}: {group.name} (combined)")
        if single:  # the print-and-play PDF holds the same sheets: write the same bytes
            combined = writer
        else:
            combined.add_group(game, group, faces[group.id])
    by_id = {g.id: g for g in groups}
    cut_sheets: dict[str, list[CutSheet]] = {}
    for layout in layouts:
        step(f"{game.id}: sheet {layout.id}")
        members = [(by_id[name], faces[name]) for name in layout.groups]
        for _, group_faces in members:
            group_faces.warnings = result.warnings
        writer = SheetWriter(options, f"{game.name} — {layout.id}")
        cuts = writer.add_sheet(game, layout, members)
        _add_pdf(result, f"{stem}-{layout.id}.pdf", writer)
        step(f"{game.id}: sheet {layout.id} (combined)")
        if single:
            combined = writer
        else:
            combined.add_sheet(game, layout, members)
        if layout.cut_file:
            cut_sheets[layout.id] = cuts
    step(f"{game.id}: print-and-play PDF")
    _add_pdf(result, f"{stem}-print-and-play.pdf", combined)
    if cut_sheets:
        step(f"{game.id}: cut files")
        _add_cut_files(result, cut_sheets)
    if svg:
        step(f"{game.id}: SVG faces")
        _add_svgs(result, groups, faces)
    if write:
        write_game(result)
    return result


def write_game(result: GameRender) -> None:
    """Write the files `render_game` made: each PDF atomically, the cut and SVG folders each
    replaced whole."""
    for path, data in result.pdfs:
        write_bytes(path, data)
    for name, files in (("cut", result.cuts), ("svg", result.svgs)):
        if files is None:
            continue
        with swapped_folder(result.folder / name) as temp:
            for file, data in files:
                (temp / file).write_bytes(data)


def _add_pdf(result: GameRender, name: str, writer: SheetWriter) -> None:
    data = writer.data()
    path = result.folder / name
    result.pdfs.append((path, data))
    stats = writer.stats
    result.files.append(Written(path, stats.pages, stats.fronts + stats.backs, len(data)))


def _add_cut_files(result: GameRender, sheets: dict[str, list[CutSheet]]) -> None:
    """An SVG and a DXF cut file per printed sheet (`cut/<sheet>-<n>.svg`, `.dxf`)."""
    from pnpkit.generator.sheets.cutfiles import cut_dxf, cut_svg

    result.cuts = []
    for name, pages in sheets.items():
        for number, page in enumerate(pages, start=1):
            for suffix, text in (("svg", cut_svg(page)), ("dxf", cut_dxf(page))):
                data = text.encode("utf-8")
                file = f"{name}-{number}.{suffix}"
                result.cuts.append((file, data))
                path = result.folder / "cut" / file
                result.files.append(Written(path, 1, len(page.cuts), len(data)))


def _add_svgs(result: GameRender, groups: list[Group], faces: dict[str, GroupFaces]) -> None:
    """Every face as an SVG."""
    from pnpkit.generator.backends.svg import (
        render_svg,  # svgwrite is slow to import: only if needed
    )

    result.svgs = []
    for group in groups:
        for component in group.components:
            sides = (("front", faces[group.id].front(component)),
                     ("back", faces[group.id].back(component)))  # fmt: skip
            for side, face in sides:
                if face is None:
                    continue
                data = render_svg(face).encode("utf-8")
                name = f"{component.id}-{side}.svg"
                result.svgs.append((name, data))
                result.files.append(Written(result.folder / "svg" / name, 0, 1, len(data)))
