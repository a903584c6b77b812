"""The floor for PNG export: rasterise every page of a PDF with pypdfium2 alone and save each
as a PNG (Pillow, default compression), as plainly as a script can.

Usage: floor_pdfium.py PDF OUT_DIR DPI
"""

from __future__ import annotations

import sys
from pathlib import Path

import pypdfium2 as pdfium


def main(pdf: str, out: str, dpi: str) -> None:
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    document = pdfium.PdfDocument(pdf)
    scale = float(dpi) / 72
    for number in range(len(document)):
        image = document[number].render(scale=scale).to_pil()
        image.save(folder / f"{number + 1:03d}.png", dpi=(float(dpi), float(dpi)))


if __name__ == "__main__":
    main(*sys.argv[1:])
