"""Rendering several games with a progress bar and a summary of what was written."""

from __future__ import annotations

import time
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from pnpkit.components.model import Game
from pnpkit.generator.pdfsheets import PrintOptions
from pnpkit.generator.render import GameRender, render_game, selected_groups, steps_for


def run_render(
    games: list[Game], out: Path, options: PrintOptions, only: list[str] | None
) -> list[str]:
    """Render every game (a progress bar on a terminal), print a summary; return the warnings."""
    console = Console(stderr=True)
    chosen = [(game, selected_groups(game, only)) for game in games]
    total = sum(steps_for(game, groups) for game, groups in chosen)
    started = time.perf_counter()
    results: list[GameRender] = []
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    )
    with progress:
        task = progress.add_task("rendering", total=total)

        def step(label: str) -> None:
            progress.update(task, advance=1, description=label)

        for game, groups in chosen:
            results.append(render_game(game, out, options, groups, step))
    _summary(Console(), results, time.perf_counter() - started)
    return [w for r in results for w in dict.fromkeys(r.warnings)]


def _summary(console: Console, results: list[GameRender], seconds: float) -> None:
    table = Table("game", "file", "pages", "faces", "size", title="Written")
    for result in results:
        pdfs = [f for f in result.files if f.path.suffix == ".pdf"]
        svgs = [f for f in result.files if f.path.suffix == ".svg"]
        for f in pdfs:
            table.add_row(result.game.id, str(f.path), str(f.pages), str(f.faces), _kb(f.size))
        if svgs:
            folder = svgs[0].path.parent
            size = sum(f.size for f in svgs)
            table.add_row(
                result.game.id, f"{folder}/ ({len(svgs)} SVG)", "", str(len(svgs)), _kb(size)
            )
    console.print(table)
    files = sum(len(r.files) for r in results)
    console.print(f"{files} files for {len(results)} game(s) in {seconds:.2f} s")


def _kb(size: int) -> str:
    return f"{size / 1024:.0f} KB"
