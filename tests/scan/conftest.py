"""Synthetic photos of finished Alpina and Nut Hunt tables (bench/photos.py), made once."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import pytest

from bench.photos import Camera, Truth, alpina_layout, nut_hunt_layout, photograph
from pnpkit.components import load_game

CAMERA = Camera(size=(4000, 3000), tilt=20, turn=200, fill=0.95, seed=3)
"""A photo taken as docs/referee.md advises (codes of 33 px and more), from the far side."""


@dataclass(frozen=True)
class TablePhoto:
    """A photo, the position file of what it shows, and the truth about its codes."""

    photo: Path
    position: Path
    truth: list[Truth]


def _table(folder: Path, game_id: str, maker, hidden: int = 0, seed: int = 5) -> TablePhoto:
    game = load_game(game_id)
    layout, text = maker(game, random.Random(seed), hidden=hidden)
    jpeg, truth = photograph(game, layout, CAMERA)
    photo = folder / f"{game_id}-{hidden}.jpg"
    photo.write_bytes(jpeg)
    position = folder / f"{game_id}-{hidden}.txt"
    position.write_text(text, encoding="utf-8")
    return TablePhoto(photo, position, truth)


@pytest.fixture(scope="session")
def photos(tmp_path_factory: pytest.TempPathFactory) -> dict[str, TablePhoto]:
    folder = tmp_path_factory.mktemp("photos")
    return {
        "alpina": _table(folder, "alpina", alpina_layout),
        "alpina-hidden": _table(folder, "alpina", alpina_layout, hidden=1),
        "nut-hunt": _table(folder, "nut-hunt", nut_hunt_layout),
        "nut-hunt-hidden": _table(folder, "nut-hunt", nut_hunt_layout, hidden=1),
    }
