"""Render a game: one print PDF per component group, a combined print-and-play PDF, SVG faces."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pnpkit.atomic import write_bytes
from pnpkit.components.model import Game, Group
from pnpkit.errors import PnpError
from pnpkit.generator.faces import GroupFaces
from pnpkit.generator.outfolder import swapped_folder
from pnpkit.generator.pdfsheets import PrintOptions, SheetWriter
from pnpkit.outputs import output_folder

Step = Callable[[str], None]


@dataclass(frozen=True)
class Written:
    """One output file and what it holds."""

    path: Path
    pages: int
    faces: int
    size: int


@dataclass
class GameRender:
    """The files of one game, and any warnings about its faces: built in memory first
    (`build_game`), then written (`write_game`), so that a render that fails writes nothing."""

    game: Game
    folder: Path
    files: list[Written] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    pdfs: list[tuple[Path, bytes]] = field(default_factory=list, repr=False)
    svgs: list[tuple[str, bytes]] | None = field(default=None, repr=False)
    """SVG faces by file name, or None without --svg."""


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
    return 2 * len(groups) + 1 + int(svg)


def render_game(
    game: Game,
    out: Path,
    options: PrintOptions,
    groups: list[Group],
    step: Step = lambda _: None,
    svg: bool = True,
) -> GameRender:
    """Write every PDF and SVG of `game` under `out`/<game id>/ (see `build_game`)."""
    result = build_game(game, out, options, groups, step, svg)
    write_game(result)
    return result


def build_game(
    game: Game,
    out: Path,
    options: PrintOptions,
    groups: list[Group],
    step: Step = lambda _: None,
    svg: bool = True,
) -> GameRender:
    """Every PDF and SVG of `game`, in memory, for `out`/<game id>/ (never inside the game, see
    pnpkit.outputs; stale temporaries of a killed render there are removed first)."""
    result = GameRender(game, output_folder(out / game.id, games=(game.directory,)))
    faces = {g.id: GroupFaces(game, g, options.bleed_mm) for g in groups}
    combined = SheetWriter(options, f"{game.name} — print and play")
    single = len(groups) == 1
    for group in groups:
        step(f"{game.id}: {group.name}")
        faces[group.id].warnings = result.warnings
        writer = SheetWriter(options, f"{game.name} — {group.name}")
        writer.add_group(game, group, faces[group.id])
        _add_pdf(result, f"{game.id}-{group.id}.pdf", writer)
        step(f"{game.id}: {group.name} (combined)")
        if single:  # the print-and-play PDF holds the same sheets: write the same bytes
            combined = writer
        else:
            combined.add_group(game, group, faces[group.id])
    step(f"{game.id}: print-and-play PDF")
    _add_pdf(result, f"{game.id}-print-and-play.pdf", combined)
    if svg:
        step(f"{game.id}: SVG faces")
        _add_svgs(result, groups, faces)
    return result


def write_game(result: GameRender) -> None:
    """Write the files `build_game` made: each PDF atomically, the SVG folder replaced whole."""
    for path, data in result.pdfs:
        write_bytes(path, data)
    if result.svgs is not None:
        with swapped_folder(result.folder / "svg") as temp:
            for name, data in result.svgs:
                (temp / name).write_bytes(data)


def _add_pdf(result: GameRender, name: str, writer: SheetWriter) -> None:
    data = writer.data()
    path = result.folder / name
    result.pdfs.append((path, data))
    stats = writer.stats
    result.files.append(Written(path, stats.pages, stats.fronts + stats.backs, len(data)))


def _add_svgs(result: GameRender, groups: list[Group], faces: dict[str, GroupFaces]) -> None:
    """Every face as an SVG."""
    from pnpkit.generator.svgfaces import render_svg  # svgwrite is slow to import: only if needed

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
