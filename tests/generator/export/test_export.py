"""`pnp export`: PNG sizes, PNGs equal to the shipped PDF pages, print-shop PDFs, showcases."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader

from pnpkit.components import load_game
from pnpkit.components.catalog import GAMES_DIR
from pnpkit.components.model import Game
from pnpkit.errors import PnpError
from pnpkit.generator.export.formats import ExportRequest, check_output, export_game
from pnpkit.generator.export.shops import shop_named, size_note
from tests.generator.export.conftest import TOKEN_COPIES, marker, write_marker_game


@pytest.fixture(scope="module")
def poker_deck(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """Gentoo with the first three of its 26 kinds of card: the tests of poker-card pixels and
    shop PDFs look at the first card's pages, which the other kinds (23 more faces to rasterise
    and encode at 300 dpi) do not change."""
    game = tmp_path_factory.mktemp("poker") / "gentoo"
    shutil.copytree(GAMES_DIR / "gentoo", game)
    manifest = json.loads((game / "game.json").read_text(encoding="utf-8"))
    deck = next(group for group in manifest["components"] if group["id"] == "cards")
    deck["cards"] = deck["cards"][:3]
    (game / "game.json").write_text(json.dumps(manifest), encoding="utf-8")
    return load_game(game)


FEW_CARDS = 8


@pytest.fixture(scope="module")
def few_markers(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """The marker game with 8 cards instead of 75: the size and pixel checks below read a few
    cards, and every face more is one more PNG to rasterise and encode (more than one sheet's
    worth matters to the sheets and Tabletop Simulator, not here)."""
    return load_game(write_marker_game(tmp_path_factory.mktemp("few"), cards=FEW_CARDS))


def _export(game: Game, out: Path, **request):
    return export_game(game, out, ExportRequest(**request), lambda _: None)


def _px(mm: float, dpi: float) -> int:
    """Millimetres as whole pixels, computed independently of the exporter."""
    return int(mm / 25.4 * dpi + 0.5)


@pytest.mark.parametrize(("dpi", "bleed_mm"), [(150, 0.0), (150, 3.0), (96, 2.0)])
def test_png_size_is_the_size_times_dpi_plus_bleed(
    few_markers: Game, tmp_path: Path, dpi: int, bleed_mm: float
) -> None:
    result = _export(few_markers, tmp_path, png=True, dpi=dpi, bleed_mm=bleed_mm)
    folder = tmp_path / "markers" / "png" / "cards"
    card = Image.open(folder / "MK-005-1-front.png")
    assert card.size == (_px(50.8 + 2 * bleed_mm, dpi), _px(76.2 + 2 * bleed_mm, dpi))
    assert Image.open(folder / "MK-005-1-back.png").size == card.size
    assert card.info["dpi"] == pytest.approx((dpi, dpi), abs=0.05)  # pHYs: whole px per metre
    chip = Image.open(tmp_path / "markers" / "png" / "chips" / "MK-CHIP-2-back.png")
    assert chip.size == (_px(20 + 2 * bleed_mm, dpi), _px(20 + 2 * bleed_mm, dpi))
    assert chip.mode == "RGBA" and chip.getpixel((0, 0))[3] == 0  # transparent outside the disc
    # one file per face of every copy: the first card is in the deck twice
    assert len(list(folder.iterdir())) == 2 * (FEW_CARDS + 1)
    assert (folder / "MK-000-2-front.png").is_file()
    assert len([f for f in result.files if f.kind == "png"]) == 2 * (FEW_CARDS + 1) + 4


def test_png_shows_its_card(marker_game: Game, tmp_path: Path) -> None:
    _export(marker_game, tmp_path, png=True, dpi=50, only=("cards",))
    for n in (0, 7, 74):
        card = Image.open(tmp_path / "markers" / "png" / "cards" / f"MK-{n:03d}-1-front.png")
        assert card.getpixel((card.width // 2, card.height // 3)) == marker(n)


def test_poker_card_at_300_dpi_is_750_by_1050(poker_deck: Game, tmp_path: Path) -> None:
    _export(poker_deck, tmp_path, png=True, only=("cards",))
    first = poker_deck.group("cards").components[0].id
    card = Image.open(tmp_path / "gentoo" / "png" / "cards" / f"{first}-1-front.png")
    assert card.size == (750, 1050)


def test_each_png_equals_its_pdf_page_rasterised_at_the_same_dpi(
    few_markers: Game, tmp_path: Path
) -> None:
    shop = shop_named("custom", 25.4 / 8, 144)
    _export(few_markers, tmp_path, shop=shop, only=("cards",))
    folder = tmp_path / "markers" / "shop-custom" / "cards"
    document = pdfium.PdfDocument(folder / "cards.pdf")
    # pages: front and back of each copy in deck order; MK-000 twice
    assert len(document) == 2 * (FEW_CARDS + 1)
    for page, name in ((0, "MK-000-1-front"), (1, "MK-000-1-back"), (6, "MK-002-1-front")):
        pdf = document[page].render(scale=144 / 72).to_pil()
        png = Image.open(folder / f"{name}.png").convert("RGB")
        assert png.size == pdf.size == (288 + 36, 432 + 36)
        assert ImageChops.difference(png, pdf).getbbox() is None, name


def test_shop_pdf_has_one_side_per_page_with_trim_and_bleed_boxes(
    poker_deck: Game, tmp_path: Path
) -> None:
    game = poker_deck
    _export(game, tmp_path, shop=shop_named("drivethrucards", None, None))
    folder = tmp_path / "gentoo" / "shop-drivethrucards" / "cards"
    reader = PdfReader(folder / "cards.pdf")
    cards = game.group("cards")
    assert len(reader.pages) == 2 * cards.total
    bleed = 72 / 8
    first = reader.pages[0]
    assert [float(v) for v in first.trimbox] == pytest.approx([bleed, bleed, 180 + bleed,
                                                              252 + bleed], abs=0.01)  # fmt: skip
    assert [float(v) for v in first.bleedbox] == pytest.approx([0, 0, 198, 270], abs=0.01)
    # DriveThruCards: each card's back comes before its front
    back, front = (reader.pages[n].extract_text() for n in (0, 1))
    first_card = cards.components[0]
    assert back.strip() == "Gentoo"
    assert first_card.id in front and first_card.name in front
    # the published size: poker with 1/8" bleed at 300 dpi is 825 × 1125 px
    assert Image.open(folder / f"{first_card.id}-1-front.png").size == (825, 1125)


def test_makeplayingcards_gets_its_published_822_by_1122_pixel_poker_cards(
    poker_deck: Game, tmp_path: Path
) -> None:
    game = poker_deck
    _export(game, tmp_path, shop=shop_named("makeplayingcards", None, None))
    folder = tmp_path / "gentoo" / "shop-makeplayingcards" / "cards"
    first_card = game.group("cards").components[0]
    for side in ("front", "back"):  # 750 × 1050 px of card and 36 px of bleed on every side
        assert Image.open(folder / f"{first_card.id}-1-{side}.png").size == (822, 1122)
    first = PdfReader(folder / "cards.pdf").pages[0]
    assert [float(v) for v in first.trimbox] == pytest.approx([8.64, 8.64, 188.64, 260.64])
    assert first_card.name in first.extract_text()  # the front first


def test_a_card_size_the_shop_does_not_list_is_a_warning() -> None:
    shop = shop_named("thegamecrafter", None, None)
    assert size_note(shop, 63.5, 88.9) is None and size_note(shop, 88.9, 63.5) is None
    assert "50.8×76.2 mm is not a card size The Game Crafter lists" in size_note(shop, 50.8, 76.2)
    assert size_note(shop_named("custom", 2.0, 300), 50.8, 76.2) is None


def test_groups_a_shop_cannot_take_are_named_in_one_warning(marker_game: Game, tmp_path) -> None:
    shop = shop_named("thegamecrafter", None, None)
    result = _export(marker_game, tmp_path, shop=shop, only=("chips",))
    assert result.warnings == [
        "markers: print-shop files are made for decks; skipped chips (tokens)"
    ]
    assert not result.files


def test_shop_names_and_options() -> None:
    assert shop_named("TheGameCrafter", None, None).bleed_mm == pytest.approx(3.175)
    with pytest.raises(ValueError, match="known: drivethrucards"):
        shop_named("kinkos", None, None)
    with pytest.raises(ValueError, match="--bleed MM and --dpi N"):
        shop_named("custom", 3.0, None)
    with pytest.raises(ValueError, match="go with --shop custom"):
        shop_named("drivethrucards", 2.0, None)


def test_showcase_fans_a_few_cards(marker_game: Game, tmp_path: Path) -> None:
    result = _export(marker_game, tmp_path, showcase=True)
    (cards, chips) = (f for f in result.files if f.kind == "showcase")
    image = Image.open(cards.path).convert("RGB")
    assert cards.images == 5 and chips.images == 1
    assert image.width > image.height > 500
    colours = {image.getpixel((x, y)) for x in range(0, image.width, 3)
               for y in range(0, image.height, 3)}  # fmt: skip
    assert marker(0) in colours and marker(4) in colours and marker(5) not in colours


def test_exports_are_refused_among_the_games_files(marker_game: Game) -> None:
    root = marker_game.directory
    for out in (root / "out", root.parent, root):  # …/markers/out/markers, …/markers, …
        with pytest.raises(PnpError, match="the game directory"):
            check_output(out, marker_game)
    check_output(root.parent / "elsewhere", marker_game)


def test_a_second_export_replaces_the_first_whole(marker_game: Game, tmp_path: Path) -> None:
    _export(marker_game, tmp_path, png=True, dpi=20, only=("chips",))
    stale = tmp_path / "markers" / "png" / "chips" / "OLD-1-front.png"
    stale.write_bytes(b"")
    _export(marker_game, tmp_path, png=True, dpi=20, only=("chips",))
    assert not stale.exists()
    assert sorted(p.name for p in stale.parent.iterdir()) == [
        f"MK-CHIP-{n}-{side}.png" for n in range(1, TOKEN_COPIES + 1) for side in ("back", "front")
    ]
    assert not [p for p in tmp_path.rglob("*") if p.name.startswith(".")]
