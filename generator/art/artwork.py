"""Artwork files: what a file holds (sniffed from its bytes, not its name), its size, and where
it lands in a box for each fit mode. The one geometry both backends draw."""

from __future__ import annotations

import struct
from functools import cache
from pathlib import Path
from typing import NamedTuple

from pnpkit.generator.art.svgtext import ArtFonts

FITS = ("contain", "cover", "stretch")
MAX_PIXELS = 40_000_000
"""Most pixels in one bitmap (PNG, JPEG, or one inside SVG art): decoding one takes 4 bytes
a pixel, so a small file that claims 60000 × 60000 pixels is refused before it is decoded."""
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
JPEG_MAGIC = b"\xff\xd8\xff"
MIME = {"png": "image/png", "jpeg": "image/jpeg", "svg": "image/svg+xml"}
# horizontal and vertical share of the spare room left of / above the art
H_SHARE = {"left": 0.0, "center": 0.5, "right": 1.0}
V_SHARE = {"top": 0.0, "middle": 0.5, "bottom": 1.0}


class ArtError(ValueError):
    """A file that is not a readable PNG, JPEG or SVG image."""


class Art(NamedTuple):
    """One artwork file: its kind ("png", "jpeg" or "svg") and natural size.

    `width` and `height` are in pixels for a bitmap and in points for an SVG; only their ratio
    matters for the fit. `pixels` is True for a bitmap (its print resolution can be checked).
    """

    path: Path
    kind: str
    width: float
    height: float

    @property
    def pixels(self) -> bool:
        return self.kind != "svg"

    def dpi(self, width_pt: float, height_pt: float) -> float:
        """The bitmap's effective resolution when printed width_pt × height_pt (the lower axis)."""
        return min(self.width / (width_pt / 72), self.height / (height_pt / 72))


def sniff(head: bytes) -> str | None:
    """The kind of image that a file starting with `head` holds: png, jpeg, svg or None."""
    if head.startswith(PNG_MAGIC):
        return "png"
    if head.startswith(JPEG_MAGIC):
        return "jpeg"
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if text.startswith(b"<") and b"<svg" in text:
        return "svg"
    return None


def read_art(path: Path, fonts: ArtFonts = ()) -> Art:
    """The artwork in `path` (ArtError if it is not a readable PNG, JPEG or SVG); text in SVG
    art is set in `fonts` (the game's) or the bundled family (see svgtext)."""
    try:
        stamp = path.stat().st_mtime_ns
    except OSError as exc:
        raise ArtError(f"cannot be read ({exc.strerror})") from exc
    return _read_art(path, stamp, fonts)


@cache
def _read_art(path: Path, stamp: int, fonts: ArtFonts) -> Art:
    try:
        with path.open("rb") as handle:
            head = handle.read(4096)
    except OSError as exc:
        raise ArtError(f"cannot be read ({exc.strerror})") from exc
    kind = sniff(head)
    if kind is None:
        raise ArtError("is not a PNG, JPEG or SVG image (judged by its content, not its name)")
    if kind == "svg":
        drawing = _svg_drawing(path, stamp, fonts)
        return Art(path, kind, float(drawing.width), float(drawing.height))
    from PIL import Image as PILImage  # Pillow comes with reportlab

    try:
        with PILImage.open(path) as bitmap:
            check_pixels(kind, *bitmap.size)  # before the pixels are decoded
            bitmap.load()
            width, height = bitmap.size
    except ArtError:
        raise
    except PILImage.DecompressionBombError:
        if kind == "png" and len(head) >= 24:  # the size its header claims (IHDR)
            check_pixels(kind, *struct.unpack(">II", head[16:24]))
        raise ArtError(f"is a {kind.upper()} image of more than {MAX_PIXELS:,} pixels") from None
    except (OSError, ValueError, SyntaxError) as exc:
        raise ArtError(f"is a damaged {kind.upper()} image ({exc})") from exc
    if width < 1 or height < 1:
        raise ArtError(f"is an empty {kind.upper()} image")
    return Art(path, kind, float(width), float(height))


def check_pixels(kind: str, width: int, height: int) -> None:
    """ArtError if a bitmap of width × height pixels is larger than MAX_PIXELS."""
    if width * height > MAX_PIXELS:
        raise ArtError(
            f"is a {kind.upper()} image of {width:,} × {height:,} pixels; a bitmap may have at "
            f"most {MAX_PIXELS:,} pixels (8000 × 5000: a 67 × 42 cm board at 300 dpi)"
        )


def svg_drawing(path: Path, fonts: ArtFonts = ()):
    """The SVG file as a reportlab Drawing (svglib), parsed once per file, version and fonts."""
    return _svg_drawing(path, path.stat().st_mtime_ns, fonts)


@cache
def _svg_drawing(path: Path, stamp: int, fonts: ArtFonts):
    import logging

    from svglib.svglib import SvgRenderer  # imported only when a game uses SVG art

    from pnpkit.generator.art.svgfile import read_svg
    from pnpkit.generator.art.svgprint import ArtFontMap, check_glyphs
    from pnpkit.generator.art.svgsupport import prepare_for_print
    from pnpkit.generator.art.svgtext import set_art_text_fonts

    logging.getLogger("svglib").setLevel(logging.CRITICAL)  # failures are reported as ArtError
    root = read_svg(path)
    prepare_for_print(root)
    font_map = ArtFontMap(fonts)
    set_art_text_fonts(root, fonts, font_map.family)  # the preview's choice of fonts, exactly
    try:
        # links to other files are refused (the preview drops them too): the art is one file
        renderer = SvgRenderer(str(path), font_map=font_map, external_reference_root=str(path))
        drawing = renderer.render(root)
    except Exception as exc:  # svglib raises whatever its XML and CSS parsers raise
        raise ArtError(f"is an SVG image that cannot be read ({exc})") from exc
    if drawing is None or not drawing.width or not drawing.height:
        raise ArtError("is an SVG image that cannot be read (no drawing, or no width and height)")
    check_glyphs(drawing, font_map)
    return drawing


@cache
def grey_bitmap(path: str):
    """A bitmap in grey (ITU-R 601 luma, its transparency kept), for reportlab's drawImage."""
    from PIL import Image as PILImage
    from reportlab.lib.utils import ImageReader

    with PILImage.open(path) as bitmap:
        bitmap.load()
        alpha = "A" in bitmap.getbands() or "transparency" in bitmap.info
        return ImageReader(bitmap.convert("RGBA").convert("LA") if alpha else bitmap.convert("L"))


def grey_drawing(path: Path, fonts: ArtFonts = ()):
    """The SVG file's drawing with every fill and stroke colour turned grey (601 luma)."""
    return _grey_drawing(path, path.stat().st_mtime_ns, fonts)


@cache
def _grey_drawing(path: Path, stamp: int, fonts: ArtFonts):
    import copy

    from reportlab.lib.colors import Color

    drawing = copy.deepcopy(_svg_drawing(path, stamp, fonts))

    def grey(colour):
        if not isinstance(colour, Color):
            return colour
        level = round(255 * (0.299 * colour.red + 0.587 * colour.green + 0.114 * colour.blue))
        return Color(level / 255, level / 255, level / 255, colour.alpha)

    def walk(node) -> None:
        for name in ("fillColor", "strokeColor"):
            if hasattr(node, name):
                setattr(node, name, grey(getattr(node, name)))
        for child in getattr(node, "contents", ()):
            walk(child)

    walk(drawing)
    return drawing


def fit(
    box: tuple[float, float, float, float],
    art_width: float,
    art_height: float,
    mode: str = "contain",
    align: str = "center",
    valign: str = "middle",
) -> tuple[float, float, float, float]:
    """Where art of natural size art_width × art_height is drawn for the box (x, y, w, h).

    contain: as large as fits whole (letterboxed); cover: as small as fills the box (the
    overflow is cropped by the caller); stretch: the box itself. The spare room (or the
    overflow) is shared out by `align` (left/center/right) and `valign` (top/middle/bottom).
    """
    x, y, w, h = box
    if mode == "stretch":
        return box
    pick = max if mode == "cover" else min
    scale = pick(w / art_width, h / art_height)
    dw, dh = art_width * scale, art_height * scale
    return x + (w - dw) * H_SHARE[align], y + (h - dh) * V_SHARE[valign], dw, dh
