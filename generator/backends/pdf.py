"""The PDF backend: draws Face primitives on a reportlab canvas (vector shapes, real text)."""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Set as AbstractSet
from functools import cache
from pathlib import Path as FilePath

from reportlab import rl_config
from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import (
    PDFDictionary,
    PDFName,
    PDFResourceDictionary,
    PDFStream,
    xObjectName,
)
from reportlab.pdfbase.ttfonts import TTFError
from reportlab.pdfgen.canvas import Canvas

from pnpkit.errors import PnpError
from pnpkit.generator.art.artwork import grey_bitmap, grey_drawing, svg_drawing
from pnpkit.generator.backends.pdffonts import CachedTTFont
from pnpkit.generator.faces.face import (
    Ellipse,
    Face,
    Gradient,
    Image,
    Layer,
    Paint,
    Path,
    Primitive,
    Text,
    ellipse_path,
)
from pnpkit.generator.text.fontmetrics import FONT_DIR, FONT_FILES

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
        pdfmetrics.registerFont(CachedTTFont(name, path))
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
            pdfmetrics.registerFont(CachedTTFont(name, path))
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
    """Set the paint's colours; (stroke, fill) flags for a plain fill (a gradient is 0)."""
    if isinstance(paint.fill, str):
        canvas.setFillColor(color(paint.fill))
    if paint.stroke:
        canvas.setStrokeColor(color(paint.stroke))
        canvas.setLineWidth(paint.width)
        canvas.setDash(list(paint.dash) if paint.dash else [])
    return int(bool(paint.stroke and paint.width > 0)), int(isinstance(paint.fill, str))


def _shade(canvas: Canvas, outline: tuple, gradient: Gradient) -> None:
    """Fill the outline with a gradient: clipped to it, the shading paints everything."""
    canvas.saveState()
    canvas.clipPath(path_of(canvas, outline), stroke=0, fill=0)
    colors = [color(c) for _, c in gradient.stops]
    offsets = [offset for offset, _ in gradient.stops]
    if gradient.kind == "radial":
        canvas.radialGradient(gradient.x1, gradient.y1, gradient.r, colors, offsets)
    else:
        canvas.linearGradient(gradient.x1, gradient.y1, gradient.x2, gradient.y2, colors, offsets)
    canvas.restoreState()


def draw_items(
    canvas: Canvas, items: tuple[Primitive, ...], art_forms: AbstractSet[str] = frozenset()
) -> None:
    """Draw primitives in y-down face coordinates (the caller has flipped the canvas).

    An SVG artwork whose path is in `art_forms` is placed from its form (`define_art`);
    any other is drawn in place.
    """
    for item in items:
        if isinstance(item, Path):
            if isinstance(item.paint.fill, Gradient):
                _shade(canvas, item.commands, item.paint.fill)
            stroke, fill = _paint(canvas, item.paint)
            if stroke or fill:
                canvas.drawPath(path_of(canvas, item.commands), stroke=stroke, fill=fill)
        elif isinstance(item, Ellipse):
            if isinstance(item.paint.fill, Gradient):
                outline = ellipse_path(item.cx, item.cy, item.rx, item.ry)
                _shade(canvas, outline, item.paint.fill)
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
            draw_items(canvas, item.items, art_forms)
            canvas.restoreState()
        elif isinstance(item, Image):
            canvas.saveState()
            if item.flip:  # mirrored about the centre of its box
                cx, cy = item.x + item.width / 2, item.y + item.height / 2
                canvas.translate(cx, cy)
                canvas.scale(-1 if "x" in item.flip else 1, -1 if "y" in item.flip else 1)
                canvas.translate(-cx, -cy)
            canvas.translate(item.x, item.y + item.height)
            if item.opacity < 1:  # a bitmap takes it as it is; SVG art as a group, see below
                canvas.setFillAlpha(item.opacity)
                canvas.setStrokeAlpha(item.opacity)
            if item.kind == "svg":
                drawing = svg_drawing(FilePath(item.path), item.fonts)
                canvas.scale(item.width / drawing.width, -item.height / drawing.height)
                if item.opacity < 1:
                    canvas.doForm(art_group(canvas, item))
                elif item.grey:  # drawn in place: the shared forms hold the art in colour
                    draw_svg(canvas, grey_drawing(FilePath(item.path), item.fonts))
                elif item.path in art_forms:
                    canvas.doForm(art_form_name(item.path))
                else:
                    draw_svg(canvas, drawing)
            else:  # reportlab stores each distinct file once, however often it is drawn
                canvas.scale(1, -1)
                source = grey_bitmap(item.path) if item.grey else item.path
                canvas.drawImage(source, 0, 0, item.width, item.height, mask="auto")
            canvas.restoreState()


def draw_svg(canvas: Canvas, drawing) -> None:
    """An SVG's drawing (svglib) at the origin, clipped to its viewBox as a browser clips it. A
    bitmap inside the SVG is written as an inline image in ASCII85 text: reportlab cannot join
    binary inline-image data into a form."""
    from reportlab.graphics import renderPDF  # 50 ms of imports: only a game with SVG art pays

    rl_config.useA85 = 1
    drawing.initialFontName = PDF_FONTS["regular"]  # not reportlab's Helvetica, never embedded
    canvas.saveState()
    try:
        viewport = canvas.beginPath()
        viewport.rect(0, 0, drawing.width, drawing.height)
        canvas.clipPath(viewport, stroke=0, fill=0)
        renderPDF.draw(drawing, canvas, 0, 0)
    finally:
        canvas.restoreState()
        rl_config.useA85 = 0


def art_form_name(path: str) -> str:
    """The name of the PDF form that holds one SVG file's drawing."""
    return "Art" + hashlib.sha1(path.encode("utf-8")).hexdigest()[:16]


def art_group(canvas: Canvas, image: Image) -> str:
    """The name of a form holding one SVG image's drawing as a transparency group, defined on
    first use: the fill alpha set when it is placed then fades the art as a whole (as the
    preview's `opacity` does), not each of its shapes on its own."""
    name = ("GreyGroup" if image.grey else "Group") + art_form_name(image.path)
    if not canvas.hasForm(name):
        read = grey_drawing if image.grey else svg_drawing
        drawing = read(FilePath(image.path), image.fonts)
        canvas.beginForm(name, 0, 0, drawing.width, drawing.height)  # reportlab nests it
        draw_svg(canvas, drawing)
        end_form(canvas, name, group=True)
    return name


def svg_paths(items: tuple[Primitive, ...]) -> set[str]:
    """The SVG artwork files that the items draw."""
    return set(svg_images(items))


def svg_images(items: tuple[Primitive, ...]) -> dict[str, Image]:
    """The SVG artwork that the items draw, by file."""
    found: dict[str, Image] = {}
    for item in items:
        if isinstance(item, Image) and item.kind == "svg":
            found[item.path] = item
        elif isinstance(item, Layer):
            found |= svg_images(item.items)
    return found


def define_art(canvas: Canvas, items: tuple[Primitive, ...], art_forms: AbstractSet[str]) -> None:
    """Store each SVG artwork in `art_forms` that the items draw as a PDF form of vector paths,
    once per file (art drawn by several faces; art on one face is drawn in place).

    Called before a face's own form is begun: PDF forms are defined one after another, never
    inside each other.
    """
    images = svg_images(items)
    for path in sorted(images.keys() & set(art_forms)):
        name = art_form_name(path)
        if canvas.hasForm(name):
            continue
        drawing = svg_drawing(FilePath(path), images[path].fonts)
        canvas.beginForm(name, 0, 0, drawing.width, drawing.height)
        draw_svg(canvas, drawing)
        end_form(canvas, name)


def end_form(canvas: Canvas, name: str, group: bool = False) -> None:
    """End the form being drawn, with every resource its drawing uses: reportlab collects a
    form's transparency states (ExtGState), gradients (Shading) and spot colours but writes out
    only its fonts and XObjects, so a see-through fill in SVG art would print opaque and a
    gradient as a black box. `group`: the form is a transparency group (faded as a whole by the
    alpha it is drawn with)."""
    shadings = dict(canvas._shadingUsed)  # endForm starts the next stream's collections afresh
    colors = dict(canvas._colorsUsed)
    canvas.endForm()
    form = canvas._doc.idToObject[xObjectName(name)]
    resources = PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    if form.XObjects:
        resources.XObject = form.XObjects
    if form.ExtGState:
        resources.ExtGState = form.ExtGState
    resources.setShading(shadings)
    resources.setColorSpace(colors)
    form.Resources = resources
    if group:
        contents = PDFStream()
        contents.content = form.stream
        contents.__Comment__ = "xobject form stream"
        contents.dictionary["Group"] = PDFDictionary({"S": PDFName("Transparency")})
        form.Contents = contents


def define_face(
    canvas: Canvas, name: str, face: Face, art_forms: AbstractSet[str] = frozenset()
) -> None:
    """Store a face once as a PDF form; `place_face` then draws it wherever it goes."""
    define_art(canvas, face.items, art_forms)
    b = face.bleed
    canvas.beginForm(name, -b, -face.height - b, face.width + b, b)
    canvas.transform(1, 0, 0, -1, 0, 0)
    draw_items(canvas, face.items, art_forms)
    end_form(canvas, name)


_CORNER = {0: (0, 1), 90: (1, 1), 180: (1, 0), 270: (0, 0)}


def place_face(
    canvas: Canvas,
    face: Face | str,
    x: float,
    y: float,
    w: float,
    h: float,
    rotate: int = 0,
    art_forms: AbstractSet[str] = frozenset(),
) -> None:
    """Draw a face so that its trim box fills the page rectangle (x, y, w, h), y up: a stored
    face by its form's name, or a face printed only once drawn in place, clipped to its bleed.

    `rotate` turns the face clockwise in 90° steps; (w, h) is the turned footprint.
    """
    if not isinstance(face, str):
        define_art(canvas, face.items, art_forms)
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
        draw_items(canvas, face.items, art_forms)
    canvas.restoreState()
