"""Where a command may write: an output never replaces, or lands inside, anything it reads.

Every command that writes files asks here first, with what it reads:

- `output_file(path, reads=..., games=...)` before writing one file (`referee show --svg`, a new
  referee log);
- `output_folder(folder, reads=..., games=...)` before filling a folder whose files it replaces
  (`render` writes `OUT/<game id>/`).

`reads` are the files the command reads (a referee log), `games` the directories of the games it
uses. Both refuse (OutputRefused, exit 2) an output that is, or is a symlink to, a file it reads;
an existing referee log; anything inside a game's directory; and, for a folder, one that is a game
directory, holds one (it would replace it) or holds a file the command reads. Paths are compared
as written and with symlinks resolved. Both refuse a place that cannot be written (a read-only
folder, a file where a folder must be): a command finds out before its work, not after it. Both
then remove the stale temporaries a killed pnpkit left where the output goes (pnpkit.atomic; for
a folder, anywhere below it: export's and watch's subfolders too), and return the path to write to.

Every command's output options are listed in OUTPUT_OPTIONS; tests/test_outputs.py runs each one
against an input and a referee log.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from collections.abc import Iterable
from pathlib import Path

from pnpkit.atomic import remove_stale_temporaries, temp_prefix
from pnpkit.errors import PnpError

_LOG_HEADER = re.compile(rb'^\s*\{[^\n]*"log"\s*:\s*"pnpkit-referee-log"')
"""Line 1 of a referee log (pnpkit.referee.log.game_log writes `{"log":"pnpkit-referee-log",…`)."""


OUTPUT_OPTIONS = {
    "render": "out",
    "export": "out",
    "watch": "out",
    "new": "folder",
    "referee new": "log",
    "referee play": "log",
    "referee serve": "log",
    "referee show": "svg",
    "referee simulate": "report",
}
"""Each command's parameter naming where it writes (`--out`, the FOLDER of `pnp new`, …): each
goes through this module."""


class OutputRefused(PnpError):
    """An output that would overwrite or replace an input: bad usage, nothing is written."""


def _forms(path: Path) -> set[Path]:
    """`path` as written (made absolute, its folder's symlinks resolved) and fully resolved."""
    written = Path(os.path.abspath(path))
    if written.name:
        written = written.parent.resolve() / written.name
    return {written, written.resolve()}


def _within(inner: set[Path], outer: set[Path]) -> bool:
    return any(i == o or i.is_relative_to(o) for i in inner for o in outer)


def is_referee_log(path: Path) -> bool:
    """Whether `path` is a file whose first line is a referee log's header."""
    if not os.path.isfile(path):  # never open a pipe or a device to look
        return False
    try:
        with open(path, "rb") as handle:
            return bool(_LOG_HEADER.match(handle.read(4096)))
    except OSError:
        return False


def _check(path: Path, reads: Iterable[Path], games: Iterable[Path], what: str) -> set[Path]:
    forms = _forms(path)
    for read in reads:
        if forms & _forms(read):
            raise OutputRefused(
                f"{path}: refused as {what}: it is {read}, which this command reads; "
                "choose another name"
            )
    for game in games:
        if _within(forms, _forms(game)):
            where = "the game directory" if forms & _forms(game) else "inside the game directory"
            raise OutputRefused(
                f"{path}: refused as {what}: it is {where} {game}; write outputs outside the game"
            )
    return forms


def output_file(path: Path, *, reads: Iterable[Path] = (), games: Iterable[Path] = ()) -> Path:
    """`path`, checked as a file to write (OutputRefused if it would destroy an input)."""
    path = Path(path)
    _check(path, reads, games, "an output file")
    if is_referee_log(path):
        raise OutputRefused(
            f"{path}: refused as an output file: it is a referee log; choose another name"
        )
    if os.path.isdir(path):
        raise OutputRefused(f"{path}: refused as an output file: it is a folder")
    _check_writable(path, Path(os.path.abspath(path)).parent)
    remove_stale_temporaries(Path(os.path.abspath(path)).parent, path.name)
    return path


def _check_writable(path: Path, folder: Path) -> None:
    """OutputRefused unless a file can be made in `folder` (or, if it is absent, in the nearest
    folder above it, where it will be made): tried with a temporary removed at once."""
    existing = folder
    while not os.path.exists(existing) and existing.parent != existing:
        existing = existing.parent
    if not os.path.isdir(existing):
        raise OutputRefused(f"{path}: cannot be written: {existing} is a file, not a folder")
    try:
        fd, probe = tempfile.mkstemp(prefix=temp_prefix("probe"), suffix=".tmp", dir=existing)
    except OSError as exc:
        raise OutputRefused(
            f"{path}: cannot be written: {existing}: {exc.strerror or exc}"
        ) from None
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(probe)


def output_folder(folder: Path, *, reads: Iterable[Path] = (), games: Iterable[Path] = ()) -> Path:
    """`folder`, checked as a folder whose contents a command writes and replaces."""
    folder = Path(folder)
    reads, games = list(reads), list(games)
    forms = _check(folder, reads, games, "an output folder")
    for game in games:
        if _within(_forms(game), forms):
            raise OutputRefused(
                f"{folder}: refused as an output folder: writing there would replace the game "
                f"directory {game}; choose another --out"
            )
    for read in reads:
        if _within(_forms(read), forms):
            raise OutputRefused(
                f"{folder}: refused as an output folder: it holds {read}, which this command "
                "reads; choose another --out"
            )
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise OutputRefused(f"{folder}: refused as an output folder: it is a file")
    _check_writable(folder, Path(os.path.abspath(folder)))
    for below, subfolders, _ in os.walk(folder):  # symlinked folders are not followed
        removed = remove_stale_temporaries(Path(below))
        subfolders[:] = [d for d in subfolders if Path(below, d) not in removed]
    return folder
