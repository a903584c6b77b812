"""PNG pixels from the one-face PDF pages, rasterised by PDFium (pypdfium2): no second renderer.

Each page is rendered to an exact pixel size, its size in inches times the dpi rounded to
whole pixels, so that a card of 63.5 mm at 300 dpi is 750 pixels wide, not 751.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from io import BytesIO

from PIL import Image

from pnpkit.generator.backends.page_per_face import FacePage

CUT_SHAPES_OPAQUE = ("rect", "rounded", "piece")
"""Faces rendered on white; other shapes (circles, hexes) keep transparency outside the cut."""


def pixels(points: float, dpi: float) -> int:
    """A length in points as whole pixels at `dpi` (halves round up)."""
    return math.floor(points * dpi / 72 + 0.5 + 1e-9)


@dataclass(frozen=True)
class PixelSize:
    """The pixel size of a page, bleed included."""

    width: int
    height: int


def pixel_size(page: FacePage, dpi: float) -> PixelSize:
    """The exact pixel size of `page` (trim plus bleed) at `dpi`: poker with 1/8" bleed at
    300 dpi is 825 × 1125."""
    width, height = page.size
    return PixelSize(pixels(width, dpi), pixels(height, dpi))


def transparent(page: FacePage) -> bool:
    """Whether the page is rendered with an alpha channel (round and hex pieces)."""
    return page.face.shape not in CUT_SHAPES_OPAQUE


def rasterise(pdf: bytes, jobs: list[tuple[int, FacePage, PixelSize]]) -> Iterator[Image.Image]:
    """For each (page index, page, size) in `jobs`, that page of `pdf` as an image of that size."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    document = pdfium.PdfDocument(pdf)
    try:
        for index, page, size in jobs:
            alpha = transparent(page)
            layout = pdfium_c.FPDFBitmap_BGRA if alpha else pdfium_c.FPDFBitmap_BGR
            bitmap = pdfium.PdfBitmap.new_native(size.width, size.height, layout, True)
            bitmap.fill_rect((255, 255, 255, 0 if alpha else 255), 0, 0, size.width, size.height)
            pdf_page = document[index]
            flags = pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER
            pdfium_c.FPDF_RenderPageBitmap(
                bitmap, pdf_page, 0, 0, size.width, size.height, 0, flags
            )
            image = bitmap.to_pil().copy()
            pdf_page.close()
            bitmap.close()
            yield image
    finally:
        document.close()


def png_bytes(image: Image.Image, dpi: float) -> bytes:
    """`image` as PNG, with its resolution recorded (pHYs) so that it prints at its real size."""
    buffer = BytesIO()
    image.save(buffer, format="PNG", dpi=(dpi, dpi), compress_level=6)
    return buffer.getvalue()
