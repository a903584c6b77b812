"""A throwaway game for the artwork tests: one deck whose cards name their art in a CSV column,
drawn by a layout the test gives; the art is the example game's own plus bitmaps made here."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

from PIL import Image as PILImage

from pnpkit.components import load_game
from pnpkit.components.model import Game

ROOT = Path(__file__).resolve().parents[2]
HARBOUR_ART = ROOT / "docs" / "examples" / "harbour" / "art"
RED = (208, 48, 48)


def solid_png(path: Path, size: tuple[int, int], color: tuple[int, int, int] = RED) -> Path:
    """A bitmap of one colour (its drawn box is then easy to measure)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    PILImage.new("RGB", size, color).save(path)
    return path


def art_game(
    folder: Path,
    front: dict,
    cards: list[dict[str, str]],
    size: dict | str = "poker",
) -> Path:
    """A game directory with deck `cards` (id, name, art …) drawn by the `front` template."""
    game = folder / "artgame"
    (game / "layouts").mkdir(parents=True)
    (game / "fields").mkdir()
    shutil.copytree(HARBOUR_ART, game / "art", ignore=shutil.ignore_patterns("*.py"))
    columns = sorted({key for card in cards for key in card} - {"id", "name", "count"})
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "additionalProperties": False,
        "properties": {column: {"type": "string"} for column in columns},
    }
    (game / "fields" / "card.schema.json").write_text(json.dumps(schema), encoding="utf-8")
    manifest = {
        "id": "artgame",
        "name": "Art Game",
        "prefix": "AG",
        "designer": "Test",
        "players": {"min": 1, "max": 2},
        "components": [
            {
                "kind": "deck",
                "id": "cards",
                "name": "Cards",
                "size": size,
                "back": {"title": "Back"},
                "fields": "fields/card.schema.json",
                "cards": "cards.csv",
            }
        ],
    }
    (game / "game.json").write_text(json.dumps(manifest), encoding="utf-8")
    (game / "layouts" / "cards-front.json").write_text(json.dumps(front), encoding="utf-8")
    with (game / "cards.csv").open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, ["id", "name", "count", *columns])
        writer.writeheader()
        for card in cards:
            writer.writerow({"count": "1", **card})
    return game


def loaded(game_dir: Path) -> Game:
    return load_game(str(game_dir))
