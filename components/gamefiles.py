"""The one resolver for files a game's definitions name: every path stays inside the game."""

from __future__ import annotations

from pathlib import Path


class OutsideGame(ValueError):
    """A referenced path that leaves the game's directory, or names no readable file."""


def game_file(root: Path, relative: str | Path) -> Path:
    """The resolved file that `relative` names inside game directory `root`.

    Absolute paths, `..` steps and symlinks (of the file or of any folder on the way) that
    lead outside `root` are refused the same way for every kind of file; so are directories
    and missing files. Raises OutsideGame with a message that says what is expected.
    """
    base = root.resolve()
    text = str(relative)
    if not text.strip():
        raise OutsideGame("empty path: expected a file name relative to the game's directory")
    if "\0" in text:
        raise OutsideGame(f"path {text!r} holds a NUL character")
    try:
        target = (base / text).resolve()
    except (OSError, RuntimeError) as exc:  # a symlink loop
        raise OutsideGame(f"path {text!r} cannot be resolved: {exc}") from exc
    if not target.is_relative_to(base):
        raise OutsideGame(f"path {text!r} leaves the game's directory; keep files inside it")
    try:
        if target.is_dir():
            raise OutsideGame(f"references {text!r}, a directory: expected a file")
        if not target.is_file():
            raise OutsideGame(f"references missing file {text!r}")
    except OSError as exc:  # a name too long for the file system, a folder that cannot be read
        raise OutsideGame(f"path {text!r} cannot be used: {exc.strerror or exc}") from exc
    return target
