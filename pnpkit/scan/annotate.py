"""The annotated photo of `pnp scan --annotate`: what was read drawn over the photo, so that a
person can check it at a glance."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw, ImageFont, ImageOps

from pnpkit.generator.text.fontmetrics import FONT_DIR, FONT_FILES
from pnpkit.scan.pieces import PhotoScan

READ = (0, 200, 80)
CODE = (255, 220, 0)
UNREAD = (230, 30, 30)
SMALL = 30 * 72 / 25.4
"""Pieces narrower than 30 mm (tokens) are labelled beside themselves."""
ANNOTATED_COMPRESSION = 3
"""zlib level of the annotated PNG: a photo's noise leaves little to squeeze, so Pillow's
default (6) took 3.1 s for a 12-megapixel photo where 3 takes 1.3 s, for a file as large."""


def annotated(scan: PhotoScan) -> Image.Image:
    """The photo in colour with each piece's outline and ID, each code's outline, and every
    code not read outlined in red with the reason."""
    with Image.open(scan.photo) as opened:
        photo = ImageOps.exif_transpose(opened).convert("RGB")
    draw = ImageDraw.Draw(photo)
    scale = max(photo.size) / 1000
    line = max(2, round(2 * scale))
    font = ImageFont.truetype(str(FONT_DIR / FONT_FILES["bold"]), max(10, round(10 * scale)))
    for piece in scan.pieces:
        outline = piece.outline()
        draw.polygon(outline, outline=READ, width=line)
        draw.polygon(piece.code, outline=CODE, width=max(1, line // 2))
        at = piece.centre
        if piece.place.width < SMALL:  # a token: its label beside it, not over it
            width = draw.textlength(piece.id, font=font)
            at = (max(p[0] for p in outline) + width / 2 + 2 * line, piece.centre[1])
        _label(draw, at, piece.id, font, READ)
    for unread in scan.unread:
        draw.polygon(unread.code, outline=UNREAD, width=line)
        x = max(p[0] for p in unread.code)
        y = min(p[1] for p in unread.code)
        _label(draw, (x, y), f"{unread.text or '?'}: {unread.reason}", font, UNREAD)
    return photo


def _label(draw: ImageDraw.ImageDraw, at, text: str, font, colour) -> None:
    """Text centred on `at`, on a dark box so that it reads on any photo."""
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
    x, y = at[0] - (right - left) / 2, at[1] - (bottom - top) / 2
    pad = 3
    draw.rectangle((x - pad, y - pad, x + right - left + pad, y + bottom - top + pad),
                   fill=(0, 0, 0))  # fmt: skip
    draw.text((x - left, y - top), text, font=font, fill=colour)


def save_annotated(scans: list[PhotoScan], out: Path) -> None:
    """The annotated photos one below the other, as a PNG at `out` (written atomically)."""
    from io import BytesIO

    from pnpkit import atomic

    images = [annotated(scan) for scan in scans]
    width = max(i.width for i in images)
    sheet = Image.new("RGB", (width, sum(i.height for i in images)), (255, 255, 255))
    y = 0
    for image in images:
        sheet.paste(image, (0, y))
        y += image.height
    buffer = BytesIO()
    sheet.save(buffer, "PNG", compress_level=ANNOTATED_COMPRESSION)
    atomic.write_bytes(out, buffer.getvalue())
