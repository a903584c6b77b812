"""`move LOG --photo PHOTO` (and the web page's camera button): the card just turned over (or the
pieces just placed) read from a photo and matched against the moves the viewer may enter now,
as the secrecy gate lists them. No game code: a legal move matches when every component ID its
text names is among the pieces read, and it names at least one."""

from __future__ import annotations

import re
from pathlib import Path
from typing import IO

from pnpkit.errors import PnpError
from pnpkit.referee.views.gate import Gate
from pnpkit.scan.pieces import PhotoScan, scan_photo

_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]*")


class NotOneMove(PnpError):
    """A photo that matches no move, or several: what was read, and the moves it matches."""

    def __init__(self, message: str, read: list[str], matches: list[str]):
        super().__init__(message)
        self.read, self.matches = read, matches


def matching_moves(gate: Gate, scan: PhotoScan, label: str) -> tuple[list[str], set[str]]:
    """The texts of the moves `gate`'s viewer may enter now that the pieces in `scan` match,
    and the IDs read; PnpError (naming `label`) if no piece is read."""
    game = gate.setup.game
    seen = {piece.id for piece in scan.pieces}
    if not seen:
        unread = f" ({len(scan.unread)} codes not read)" if scan.unread else ""
        raise NotOneMove(f"{label}: no piece of {game.name} read in the photo{unread}", [], [])
    known = {c.id.upper() for c in game.components()}
    found = []
    for text in gate.legal():
        named = {w.upper() for w in _WORD.findall(text)} & known
        if named and named <= seen:
            found.append(text)
    return found, seen


def the_move(gate: Gate, photo: Path | IO[bytes], name: str = "") -> str:
    """The one move the photo matches; NotOneMove saying what was read and listing the matches
    when there is not exactly one."""
    label = name or str(photo)
    return move_in(gate, scan_photo(gate.setup.game, photo, label), label)


def move_in(gate: Gate, scan: PhotoScan, label: str) -> str:
    """The one move the pieces in `scan` (a photo called `label`) match, as the_move."""
    found, seen = matching_moves(gate, scan, label)
    if len(found) == 1:
        return found[0]
    read = ", ".join(sorted(seen))
    if not found:
        message = f"{label}: read {read}; no move that may be entered now names them"
        raise NotOneMove(message, sorted(seen), [])
    listed = "".join(f"\n  {m}" for m in found)
    message = f"{label}: read {read}; {len(found)} moves match, enter one:{listed}"
    raise NotOneMove(message, sorted(seen), found)
