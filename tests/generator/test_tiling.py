"""A board or track larger than a sheet is tiled over several pages with overlap and marks."""

from pathlib import Path

import pytest
from pypdf import PdfReader

from pnpkit.components import load_game
from pnpkit.generator.faces.groups import GroupFaces
from pnpkit.generator.render import render_game
from pnpkit.generator.sheets.imposition import OVERLAP, content_area, tiled_slots
from pnpkit.generator.sheets.pdfsheets import PrintOptions

BIG = Path(__file__).parent / "fixtures" / "big-board"
A4 = (595.2756, 841.8898)


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = load_game(BIG)
    out = tmp_path_factory.mktemp("tiles")
    render_game(game, out, PrintOptions(), list(game.groups))
    return out / "big-board"


def test_a_board_wider_than_a_sheet_is_split_into_overlapping_parts(rendered: Path) -> None:
    reader = PdfReader(rendered / "big-board-map.pdf")
    assert len(reader.pages) == 4  # 500 × 360 mm on A4: 2 × 2 parts
    labels = [page.extract_text() for page in reader.pages]
    for row in (1, 2):
        for column in (1, 2):
            part = f"part row {row}, column {column} of 2 × 2"
            assert sum(part in text for text in labels) == 1


def test_neighbouring_parts_overlap_and_cover_the_whole_board(rendered: Path) -> None:
    game = load_game(BIG)
    face = GroupFaces(game, game.group("map")).front(game.component("BB-MAP"))
    pages = tiled_slots(face, content_area(A4, face.bleed, marks=True))
    windows = [page[0].window for page in pages]
    assert len(windows) == 4
    by_row = sorted(windows, key=lambda r: (r.y, r.x))
    left, right = by_row[0], by_row[1]
    assert left.x + left.w - right.x == pytest.approx(OVERLAP)
    covered_w = max(r.x + r.w for r in windows)
    covered_h = max(r.y + r.h for r in windows)
    assert sorted((covered_w, covered_h)) == pytest.approx(sorted((face.width, face.height)))


def test_a_long_track_is_tiled_too(rendered: Path) -> None:
    reader = PdfReader(rendered / "big-board-score.pdf")
    assert len(reader.pages) == 2  # 20 columns of 20 mm spaces: 400 mm
    assert all("print at 100%" in page.extract_text().lower() for page in reader.pages)


def test_a_board_that_fits_neither_way_round_is_tiled_though_no_side_is_too_long(
    rendered: Path,
) -> None:
    # 200 × 200 mm: wider than A4's printable width, shorter than its printable height
    reader = PdfReader(rendered / "big-board-square.pdf")
    assert len(reader.pages) == 2
    texts = [page.extract_text() for page in reader.pages]
    assert all("BB-SQR · part" in text for text in texts)
