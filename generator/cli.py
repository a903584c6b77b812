"""The `pnp render` command: print PDFs and SVG previews of games."""

from __future__ import annotations

import math
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from pnpkit.cli_options import complete_game


class Paper(StrEnum):
    """Sheet sizes."""

    a4 = "a4"
    letter = "letter"


class Duplex(StrEnum):
    """How backs are printed."""

    long = "long"
    short = "short"
    off = "off"


MAX_OFFSET_MM = 20.0


def parse_offset(value: str) -> tuple[float, float]:
    """ "X,Y" in millimetres (each within ±20 mm); typer.BadParameter otherwise."""
    try:
        x, y = (float(part) for part in value.split(","))
    except ValueError:  # not a number, or not two of them
        x = y = math.nan
    if not (math.isfinite(x) and math.isfinite(y)):
        raise typer.BadParameter(
            f"expected X,Y in millimetres such as 0.5,-1, got {value!r}", param_hint="--back-offset"
        )
    if abs(x) > MAX_OFFSET_MM or abs(y) > MAX_OFFSET_MM:
        raise typer.BadParameter(
            f"each offset must be within ±{MAX_OFFSET_MM:g} mm", param_hint="--back-offset"
        )
    return x, y


def render(
    targets: Annotated[
        list[str] | None,
        typer.Argument(
            help="Game IDs or game directories.", show_default=False, autocompletion=complete_game
        ),
    ] = None,
    all_games: Annotated[bool, typer.Option("--all", help="Every bundled game.")] = False,
    paper: Annotated[Paper, typer.Option(case_sensitive=False, help="Sheet size.")] = Paper.a4,
    bleed: Annotated[
        float, typer.Option(min=0.0, max=10.0, help="Bleed in mm, where a face bleeds.")
    ] = 3.0,
    duplex: Annotated[
        Duplex,
        typer.Option(
            case_sensitive=False, help="Backs for long-edge or short-edge duplex, or none."
        ),
    ] = Duplex.long,
    gutter_fold: Annotated[
        bool, typer.Option("--gutter-fold", help="Fronts and backs side by side: fold, then cut.")
    ] = False,
    back_offset: Annotated[
        str,
        typer.Option(help="Shift backs by X,Y mm (x right, y up) for printers that misplace them."),
    ] = "0,0",
    only: Annotated[
        list[str] | None, typer.Option("--only", help="Only this component group (repeatable).")
    ] = None,
    out: Annotated[Path, typer.Option(help="Output folder.")] = Path("output"),
    svg: Annotated[bool, typer.Option("--svg/--no-svg", help="Also write SVG faces.")] = True,
) -> None:
    """Print-ready PDFs (one per component group and one combined) and SVG faces of games."""
    from pnpkit.components import bundled_game_ids, load_game
    from pnpkit.errors import PnpError
    from pnpkit.generator.pdfsheets import PrintOptions
    from pnpkit.generator.progress import run_render

    if not targets and not all_games:
        raise typer.BadParameter("name a game or a game directory, or give --all")
    offset = parse_offset(back_offset)
    names = list(dict.fromkeys([*(bundled_game_ids() if all_games else []), *(targets or [])]))
    games = [load_game(name) for name in names]
    options = PrintOptions(paper.value, bleed, duplex.value, gutter_fold, offset)
    try:
        warnings = run_render(games, out, options, only, svg)
    except OSError as exc:  # an output folder that cannot be made or written to
        raise PnpError(f"cannot write {exc.filename or out}: {exc.strerror or exc}") from exc
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)


def register(app: typer.Typer) -> None:
    """Add the generator's commands to the root CLI."""
    app.command()(render)
