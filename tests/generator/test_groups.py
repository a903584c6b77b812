"""Group settings the sheets must honour: a deck's orientation and a board's back."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from pnpkit.components import load_game
from pnpkit.generator.faces.face import Layer, Text
from pnpkit.generator.faces.groups import GroupFaces
from pnpkit.generator.render import render_game
from pnpkit.generator.sheets.pdfsheets import PrintOptions
from pnpkit.units import MM

GAME = Path(__file__).parent / "fixtures" / "two-sided"


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = load_game(GAME)
    out = tmp_path_factory.mktemp("two-sided")
    render_game(game, out, PrintOptions(), list(game.groups), svg=False)
    return out / "two-sided"


def test_a_landscape_deck_lies_on_its_side() -> None:
    game = load_game(GAME)
    face = GroupFaces(game, game.group("wide")).front(game.component("TS-W1"))
    assert (face.width, face.height) == pytest.approx((88.9 * MM, 63.5 * MM))


def test_a_board_with_a_back_prints_it_on_the_next_sheet(rendered: Path) -> None:
    pages = PdfReader(rendered / "two-sided-board.pdf").pages
    assert len(pages) == 2
    assert "fronts" in pages[0].extract_text() and "Small board" in pages[0].extract_text()
    back = pages[1].extract_text()
    assert "backs (long-edge flip)" in back and "Board back" in back


def test_a_tiled_board_with_a_back_has_a_back_for_every_part(rendered: Path) -> None:
    texts = [page.extract_text() for page in PdfReader(rendered / "two-sided-big.pdf").pages]
    fronts = [t for t in texts if "· fronts" in t]
    backs = [t for t in texts if "· backs" in t]
    assert len(fronts) == len(backs) > 1
    assert all(" · part row " in t for t in fronts)
    assert not any(" · part row " in t for t in backs), "joining marks belong on the fronts"


def test_a_die_folds_with_opposite_faces_summing_to_seven() -> None:
    """The Nut Hunt fox die lists faces 1–6; on the folded cube 1|6, 2|5 and 3|4 face apart."""
    game = load_game("nut-hunt")
    group = game.group("fox-die")
    net = GroupFaces(game, group).front(group.components[0])
    side = net.height / 3
    cells = {}
    for layer in (item for item in net.items if isinstance(item, Layer)):
        texts = [t.text for t in _texts(layer) if t.text.isdigit()]
        cells[(round(layer.dx / side), round(layer.dy / side))] = int(texts[0])
    opposite = {(1, 0): (1, 2), (0, 1): (2, 1), (1, 1): (3, 1)}  # in a cross-shaped net
    assert sorted(cells.values()) == [1, 2, 3, 4, 5, 6]
    assert all(cells[a] + cells[b] == 7 for a, b in opposite.items())


def _texts(layer: Layer) -> list[Text]:
    """Every text run in a layer and the layers inside it."""
    found: list[Text] = []
    for item in layer.items:
        if isinstance(item, Layer):
            found += _texts(item)
        elif isinstance(item, Text):
            found.append(item)
    return found
