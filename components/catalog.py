"""Where the bundled games live, and turning a game name or directory into a path."""

from __future__ import annotations

from pathlib import Path

from pnpkit.errors import PnpError

GAMES_DIR = Path(__file__).parent / "games"
SCHEMA_DIR = Path(__file__).parent / "schema"
MANIFEST = "game.json"


def bundled_game_ids() -> list[str]:
    """The IDs of the bundled games, sorted."""
    return sorted(p.name for p in GAMES_DIR.iterdir() if (p / MANIFEST).is_file())


def resolve_game(name_or_dir: str | Path) -> Path:
    """The directory of a bundled game (by ID) or of a user's game (by path)."""
    text = str(name_or_dir)
    if text in bundled_game_ids():
        return GAMES_DIR / text
    path = Path(text)
    if path.is_file() and path.name == MANIFEST:
        path = path.parent
    if path.is_dir():
        if not (path / MANIFEST).is_file():
            raise PnpError(f"{path}: not a game directory (it has no {MANIFEST})")
        return path
    known = ", ".join(bundled_game_ids())
    raise PnpError(
        f"unknown game {text!r}: give a bundled game ({known}) "
        f"or the path of a directory holding a {MANIFEST}"
    )
