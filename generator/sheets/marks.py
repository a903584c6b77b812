"""What a sheet carries besides the pieces: crop marks, cut lines, fold lines, tile marks, and
the footer with the "print at 100%" note and a ruler to check the scale."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnpkit.generator.backends.pdf import PDF_FONTS, color, path_of
from pnpkit.generator.sheets.imposition import FOOTER, OVERLAP, PRINTER_MARGIN, Rect, Slot
from pnpkit.units import MM

MARK_GAP = 1 * MM  # between the bleed edge and the start of a crop mark
MARK_LENGTH = 5 * MM
HAIRLINE = 0.3
RULER_MM = 50
RULER_FORM = "scale-ruler"
NOTE = "Print at 100% / actual size (no “fit to page”). The ruler must measure 50 mm."


REACH = PRINTER_MARGIN / 2  # crop marks may run this close to the paper's edge


def mark_limits(paper: tuple[float, float], footer_at_top: bool = False) -> Rect:
    """Where crop marks may run on a sheet: up to REACH from its edges, clear of the footer."""
    width, height = paper
    band = PRINTER_MARGIN + FOOTER
    bottom, top = (REACH, height - band) if footer_at_top else (band, height - REACH)
    return Rect(REACH, bottom, width - 2 * REACH, top - bottom)


def fold_halves(limits: Rect, paper: tuple[float, float], flip: str) -> tuple[Rect, Rect]:
    """`limits` split at a gutter-fold's fold line: the fronts' half and the backs' half."""
    width, height = paper
    if flip == "long":  # fronts left of a vertical fold
        fold = width / 2
        left = Rect(limits.x, limits.y, fold - limits.x, limits.h)
        return left, Rect(fold, limits.y, limits.x1 - fold, limits.h)
    fold = height / 2  # fronts above a horizontal fold
    top = Rect(limits.x, fold, limits.w, limits.y1 - fold)
    return top, Rect(limits.x, limits.y, limits.w, fold - limits.y)


def crop_marks(canvas: Canvas, slots: list[Slot], bleed: float, limits: Rect) -> None:
    """Short lines in the margin that continue every cut line of a block of butted faces.

    Marks start just outside the block's bleed and stop at the edge of `limits`; one that
    would have no room there is left out rather than drawn back over the faces.
    """
    if not slots:
        return
    x0 = min(s.trim.x for s in slots) - bleed - MARK_GAP
    x1 = max(s.trim.x1 for s in slots) + bleed + MARK_GAP
    y0 = min(s.trim.y for s in slots) - bleed - MARK_GAP
    y1 = max(s.trim.y1 for s in slots) + bleed + MARK_GAP
    canvas.setStrokeColor(color("#000000"))
    canvas.setLineWidth(HAIRLINE)
    canvas.setDash([])
    for x in sorted({round(v, 2) for s in slots for v in (s.trim.x, s.trim.x1)}):
        if min(y1 + MARK_LENGTH, limits.y1) > y1:
            canvas.line(x, y1, x, min(y1 + MARK_LENGTH, limits.y1))
        if max(y0 - MARK_LENGTH, limits.y) < y0:
            canvas.line(x, y0, x, max(y0 - MARK_LENGTH, limits.y))
    for y in sorted({round(v, 2) for s in slots for v in (s.trim.y, s.trim.y1)}):
        if max(x0 - MARK_LENGTH, limits.x) < x0:
            canvas.line(x0, y, max(x0 - MARK_LENGTH, limits.x), y)
        if min(x1 + MARK_LENGTH, limits.x1) > x1:
            canvas.line(x1, y, min(x1 + MARK_LENGTH, limits.x1), y)


def cut_outline(canvas: Canvas, outline_path, slot: Slot) -> None:
    """A thin line along a piece's own outline (round tokens, hexes, nets): cut along it."""
    canvas.saveState()
    t = slot.trim
    corner = {0: (t.x, t.y1), 90: (t.x1, t.y1), 180: (t.x1, t.y), 270: (t.x, t.y)}[slot.rotate]
    canvas.translate(*corner)
    canvas.rotate(-slot.rotate)
    canvas.transform(1, 0, 0, -1, 0, 0)
    canvas.setStrokeColor(color("#000000"))
    canvas.setLineWidth(HAIRLINE)
    canvas.setDash([])
    canvas.drawPath(path_of(canvas, outline_path), stroke=1, fill=0)
    canvas.restoreState()


def fold_line(canvas: Canvas, x0: float, y0: float, x1: float, y1: float, label: str) -> None:
    """A dashed fold line with a label."""
    canvas.setStrokeColor(color("#555555"))
    canvas.setLineWidth(HAIRLINE)
    canvas.setDash([3, 3])
    canvas.line(x0, y0, x1, y1)
    canvas.setDash([])
    canvas.setFillColor(color("#555555"))
    canvas.setFont(PDF_FONTS["regular"], 6)
    canvas.drawString(x0 + 2 * MM, y0 + 1 * MM, label)


def tile_marks(canvas: Canvas, slot: Slot, label: str) -> None:
    """Ticks in the margin where the tile overlaps its neighbours, and which tile this is."""
    clip = slot.clip or slot.trim
    canvas.setStrokeColor(color("#000000"))
    canvas.setLineWidth(HAIRLINE)
    canvas.setDash([])
    ticks = []
    if slot.window and slot.window.x > 0:
        ticks.append(("x", clip.x + OVERLAP))
    if slot.window and slot.window.x1 < slot.trim.w - 0.01:
        ticks.append(("x", clip.x1 - OVERLAP))
    if slot.window and slot.window.y > 0:
        ticks.append(("y", clip.y1 - OVERLAP))
    if slot.window and slot.window.y1 < slot.trim.h - 0.01:
        ticks.append(("y", clip.y + OVERLAP))
    for axis, v in ticks:
        if axis == "x":
            _target(canvas, v, clip.y1 + 3 * MM)
            _target(canvas, v, clip.y - 3 * MM)
        else:
            _target(canvas, clip.x - 3 * MM, v)
            _target(canvas, clip.x1 + 3 * MM, v)
    canvas.setFillColor(color("#000000"))
    canvas.setFont(PDF_FONTS["bold"], 7)
    canvas.drawString(clip.x, clip.y1 + 1.5 * MM, label)


def _target(canvas: Canvas, x: float, y: float) -> None:
    r = 1.8 * MM
    canvas.circle(x, y, r * 0.6, stroke=1, fill=0)
    canvas.line(x - r, y, x + r, y)
    canvas.line(x, y - r, x, y + r)


def footer(
    canvas: Canvas, caption: str, defined: set[str], paper: tuple[float, float], at_top: bool
) -> None:
    """The scale note, a 50 mm ruler with millimetre ticks, and what the sheet holds.

    The footer sits at the bottom of the sheet, or at its top (`at_top`) on the back of a
    short-edge flip, where it prints behind the front's footer, clear of the mirrored pieces.
    The ruler and note are stored once per document (in `defined`) and reused on every sheet.
    """
    x, y = PRINTER_MARGIN + 1 * MM, PRINTER_MARGIN + 0.5 * MM
    if RULER_FORM not in defined:
        canvas.beginForm(RULER_FORM)
        _ruler(canvas, x, y)
        canvas.endForm()
        defined.add(RULER_FORM)
    canvas.saveState()
    if at_top:
        canvas.translate(0, paper[1] - 2 * PRINTER_MARGIN - FOOTER)
    canvas.doForm(RULER_FORM)
    canvas.setFillColor(color("#000000"))
    canvas.setFont(PDF_FONTS["regular"], 6)
    canvas.drawString(x + (RULER_MM + 3) * MM, y + 0.5 * MM, caption)
    canvas.restoreState()


def _ruler(canvas: Canvas, x: float, y: float) -> None:
    canvas.setStrokeColor(color("#000000"))
    canvas.setFillColor(color("#000000"))
    canvas.setLineWidth(HAIRLINE)
    canvas.setDash([])
    canvas.line(x, y, x + RULER_MM * MM, y)
    for mm in range(RULER_MM + 1):
        tall = 2.2 if mm % 10 == 0 else 1.4 if mm % 5 == 0 else 0.8
        canvas.line(x + mm * MM, y, x + mm * MM, y + tall * MM)
    canvas.setFont(PDF_FONTS["regular"], 5)
    for cm in range(0, RULER_MM // 10 + 1):
        canvas.drawCentredString(x + cm * 10 * MM, y + 2.8 * MM, str(cm * 10))
    canvas.setFont(PDF_FONTS["regular"], 6)
    canvas.drawString(x + (RULER_MM + 3) * MM, y + 3.2 * MM, NOTE)


def page_boxes(canvas: Canvas, slots: list[Slot], bleed: float, paper) -> None:
    """TrimBox around the pieces and BleedBox around their bleed, for this page."""
    if not slots:
        return
    rects: list[Rect] = [s.clip if s.window and s.clip else s.trim for s in slots]
    x0, y0 = min(r.x for r in rects), min(r.y for r in rects)
    x1, y1 = max(r.x1 for r in rects), max(r.y1 for r in rects)
    width, height = paper
    canvas.setTrimBox((x0, y0, x1, y1))
    canvas.setBleedBox(
        (max(0, x0 - bleed), max(0, y0 - bleed), min(width, x1 + bleed), min(height, y1 + bleed))
    )
