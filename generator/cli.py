"""The `pnp render` command: print PDFs and SVG previews of games.

No `from __future__ import annotations` here: typer reads the annotations of the command it
runs, and postponed ones it would compile from their text, twice (the other commands of
pnpkit/cli.py, seldom run, keep theirs postponed: evaluating them at import costs as much).
"""

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
    build: Annotated[
        list[str] | None,
        typer.Option(
            "--build", help="A build the game declares in game.json `builds` (repeatable)."
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the files written as JSON.")
    ] = False,
) -> None:
    """Print-ready PDFs (one per component group and one combined) and SVG faces of games."""
    from pnpkit.components import bundled_game_ids, load_game
    from pnpkit.errors import PnpError
    from pnpkit.generator.progress import run_render
    from pnpkit.generator.sheets.pdfsheets import PrintOptions

    if not targets and not all_games:
        raise typer.BadParameter("name a game or a game directory, or give --all")
    offset = parse_offset(back_offset)
    names = list(dict.fromkeys([*(bundled_game_ids() if all_games else []), *(targets or [])]))
    games = [load_game(name) for name in names]
    options = PrintOptions(paper.value, bleed, duplex.value, gutter_fold, offset)
    try:
        warnings = run_render(games, out, options, only, svg, as_json, build)
    except BrokenPipeError:  # the reader of stdout went away: pnpkit.entry ends quietly
        raise
    except OSError as exc:  # an output folder that cannot be made or written to
        raise PnpError(f"cannot write {exc.filename or out}: {exc.strerror or exc}") from exc
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)


def export(
    target: Annotated[str, typer.Argument(help="A game ID or a game directory.")],
    png: Annotated[bool, typer.Option("--png", help="One PNG per face and copy.")] = False,
    tts: Annotated[
        bool, typer.Option("--tts", help="Tabletop Simulator deck sheets and saved objects.")
    ] = False,
    shop: Annotated[
        str | None,
        typer.Option(
            help="Single cards for a print shop: drivethrucards, thegamecrafter, makeplayingcards, "
            "custom."
        ),
    ] = None,
    showcase: Annotated[
        bool, typer.Option("--showcase", help="A fan of a few faces per group, for sharing.")
    ] = False,
    dpi: Annotated[
        float | None, typer.Option(min=10.0, max=1200.0, help="Resolution (default 300).")
    ] = None,
    bleed: Annotated[
        float | None,
        typer.Option(min=0.0, max=10.0, help="PNGs with this bleed in mm (default: trimmed)."),
    ] = None,
    trim: Annotated[
        bool, typer.Option("--trim", help="PNGs trimmed to the cut (default).")
    ] = False,
    only: Annotated[
        list[str] | None, typer.Option("--only", help="Only this component group (repeatable).")
    ] = None,
    out: Annotated[Path, typer.Option(help="Output folder.")] = Path("output"),
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the files written as JSON.")
    ] = False,
) -> None:
    """PNG faces, Tabletop Simulator objects, print-shop files and showcase images of a game."""
    from pnpkit.components import load_game
    from pnpkit.errors import PnpError
    from pnpkit.generator.export.formats import ExportRequest
    from pnpkit.generator.export.run import run_export
    from pnpkit.generator.export.shops import shop_named

    if not (png or tts or shop or showcase):
        raise typer.BadParameter("choose at least one of --png, --tts, --shop NAME, --showcase")
    if trim and bleed is not None:
        raise typer.BadParameter("give --bleed MM or --trim, not both", param_hint="--trim")
    chosen_shop = None
    if shop is not None:
        # with --png or --tts, --bleed and --dpi are theirs; a named shop keeps its own figures
        theirs = (png or tts) and shop.strip().lower() != "custom"
        try:
            chosen_shop = shop_named(
                shop, None if theirs else bleed, None if theirs or dpi is None else int(dpi)
            )
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--shop") from exc
    request = ExportRequest(
        png=png,
        tts=tts,
        shop=chosen_shop,
        showcase=showcase,
        dpi=dpi or 300.0,
        bleed_mm=bleed or 0.0,
        only=tuple(only or ()),
    )
    game = load_game(target)
    try:
        warnings = run_export([game], out, request, as_json)
    except OSError as exc:
        raise PnpError(f"cannot write {exc.filename or out}: {exc.strerror or exc}") from exc
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)


def watch(
    target: Annotated[str, typer.Argument(help="A game ID or a game directory.")],
    paper: Annotated[Paper, typer.Option(case_sensitive=False, help="Sheet size.")] = Paper.a4,
    bleed: Annotated[
        float, typer.Option(min=0.0, max=10.0, help="Bleed in mm, where a face bleeds.")
    ] = 3.0,
    duplex: Annotated[
        Duplex, typer.Option(case_sensitive=False, help="Backs for long- or short-edge duplex.")
    ] = Duplex.long,
    out: Annotated[Path, typer.Option(help="Output folder.")] = Path("output"),
    svg: Annotated[bool, typer.Option("--svg/--no-svg", help="Also write SVG faces.")] = True,
) -> None:
    """Render a game, then re-render the groups whose files change, until Ctrl-C."""
    from pnpkit.generator.sheets.pdfsheets import PrintOptions
    from pnpkit.generator.watch import Watcher

    options = PrintOptions(paper.value, bleed, duplex.value)
    watcher = Watcher(target, out, options, svg, lambda line: print(line, flush=True))
    try:
        watcher.run()
    except KeyboardInterrupt:  # temp files are removed by pnpkit.atomic on the way out
        print("stopped", flush=True)


def register(app: typer.Typer) -> None:
    """Add the generator's commands to the root CLI."""
    app.command()(render)
    app.command()(export)
    app.command()(watch)
