"""`score GAME --photo …`: a finished position read from photos through the game's rules
(`Rules.position_from_pieces`), shown as a position file the table can correct and saved with
`--save FILE` for `score --position FILE`."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pnpkit import atomic
from pnpkit.components.model import Game
from pnpkit.outputs import output_file
from pnpkit.referee.engine.rules import load_rules
from pnpkit.scan.pieces import scan_photo


def position_from_photos(game: Game, photos: Sequence[Path], save: Path | None) -> str:
    """The position file the photos give (PositionUnclear if they do not determine it);
    written to `save` as well when given (never over a photo or the game)."""
    rules = load_rules(game)
    if save is not None:
        output_file(save, reads=photos, games=[game.directory])
    text = rules.position_from_pieces(game, [scan_photo(game, photo) for photo in photos])
    if save is not None:
        atomic.write_text(save, text)
    return text
