"""A cache of validated games, keyed by the bytes of their files, so that the referee's commands
start without re-running JSON Schema validation (and without importing jsonschema) each time.

Only games that validated are cached. The key covers everything a cached game depends on: the
game's files and where they are (sources name them by absolute path), the bundled schemas, and the
code that validates and builds a game, so that no change to any of them can bring back a stale
entry. Set PNPKIT_NO_CACHE=1 to bypass the cache, PNPKIT_CACHE_DIR to move it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from functools import cache
from pathlib import Path
from typing import Any

from pnpkit import __version__
from pnpkit.atomic import write_text
from pnpkit.components.catalog import SCHEMA_DIR
from pnpkit.components.model import Component, Game, Group, freeze, thaw

FORMAT = 2
CODE_DIR = Path(__file__).parent


def cache_dir() -> Path | None:
    """Where validated games are cached, or None when caching is off."""
    if os.environ.get("PNPKIT_NO_CACHE"):
        return None
    if explicit := os.environ.get("PNPKIT_CACHE_DIR"):
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "pnpkit" / "games"


def _files(directory: Path) -> list[Path]:
    return sorted(
        p
        for p in directory.rglob("*")
        if p.is_file() and not any(part.startswith((".", "__")) for part in p.parts[-3:])
    )


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
        for path in _files(root):
            h.update(str(path.relative_to(root)).encode() + b"\0")
            h.update(path.read_bytes() + b"\0")
    return h.hexdigest()


def read(key: str, directory: Path) -> Game | None:
    """The cached game for `key`, or None."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        data = json.loads((folder / f"{key}.json").read_text(encoding="utf-8"))
        return _game_from(data, directory)
    except (OSError, ValueError, KeyError, TypeError):
        return None  # missing or unreadable entries are misses; validation runs instead


def write(key: str, game: Game) -> None:
    """Cache a validated game; a cache that cannot be written is silently skipped."""
    folder = cache_dir()
    if folder is None:
        return
    with contextlib.suppress(OSError):
        write_text(folder / f"{key}.json", json.dumps(_game_to(game), ensure_ascii=False))


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
