"""What a sheet carries besides the faces, checked in the PDF: where the footer and the crop
marks go with short-edge backs and with a gutter fold, so that neither lands on a face."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnpkit.components import load_game
from pnpkit.generator.faces.groups import GroupFaces
from pnpkit.generator.render import render_game
from pnpkit.generator.sheets.imposition import FOOTER, GUTTER, MARK_ROOM, PRINTER_MARGIN
from pnpkit.generator.sheets.pdfsheets import PrintOptions, SheetWriter
from pnpkit.units import MM


def _render(tmp_path: Path, game_id: str, group: str, **options) -> PdfReader:
    game = load_game(game_id)
    render_game(game, tmp_path, PrintOptions(**options), [game.group(group)], svg=False)
    return PdfReader(tmp_path / game_id / f"{game_id}-{group}.pdf")


def _footer_band(page) -> tuple[float, float]:
    """The heights the footer (ruler, note and caption) covers, from its caption's baseline."""
    found = []

    def visit(text, cm, tm, *_):
        if " · sheet " in text:
            found.append(cm[5] + tm[5])

    page.extract_text(visitor_text=visit)
    assert len(found) == 1, found
    caption = found[0]
    return caption - 1 * MM, caption + FOOTER - 1 * MM


def _walk(page):
    """Each operator of the page's content with the transformation and dash then in force."""
    stream = ContentStream(page.get_contents(), page.pdf)
    matrix, stack, dashed = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), [], False
    for operands, operator in stream.operations:
        if operator == b"q":
            stack.append((matrix, dashed))
        elif operator == b"Q":
            matrix, dashed = stack.pop()
        elif operator == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            m = matrix
            matrix = (
                a * m[0] + b * m[2], a * m[1] + b * m[3], c * m[0] + d * m[2],
                c * m[1] + d * m[3], e * m[0] + f * m[2] + m[4], e * m[1] + f * m[3] + m[5],
            )  # fmt: skip
        elif operator == b"d":
            dashed = bool(operands[0])
        yield operator, operands, matrix, dashed


def _at(matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = matrix
    return a * x + c * y + e, b * x + d * y + f


def _solid_lines(page) -> list[tuple[float, float, float, float]]:
    """Undashed straight lines stroked on the page itself (crop marks), in page coordinates."""
    start, lines = None, []
    for operator, operands, matrix, dashed in _walk(page):
        if operator == b"m":
            start = _at(matrix, *(float(v) for v in operands))
        elif operator == b"l" and start and not dashed:
            lines.append((*start, *_at(matrix, *(float(v) for v in operands))))
    return lines


def _face_boxes(page, prefix: str) -> list[tuple[float, float, float, float]]:
    """Where the faces whose form name starts with `prefix` ("F-", "B-") are drawn, bleed
    included: (x0, y0, x1, y1) on the page."""
    forms = page["/Resources"]["/XObject"]
    boxes = []
    for operator, operands, matrix, _ in _walk(page):
        if operator == b"Do" and str(operands[0]).startswith(f"/FormXob.{prefix}"):
            x0, y0, x1, y1 = (float(v) for v in forms[operands[0]].get_object()["/BBox"])
            corners = [_at(matrix, x, y) for x in (x0, x1) for y in (y0, y1)]
            xs, ys = [p[0] for p in corners], [p[1] for p in corners]
            boxes.append((min(xs), min(ys), max(xs), max(ys)))
    return boxes


def test_short_edge_backs_keep_clear_of_the_footer(tmp_path: Path) -> None:
    """Mirrored across the short edge, the backs land where the fronts' footer room was not:
    the back's footer goes to the top, behind the front's, and no face or mark covers it."""
    reader = _render(tmp_path, "alpina", "cards", duplex="short")
    assert len(reader.pages) == 14
    for number, page in enumerate(reader.pages):
        low, high = _footer_band(page)
        bleed = [float(v) for v in page.bleedbox]
        assert bleed[3] <= low + 0.01 or bleed[1] >= high - 0.01, (number, low, high, bleed)
        for _, y0, _, y1 in _solid_lines(page):
            assert max(y0, y1) <= low + 0.01 or min(y0, y1) >= high - 0.01, (number, y0, y1)
    back_low, _ = _footer_band(reader.pages[1])
    assert back_low > float(reader.pages[1].mediabox[3]) / 2, "the back's footer is at the top"


def test_long_edge_backs_keep_the_footer_at_the_bottom(tmp_path: Path) -> None:
    reader = _render(tmp_path, "alpina", "cards")
    _, high = _footer_band(reader.pages[1])
    assert high < PRINTER_MARGIN + FOOTER + 1 * MM
    assert float(reader.pages[1].bleedbox[1]) >= high


@pytest.mark.parametrize("offset", [(0.0, 0.0), (-2.0, 0.0)])
def test_gutter_fold_crop_marks_stay_on_their_side_of_the_fold(tmp_path: Path, offset) -> None:
    """Nut cards fill the half of a landscape sheet: each half's marks stop at the fold line,
    so none of them run into the other half's faces (even when the backs are shifted)."""
    reader = _render(tmp_path, "nut-hunt", "nuts", gutter_fold=True, back_offset_mm=offset)
    page = reader.pages[0]
    width, height = (float(v) for v in page.mediabox[2:])
    assert width > height
    fold = width / 2
    lines = _solid_lines(page)
    assert any(max(x0, x1) == pytest.approx(fold, abs=0.01) for x0, _, x1, _ in lines)
    for x0, y0, x1, y1 in lines:
        assert max(x0, x1) <= fold + 0.01 or min(x0, x1) >= fold - 0.01, (x0, y0, x1, y1)


@pytest.mark.parametrize("bleed_mm", [0.0, 3.0, 10.0])
def test_the_gutter_keeps_room_for_bleed_and_marks_at_the_fold(bleed_mm: float) -> None:
    """Whatever --bleed says, the fronts' half ends early enough for their bleed and a mark."""
    game = load_game("gentoo")
    group = game.group("cards")
    sample = GroupFaces(game, group, bleed_mm).front(group.components[0])
    writer = SheetWriter(PrintOptions(bleed_mm=bleed_mm, gutter_fold=True), "test")
    paper, [half] = writer.gutter_layout(sample)
    width, height = paper
    room = width / 2 - (half.x + half.w) if width > height else half.y - height / 2
    assert room >= max(GUTTER, sample.bleed + MARK_ROOM) - 0.01


def test_a_large_bleed_stays_on_its_side_of_the_fold(tmp_path: Path) -> None:
    reader = _render(tmp_path, "nut-hunt", "nuts", gutter_fold=True, bleed_mm=10.0)
    page = reader.pages[0]
    width, height = (float(v) for v in page.mediabox[2:])
    fronts, backs = _face_boxes(page, "F-"), _face_boxes(page, "B-")
    assert fronts and len(fronts) == len(backs)
    if width > height:  # fronts left of a vertical fold
        assert max(b[2] for b in fronts) <= width / 2 <= min(b[0] for b in backs)
    else:  # fronts above a horizontal fold
        assert max(b[3] for b in backs) <= height / 2 <= min(b[1] for b in fronts)
