"""`pnp scan`: every piece with its ID and corners; codes that are not the game's reported."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from pnpkit.components import load_game
from pnpkit.errors import PnpError
from pnpkit.scan import homography
from pnpkit.scan.photo import Sighting
from pnpkit.scan.pieces import read_pieces, scan_photo
from tests.in_process import run_pnp

PNP = [sys.executable, "-m", "pnpkit"]
coordinate = st.floats(-500, 500, allow_nan=False)


@given(st.lists(st.tuples(coordinate, coordinate), min_size=4, max_size=4))
def test_a_homography_takes_each_point_where_it_was_asked_to(targets) -> None:
    source = [(0, 0), (10, 0), (10, 10), (0, 10)]
    try:
        h = homography.solve(source, targets)
    except ValueError:
        return  # three targets on a line: no map
    for s, t in zip(source, targets, strict=True):
        back = homography.apply(h, s)
        scale = 1 + max(abs(v) for v in t)
        assert math.dist(back, t) < 1e-6 * scale * 100
    again = homography.apply(homography.invert(h), homography.apply(h, (3, 7)))
    assert math.dist(again, (3, 7)) < 1e-5 * (1 + max(abs(v) for p in targets for v in p))


def test_codes_are_read_at_their_places_and_none_wrongly(photos, alpina_scan) -> None:
    """Nearly every code (bench_scan measures the share by size) and never a wrong ID."""
    table, scan = photos["alpina"], alpina_scan
    for piece in scan.pieces:
        truth = min(table.truth, key=lambda t: math.dist(t.centre, _mid(piece.code)))
        assert truth.id == piece.id
        assert math.dist(truth.centre, _mid(piece.code)) < truth.side / 4
    assert len(scan.pieces) >= 0.95 * len(table.truth)


def test_the_piece_s_corners_follow_from_its_code(alpina_scan) -> None:
    """A card's corners (read from its 8 mm code) lie within a few pixels of the card's edge:
    the grid's neighbours are one card apart."""
    scan = alpina_scan
    cards = [p for p in scan.pieces if p.group == "cards"]
    widths = [math.dist(c.corners[0], c.corners[1]) for c in cards]
    heights = [math.dist(c.corners[0], c.corners[3]) for c in cards]
    # the camera leans 30°: heights shrink, but a card stays taller than wide
    assert all(h > w * 1.05 for w, h in zip(widths, heights, strict=True))
    for card in cards:
        assert all(0 <= x <= 4000 and 0 <= y <= 3000 for x, y in card.corners)


def test_codes_that_name_no_piece_or_cannot_be_decoded_are_reported_not_guessed() -> None:
    game = load_game("alpina")
    square = ((0.0, 0.0), (30.0, 0.0), (30.0, 30.0), (0.0, 30.0))
    sightings = [Sighting("AL-07", square), Sighting("XX-99", square),
                 Sighting("", square, "ChecksumError")]  # fmt: skip
    scan = read_pieces(game, Path("p.jpg"), (100, 100), sightings)
    assert [p.id for p in scan.pieces] == ["AL-07"]
    assert [(u.text, u.reason) for u in scan.unread] == [
        ("XX-99", "not a code of Alpina's pieces"),
        ("", "damaged: ChecksumError"),
    ]


def test_a_photo_that_is_not_an_image_or_too_large_is_refused(tmp_path) -> None:
    game = load_game("alpina")
    text = tmp_path / "notes.jpg"
    text.write_text("hello")
    with pytest.raises(PnpError, match=r"notes\.jpg: not a photo"):
        scan_photo(game, text)
    huge = tmp_path / "huge.png"
    Image.new("1", (9000, 9000)).save(huge)
    with pytest.raises(PnpError, match=r"huge\.png: 9000×9000 pixels is larger"):
        scan_photo(game, huge)
    with pytest.raises(PnpError, match="no such photo"):
        scan_photo(game, tmp_path / "absent.jpg")


def test_scan_cli_prints_json_and_an_annotated_image(photos, tmp_path) -> None:
    photo = photos["nut-hunt"].photo
    out = tmp_path / "seen.png"
    run = subprocess.run([*PNP, "scan", str(photo), "--game", "nut-hunt", "--json",
                          "--annotate", str(out)], capture_output=True, text=True)  # fmt: skip
    assert run.returncode == 0, run.stderr
    [result] = json.loads(run.stdout)
    assert {p["id"] for p in result["pieces"]} == {t.id for t in photos["nut-hunt"].truth}
    assert all(len(p["corners"]) == 4 for p in result["pieces"])
    with Image.open(out) as image:
        assert image.size == (4000, 3000)


def test_scan_refuses_to_write_its_image_over_the_photo(photos) -> None:
    photo = photos["nut-hunt"].photo
    before = photo.read_bytes()
    run = run_pnp("scan", photo, "--game", "nut-hunt", "--annotate", photo)
    assert run.returncode == 2 and "refused" in run.stderr
    assert photo.read_bytes() == before


def _mid(corners) -> tuple[float, float]:
    return (sum(p[0] for p in corners) / 4, sum(p[1] for p in corners) / 4)


@given(
    st.lists(
        st.tuples(st.floats(0, 4000), st.floats(0, 3000), st.floats(10, 80)), min_size=0, max_size=6
    )
)
def test_the_full_size_pass_covers_every_code_found_and_stays_inside_the_photo(codes) -> None:
    from pnpkit.scan.photo import GROWTH, _area

    found = [Sighting("X", ((x, y), (x + s, y), (x + s, y + s), (x, y + s))) for x, y, s in codes]
    left, top, right, bottom = _area(found, (4000, 3000))
    assert 0 <= left < right <= 4000 and 0 <= top < bottom <= 3000
    if not found:
        assert (left, top, right, bottom) == (0, 0, 4000, 3000)
    for x, y, s in codes:  # a neighbour GROWTH sides away is looked at too, unless off the photo
        assert left <= max(0, x - GROWTH * s + 1) and min(4000, x + s + GROWTH * s - 1) <= right
        assert top <= max(0, y - GROWTH * s + 1) and min(3000, y + s + GROWTH * s - 1) <= bottom


def test_a_jpeg_is_opened_in_grey_at_its_full_size(photos) -> None:
    from pnpkit.scan.photo import open_photo

    photo = photos["alpina"].photo
    with Image.open(photo) as original:
        size = original.size
    opened = open_photo(photo)
    assert opened.mode == "L" and opened.size == size
