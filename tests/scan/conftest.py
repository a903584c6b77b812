"""Synthetic photos of finished Alpina and Nut Hunt tables and of a few Alpina cards
(bench/photos.py), each made once in a test run, when a test first asks for it, and shared by
the run's parallel workers (a photo of a whole table takes seconds to make)."""

from __future__ import annotations

import fcntl
import io
import json
import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from bench.photos import (
    TABLE,
    Camera,
    Placed,
    Truth,
    alpina_layout,
    nut_hunt_layout,
    photograph,
)
from pnpkit.components import load_game
from pnpkit.scan.pieces import PhotoScan, scan_photo

CAMERA = Camera(size=(4000, 3000), tilt=20, turn=200, fill=0.95, seed=3)
"""A photo taken as docs/referee.md advises (codes of 33 px and more), from the far side."""
CARD_CAMERA = Camera(size=(2048, 1536), fill=0.6, tilt=15, turn=30)
"""A phone's photo of a card or two turned over."""


@dataclass(frozen=True)
class TablePhoto:
    """A photo, the position file of what it shows, and the truth about its codes."""

    photo: Path
    position: Path
    truth: list[Truth]


def _made_once(
    photo: Path, make: Callable[[], tuple[bytes, list[Truth], str]]
) -> tuple[list[Truth], str]:
    """The truth and the text kept with `photo`, which `make` makes (JPEG, truth, text) unless a
    worker of this run already did: the first to take the lock makes it, the others wait."""
    kept = photo.with_suffix(".json")
    with open(photo.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not kept.exists():
            jpeg, truth, text = make()
            photo.write_bytes(jpeg)
            kept.write_text(json.dumps({"truth": [[t.id, t.code] for t in truth], "text": text}))
    data = json.loads(kept.read_text())
    truth = [Truth(i, tuple((x, y) for x, y in code)) for i, code in data["truth"]]
    return truth, data["text"]


def _table(shared: Path, own: Path, game_id: str, maker) -> TablePhoto:
    """The photo (in `shared`) and the position file (in `own`) of a finished table."""

    def make() -> tuple[bytes, list[Truth], str]:
        game = load_game(game_id)
        layout, text = maker(game, random.Random(5))
        return *photograph(game, layout, CAMERA), text

    photo = shared / f"{game_id}.jpg"
    truth, text = _made_once(photo, make)
    position = own / f"{game_id}.txt"
    position.write_text(text, encoding="utf-8")
    return TablePhoto(photo, position, truth)


def _covered(table: TablePhoto, photo: Path) -> TablePhoto:
    """`table`'s photo with the code of its first piece (the grid's or the forest's first) covered
    in the table's colour, as by a hand, at `photo`: a table with one piece not seen, made from
    the whole table's photo in a fraction of a second, not photographed anew in seconds."""
    first = table.truth[0]
    cx, cy = first.centre
    grown = [(cx + 1.3 * (x - cx), cy + 1.3 * (y - cy)) for x, y in first.code]

    def make() -> tuple[bytes, list[Truth], str]:
        with Image.open(table.photo) as image:
            image = image.convert("RGB")
        ImageDraw.Draw(image).polygon(grown, fill=TABLE)
        buffer = io.BytesIO()
        image.save(buffer, "JPEG", quality=CAMERA.quality)
        return buffer.getvalue(), table.truth[1:], table.position.read_text(encoding="utf-8")

    truth, _ = _made_once(photo, make)
    return TablePhoto(photo, table.position, truth)


TABLES = {
    "alpina": ("alpina", alpina_layout),
    "nut-hunt": ("nut-hunt", nut_hunt_layout),
}
"""The photos of whole tables by name: (game, layout maker); NAME-hidden is the same table with
one piece not seen."""


class TablePhotos:
    """The photos of TABLES by name, each made when first asked for."""

    def __init__(self, shared: Path, own: Path) -> None:
        self._shared, self._own = shared, own
        self._made: dict[str, TablePhoto] = {}

    def __getitem__(self, name: str) -> TablePhoto:
        if name not in self._made:
            whole = name.removesuffix("-hidden")
            if whole != name:
                self._made[name] = _covered(self[whole], self._shared / f"{whole}-1.jpg")
            else:
                self._made[name] = _table(self._shared, self._own, *TABLES[name])
        return self._made[name]


@pytest.fixture(scope="session")
def shared_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder that every parallel (xdist) worker of this run sees: the base temporary folder's
    parent under xdist, as its documentation shows for work done once per run."""
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "scan-photos"
    folder.mkdir(exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def photos(shared_folder: Path, tmp_path_factory: pytest.TempPathFactory) -> TablePhotos:
    return TablePhotos(shared_folder, tmp_path_factory.mktemp("positions"))


@pytest.fixture(scope="session")
def alpina_scan(photos: TablePhotos) -> PhotoScan:
    """The pieces read from the whole Alpina table's photo, read once for the tests that look
    at them."""
    return scan_photo(load_game("alpina"), photos["alpina"].photo)


@pytest.fixture(scope="session")
def card_photo(shared_folder: Path) -> Callable[..., Path]:
    """A photo (JPEG) of Alpina `cards` side by side, as a phone takes it."""

    def photo(*cards: str) -> Path:
        def make() -> tuple[bytes, list[Truth], str]:
            layout = [Placed(card, 70 * n, 0, 5 * n) for n, card in enumerate(cards)]
            return *photograph(load_game("alpina"), layout, CARD_CAMERA), ""

        path = shared_folder / f"cards-{'-'.join(cards)}.jpg"
        _made_once(path, make)
        return path

    return photo
