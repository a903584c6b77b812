"""What the `pnp` and `referee` commands share: -h, -V/--version, plain fast help, and shell
completion of game names and log files. Imports nothing heavy: it is on every command's start-up
path."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from pnpkit import __version__

APP_SETTINGS = {
    "no_args_is_help": True,
    "pretty_exceptions_enable": False,
    "context_settings": {"help_option_names": ["-h", "--help"]},
    # Plain help, as click writes it: rich's help formatting costs more start-up than the rest
    # of `pnp --help` together (bench/bench_cli.py).
    "rich_markup_mode": None,
}
"""The settings both command groups (`pnp` and `referee`) are made with."""


def _show_version(value: bool) -> None:
    if value:
        print(f"pnpkit {__version__}")
        raise typer.Exit()


VersionOption = Annotated[
    bool,
    typer.Option(
        "--version", "-V", callback=_show_version, is_eager=True, help="Print the version and exit."
    ),
]


def complete_game(incomplete: str) -> list[str]:
    """Bundled game IDs, and folders (a game directory, or one on the way to it), that start so."""
    from pnpkit.components.catalog import bundled_game_ids

    found = [g for g in bundled_game_ids() if g.startswith(incomplete)]
    return found + [p for p in _paths(incomplete) if p.endswith(os.sep)]


def complete_log(incomplete: str) -> list[str]:
    """Log files (*.jsonl) and folders that start so."""
    return [p for p in _paths(incomplete) if p.endswith((".jsonl", os.sep))]


def complete_game_or_log(incomplete: str) -> list[str]:
    """Either of the above: `play` and `score` take a game or a log."""
    return complete_game(incomplete) + [p for p in _paths(incomplete) if p.endswith(".jsonl")]


def _paths(incomplete: str) -> list[str]:
    folder, _, start = incomplete.rpartition(os.sep)
    base = Path(folder or ".")
    try:
        entries = sorted(base.iterdir())
    except OSError:
        return []
    prefix = f"{folder}{os.sep}" if folder else ""
    return [
        prefix + entry.name + (os.sep if entry.is_dir() else "")
        for entry in entries
        if entry.name.startswith(start) and not entry.name.startswith(".")
    ]
