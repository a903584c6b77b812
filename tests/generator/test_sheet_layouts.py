"""Custom sheet layouts (game.json `sheets`): a label grid, a sprue of slots, chits of mixed sizes
packed together; registration marks; SVG and DXF cut files that match the printed sheet."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.components import load_game
from pnpkit.errors import DefinitionError
from pnpkit.generator.faces.face import Face, rect_path
from pnpkit.generator.render import render_game
from pnpkit.generator.sheets.cutfiles import CutSheet, Polyline, cut_dxf, cut_svg, outline_on_page
from pnpkit.generator.sheets.imposition import PAPERS, Rect, Slot
from pnpkit.generator.sheets.layouts import SheetLayout, free_area, place
from pnpkit.generator.sheets.pdfsheets import PrintOptions
from pnpkit.units import MM
from tests.in_process import run_pnp

FIXTURE = Path(__file__).parent / "fixtures" / "sheets"
DPI = 100
A4 = PAPERS["a4"]


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("out")
    game = load_game(str(FIXTURE))
    render_game(game, out, PrintOptions(), list(game.groups), svg=False)
    return out / "sheets"


def page_image(pdf: Path, page: int = 0):
    return pdfium.PdfDocument(pdf)[page].render(scale=DPI / 72).to_pil().convert("RGB")


def svg_paths(text: str, group: str) -> list[list[tuple[float, float]]]:
    """The points of every path of one group (id) of a cut SVG, in mm from the top-left."""
    body = re.search(rf'<g id="{group}"[^>]*>(.*?)</g>', text).group(1)
    return [
        [(float(x), float(y)) for x, y in re.findall(r"([-\d.]+) ([-\d.]+)", d)]
        for d in re.findall(r'd="([^"]+)"', body)
    ]


def box_of(points: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def dxf_polylines(text: str) -> dict[str, list[tuple[bool, list[tuple[float, float]]]]]:
    """A strict reading of an R12 DXF: group code and value lines in pairs, the sections in
    order, every POLYLINE followed by its VERTEXes and a SEQEND; the polylines by layer."""
    lines = text.split("\n")
    assert lines[-1] == "" and len(lines) % 2 == 1, "group codes and values come in pairs"
    pairs = [(int(lines[i]), lines[i + 1]) for i in range(0, len(lines) - 1, 2)]
    sections = [pairs[i + 1][1] for i, p in enumerate(pairs) if p == (0, "SECTION")]
    assert sections == ["HEADER", "TABLES", "ENTITIES"]
    assert pairs[-1] == (0, "EOF")
    assert (1, "AC1009") in pairs  # R12
    start = pairs.index((2, "ENTITIES")) + 1
    found: dict[str, list] = {}
    i = start
    while pairs[i] != (0, "ENDSEC"):
        assert pairs[i] == (0, "POLYLINE"), pairs[i]
        head = dict(pairs[i + 1 : i + 7])
        assert head[66] == "1"  # vertices follow
        i += 7
        points = []
        while pairs[i] == (0, "VERTEX"):
            vertex = dict(pairs[i + 1 : i + 5])
            assert vertex[8] == head[8]
            points.append((float(vertex[10]), float(vertex[20])))
            i += 5
        assert pairs[i] == (0, "SEQEND")
        i += 2
        found.setdefault(head[8], []).append((head[70] == "1", points))
    return found


# a label sheet's grid ------------------------------------------------------------------------


def test_labels_sit_in_the_cells_of_the_grid_and_the_cut_file_outlines_them(rendered) -> None:
    cuts = svg_paths((rendered / "cut" / "label-sheet-1.svg").read_text(), "cut")
    assert len(cuts) == 15  # 8 + 7 labels
    for n, path in enumerate(cuts):
        row, column = divmod(n, 3)
        x0, y0, x1, y1 = box_of(path)
        assert x0 == pytest.approx(7.2 + column * 66.04, abs=0.01)
        assert y0 == pytest.approx(15.15 + row * 38.1, abs=0.01)
        assert (x1 - x0, y1 - y0) == pytest.approx((63.5, 38.1), abs=0.01)
    image = page_image(rendered / "sheets-label-sheet.pdf")

    def at(x_mm: float, y_mm: float):
        return image.getpixel((round(x_mm / 25.4 * DPI), round(y_mm / 25.4 * DPI)))

    for row in range(5):
        top = 15.15 + row * 38.1
        assert at(7.2 + 63.5 / 2, top + 1) != (255, 255, 255)  # the label's band, printed
        assert at(7.2 + 63.5 + 1.27, top + 19) == (255, 255, 255)  # between two columns
        assert at(5.5, top + 19) == (255, 255, 255)  # left of the first column
    assert at(7.2 + 63.5 / 2, 15.15 + 5 * 38.1 + 19) == (255, 255, 255)  # no 16th label


def test_a_piece_larger_than_its_grid_cell_is_an_error_naming_the_pitch() -> None:
    layout = SheetLayout("labels", ("l",), {"layout": "grid", "columns": 2, "rows": 2,
                         "left": "10mm", "top": "10mm", "pitch": ["50mm", "30mm"]},
                         "game.json")  # fmt: skip
    face = Face(63.5 * MM, 38.1 * MM, 0.0, rect_path(0, 0, 63.5 * MM, 38.1 * MM))
    with pytest.raises(DefinitionError, match=r"#/sheets/labels/pitch.*does not fit a cell"):
        place(layout, [face], A4)


# a sprue: pieces at places of their own ------------------------------------------------------


def test_slots_place_and_turn_each_piece_and_repeat_for_more_pieces() -> None:
    layout = SheetLayout("sprue", ("u",), {"layout": "slots", "slots": [
        {"x": "20mm", "y": "30mm"}, {"x": "20mm", "y": "100mm", "rotate": 90}]},
        "game.json")  # fmt: skip
    face = Face(30 * MM, 50 * MM, 0.0, rect_path(0, 0, 30 * MM, 50 * MM))
    pages = place(layout, [face] * 3, A4)
    assert [len(p) for p in pages] == [2, 1]
    upright, turned = pages[0]
    assert (upright.trim.x, A4[1] - upright.trim.y1) == pytest.approx((20 * MM, 30 * MM))
    assert (turned.trim.w, turned.trim.h) == pytest.approx((50 * MM, 30 * MM))
    assert turned.rotate == 90


def test_the_cut_lines_of_turned_pieces_are_where_they_print(rendered) -> None:
    cuts = svg_paths((rendered / "cut" / "sprue-1.svg").read_text(), "cut")
    boxes = [box_of(p) for p in cuts]
    assert boxes[3] == pytest.approx((20, 100, 70, 130), abs=0.01)  # 30 × 50 turned 90°
    assert boxes[5] == pytest.approx((140, 30, 170, 80), abs=0.01)  # turned 180°: same box
    image = page_image(rendered / "sheets-sprue.pdf")
    # the turned piece's header band (its top) faces right after a 90° turn
    band = image.getpixel((round(66 / 25.4 * DPI), round(115 / 25.4 * DPI)))
    assert band[0] > band[2] + 40  # the group's red colour, not the white card body


def test_a_slot_off_the_printable_page_is_an_error_naming_the_slot(tmp_path: Path) -> None:
    game = tmp_path / "sheets"
    shutil.copytree(FIXTURE, game)
    manifest = json.loads((game / "game.json").read_text())
    manifest["sheets"]["sprue"]["slots"][4]["x"] = "190mm"
    (game / "game.json").write_text(json.dumps(manifest))
    result = run_pnp("validate", game)
    assert result.returncode == 2
    assert (
        f"{game / 'game.json'}:#/sheets/sprue/slots/4: a piece of 36 × 56 mm (with its bleed)"
        in result.stderr
    )


@pytest.mark.parametrize(
    ("change", "pointer", "message"),
    [
        (lambda m: m["sheets"]["chits"]["groups"].append("dice"), "#/sheets/chits/groups/3",
         "no component group 'dice'"),
        (lambda m: m["sheets"]["sprue"]["groups"].append("coins"), "#/sheets/sprue/groups/1",
         "group 'coins' is on sheet 'chits' already"),
        (lambda m: m["sheets"]["label-sheet"].pop("pitch"), "#/sheets/label-sheet",
         "missing required key 'pitch'"),
        (lambda m: m["sheets"]["sprue"]["slots"][0].update(rotate=45),
         "#/sheets/sprue/slots/0/rotate", "expected one of 0, 90, 180, 270"),
    ],
)  # fmt: skip
def test_a_wrong_sheet_is_reported_with_file_and_pointer(
    tmp_path: Path, change, pointer: str, message: str
) -> None:
    game = tmp_path / "sheets"
    shutil.copytree(FIXTURE, game)
    manifest = json.loads((game / "game.json").read_text())
    change(manifest)
    (game / "game.json").write_text(json.dumps(manifest))
    result = run_pnp("validate", game)
    assert result.returncode == 2
    assert f"{game / 'game.json'}:{pointer}: {message}" in result.stderr, result.stderr


# chits of mixed sizes, for a print-and-cut machine ------------------------------------------


def test_chits_of_three_sizes_share_one_sheet_with_registration_marks(rendered) -> None:
    text = (rendered / "cut" / "chits-1.svg").read_text()
    cuts = svg_paths(text, "cut")
    sizes = sorted({tuple(round(v, 1) for v in (b[2] - b[0], b[3] - b[1]))
                    for b in map(box_of, cuts)})  # fmt: skip
    assert sizes == [(15.0, 15.0), (25.0, 25.0), (30.0, 34.6)]
    assert len(cuts) == 10 + 10 + 5
    square, top_right, bottom_left = (box_of(p) for p in svg_paths(text, "registration"))
    assert square == pytest.approx((15, 15, 20, 20))
    assert top_right == pytest.approx((175, 15, 195, 35))
    assert bottom_left == pytest.approx((15, 262, 35, 282))
    image = page_image(rendered / "sheets-chits.pdf")
    px = lambda x, y: image.getpixel((round(x / 25.4 * DPI), round(y / 25.4 * DPI)))  # noqa: E731
    assert px(17.5, 17.5) == (0, 0, 0)  # the printed square, where the cut file says
    assert px(185, 15.5) == (0, 0, 0) and px(194.5, 25) == (0, 0, 0)  # the L's two arms
    assert px(22, 22) == (255, 255, 255)
    keep = 15 + 20 + 3
    for x0, y0, x1, y1 in map(box_of, cuts):  # every piece clear of the marks' band
        assert x0 >= keep - 0.01 and y0 >= keep - 0.01
        assert x1 <= 210 - keep + 0.01 and y1 <= 297 - keep + 0.01


def test_the_dxf_holds_the_svgs_lines_in_millimetres_y_up(rendered) -> None:
    for sheet in ("chits", "label-sheet", "sprue"):
        svg = (rendered / "cut" / f"{sheet}-1.svg").read_text()
        layers = dxf_polylines((rendered / "cut" / f"{sheet}-1.dxf").read_text())
        cuts = svg_paths(svg, "cut")
        assert len(layers["CUT"]) == len(cuts)
        for (closed, points), svg_points in zip(layers["CUT"], cuts, strict=True):
            assert closed
            flat = [v for x, y in svg_points for v in (x, 297 - y)]
            assert [v for point in points for v in point] == pytest.approx(flat, abs=0.002)
        assert len(layers.get("REGISTRATION", [])) == (3 if sheet == "chits" else 0)


boxes = st.lists(st.tuples(st.floats(5, 120), st.floats(5, 120), st.floats(0, 3)), min_size=1,
                 max_size=40)  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(boxes, st.booleans(), st.floats(0, 8))
def test_packed_pieces_never_overlap_and_stay_in_the_free_area(sizes, registration, gap) -> None:
    faces = [Face(w * MM, h * MM, b * MM, rect_path(0, 0, w * MM, h * MM)) for w, h, b in sizes]
    spec = {"layout": "pack", "gap": f"{gap:.2f}mm", "registration": registration}
    layout = SheetLayout("chits", ("c",), spec, "game.json")
    area = free_area(A4, registration)
    pages = place(layout, faces, A4)
    assert sorted(s.index for page in pages for s in page) == list(range(len(faces)))
    for page in pages:
        for slot in page:
            c = slot.clip
            assert c.x >= area.x - 0.02 and c.y >= area.y - 0.02
            assert c.x1 <= area.x1 + 0.02 and c.y1 <= area.y1 + 0.02
        for n, a in enumerate(page):
            for b in page[n + 1 :]:
                p, q = a.clip, b.clip
                across = p.x1 <= q.x + 0.02 or q.x1 <= p.x + 0.02
                assert across or p.y1 <= q.y + 0.02 or q.y1 <= p.y + 0.02


def test_a_round_outline_is_cut_as_a_circle_within_a_twentieth_of_a_millimetre() -> None:
    from pnpkit.generator.faces.face import ellipse_path

    r = 12.5 * MM
    slot = Slot(0, Rect(50 * MM, 50 * MM, 2 * r, 2 * r))
    (line,) = outline_on_page(ellipse_path(r, r, r, r), slot)
    centre = (50 * MM + r, 50 * MM + r)
    for x, y in line.points:
        assert abs(((x - centre[0]) ** 2 + (y - centre[1]) ** 2) ** 0.5 - r) < 0.05 * MM
    assert line.closed and len(line.points) == 4 * 16


def test_cut_files_of_an_open_outline_keep_it_open() -> None:
    sheet = CutSheet(A4, (Polyline(((0.0, 0.0), (MM, MM)), False),))
    assert " Z" not in cut_svg(sheet)
    ((closed, _),) = dxf_polylines(cut_dxf(sheet))["CUT"]
    assert not closed
