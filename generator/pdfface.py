"""The PDF backend: draws Face primitives on a reportlab canvas (vector shapes, real text)."""

from __future__ import annotations

import struct
from functools import cache

from reportlab import rl_config
from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont
from reportlab.pdfgen.canvas import Canvas

from pnpkit.errors import PnpError
from pnpkit.generator.face import Ellipse, Face, Image, Layer, Paint, Path, Primitive, Text
from pnpkit.generator.fontmetrics import FONT_DIR, FONT_FILES

PDF_FONTS = {"regular": "PnpSans", "bold": "PnpSans-Bold"}
"""The bundled fonts the sheet furniture (footers, labels) is set in."""


@cache
def register_fonts() -> None:
    """Register the bundled regular and bold fonts for the sheets' own labels.

    Also keep streams binary (Flate only): ASCII85 makes files bigger and writing slower.
    """
    rl_config.useA85 = 0
    for style, name in PDF_FONTS.items():
        path = str(FONT_DIR / FONT_FILES[style])
        pdfmetrics.registerFont(TTFont(name, path))
        _font_names[path] = name


_font_names: dict[str, str] = {}


def font_name(path: str) -> str:
    """The reportlab name of the TrueType file `path`, registered on first use (every PDF
    embeds the subset of each font its text uses)."""
    register_fonts()
    name = _font_names.get(path)
    if name is None:
        name = f"PnpFont{len(_font_names) + 1}"
        try:
            pdfmetrics.registerFont(TTFont(name, path))
        except (TTFError, OSError, ValueError, KeyError, IndexError, struct.error) as exc:
            raise PnpError(f"font {path} cannot be embedded in the PDF: {exc}") from exc
        _font_names[path] = name
    return name


@cache
def color(value: str) -> Color:
    """A reportlab colour from #rrggbb."""
    return HexColor(value)


def path_of(canvas: Canvas, commands: tuple):
    path = canvas.beginPath()
    for op, *xy in commands:
        if op == "M":
            path.moveTo(*xy)
        elif op == "L":
            path.lineTo(*xy)
        elif op == "C":
            path.curveTo(*xy)
        else:
            path.close()
    return path


def _paint(canvas: Canvas, paint: Paint) -> tuple[int, int]:
    if paint.fill:
        canvas.setFillColor(color(paint.fill))
    if paint.stroke:
        canvas.setStrokeColor(color(paint.stroke))
        canvas.setLineWidth(paint.width)
        canvas.setDash(list(paint.dash) if paint.dash else [])
    return int(bool(paint.stroke and paint.width > 0)), int(bool(paint.fill))


def draw_items(canvas: Canvas, items: tuple[Primitive, ...]) -> None:
    """Draw primitives in y-down face coordinates (the caller has flipped the canvas)."""
    for item in items:
        if isinstance(item, Path):
            stroke, fill = _paint(canvas, item.paint)
            if stroke or fill:
                canvas.drawPath(path_of(canvas, item.commands), stroke=stroke, fill=fill)
        elif isinstance(item, Ellipse):
            stroke, fill = _paint(canvas, item.paint)
            if stroke or fill:
                x1, y1 = item.cx - item.rx, item.cy - item.ry
                canvas.ellipse(x1, y1, item.cx + item.rx, item.cy + item.ry, stroke, fill)
        elif isinstance(item, Text):
            text = canvas.beginText()
            text.setTextTransform(1, 0, 0, -1, item.x, item.y)
            text.setFont(font_name(item.font), item.size)
            text.setFillColor(color(item.color))
            text.textOut(item.text)
            canvas.drawText(text)
        elif isinstance(item, Layer):
            canvas.saveState()
            canvas.translate(item.dx, item.dy)
            if item.rotate:
                canvas.rotate(item.rotate)
            if item.clip:
                canvas.clipPath(path_of(canvas, item.clip), stroke=0, fill=0)
            draw_items(canvas, item.items)
            canvas.restoreState()
        elif isinstance(item, Image):
            canvas.saveState()
            canvas.translate(item.x, item.y + item.height)
            canvas.scale(1, -1)
            canvas.drawImage(item.path, 0, 0, item.width, item.height, mask="auto")
            canvas.restoreState()


def define_face(canvas: Canvas, name: str, face: Face) -> None:
    """Store a face once as a PDF form; `place_face` then draws it wherever it goes."""
    b = face.bleed
    canvas.beginForm(name, -b, -face.height - b, face.width + b, b)
    canvas.transform(1, 0, 0, -1, 0, 0)
    draw_items(canvas, face.items)
    canvas.endForm()


_CORNER = {0: (0, 1), 90: (1, 1), 180: (1, 0), 270: (0, 0)}


def place_face(
    canvas: Canvas, face: Face | str, x: float, y: float, w: float, h: float, rotate: int = 0
) -> None:
    """Draw a face so that its trim box fills the page rectangle (x, y, w, h), y up: a stored
    face by its form's name, or a face printed only once drawn in place, clipped to its bleed.

    `rotate` turns the face clockwise in 90° steps; (w, h) is the turned footprint.
    """
    cx, cy = _CORNER[rotate]
    canvas.saveState()
    canvas.translate(x + cx * w, y + cy * h)
    if rotate:
        canvas.rotate(-rotate)
    if isinstance(face, str):
        canvas.doForm(face)
    else:
        b = face.bleed
        clip = canvas.beginPath()
        clip.rect(-b, -face.height - b, face.width + 2 * b, face.height + 2 * b)
        canvas.clipPath(clip, stroke=0, fill=0)
        canvas.transform(1, 0, 0, -1, 0, 0)
        draw_items(canvas, face.items)
    canvas.restoreState()
