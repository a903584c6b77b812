"""Codes of 2–3 pixels per module in a blurred photo (a whole Nut Hunt forest in 12 megapixels,
its codes spanning 30–33 px): read unsharpened, zxing-cpp found 12 of its 29; sharpened, 24
(the other 5 need an enlarged pass, which costs more than the speed target allows), none wrongly."""

from __future__ import annotations

import random

from bench.bench_scan import compare
from bench.photos import Camera, nut_hunt_layout, photograph
from pnpkit.components import load_game
from pnpkit.scan.pieces import scan_photo

CAMERA = Camera(size=(4000, 3000), tilt=8.4, turn=198.4, seed=968, blur=1.08, noise=3.6)
SEED = 9551
"""One of bench_scan's photos, where zxing-cpp alone missed most codes of 30–40 px."""


def test_blurred_codes_of_30_px_are_read_once_sharpened(tmp_path) -> None:
    game = load_game("nut-hunt")
    layout, _ = nut_hunt_layout(game, random.Random(SEED))
    jpeg, truth = photograph(game, layout, CAMERA)
    path = tmp_path / "forest.jpg"
    path.write_bytes(jpeg)
    scan = scan_photo(game, path)
    centres = [(p.id, _centre(p.code)) for p in scan.pieces]
    counts, wrong = compare(truth, centres)
    small = counts[30]
    assert small[0] >= 10  # the photo does have codes of 30–40 px
    assert wrong == 0 and small[1] >= 24, counts


def _centre(corners) -> tuple[float, float]:
    return (sum(p[0] for p in corners) / 4, sum(p[1] for p in corners) / 4)
