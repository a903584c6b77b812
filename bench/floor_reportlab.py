"""The floor: a plain reportlab script doing the benchmark's work (100 text cards, poker size,
3 × 3 on A4, crop marks, the same embedded TrueType font). Usage: floor_reportlab.py CSV PDF."""

import csv
import sys

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from pnpkit.generator.text.fontmetrics import FONT_DIR, FONT_FILES

W, H = 63.5 * mm, 88.9 * mm
COLUMNS, ROWS = 3, 3


def card(c: Canvas, x: float, y: float, row: dict) -> None:
    c.setFillColorRGB(0.2, 0.3, 0.42)
    c.rect(x, y + H - 13 * mm, W, 13 * mm, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.setFont("Bold", 12)
    c.drawString(x + 4 * mm, y + H - 8.5 * mm, row["title"])
    c.drawRightString(x + W - 4 * mm, y + H - 8.5 * mm, row["cost"])
    c.setFillColorRGB(0, 0, 0)
    c.setFont("Bold", 8)
    c.drawString(x + 4 * mm, y + H - 18 * mm, row["type"].upper())
    c.setFont("Sans", 10)
    for n, line in enumerate(simpleSplit(row["body"], "Sans", 10, W - 10 * mm)):
        c.drawString(x + 5 * mm, y + H - 27 * mm - n * 12, line)


def marks(c: Canvas, x0: float, y0: float) -> None:
    c.setLineWidth(0.3)
    for i in range(COLUMNS + 1):
        c.line(x0 + i * W, y0 - 4 * mm, x0 + i * W, y0 - 9 * mm)
        c.line(x0 + i * W, y0 + ROWS * H + 4 * mm, x0 + i * W, y0 + ROWS * H + 9 * mm)
    for j in range(ROWS + 1):
        c.line(x0 - 4 * mm, y0 + j * H, x0 - 9 * mm, y0 + j * H)
        c.line(x0 + COLUMNS * W + 4 * mm, y0 + j * H, x0 + COLUMNS * W + 9 * mm, y0 + j * H)


def main(source: str, target: str) -> None:
    pdfmetrics.registerFont(TTFont("Sans", str(FONT_DIR / FONT_FILES["regular"])))
    pdfmetrics.registerFont(TTFont("Bold", str(FONT_DIR / FONT_FILES["bold"])))
    with open(source, encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    c = Canvas(target, pagesize=A4)
    x0, y0 = (A4[0] - COLUMNS * W) / 2, (A4[1] - ROWS * H) / 2
    per_page = COLUMNS * ROWS
    for start in range(0, len(rows), per_page):
        for n, row in enumerate(rows[start : start + per_page]):
            r, col = divmod(n, COLUMNS)
            card(c, x0 + col * W, y0 + (ROWS - 1 - r) * H, row)
        marks(c, x0, y0)
        c.showPage()
    c.save()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
