"""The `pnp referee` command group (also installed as `referee`)."""

from __future__ import annotations

import typer

app = typer.Typer(
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    help="Record and check a real game's moves.",
)


@app.callback()
def _group() -> None:
    """Record and check a real game's moves."""


def main() -> None:
    """Entry point of the `referee` command."""
    app()
