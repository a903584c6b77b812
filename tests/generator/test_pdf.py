"""The print PDFs, checked with pypdf: sizes, boxes, faces, text, fonts, duplex alignment."""

from __future__ import annotations

import functools
import re
from pathlib import Path

from pypdf import PdfReader

from pnpkit.components import load_game
from pnpkit.generator.sheets.imposition import PAPERS

A4 = PAPERS["a4"]


def _pdf(render, suffix: str) -> PdfReader:
    path = next(f.path for f in render.files if f.path.name.endswith(suffix))
    return PdfReader(path)


@functools.cache
def _texts(path: Path) -> tuple[str, ...]:
    """The text of each page of the PDF at `path`, extracted once for the tests that read it
    (pypdf's extraction is most of their time)."""
    return tuple(page.extract_text() for page in PdfReader(path).pages)


def _page_texts(render, suffix: str) -> tuple[str, ...]:
    return _texts(next(f.path for f in render.files if f.path.name.endswith(suffix)))


def test_every_page_is_a4_with_trim_inside_bleed_inside_media(gentoo_render) -> None:
    reader = _pdf(gentoo_render, "print-and-play.pdf")
    assert len(reader.pages) > 2
    for page in reader.pages:
        media = [float(v) for v in page.mediabox]
        trim = [float(v) for v in page.trimbox]
        bleed = [float(v) for v in page.bleedbox]
        assert abs(media[2] - A4[0]) < 0.5 and abs(media[3] - A4[1]) < 0.5
        assert trim != media, "TrimBox must be set to the pieces, not default to the page"
        assert bleed[0] <= trim[0] and bleed[1] <= trim[1]
        assert bleed[2] >= trim[2] and bleed[3] >= trim[3]
        assert media[0] <= bleed[0] and bleed[2] <= media[2] and bleed[3] <= media[3]


def test_printed_faces_equal_the_definitions_counts(gentoo_render) -> None:
    game = load_game("gentoo")
    for group in game.groups:
        printed: dict[str, int] = {}
        for text in _page_texts(gentoo_render, f"gentoo-{group.id}.pdf"):
            if "fronts" not in text:
                continue
            for component in group.components:
                found = len(re.findall(rf"\b{component.id}\b", text))
                printed[component.id] = printed.get(component.id, 0) + found
        assert printed == {c.id: c.count for c in group.components}


def test_nine_poker_cards_per_a4_sheet(gentoo_render) -> None:
    first = _page_texts(gentoo_render, "gentoo-cards.pdf")[0]
    assert len(re.findall(r"\bGE-[A-Z0-9]+\b", first)) == 9


def test_text_is_real_and_fonts_are_embedded_subsets(gentoo_render) -> None:
    reader = _pdf(gentoo_render, "gentoo-cards.pdf")
    text = "".join(_page_texts(gentoo_render, "gentoo-cards.pdf"))
    assert "Leopard Seal" in text and "Print at 100%" in text
    fonts = set()
    for page in reader.pages:
        for xobject in page["/Resources"]["/XObject"].values():
            resources = xobject.get_object().get("/Resources", {})
            for font in resources.get("/Font", {}).values():
                font = font.get_object()
                descendant = (
                    font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
                )
                descriptor = descendant["/FontDescriptor"].get_object()
                assert "/FontFile2" in descriptor, "TrueType font must be embedded"
                fonts.add(str(font["/BaseFont"]))
    assert fonts and all("+" in name for name in fonts), fonts


def _placements(page) -> list[tuple[float, float]]:
    """The translations in force where each face form is drawn (the trim's corner)."""
    from pypdf.generic import ContentStream

    stream = ContentStream(page.get_contents(), page.pdf)
    found, last = [], None
    for operands, operator in stream.operations:
        if operator == b"cm":
            last = (float(operands[4]), float(operands[5]))
        elif operator == b"Do" and str(operands[0])[:11] in ("/FormXob.F-", "/FormXob.B-") and last:
            found.append(last)
    return found


def test_long_edge_backs_mirror_the_fronts(gentoo_render) -> None:
    reader = _pdf(gentoo_render, "gentoo-cards.pdf")
    front, back = _placements(reader.pages[0]), _placements(reader.pages[1])
    assert len(front) == len(back) == 9
    width = 63.5 * 72 / 25.4
    mirrored = sorted((round(A4[0] - x - width, 1), round(y, 1)) for x, y in front)
    assert sorted((round(x, 1), round(y, 1)) for x, y in back) == mirrored


def _forms(reader: PdfReader) -> set[str]:
    """The names of the form XObjects the pages use."""
    names: set[str] = set()
    for page in reader.pages:
        xobjects = page["/Resources"].get("/XObject", {})
        names |= {str(name) for name in xobjects}
    return names


def test_a_face_printed_several_times_is_one_form_a_face_printed_once_none(tmp_path) -> None:
    from pathlib import Path

    from pnpkit.generator.render import render_game
    from pnpkit.generator.sheets.pdfsheets import PrintOptions

    game = load_game(Path(__file__).parents[2] / "docs" / "examples" / "lanterns")
    render_game(game, tmp_path, PrintOptions(duplex="off"), [game.group("lanterns")], svg=False)
    reader = PdfReader(tmp_path / "lanterns" / "lanterns-lanterns.pdf")
    forms = " ".join(_forms(reader))
    for several in ("LW-R1", "LW-R2", "LW-G3"):
        assert f"F-{several}" in forms
    assert "LW-B6" not in forms  # one copy: drawn in place
    text = "".join(page.extract_text() for page in reader.pages)
    assert len(re.findall(r"\bLW-B6\b", text)) == 1 and len(re.findall(r"\bLW-R1\b", text)) == 3
