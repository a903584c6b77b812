"""One face per page: the PDFs sent to print shops and the pages every PNG is rasterised from.

The faces are drawn by the same PDF backend as `pnp render` (`pdfface`); a page is the face's
trim plus a bleed margin, with a TrimBox on the cut and a BleedBox on the page edge. Where the
face itself bleeds less than the page (a template without bleed), the margin stays white.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from io import BytesIO

from reportlab.pdfgen.canvas import Canvas

from pnpkit.generator.backends.pdf import PDF_FONTS, define_face, place_face, register_fonts
from pnpkit.generator.faces.face import Face


@dataclass(frozen=True)
class FacePage:
    """One page: a face, the bleed margin around its trim (points), and a key naming the face
    (a face on several pages is stored once as a PDF form)."""

    face: Face
    bleed: float
    key: str

    @property
    def size(self) -> tuple[float, float]:
        """The page's width and height in points."""
        return self.face.width + 2 * self.bleed, self.face.height + 2 * self.bleed


def face_pages_pdf(pages: list[FacePage], title: str) -> bytes:
    """A PDF of `pages`, one face per page, in order."""
    register_fonts()
    buffer = BytesIO()
    canvas = Canvas(buffer, pageCompression=1, initialFontName=PDF_FONTS["regular"])
    canvas.setTitle(title)
    canvas.setCreator("pnpkit")
    uses = Counter(page.key for page in pages)
    defined: set[str] = set()
    for page in pages:
        face, bleed = page.face, page.bleed
        width, height = page.size
        canvas.setPageSize((width, height))
        drawn: Face | str = face
        if uses[page.key] > 1:
            if page.key not in defined:
                define_face(canvas, page.key, face)
                defined.add(page.key)
            drawn = page.key
        place_face(canvas, drawn, bleed, bleed, face.width, face.height)
        canvas.setTrimBox((bleed, bleed, bleed + face.width, bleed + face.height))
        canvas.setBleedBox((0, 0, width, height))
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
