"""Checks that a font file a game declares can be embedded in a PDF: TrueType outlines only."""

from __future__ import annotations

import struct
from pathlib import Path

TRUETYPE = (b"\x00\x01\x00\x00", b"true")
NEEDED_TABLES = ("cmap", "glyf", "head", "hhea", "hmtx", "loca", "maxp")
CFF = (
    "has PostScript (CFF) outlines, which the PDF backend (reportlab) cannot embed: use the "
    "family's TrueType (.ttf) files, or convert the font to TrueType outlines in a font editor"
)


MAX_FONT_BYTES = 32 * 1024 * 1024
"""Largest font file read (the largest CJK families are about 20 MB)."""


class Damaged(ValueError):
    """A font file whose structure contradicts itself."""


def _tables(data: bytes) -> dict[str, int]:
    """Each table's offset, after checking that every table lies inside the file."""
    (count,) = struct.unpack_from(">H", data, 4)
    tables = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        name = tag.decode("latin-1")
        if offset + length > len(data):
            raise Damaged(
                f"its {name!r} table runs to byte {offset + length:,} of a {len(data):,}-byte file"
            )
        tables[name] = offset
    return tables


def _check_glyph_counts(data: bytes, tables: dict[str, int]) -> None:
    """The glyph count (maxp) agrees with the glyph offsets (loca) and metrics (hhea, hmtx)."""
    lengths = {
        struct.unpack_from(">4s", data, 12 + 16 * i)[0].decode("latin-1"): struct.unpack_from(
            ">I", data, 12 + 16 * i + 12
        )[0]
        for i in range(struct.unpack_from(">H", data, 4)[0])
    }
    (glyphs,) = struct.unpack_from(">H", data, tables["maxp"] + 4)
    (long_offsets,) = struct.unpack_from(">h", data, tables["head"] + 50)
    (metrics,) = struct.unpack_from(">H", data, tables["hhea"] + 34)
    loca = (glyphs + 1) * (4 if long_offsets else 2)
    if lengths["loca"] < loca:
        raise Damaged(
            f"it claims {glyphs:,} glyphs but holds offsets for {lengths['loca'] // 2 - 1:,}"
        )
    if not 1 <= metrics <= glyphs or lengths["hmtx"] < 4 * metrics + 2 * (glyphs - metrics):
        raise Damaged(f"its glyph metrics (hmtx) do not cover its {glyphs:,} glyphs")


def _has_unicode_bmp_cmap(data: bytes, offset: int) -> bool:
    _, count = struct.unpack_from(">HH", data, offset)
    for i in range(count):
        platform, encoding, sub = struct.unpack_from(">HHI", data, offset + 4 + 8 * i)
        if (platform, encoding) in ((3, 1), (0, 3)):
            return struct.unpack_from(">H", data, offset + sub)[0] == 4
    return False


def font_file_problem(path: Path) -> str | None:
    """What keeps `path` from being embedded in the PDF as a subset, or None if nothing does."""
    try:
        size = path.stat().st_size
        if size > MAX_FONT_BYTES:
            return f"is {size / 2**20:.0f} MB; a font file may be at most {MAX_FONT_BYTES >> 20} MB"
        data = path.read_bytes()
    except OSError as exc:
        return f"cannot be read: {exc.strerror}"
    tag = data[:4]
    if tag == b"OTTO":
        return CFF
    if tag in (b"wOFF", b"wOF2"):
        return "is a web font (WOFF): use the family's TrueType (.ttf) file"
    if tag == b"ttcf":
        return "is a font collection (.ttc): use a single TrueType (.ttf) font"
    if tag not in TRUETYPE:
        return "is not a TrueType font file (.ttf)"
    try:
        tables = _tables(data)
        lacking = [t for t in NEEDED_TABLES if t not in tables]
        if lacking:
            return f"is not a complete TrueType font: it lacks the tables {', '.join(lacking)}"
        _check_glyph_counts(data, tables)
        if not _has_unicode_bmp_cmap(data, tables["cmap"]):
            return "has no Unicode character map (cmap format 4), so text cannot be set in it"
        if "OS/2" in tables:
            (fs_type,) = struct.unpack_from(">H", data, tables["OS/2"] + 8)
            if fs_type == 0x0002 or fs_type & 0x0300:
                return (
                    f"forbids embedding in its licence flags (OS/2 fsType {fs_type:#06x}): "
                    "choose a font whose licence allows embedding"
                )
    except struct.error:
        return "is not a TrueType font file (.ttf): it is cut short or damaged"
    except Damaged as exc:
        return f"is a damaged TrueType font file (.ttf): {exc}"
    from pnpkit.generator.text.fontmetrics import (
        font_metrics,  # reads what layout needs, as layout will
    )

    try:
        font_metrics(path)
    except ValueError as exc:
        return f"is a damaged TrueType font file (.ttf): {exc}"
    return None
