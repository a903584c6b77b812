"""The floor for the artwork benchmark: a plain reportlab script placing the same pictures (PNG,
drawImage) and drawings (SVG, svglib → renderPDF) on 100 poker cards, 3 × 3 on A4 with crop
marks, each contained in the same boxes as bench/art100's layout. Usage: floor_art.py CSV PDF."""

import csv
import sys
from pathlib import Path

from floor_reportlab import COLUMNS, ROWS, H, W, marks
from reportlab import rl_config
from reportlab.graphics import renderPDF
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from svglib.svglib import svg2rlg

from pnpkit.generator.text.fontmetrics import FONT_DIR, FONT_FILES

BOX_W, BOX_H = 55.5 * mm, 35 * mm


def drawing(c: Canvas, path: str, x: float, y: float) -> None:
    art = svg2rlg(path)
    scale = min(BOX_W / art.width, BOX_H / art.height)
    c.saveState()
    c.translate(x + (BOX_W - art.width * scale) / 2, y + (BOX_H - art.height * scale) / 2)
    c.scale(scale, scale)
    renderPDF.draw(art, c, 0, 0)
    c.restoreState()


def card(c: Canvas, x: float, y: float, row: dict, folder: Path) -> None:
    c.setFont("Bold", 12)
    c.drawString(x + 4 * mm, y + H - 8.5 * mm, row["name"])
    c.drawImage(str(folder / row["picture"]), x + 4 * mm, y + H - 47 * mm, BOX_W, BOX_H,
                preserveAspectRatio=True, anchor="c", mask="auto")  # fmt: skip
    drawing(c, str(folder / row["drawing"]), x + 4 * mm, y + H - 85 * mm)


def main(source: str, target: str) -> None:
    rl_config.useA85 = 0  # binary streams, as pnpkit writes them: the sizes compare like for like
    pdfmetrics.registerFont(TTFont("Bold", str(FONT_DIR / FONT_FILES["bold"])))
    folder = Path(source).parent
    with open(source, encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    c = Canvas(target, pagesize=A4)
    x0, y0 = (A4[0] - COLUMNS * W) / 2, (A4[1] - ROWS * H) / 2
    per_page = COLUMNS * ROWS
    for start in range(0, len(rows), per_page):
        for n, row in enumerate(rows[start : start + per_page]):
            r, col = divmod(n, COLUMNS)
            card(c, x0 + col * W, y0 + (ROWS - 1 - r) * H, row, folder)
        marks(c, x0, y0)
        c.showPage()
    c.save()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
