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


def _tables(data: bytes) -> dict[str, int]:
    (count,) = struct.unpack_from(">H", data, 4)
    return {
        struct.unpack_from(">4s", data, 12 + 16 * i)[0].decode("latin-1"): struct.unpack_from(
            ">I", data, 12 + 16 * i + 8
        )[0]
        for i in range(count)
    }


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
    return None
