"""Where the bundled games live, and turning a game name or directory into a path."""

from __future__ import annotations

import difflib
import unicodedata
from pathlib import Path

from pnpkit.errors import PnpError

GAMES_DIR = Path(__file__).parent / "games"
SCHEMA_DIR = Path(__file__).parent / "schema"
MANIFEST = "game.json"


def bundled_game_ids() -> list[str]:
    """The IDs of the bundled games, sorted."""
    return sorted(p.name for p in GAMES_DIR.iterdir() if (p / MANIFEST).is_file())


def _plain(text: str) -> str:
    """A game name as its ID would spell it: "Año Nuevo " -> "ano-nuevo"."""
    letters = unicodedata.normalize("NFKD", text.strip().lower())
    letters = "".join(c for c in letters if not unicodedata.combining(c))
    return "-".join(letters.replace("_", " ").split())


def resolve_game(name_or_dir: str | Path) -> Path:
    """The directory of a bundled game (by ID) or of a user's game (by path).

    A bundled game's ID may be given in any case, with spaces for hyphens and without accents
    ("Ano Nuevo"), as long as no directory of that name exists.
    """
    text = str(name_or_dir)
    known = bundled_game_ids()
    if text in known:
        return GAMES_DIR / text
    path = Path(text)
    try:
        if path.is_file() and path.name == MANIFEST:
            path = path.parent
        if path.is_dir():
            if not (path / MANIFEST).is_file():
                raise PnpError(f"{path}: not a game directory (it has no {MANIFEST})")
            return path
    except OSError as exc:  # a name too long for the system to look up
        raise PnpError(f"{text[:60]}…: not a game ({exc.strerror or exc})") from None
    if _plain(text) in known:
        return GAMES_DIR / _plain(text)
    close = difflib.get_close_matches(_plain(text), known, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    raise PnpError(
        f"unknown game {text!r}{hint}: give a bundled game ({', '.join(known)}) "
        f"or the path of a directory holding a {MANIFEST}"
    )
