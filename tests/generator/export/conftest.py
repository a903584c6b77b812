"""A test game whose cards each carry a marker: a solid colour that encodes the card's number."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from pnpkit.components import load_game
from pnpkit.components.model import Game

MARKER_CARDS = 75  # more than one sheet of 69 cards
TOKEN_COPIES = 2


def marker(n: int) -> tuple[int, int, int]:
    """Card n's colour: red counts up, green counts down, blue fixed (distinct for n < 85)."""
    return (3 * n, 255 - 3 * n, 64)


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#" + "".join(f"{v:02x}" for v in rgb)


def write_marker_game(root: Path, cards: int = MARKER_CARDS) -> Path:
    """A game directory: a deck of `cards` (75) distinct 2 × 3 in cards (the first one twice), each
    filled with its marker colour, a shared back, and a group of round tokens."""
    game = root / "markers"
    (game / "layouts").mkdir(parents=True)
    (game / "fields").mkdir()
    (game / "fields" / "card.schema.json").write_text(json.dumps({
        "type": "object", "additionalProperties": False, "required": ["marker"],
        "properties": {"marker": {"type": "string"}},
    }))  # fmt: skip
    (game / "layouts" / "cards-front.json").write_text(json.dumps({
        "bleed": "3mm",
        "elements": [
            {"id": "marker", "type": "rect", "bleed": True, "fill": "$marker"},
            {"id": "id", "type": "text", "text": "{id}", "x": "4mm", "y": "100%-9mm",
             "w": "100%-8mm", "h": "6mm", "size": 7, "color": "#ffffff"},
        ],
    }))  # fmt: skip
    with (game / "cards.csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "name", "count", "marker"])
        for n in range(cards):
            twice = n == 0 and cards > 1
            writer.writerow([f"MK-{n:03d}", f"Card {n}", 2 if twice else 1, _hex(marker(n))])
    (game / "game.json").write_text(json.dumps({
        "id": "markers", "name": "Markers", "prefix": "MK", "designer": "Test",
        "players": {"min": 1, "max": 2}, "color": "#204060",
        "components": [
            {"kind": "deck", "id": "cards", "name": "Marker cards",
             "size": {"width": "2in", "height": "3in"}, "fields": "fields/card.schema.json",
             "back": {"title": "Markers"}, "cards": "cards.csv"},
            {"kind": "tokens", "id": "chips", "name": "Chips", "shape": "round", "size": "20mm",
             "faces": 2, "tokens": [{"id": "MK-CHIP", "name": "Chip", "count": TOKEN_COPIES}]},
        ],
    }))  # fmt: skip
    return game


@pytest.fixture(scope="session")
def marker_game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return load_game(write_marker_game(tmp_path_factory.mktemp("games")))
