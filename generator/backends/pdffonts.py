"""reportlab's TrueType fonts, each file's parse read from the font cache (generator/text/
fontcache.py) when the same bytes were parsed before: reportlab reads every glyph's metrics and
place one number at a time, about as long as the rest of a small render's drawing."""

from __future__ import annotations

from fnmatch import fnmatch
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

from reportlab import Version, rl_config
from reportlab.pdfbase.ttfonts import (
    TTEncoding,
    TTFNameBytes,
    TTFont,
    TTFontFace,
    unShapedFontGlob,
)

from pnpkit.generator.text.fontcache import cached_parse

UNCACHED = frozenset({"_pdfScale"})
"""What the parse sets that is rebuilt rather than stored (a function of unitsPerEm)."""


class CachedFace(TTFontFace):
    """reportlab's face of a TrueType file; what `extractInfo` finds in it is cached."""

    def extractInfo(self, charInfo: int = 1) -> None:
        def parse() -> dict[str, Any] | None:
            before = dict(vars(self))
            super(CachedFace, self).extractInfo(charInfo)
            found = {k: v for k, v in vars(self).items() if k not in before or before[k] is not v}
            return _stored(found)

        key = f"reportlab-face:{charInfo}:{getattr(self, 'subfontNameX', b'')!r}"
        stored = cached_parse(key, self._ttf_data, parse, Path(__file__), Version)
        if "unitsPerEm" not in vars(self):  # read from the cache rather than parsed
            vars(self).update(_restored(stored))


def _stored(found: dict[str, Any]) -> dict[str, Any] | None:
    """The parse's findings as plain data (names as bytes and text), or None if any is not."""
    plain, names = {}, {}
    for key, value in found.items():
        if key in UNCACHED:
            continue
        if isinstance(value, TTFNameBytes):
            if TTFNameBytes(bytes(value)).ustr != value.ustr:
                return None
            names[key] = bytes(value)
        elif type(value) in (int, float, bool, str, bytes, list, tuple, dict, type(None)):
            plain[key] = value
        else:
            return None
    return {"plain": plain, "names": names}


def _restored(stored: dict[str, Any]) -> dict[str, Any]:
    found = dict(stored["plain"])
    found.update((key, TTFNameBytes(value)) for key, value in stored["names"].items())
    units = found["unitsPerEm"]
    if units == 1000:
        found["_pdfScale"] = lambda x: x
    else:
        scale = 1000 / units
        found["_pdfScale"] = lambda x: x * scale
    return found


class CachedTTFont(TTFont):
    """reportlab's TTFont of the file `path` (as `TTFont(name, path)` makes it), its face's
    parse read from the font cache when the file's bytes were parsed before."""

    def __init__(self, name: str, path: str) -> None:
        self.fontName = name
        self.face = CachedFace(path)
        self.encoding = TTEncoding()
        self.state = WeakKeyDictionary()
        self._asciiReadable = rl_config.ttfAsciiReadable
        self.shapable = not any(fnmatch(name, glob) for glob in unShapedFontGlob)
