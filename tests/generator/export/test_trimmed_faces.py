"""A trimmed image of a face is the face with its bleed cut off: full-bleed art keeps the
framing it has with bleed (it is cropped, not shrunk into the trim box)."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urlparse

from PIL import Image

from pnpkit.generator.export.formats import ExportRequest, export_game
from tests.generator.artgame import art_game, loaded
from tests.generator.test_artwork import picture_difference

DPI = 254  # 3 mm of bleed is exactly 30 pixels, a poker card 635 × 889
BLEED_PX = 30
FULL_ART = {
    "bleed": "3mm",
    "elements": [
        {"type": "image", "bleed": True, "fit": "cover", "src": "art/harbour.png"},
        {"type": "image", "x": "10%", "y": "60%", "w": "80%", "h": "30%",
         "src": "art/lighthouse.svg"},
    ],
}  # fmt: skip


def exported(tmp_path: Path, **request) -> Path:
    cards = [{"id": "AG-1", "name": "A"}, {"id": "AG-2", "name": "B"}]
    game = loaded(art_game(tmp_path / "game", FULL_ART, cards))
    out = tmp_path / "out"
    export_game(game, out, ExportRequest(dpi=DPI, **request), lambda _: None)
    return out / "artgame"


def cropped(image: Image.Image) -> Image.Image:
    return image.crop((BLEED_PX, BLEED_PX, image.width - BLEED_PX, image.height - BLEED_PX))


def assert_same(a: Image.Image, b: Image.Image) -> None:
    assert a.size == b.size
    mean, far = picture_difference(a.convert("RGB"), b.convert("RGB"))
    assert mean < 1.0 and far < 0.002, f"mean difference {mean:.2f}, {far:.2%} far off"


def test_a_trimmed_png_is_the_bleed_png_cropped(tmp_path: Path) -> None:
    bled = exported(tmp_path / "bled", png=True, bleed_mm=3.0)
    trimmed = exported(tmp_path / "trimmed", png=True)
    for name in ("AG-1-1-front.png", "AG-1-1-back.png"):
        with_bleed = Image.open(bled / "png" / "cards" / name)
        assert with_bleed.size == (635 + 2 * BLEED_PX, 889 + 2 * BLEED_PX)
        assert_same(Image.open(trimmed / "png" / "cards" / name), cropped(with_bleed))


def test_a_png_with_less_bleed_is_the_bleed_png_cropped_less(tmp_path: Path) -> None:
    bled = Image.open(exported(tmp_path / "bled", png=True, bleed_mm=3.0) / "png" / "cards"
                      / "AG-1-1-front.png")  # fmt: skip
    less = Image.open(exported(tmp_path / "less", png=True, bleed_mm=1.0) / "png" / "cards"
                      / "AG-1-1-front.png")  # fmt: skip
    edge = 20  # 2 mm
    assert_same(less, bled.crop((edge, edge, bled.width - edge, bled.height - edge)))


def test_a_tabletop_simulator_card_is_the_bleed_png_cropped(tmp_path: Path) -> None:
    bled = exported(tmp_path / "bled", png=True, bleed_mm=3.0)
    tts = exported(tmp_path / "tts", tts=True) / "tts" / "cards"
    deck = json.loads((tts / "artgame-cards.json").read_text(encoding="utf-8"))["ObjectStates"][0]
    (sheet_spec,) = deck["CustomDeck"].values()
    sheet = Image.open(unquote(urlparse(sheet_spec["FaceURL"]).path)).convert("RGB")
    cell = sheet.width // sheet_spec["NumWidth"], sheet.height // sheet_spec["NumHeight"]
    first = sheet.crop((0, 0, *cell))
    expected = cropped(Image.open(bled / "png" / "cards" / "AG-1-1-front.png"))
    assert_same(first, expected.resize(cell) if expected.size != cell else expected)
