"""The `code` layout element: a Data Matrix of the component's ID, vector, checked to read."""

from __future__ import annotations

import io

import pypdfium2
import pytest
import resvg_py
import zxingcpp
from PIL import Image as PilImage

from pnpkit.components import load_game
from pnpkit.errors import PnpError
from pnpkit.generator.backends.page_per_face import FacePage, face_pages_pdf
from pnpkit.generator.backends.svg import render_svg
from pnpkit.generator.faces import codemark
from pnpkit.generator.faces.compose import FaceBuilder
from pnpkit.generator.faces.face import Path
from pnpkit.generator.faces.groups import GroupFaces
from pnpkit.units import MM

CARD = (63 * MM, 88 * MM)


def _build(element: dict, context: dict | None = None, shape: str = "rect", size=CARD):
    builder = FaceBuilder({"elements": [element]}, *size, shape, 0.0, None)
    return builder.build(context or {"id": "AL-07"}, "X")


def _paths(face) -> list[Path]:
    return [item for item in face.items[0].items if isinstance(item, Path)]


def _read(image: PilImage.Image) -> list[str]:
    return [b.text for b in zxingcpp.read_barcodes(image, formats=zxingcpp.DataMatrix)]


def test_modules_come_from_the_library_and_read_back() -> None:
    matrix = codemark.modules("AL-07")
    assert len(matrix) == 12 and all(len(row) == 12 for row in matrix)
    scale, quiet = 8, 2
    picture = PilImage.new("L", ((12 + 2 * quiet) * scale,) * 2, 255)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                box = ((x + quiet) * scale, (y + quiet) * scale)
                picture.paste(0, (*box, box[0] + scale, box[1] + scale))
    assert _read(picture) == ["AL-07"]


def test_the_code_sits_in_its_corner_with_its_quiet_zone() -> None:
    face = _build({"type": "code", "corner": "bottom-right", "w": "6mm", "margin": "2mm"})
    quiet, modules = _paths(face)
    assert quiet.paint.fill == "#ffffff" and modules.paint.fill == "#1a1a1a"
    xs = [c[1] for c in quiet.commands if c[0] in "ML"]
    ys = [c[2] for c in quiet.commands if c[0] in "ML"]
    assert max(xs) == pytest.approx(CARD[0] - 2 * MM)
    assert max(ys) == pytest.approx(CARD[1] - 2 * MM)
    assert max(xs) - min(xs) == pytest.approx(6 * MM * 14 / 12)  # one module of quiet each side


@pytest.mark.parametrize(
    ("element", "message"),
    [
        ({"type": "code", "w": "4mm"}, "modules print 0.33 mm"),
        ({"type": "code", "color": "#b0b0b0"}, "too little contrast"),
        ({"type": "code", "corner": "top-left", "margin": "-1mm"}, "does not fit"),
        ({"type": "code", "color": "red"}, "must be colours"),
    ],
)
def test_a_code_that_would_not_read_is_an_error(element: dict, message: str) -> None:
    with pytest.raises(PnpError, match=message):
        _build(element)


def test_a_round_token_s_code_must_stay_inside_the_circle() -> None:
    token = (14 * MM, 14 * MM)
    _build({"type": "code", "corner": "bottom", "w": "40%", "margin": "7%"}, shape="circle",
           size=token)  # fmt: skip
    with pytest.raises(PnpError, match="does not fit"):
        _build({"type": "code", "corner": "bottom-right", "w": "40%", "margin": "7%"},
               shape="circle", size=token)  # fmt: skip


def test_the_text_defaults_to_the_id_and_takes_placeholders() -> None:
    plain = _paths(_build({"type": "code"}))[1]
    assert plain == _paths(_build({"type": "code", "text": "{id}"}))[1]
    other = _build({"type": "code", "text": "{id}-X"}, {"id": "AL-07"})
    assert _paths(other)[1] != _paths(_build({"type": "code"}))[1]


def test_a_bundled_card_s_code_is_vector_in_the_pdf_and_reads_in_pdf_and_svg() -> None:
    game = load_game("alpina")
    card = game.component("AL-07")
    face = GroupFaces(game, game.group("cards")).front(card)
    pdf = pypdfium2.PdfDocument(face_pages_pdf([FacePage(face, 0.0, "f")], "t"))
    page = pdf[0]
    kinds = {o.type for o in page.get_objects(max_depth=5)}
    assert (
        pypdfium2.raw.FPDF_PAGEOBJ_PATH in kinds and pypdfium2.raw.FPDF_PAGEOBJ_IMAGE not in kinds
    )
    assert _read(page.render(scale=300 / 72).to_pil()) == ["AL-07"]
    png = bytes(resvg_py.svg_to_bytes(svg_string=render_svg(face), dpi=300, background="#ffffff"))
    assert _read(PilImage.open(io.BytesIO(png))) == ["AL-07"]


@pytest.mark.parametrize("game_id", ["alpina", "nut-hunt", "ano-nuevo", "arctic", "gentoo"])
def test_bundled_games_print_a_code_on_every_card_tile_and_token(game_id: str) -> None:
    game = load_game(game_id)
    for group in game.groups:
        if group.kind not in ("deck", "tiles", "tokens"):
            continue
        faces = GroupFaces(game, group)
        for component in group.components:
            grids = [_grid(path) for path in _code_paths(faces.front(component).items)]
            assert codemark.modules(component.id) in grids, f"{component.id}: no code of its ID"


def _code_paths(items) -> list[Path]:
    """The paths of many rectangles a face draws: its codes' modules (and maybe others)."""
    found = []
    for item in items:
        if hasattr(item, "items"):
            found += _code_paths(item.items)
        elif isinstance(item, Path) and len(item.commands) > 40:
            found.append(item)
    return found


def _grid(path: Path) -> tuple[tuple[bool, ...], ...]:
    """The module grid a path of module rectangles draws (dark modules True)."""
    xs = [c[1] for c in path.commands if c[0] in "ML"]
    ys = [c[2] for c in path.commands if c[0] in "ML"]
    rects = [path.commands[i : i + 3] for i in range(0, len(path.commands), 5)]
    module = min(by - ay for (_, _, ay), _, (_, _, by) in rects)
    count = round((max(ys) - min(ys)) / module)
    grid = [[False] * count for _ in range(count)]
    for (_, ax, ay), _, (_, bx, _) in rects:
        row = round((ay - min(ys)) / module)
        for column in range(round((ax - min(xs)) / module), round((bx - min(xs)) / module)):
            grid[row][column] = True
    return tuple(tuple(row) for row in grid)
