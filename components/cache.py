"""A cache of validated games, keyed by the bytes of their files, so that the referee's commands
start without re-running JSON Schema validation (and without importing jsonschema) each time.

Only games that validated are cached. The key covers everything a cached game depends on: every
file of the game's directory wherever it lives (hidden ones and those under a hidden folder too;
only version-control and byte-code folders are left out) and where it is (sources name files by
absolute path), the bundled schemas, and the code that validates and builds a game, so that no
change to any of them can bring back a stale entry. Each entry starts with the checksum of its own
content and is ignored if it does not match. Set PNPKIT_NO_CACHE=1 to bypass the cache,
PNPKIT_CACHE_DIR to move it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
from functools import cache
from pathlib import Path
from typing import Any

from pnpkit import __version__
from pnpkit.atomic import write_bytes, write_text
from pnpkit.components.catalog import SCHEMA_DIR
from pnpkit.components.model import Component, Game, Group, freeze, thaw

FORMAT = 3
CODE_DIR = Path(__file__).parent


def cache_dir() -> Path | None:
    """Where validated games are cached, or None when caching is off."""
    if os.environ.get("PNPKIT_NO_CACHE"):
        return None
    if explicit := os.environ.get("PNPKIT_CACHE_DIR"):
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "pnpkit" / "games"


SKIPPED = frozenset({".git", ".hg", ".svn", "__pycache__"})
"""Folders of version control and byte code: no definition names a file in them."""


def _files(directory: Path) -> list[tuple[str, bytes]]:
    """Every file under `directory` (hidden ones too, whatever the folder's own place), each as
    its relative path and the digest of its bytes, read in pieces (a 1 GiB file there costs no
    1 GiB of memory); a symlink by the text it points to, so that re-pointing one changes the
    key. A pipe, socket or device is left out: opening a pipe would wait forever for a writer,
    and no definition can use one (game files must be regular files). Symlinked folders are not
    followed (the resolver refuses those that leave; the files of those that stay inside are
    found where they are)."""
    found = []
    for folder, subfolders, names in os.walk(directory):
        subfolders[:] = sorted(d for d in subfolders if d not in SKIPPED)
        here = Path(folder)
        for name in [*names, *(d for d in subfolders if (here / d).is_symlink())]:
            path = here / name
            with contextlib.suppress(OSError):  # unreadable files are reported by validation
                info = path.lstat()
                if stat.S_ISLNK(info.st_mode):
                    body = hashlib.sha256(b"->" + os.readlink(path).encode()).digest()
                elif stat.S_ISREG(info.st_mode):
                    with open(path, "rb") as handle:
                        body = hashlib.file_digest(handle, "sha256").digest()
                else:
                    continue
                found.append((path.relative_to(directory).as_posix(), body))
    return sorted(found)


@cache
def code_digest() -> bytes:
    """A digest of pnpkit's version and of the code that validates and builds games."""
    h = hashlib.sha256(f"{FORMAT}:{__version__}".encode())
    for path in sorted(CODE_DIR.glob("*.py")):
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.digest()


def digest(directory: Path) -> str:
    """A key for the game's files and their place, the bundled schemas and the loading code."""
    h = hashlib.sha256(code_digest())
    h.update(str(directory.resolve()).encode() + b"\0")
    for root in (SCHEMA_DIR, directory):
        for relative, body_digest in _files(root):
            h.update(relative.encode() + b"\0" + body_digest)
    return h.hexdigest()


def read(key: str, directory: Path) -> Game | None:
    """The cached game for `key`, or None (also when the entry's checksum does not match it)."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        checksum, _, body = (folder / f"{key}.json").read_bytes().partition(b"\n")
        if checksum.decode("ascii") != hashlib.sha256(body).hexdigest():
            return None  # a damaged or tampered entry: validation runs instead
        return _game_from(json.loads(body.decode("utf-8")), directory)
    except (OSError, ValueError, KeyError, TypeError):
        return None  # missing or unreadable entries are misses; validation runs instead


def write(key: str, game: Game) -> None:
    """Cache a validated game, its checksum on the first line; skipped if it cannot be written."""
    folder = cache_dir()
    if folder is None:
        return
    body = json.dumps(_game_to(game), ensure_ascii=False).encode("utf-8")
    with contextlib.suppress(OSError):
        write_bytes(
            folder / f"{key}.json", hashlib.sha256(body).hexdigest().encode() + b"\n" + body
        )


def _game_to(game: Game) -> dict[str, Any]:
    return {
        "manifest": thaw(game.manifest),
        "groups": [
            {
                "id": g.id,
                "kind": g.kind,
                "name": g.name,
                "spec": thaw(g.spec),
                "components": [{**c.to_json(), "source": c.source} for c in g.components],
            }
            for g in game.groups
        ],
    }


def _game_from(data: dict[str, Any], directory: Path) -> Game:
    manifest = data["manifest"]
    groups = tuple(
        Group(
            g["id"],
            g["kind"],
            g["name"],
            freeze(g["spec"]),
            tuple(
                Component(
                    id=c["id"],
                    name=c["name"],
                    count=c["count"],
                    kind=c["kind"],
                    group=c["group"],
                    fields=freeze(c["fields"]),
                    assumed=tuple(c["assumed"]),
                    source=c["source"],
                )
                for c in g["components"]
            ),
        )
        for g in data["groups"]
    )
    return Game.from_manifest(manifest, directory, groups)


def read_record(kind: str, key: str) -> Any:
    """The JSON value cached under `kind`/`key` (the generator keeps each face's check there),
    or None when there is none, it cannot be read or its checksum does not match."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        checksum, _, body = (folder / kind / f"{key}.json").read_bytes().partition(b"\n")
        if checksum.decode("ascii") != hashlib.sha256(body).hexdigest():
            return None
        return json.loads(body.decode("utf-8"))
    except (OSError, ValueError):
        return None


def write_record(kind: str, key: str, value: Any) -> None:
    """Cache a JSON value under `kind`/`key`, its checksum first; skipped if it cannot be."""
    folder = cache_dir()
    if folder is None:
        return
    body = json.dumps(value, ensure_ascii=False).encode("utf-8")
    with contextlib.suppress(OSError):
        write_bytes(
            folder / kind / f"{key}.json", hashlib.sha256(body).hexdigest().encode() + b"\n" + body
        )


def known_valid(key: str) -> bool:
    """Whether a file with this digest (of its bytes and its schema's) was validated before."""
    folder = cache_dir()
    return folder is not None and (folder / "valid" / key).is_file()


def mark_valid(key: str) -> None:
    """Remember that the file with this digest is valid; skipped if the cache cannot be written."""
    folder = cache_dir()
    if folder is not None:
        with contextlib.suppress(OSError):
            write_text(folder / "valid" / key, "")
