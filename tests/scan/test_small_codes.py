"""Codes of 2–3 pixels per module in a blurred photo (a whole Nut Hunt forest in 12 megapixels,
its codes spanning 30–33 px): read unsharpened, zxing-cpp found 12 of its 29; sharpened, 24; with
the places beside read pieces looked at again enlarged (pieces.scan_image), 27, none wrongly."""

from __future__ import annotations

import random

from bench.bench_scan import compare
from bench.photos import Camera, nut_hunt_layout, photograph
from pnpkit.components import load_game
from pnpkit.scan.pieces import scan_photo

CAMERA = Camera(size=(4000, 3000), tilt=8.4, turn=198.4, seed=968, blur=1.08, noise=3.6)
SEED = 9551
"""One of bench_scan's photos, where zxing-cpp alone missed most codes of 30–40 px."""


def test_blurred_codes_of_30_px_are_read_sharpened_and_beside_read_pieces(tmp_path) -> None:
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
    assert wrong == 0 and small[1] >= 27, counts


def _centre(corners) -> tuple[float, float]:
    return (sum(p[0] for p in corners) / 4, sum(p[1] for p in corners) / 4)


def test_codes_whose_blur_leaves_little_contrast_are_still_read_again_closer(tmp_path) -> None:
    """A noisy, blurred 5-megapixel forest whose two codes of 30–40 px zxing-cpp finds but cannot
    decode, their brightness spread under 40 (once taken for the table's texture and dropped):
    both are read from their surroundings, enlarged."""
    game = load_game("nut-hunt")
    camera = Camera(size=(2592, 1944), tilt=2.86, turn=108.09, seed=8111, blur=1.11, noise=6.65)
    layout, _ = nut_hunt_layout(game, random.Random(9977))
    jpeg, truth = photograph(game, layout, camera)
    path = tmp_path / "forest.jpg"
    path.write_bytes(jpeg)
    scan = scan_photo(game, path)
    counts, wrong = compare(truth, [(p.id, _centre(p.code)) for p in scan.pieces])
    assert counts[30] == [2, 2] and wrong == 0, counts
