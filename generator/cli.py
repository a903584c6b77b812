"""The `pnp render` command (filled in by the generator issue)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the generator's commands to the root CLI."""
