"""Glyph advance widths read from a TrueType file, so that text layout needs no PDF library.

Only what layout needs is parsed: `head` (units per em), `hhea` + `hmtx` (advances) and the
Unicode BMP `cmap` subtable (format 4).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from pnpkit.generator.text.fontcache import cached_parse

FONT_DIR = Path(__file__).parent / "fonts"
FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "italic": "DejaVuSans-Oblique.ttf",
    "bold-italic": "DejaVuSans-BoldOblique.ttf",
}
FONT_FAMILY = "DejaVu Sans"
CODE = Path(__file__)
"""This module: its source is part of the font cache's key."""


@dataclass(frozen=True)
class FontMetrics:
    """Advance widths per character, in units of the font size (1.0 = one em)."""

    name: str
    path: Path
    widths: dict[int, float]
    ascent: float
    descent: float

    _ems: dict[str, float] = field(default_factory=dict, compare=False, repr=False)
    """Widths in ems of the words measured so far (text layout measures the same words often)."""

    def width(self, text: str, size: float) -> float:
        """The advance width of `text` set at `size` points."""
        ems = self._ems.get(text)
        if ems is None:
            fallback = self.widths.get(0x20, 0.3)
            ems = self._ems[text] = sum(self.widths.get(ord(ch), fallback) for ch in text)
        return size * ems

    def missing(self, text: str) -> set[str]:
        """The characters of `text` that the font has no glyph for."""
        return {ch for ch in set(text) if ord(ch) not in self.widths and ch not in "\n\t"}


def _tables(data: bytes) -> dict[str, tuple[int, int]]:
    (count,) = struct.unpack_from(">H", data, 4)
    tables = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        tables[tag.decode("latin-1")] = (offset, length)
    return tables


def _cmap(data: bytes, offset: int) -> dict[int, int]:
    _, count = struct.unpack_from(">HH", data, offset)
    for i in range(count):
        platform, encoding, sub = struct.unpack_from(">HHI", data, offset + 4 + 8 * i)
        start = offset + sub
        if (platform, encoding) in ((3, 1), (0, 3)) and struct.unpack_from(">H", data, start)[
            0
        ] == 4:
            return _cmap_format4(data, start)
    raise ValueError("font has no Unicode BMP cmap (format 4)")


def _cmap_format4(data: bytes, start: int) -> dict[int, int]:
    segments = struct.unpack_from(">H", data, start + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, start + 14)
    starts_at = start + 16 + 2 * segments
    starts = struct.unpack_from(f">{segments}H", data, starts_at)
    deltas = struct.unpack_from(f">{segments}h", data, starts_at + 2 * segments)
    ranges_at = starts_at + 4 * segments
    offsets = struct.unpack_from(f">{segments}H", data, ranges_at)
    mapping = {}
    for seg in range(segments):
        first, last, delta = starts[seg], min(ends[seg], 0xFFFE), deltas[seg]
        if first > last:
            continue
        if offsets[seg] == 0:
            glyphs = [(code + delta) & 0xFFFF for code in range(first, last + 1)]
        else:  # the segment's glyph ids, read in one go from where its range offset points
            at = ranges_at + 2 * seg + offsets[seg]
            raw = struct.unpack_from(f">{last - first + 1}H", data, at)
            glyphs = [(glyph + delta) & 0xFFFF if glyph else 0 for glyph in raw]
        pairs = zip(range(first, last + 1), glyphs, strict=True)
        if 0 in glyphs:  # codes the segment leaves without a glyph are left out
            mapping.update((code, glyph) for code, glyph in pairs if glyph)
        else:
            mapping.update(pairs)
    return mapping


def metrics(style: str) -> FontMetrics:
    """The metrics of the bundled font in `style` ("regular", "bold", "italic", "bold-italic")."""
    return font_metrics(FONT_DIR / FONT_FILES[style])


@cache
def font_metrics(path: Path) -> FontMetrics:
    """The metrics of the TrueType font file `path`; ValueError if it cannot be read as one.
    Read from the font cache when the same bytes were read before."""
    data = path.read_bytes()
    widths, ascent, descent = cached_parse("metrics", data, lambda: _parsed(data), CODE)
    return FontMetrics(path.stem, path, widths, ascent, descent)


def _parsed(data: bytes) -> tuple[dict[int, float], float, float]:
    """The widths by character, the ascent and the descent (in ems) of the font `data`."""
    try:
        tables = _tables(data)
        units = struct.unpack_from(">H", data, tables["head"][0] + 18)[0]
        hhea = tables["hhea"][0]
        ascent, descent = struct.unpack_from(">hh", data, hhea + 4)
        long_metrics = struct.unpack_from(">H", data, hhea + 34)[0]
        hmtx = tables["hmtx"][0]
        advances = struct.unpack_from(f">{2 * long_metrics}H", data, hmtx)[::2]
        ems = [advance / units for advance in advances]  # glyphs past the last share its width
        last = ems[-1]
        widths = {
            code: ems[glyph] if glyph < long_metrics else last
            for code, glyph in _cmap(data, tables["cmap"][0]).items()
        }
    except (struct.error, KeyError, IndexError, ZeroDivisionError) as exc:
        raise ValueError(f"not a readable TrueType font ({exc})") from None
    return widths, ascent / units, -descent / units
