"""`pnp scan PHOTO… --game GAME [--json] [--annotate OUT.png]`: the pieces in photos."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from pnpkit.cli_options import complete_game


def scan(
    photos: Annotated[list[Path], typer.Argument(help="Photos of the table (JPEG or PNG).")],
    game: Annotated[
        str,
        typer.Option("--game", help="The game's ID or directory.", autocompletion=complete_game),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    annotate: Annotated[
        Path | None,
        typer.Option("--annotate", help="Also draw what was read over the photos, as a PNG."),
    ] = None,
) -> None:
    """Find the game's pieces in photos by the codes printed on them: each piece's ID and its
    corners in the photo; codes that are not the game's or cannot be decoded are listed apart."""
    from pnpkit.components import load_game
    from pnpkit.outputs import output_file
    from pnpkit.scan.pieces import scan_photo

    loaded = load_game(game)
    if annotate is not None:
        output_file(annotate, reads=photos, games=[loaded.directory])
    scans = [scan_photo(loaded, photo) for photo in photos]
    if annotate is not None:
        from pnpkit.scan.annotate import save_annotated

        save_annotated(scans, annotate)
    if as_json:
        print(json.dumps([s.to_json() for s in scans], indent=2, ensure_ascii=False))
        return
    for result in scans:
        print(f"{result.photo}: {len(result.pieces)} pieces, {len(result.unread)} codes not read")
        for piece in result.pieces:
            x, y = piece.centre
            print(f"  {piece.id:<10} {piece.group:<12} at ({x:.0f}, {y:.0f})")
        for unread in result.unread:
            x = sum(p[0] for p in unread.code) / 4
            y = sum(p[1] for p in unread.code) / 4
            print(f"  {unread.text or '?':<10} not read: {unread.reason} at ({x:.0f}, {y:.0f})")
    if annotate is not None:
        print(f"wrote {annotate}")


def register(app: typer.Typer) -> None:
    """Add `scan` to the root CLI."""
    app.command()(scan)
