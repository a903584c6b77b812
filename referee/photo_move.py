"""`move LOG --photo PHOTO`: the card just turned over (or the pieces just placed) read from a
photo and matched against the moves that may be entered now. No game code: a legal move matches
when every component ID its text names is among the pieces read, and it names at least one."""

from __future__ import annotations

import re
from pathlib import Path

from pnpkit.errors import PnpError
from pnpkit.referee.session import Session
from pnpkit.scan.pieces import scan_photo

_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]*")


def matching_moves(session: Session, photo: Path) -> tuple[list[str], set[str]]:
    """The texts of the legal moves that the pieces in `photo` match, and the IDs read."""
    game = session.setup.game
    scan = scan_photo(game, photo)
    seen = {piece.id for piece in scan.pieces}
    if not seen:
        unread = f" ({len(scan.unread)} codes not read)" if scan.unread else ""
        raise PnpError(f"{photo}: no piece of {game.name} read in the photo{unread}")
    known = {c.id.upper() for c in game.components()}
    found = []
    for move in session.legal():
        text = session.text(move)
        named = {w.upper() for w in _WORD.findall(text)} & known
        if named and named <= seen:
            found.append(text)
    return found, seen
