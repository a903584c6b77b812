"""What a font file parses to, kept in the user's cache and keyed by the file's bytes, so that a
render does not parse the same TrueType files again on every run (reportlab's parse of the two
bundled fonts costs about as much as the rest of a 100-card render's drawing).

An entry is found by a digest of the font's bytes, of what was parsed (`kind`), of the parsing
code's own source (`code`: the module that parses, with any version it names) and of Python's
marshal format, so no change to any of them can bring back a stale entry. An entry holds plain
data only (numbers, strings, bytes, lists, tuples, dicts), written in marshal's format (the one
Python keeps its byte code in, trusted as __pycache__ is) after a CRC of it; a damaged or
unreadable entry is a miss, and a cache that cannot be written is skipped silently.
PNPKIT_NO_CACHE and PNPKIT_CACHE_DIR apply as to the game cache (pnpkit.components.cache).
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import marshal
import sys
import zlib
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from pnpkit.atomic import write_bytes
from pnpkit.components.cache import cache_dir

FORMAT = 1
MAX_ENTRY = 64 * 1024 * 1024
"""Entries larger than this are not read (a font's entry is a few hundred KB)."""


@cache
def _code_digest(code: Path, version: str) -> bytes:
    h = hashlib.blake2b(f"{FORMAT}:{marshal.version}:{sys.version}:{version}".encode())
    h.update(code.read_bytes())
    return h.digest()


@lru_cache(maxsize=4)
def _digest(data: bytes) -> bytes:
    """The digest of a font's bytes, made once for the last few fonts (layout and the PDF
    backend each read the same file)."""
    return hashlib.blake2b(data).digest()


def cached_parse(
    kind: str, data: bytes, parse: Callable[[], Any], code: Path, version: str = ""
) -> Any:
    """`parse()` of the font `data`, or what it returned for the same bytes, `kind`, code and
    `version` before. What `parse` returns must be plain data that marshal keeps as it is:
    it is stored only if it reads back equal (None, for "cannot be stored", never is)."""
    folder = cache_dir()
    try:
        code_digest = _code_digest(code, version)
    except OSError:  # the parsing code's source cannot be read: no key can be trusted
        folder = None
    if folder is None:
        return parse()
    h = hashlib.blake2b(code_digest, digest_size=20)
    h.update(kind.encode() + b"\0" + _digest(data))
    path = folder / "fonts" / f"{h.hexdigest()}.marshal"
    found = _read(path)
    if found is not None:
        _set_aside(path)
        return found
    value = parse()
    if value is None:
        return None
    with contextlib.suppress(ValueError, TypeError, OSError):
        body = marshal.dumps(value)
        if marshal.loads(body) == value:
            write_bytes(path, zlib.crc32(body).to_bytes(4, "big") + body)
    return value


_SET_ASIDE: set[Path] = set()


def _set_aside(path: Path) -> None:
    """Take what is alive now, the entry just read included, out of the garbage collector's
    scans (`gc.freeze`): a font's tens of thousands of parsed objects live as long as the
    process, and each full collection would walk them all again (about 4% of a 100-card render).
    Done once per entry and process, so a long-running `pnp watch` freezes a bounded amount."""
    if path not in _SET_ASIDE:
        _SET_ASIDE.add(path)
        gc.freeze()


def _read(path: Path) -> Any:
    """The value stored at `path`, or None if there is none or it cannot be trusted."""
    try:
        if path.stat().st_size > MAX_ENTRY:
            return None
        entry = path.read_bytes()
    except OSError:
        return None
    checksum, body = entry[:4], entry[4:]
    if zlib.crc32(body).to_bytes(4, "big") != checksum:
        return None  # damaged: parsed afresh
    try:
        return marshal.loads(body)
    except (ValueError, EOFError, TypeError):
        return None
