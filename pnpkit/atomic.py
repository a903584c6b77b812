"""Write files so that a reader never sees half of one: a temp file in the same folder, renamed.

Temporaries are hidden and named after their output and the process writing them:
`.NAME.PID-XXXXXXXX.tmp` for a file, `.NAME.PID-XXXXXXXX` and `.NAME.old.PID-XXXXXXXX` for a folder
being swapped in (pnpkit.generator.outfolder). A process killed with -9 leaves them behind;
`remove_stale_temporaries` removes those whose process is gone (or untouched for a day, in case
its id was reused, and for the names of older versions, which carry no id).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

STALE_AFTER = 24 * 3600.0
"""Seconds after which a temporary is stale whatever its process (its id may have been reused)."""
_TEMPORARY = r"\.(?P<name>{name})\.(?:old\.)?(?:(?P<pid>\d+)-)?[a-z0-9_]{{8}}(?P<file>\.tmp)?"


def temp_prefix(name: str, old: bool = False) -> str:
    """How the name of a temporary for output `name` starts (`old`: a folder being replaced)."""
    return f".{name}.{'old.' if old else ''}{os.getpid()}-"


@contextlib.contextmanager
def atomic_open(path: Path, mode: str = "wb", private: bool = False) -> Iterator[IO]:
    """Open a temp file beside `path`; on success it replaces `path`, on error it is removed.
    `private`: readable by its owner only (mode 0600), from its first byte."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=temp_prefix(path.name), suffix=".tmp", dir=path.parent)
    try:
        if not private:
            os.fchmod(fd, 0o666 & ~_umask())  # mkstemp makes 0600; outputs are ordinary files
        encoding = None if "b" in mode else "utf-8"
        with os.fdopen(fd, mode, encoding=encoding) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_bytes(path: Path, data: bytes) -> None:
    """Write `data` to `path` atomically."""
    with atomic_open(path, "wb") as handle:
        handle.write(data)


def write_text(path: Path, text: str, private: bool = False) -> None:
    """Write `text` (UTF-8) to `path` atomically (`private`: mode 0600)."""
    with atomic_open(path, "w", private) as handle:
        handle.write(text)


def _gone(pid: int) -> bool:
    """Whether no process `pid` runs (on this machine)."""
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):
        return True
    except PermissionError:  # another user's process
        return False
    return False


def remove_stale_temporaries(folder: Path, name: str | None = None) -> list[Path]:
    """Remove the temporaries that a killed pnpkit left in `folder` (only those of output `name`,
    if given): each whose process is gone, or that is untouched for STALE_AFTER. A temporary of
    a process still writing is kept, so a concurrent render is never disturbed. Returns what was
    removed; nothing else in the folder is touched."""
    pattern = re.compile(_TEMPORARY.format(name=".+?" if name is None else re.escape(name)), re.S)
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        found = pattern.fullmatch(entry.name)
        if found is None or entry.is_symlink():  # pnpkit makes no symlinks
            continue
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        is_folder = entry.is_dir(follow_symlinks=False)
        if is_folder == bool(found["file"]):
            continue  # temporary files end in .tmp, temporary folders do not
        old = now - info.st_mtime > STALE_AFTER
        if not (old or (found["pid"] is not None and _gone(int(found["pid"])))):
            continue
        try:
            if is_folder:
                shutil.rmtree(entry.path)
            else:
                os.unlink(entry.path)
        except OSError:  # removed meanwhile by another process, or not ours to remove
            continue
        removed.append(Path(entry.path))
    return removed
