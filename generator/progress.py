"""Rendering several games with a progress bar and a summary of what was written.

On a terminal the bar and the table come from rich; elsewhere (pipes, CI, benchmarks) a plain
summary is printed and rich is not even imported.
"""

from __future__ import annotations

import contextlib
import json
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from pnpkit.components.model import Game
from pnpkit.generator.faces.builds import build_named
from pnpkit.generator.render import (
    GameRender,
    Step,
    render_game,
    selected_groups,
    steps_for,
    write_game,
)
from pnpkit.generator.sheets.pdfsheets import PrintOptions
from pnpkit.outputs import output_folder
from pnpkit.wording import counted


def run_render(
    games: list[Game],
    out: Path,
    options: PrintOptions,
    only: list[str] | None,
    svg: bool = True,
    as_json: bool = False,
    builds: list[str] | None = None,
) -> list[str]:
    """Render every game (a progress bar on a terminal), print a summary (or, with `as_json`,
    the files written as JSON); return the warnings. With `builds`, each game once per build
    named (every game must declare it). Every game is built before any file is written: a
    render that fails on any game writes nothing."""
    chosen = [
        (game, selected_groups(game, only), build_named(game, name) if name else None)
        for game in games
        for name in builds or [None]
    ]
    for game, _, build in chosen:  # refuse a bad --out before anything is written
        stem = f"{game.id}-{build.name}" if build else game.id
        output_folder(out / stem, games=[g.directory for g in games])
    total = sum(steps_for(game, groups, svg) for game, groups, _ in chosen)
    started = time.perf_counter()
    results: list[GameRender] = []
    terminal = sys.stderr.isatty() and sys.stdout.isatty() and not as_json
    with progress_steps(total, terminal) as step:
        for game, groups, build in chosen:
            results.append(render_game(game, out, options, groups, step, svg, build, write=False))
    for result in results:
        write_game(result)
    if as_json:
        print(json.dumps([_json(r) for r in results], indent=2, ensure_ascii=False))
        return [w for r in results for w in dict.fromkeys(r.warnings)]
    rows = _rows(results)
    footer = (
        f"{counted(sum(len(r.files) for r in results), 'file')} for "
        f"{counted(len(results), 'game')} "
        f"in {time.perf_counter() - started:.2f} s"
    )
    summary(("game", "file", "pages", "faces", "size"), rows, footer, terminal, "Written")
    return [w for r in results for w in dict.fromkeys(r.warnings)]


@contextlib.contextmanager
def progress_steps(total: int, terminal: bool) -> Iterator[Step]:
    if not terminal:
        yield lambda _: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("rendering", total=total)
        yield lambda label: progress.update(task, advance=1, description=label)


def _json(result: GameRender) -> dict:
    return {
        "game": result.game.id,
        "files": [
            {"path": str(f.path), "pages": f.pages, "faces": f.faces, "bytes": f.size}
            for f in result.files
        ],
        "warnings": list(dict.fromkeys(result.warnings)),
    }


def _rows(results: list[GameRender]) -> list[tuple[str, str, str, str, str]]:
    rows = []
    for result in results:
        pdfs = [f for f in result.files if f.path.suffix == ".pdf"]
        for f in pdfs:
            rows.append((result.game.id, str(f.path), str(f.pages), str(f.faces), kb(f.size)))
        folders: dict[Path, list] = {}  # the SVG faces, the cut files: a row per folder
        for f in result.files:
            if f.path.suffix != ".pdf":
                folders.setdefault(f.path.parent, []).append(f)
        for folder, files in folders.items():
            kinds = Counter(f.path.suffix[1:].upper() for f in files)
            what = ", ".join(f"{n} {kind}" for kind, n in kinds.items())
            faces = str(len(files)) if folder.name == "svg" else ""
            rows.append(
                (result.game.id, f"{folder}/ ({what})", "", faces, kb(sum(f.size for f in files)))
            )
    return rows


def summary(
    columns: tuple[str, ...], rows: list[tuple[str, ...]], footer: str, terminal: bool, title: str
) -> None:
    """What a command wrote: a table on a terminal, else a line per row; then the footer."""
    if not terminal:
        for row in rows:
            print("  ".join(row))
        print(footer)
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(*columns, title=title)
    for row in rows:
        table.add_row(*row)
    console = Console()
    console.print(table)
    console.print(footer)


def kb(size: int) -> str:
    return f"{size / 1024:.0f} KB"
