"""Running `pnp export` for several games: a progress bar on a terminal, then a summary of what
was written (or, with --json, the list of files), like `pnp render`."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from pnpkit.components.model import Game
from pnpkit.generator.export.formats import (
    ExportRequest,
    GameExport,
    Written,
    export_game,
    steps_for,
)
from pnpkit.generator.progress import kb, progress_steps, summary
from pnpkit.generator.render import selected_groups
from pnpkit.wording import counted


def run_export(games: list[Game], out: Path, request: ExportRequest, as_json: bool) -> list[str]:
    """Export every game, print a summary (or JSON); return the warnings."""
    total = sum(steps_for(selected_groups(g, list(request.only)), request) for g in games)
    started = time.perf_counter()
    terminal = sys.stderr.isatty() and sys.stdout.isatty() and not as_json
    results: list[GameExport] = []
    with progress_steps(total, terminal) as step:
        for game in games:
            results.append(export_game(game, out, request, step))
    if as_json:
        print(json.dumps([_json(r) for r in results], indent=2, ensure_ascii=False))
    else:
        seconds = time.perf_counter() - started
        count = sum(len(r.files) for r in results)
        footer = f"{counted(count, 'file')} for {counted(len(results), 'game')} in {seconds:.2f} s"
        rows = [row for r in results for row in _rows(r)]
        summary(("game", "file", "kind", "images", "size"), rows, footer, terminal, "Exported")
    return [w for r in results for w in dict.fromkeys(r.warnings)]


def _json(result: GameExport) -> dict:
    return {
        "game": result.game.id,
        "files": [f.to_json() for f in result.files],
        "warnings": list(dict.fromkeys(result.warnings)),
    }


def _rows(result: GameExport) -> list[tuple[str, str, str, str, str]]:
    """One row per file, except PNGs of one folder: one row for the folder."""
    rows = []
    folders: dict[Path, list[Written]] = {}
    for f in result.files:
        if f.kind == "png":
            folders.setdefault(f.path.parent, []).append(f)
        else:
            rows.append((result.game.id, str(f.path), f.kind, str(f.images), kb(f.size)))
    for folder, files in folders.items():
        size = kb(sum(f.size for f in files))
        rows.append((result.game.id, f"{folder}/ ({len(files)} PNG)", "png", str(len(files)), size))
    return sorted(rows)
