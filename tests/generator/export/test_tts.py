"""Tabletop Simulator export: every card is where its CardID says, the saved object validates
against the schema written from TTS's documentation, and its counts match the definitions."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from jsonschema import Draft202012Validator
from PIL import Image

from pnpkit.components import load_game
from pnpkit.components.model import Game
from pnpkit.generator.export.formats import ExportRequest, export_game
from pnpkit.generator.export.tts import CARDS_PER_SHEET, MAX_SIDE_PX, sheet_grid
from tests.generator.export.conftest import (
    MARKER_CARDS,
    TOKEN_COPIES,
    marker,
    write_marker_game,
)

SCHEMA = json.loads(
    (Path(__file__).parents[3] / "generator" / "export" / "tts.schema.json").read_text()
)
VALIDATOR = Draft202012Validator(SCHEMA)


@pytest.fixture(scope="module")
def exported(marker_game: Game, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("tts")
    export_game(marker_game, out, ExportRequest(tts=True, dpi=40), lambda _: None)
    return out / "markers" / "tts"


def _file(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file"
    return Path(unquote(parsed.path))


def _saved(folder: Path, name: str) -> dict:
    data = json.loads((folder / name).read_text(encoding="utf-8"))
    errors = [e.message for e in VALIDATOR.iter_errors(data)]
    assert not errors, errors
    return data


def test_the_schema_is_a_valid_schema() -> None:
    Draft202012Validator.check_schema(SCHEMA)


def test_the_schema_refuses_what_tts_cannot_read() -> None:
    deck = {"FaceURL": "file:///a.png", "BackURL": "file:///b.png", "NumWidth": 11,
            "NumHeight": 7}  # fmt: skip
    axes = ("posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ")
    transform = dict.fromkeys(axes, 0)
    card = {"Name": "Card", "Transform": transform, "CardID": 100, "CustomDeck": {"1": deck}}
    assert not VALIDATOR.is_valid({"SaveName": "", "ObjectStates": [card]})  # 11 columns
    deck["NumWidth"] = 10
    assert VALIDATOR.is_valid({"SaveName": "", "ObjectStates": [card]})
    card["CustomDeck"] = {"0": deck}  # keys are the hundreds of CardIDs, from 1
    assert not VALIDATOR.is_valid({"SaveName": "", "ObjectStates": [card]})


@pytest.mark.parametrize(("cards", "grid"), [(1, (2, 1)), (9, (10, 1)), (10, (10, 2)),
                                             (69, (10, 7))])  # fmt: skip
def test_sheet_grid_leaves_the_last_slot_for_the_hidden_face(cards: int, grid) -> None:
    assert sheet_grid(cards) == grid
    columns, rows = grid
    assert cards < columns * rows <= 70


def test_every_card_is_in_the_cell_its_card_id_names(exported: Path) -> None:
    saved = _saved(exported / "cards", "markers-cards.json")
    (deck,) = saved["ObjectStates"]
    assert deck["Name"] == "DeckCustom"
    assert len(deck["CustomDeck"]) == 2  # 75 distinct cards: 69 on the first sheet, 6 on the next
    sheets = {key: (Image.open(_file(s["FaceURL"])).convert("RGB"), s["NumWidth"], s["NumHeight"])
              for key, s in deck["CustomDeck"].items()}  # fmt: skip
    seen = set()
    for card in deck["ContainedObjects"]:
        n = int(card["Description"].removeprefix("MK-"))
        key, slot = divmod(card["CardID"], 100)
        sheet, columns, rows = sheets[str(key)]
        assert slot < columns * rows - 1  # never the hidden face's slot
        cell_w, cell_h = sheet.width // columns, sheet.height // rows
        x, y = (slot % columns) * cell_w + cell_w // 2, (slot // columns) * cell_h + cell_h // 3
        assert sheet.getpixel((x, y)) == marker(n), card["Description"]
        assert card["CustomDeck"][str(key)] == deck["CustomDeck"][str(key)]
        seen.add(n)
    assert seen == set(range(MARKER_CARDS))
    for sheet, columns, rows in sheets.values():  # the hidden face (the back) in the last slot
        cell_w, cell_h = sheet.width // columns, sheet.height // rows
        last = (columns * cell_w - cell_w // 2, rows * cell_h - cell_h // 8)
        assert sheet.getpixel(last) == (0x20, 0x40, 0x60)  # the game's colour, on its back


def test_counts_match_the_definitions(marker_game: Game, exported: Path) -> None:
    (deck,) = _saved(exported / "cards", "markers-cards.json")["ObjectStates"]
    cards = marker_game.group("cards")
    assert len(deck["DeckIDs"]) == len(deck["ContainedObjects"]) == cards.total == MARKER_CARDS + 1
    assert deck["DeckIDs"] == [card["CardID"] for card in deck["ContainedObjects"]]
    assert deck["DeckIDs"].count(deck["DeckIDs"][0]) == 2  # MK-000 is in the deck twice
    first = deck["CustomDeck"]["1"]
    assert (first["NumWidth"], first["NumHeight"]) == (10, 7)
    assert first["UniqueBack"] is False and _file(first["BackURL"]).is_file()


def test_tokens_are_custom_tiles(exported: Path) -> None:
    objects = _saved(exported / "chips", "markers-chips.json")["ObjectStates"]
    assert len(objects) == TOKEN_COPIES
    for tile in objects:
        assert tile["Name"] == "Custom_Tile"
        assert tile["CustomImage"]["CustomTile"]["Type"] == 2  # circle
        assert _file(tile["CustomImage"]["ImageURL"]).is_file()
        assert tile["CustomImage"]["ImageSecondaryURL"].endswith("MK-CHIP-back.png")


def test_sheets_stay_within_4096_pixels(marker_game: Game, tmp_path: Path) -> None:
    export_game(marker_game, tmp_path, ExportRequest(tts=True, dpi=300, only=("cards",)),
                lambda _: None)  # fmt: skip
    sheet = Image.open(tmp_path / "markers" / "tts" / "cards" / "cards-sheet-1.png")
    assert max(sheet.size) <= MAX_SIDE_PX
    assert max(sheet.size) >= MAX_SIDE_PX - 10  # scaled down only as far as needed


def test_bundled_games_export_valid_saved_objects(tmp_path: Path) -> None:
    game = load_game("alpina")
    result = export_game(game, tmp_path, ExportRequest(tts=True, dpi=30), lambda _: None)
    saved = [f for f in result.files if f.kind == "tts-json"]
    assert saved
    for written in saved:
        data = _saved(written.path.parent, written.path.name)
        for state in data["ObjectStates"]:
            for key in state.get("CustomDeck", {}):
                assert int(key) >= 1
    assert CARDS_PER_SHEET == 69


def test_a_deck_of_one_card_is_a_card(tmp_path: Path) -> None:
    game = load_game(write_marker_game(tmp_path / "games", cards=1))
    export_game(game, tmp_path / "out", ExportRequest(tts=True, dpi=20, only=("cards",)),
                lambda _: None)  # fmt: skip
    (card,) = _saved(tmp_path / "out" / "markers" / "tts" / "cards", "markers-cards.json")[
        "ObjectStates"
    ]
    assert card["Name"] == "Card" and card["CardID"] == 100
    assert (card["CustomDeck"]["1"]["NumWidth"], card["CustomDeck"]["1"]["NumHeight"]) == (2, 1)


def test_pieces_keep_their_real_proportions_to_each_other() -> None:
    from pnpkit.generator.export.tts import CARD_MM, PIECE_MM, card_scale, piece_scale
    from pnpkit.generator.faces.face import Face
    from pnpkit.units import MM

    def face(width_mm: float, height_mm: float) -> Face:
        return Face(width_mm * MM, height_mm * MM, 0.0, ())

    coin = PIECE_MM * piece_scale(face(25, 25))  # the size each arrives at, in one measure
    board = PIECE_MM * piece_scale(face(300, 300))
    poker = CARD_MM * card_scale(face(63.5, 88.9))
    mini = CARD_MM * card_scale(face(41, 63))
    assert (coin, board, poker, mini) == pytest.approx((25, 300, 88.9, 63))
    assert card_scale(face(63.5, 88.9)) == pytest.approx(1.0)  # a poker card as TTS makes it


def test_a_board_at_scale_1_is_the_measured_figure_not_a_rounded_one() -> None:
    from pnpkit.generator.export.tts import CARD_MM, PIECE_MM

    # the source: a 29-inch board at scale 22 beside a 3.5-inch card at scale 1 (1.318…, once
    # written 1.31, which made every tile and board 0.6 % too large)
    ratio = PIECE_MM / CARD_MM
    assert ratio == pytest.approx((29 / 22) / 3.5, rel=1e-9)


def test_exported_tokens_carry_their_scale(tmp_path: Path) -> None:
    from pnpkit.generator.export.tts import PIECE_MM

    export_game(load_game("gentoo"), tmp_path, ExportRequest(tts=True), lambda _: None)
    tokens = _saved(tmp_path / "gentoo" / "tts" / "tokens", "gentoo-tokens.json")
    transform = tokens["ObjectStates"][0]["Transform"]
    size = load_game("gentoo").group("tokens").spec["size"]
    assert size == "20mm"
    assert transform["scaleX"] == transform["scaleZ"] == pytest.approx(20 / PIECE_MM, abs=1e-4)
    assert transform["scaleY"] == 1.0
