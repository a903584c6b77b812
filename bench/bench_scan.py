"""Reading pieces from photos (`pnp scan`): read share, wrong IDs, and speed.

Synthetic photos (bench/photos.py) of finished Alpina grids and Nut Hunt forests, made from the
games' own exported faces: pieces laid by hand, camera tilted 0–35°, the table turned any way,
blur, noise, uneven light, JPEG quality 60, photos of 12, 8, 5 and 3 megapixels. Reported per
code size in pixels (the code's side in the photo): the share of codes read and the wrong IDs
(a read naming a piece that is not where it was read). The same photos with Micro QR codes in
place of Data Matrix (a copy of Alpina whose layouts say so) are the evidence for the choice.
Speed: `pnp scan`'s reading of a 12-megapixel photo against zxing-cpp alone reading the same
file (opened with Pillow, Data Matrix only), best of five each, taking turns.

Targets: no wrong ID ever; at least 99% read where a code spans 30 px or more; within 1.5× of
the library alone. The quick mode (`python -m bench --quick`, which CI runs, or
`python -m bench.bench_scan --quick`) makes a few photos only and times one round.
"""

from __future__ import annotations

import json
import random
import shutil
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from bench import sitting
from bench.photos import Camera, Truth, alpina_layout, nut_hunt_layout, photograph
from pnpkit.components import load_game
from pnpkit.components.catalog import resolve_game
from pnpkit.scan.pieces import scan_photo

BUCKETS = (0, 20, 25, 30, 40, 60)
SIZES = ((4000, 3000), (3264, 2448), (2592, 1944), (2048, 1536))
READ_TARGET = 0.99
MICROQR = {"cards": {"w": "8mm"}, "hikers": {"w": "54%"}}
"""Micro QR needs 15 modules and a quiet zone of 2 for a hiker's ID: only the centre has room."""
FLOOR_FACTOR = 1.5
ROUNDS = 5
"""Timed runs of each, taking turns; the best of each is compared."""


def bucket(side: float) -> int:
    """The lower bound of the size bucket of a code `side` pixels wide."""
    return max(b for b in BUCKETS if side >= b)


def compare(truth: list[Truth], reads: list[tuple[str, tuple[float, float]]]) -> tuple[dict, int]:
    """Per bucket (codes, read) and the number of wrong IDs among `reads` (text, centre)."""
    counts: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    wrong = 0
    matched: set[int] = set()
    for text, (x, y) in reads:
        near = [
            n for n, t in enumerate(truth)
            if abs(t.centre[0] - x) < t.side and abs(t.centre[1] - y) < t.side
        ]  # fmt: skip
        if not near or truth[near[0]].id != text:
            wrong += 1
        else:
            matched.add(near[0])
    for n, t in enumerate(truth):
        counts[bucket(t.side)][0] += 1
        counts[bucket(t.side)][1] += n in matched
    return counts, wrong


def microqr_copy(folder: Path) -> Path:
    """A copy of Alpina whose cards and hikers print Micro QR codes instead."""
    game = folder / "alpina-microqr"
    shutil.copytree(resolve_game("alpina"), game)
    (game / "layouts").mkdir()
    for group in ("cards", "hikers"):
        element = {"id": "code", "symbology": "microqr", **MICROQR[group]}
        layout = {"extends": f"alpina/{group}-front", "elements": [element]}
        (game / "layouts" / f"{group}-front.json").write_text(json.dumps(layout))
    return game


def photos(quick: bool):
    """(game name, layout maker, camera) for every photo of the run."""
    rng = random.Random(7)
    sizes = SIZES[:1] + SIZES[-1:] if quick else SIZES
    per_size = 1 if quick else 3
    for size in sizes:
        for n in range(per_size):
            tilt = 35.0 if n == 0 else rng.uniform(0, 35)
            turn, seed = rng.uniform(0, 360), rng.randrange(9999)
            camera = Camera(size=size, tilt=tilt, turn=turn, seed=seed,
                            blur=rng.uniform(0.5, 1.2), noise=rng.uniform(3, 8))  # fmt: skip
            for maker in (alpina_layout, nut_hunt_layout):
                yield maker, camera, rng.randrange(9999)


def measure(by_game: dict, quick: bool, folder: Path) -> tuple[dict[int, list[int]], int, int]:
    """Per size bucket [codes, read], the wrong IDs and the photos, over the photos of the
    games in `by_game` (name → loaded game)."""
    counts: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    wrong = pictures = 0
    for maker, camera, seed in photos(quick):
        name = "alpina" if maker is alpina_layout else "nut-hunt"
        if name not in by_game:
            continue
        game = by_game[name]
        layout, _ = maker(game, random.Random(seed))
        jpeg, truth = photograph(game, layout, camera)
        path = folder / "photo.jpg"
        path.write_bytes(jpeg)
        scan = scan_photo(game, path)
        got, bad = compare(truth, [(p.id, _centre(p.code)) for p in scan.pieces])
        for key, (shown, read) in got.items():
            counts[key][0] += shown
            counts[key][1] += read
        wrong += bad
        pictures += 1
    return counts, wrong, pictures


def read_shares(quick: bool) -> int:
    """Read the photos; print the table; 0 if the targets are met."""
    failed = 0
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        games = {"datamatrix": {"alpina": load_game("alpina"), "nut-hunt": load_game("nut-hunt")},
                 "microqr": {"alpina": load_game(microqr_copy(folder))}}  # fmt: skip
        for symbology, by_game in games.items():
            counts, wrong, pictures = measure(by_game, quick, folder)
            print(f"scan: {symbology}, {pictures} photos (tilt 0–35°, any turn, blur, noise, "
                  "uneven light, JPEG 60)")  # fmt: skip
            print(f"  {'code side':>12}  {'codes':>6}  {'read':>7}")
            for key in sorted(counts):
                shown, read = counts[key]
                upper = BUCKETS[BUCKETS.index(key) + 1] if key != BUCKETS[-1] else None
                label = f"{key}–{upper} px" if upper else f"≥ {key} px"
                print(f"  {label:>12}  {shown:>6}  {read / shown:>6.1%}")
                if symbology == "datamatrix" and key >= 30 and read / shown < READ_TARGET:
                    print(f"  MISSED scan: {read / shown:.1%} read at {label} (target ≥ 99%)")
                    failed = 1
            print(f"  wrong IDs: {wrong}")
            if wrong:
                print("  MISSED scan: a wrong ID (target: none ever)")
                failed = 1
    return failed


def _centre(corners) -> tuple[float, float]:
    return (sum(p[0] for p in corners) / 4, sum(p[1] for p in corners) / 4)


def speed(rounds: int) -> int:
    """Scan of a 12-megapixel photo against zxing-cpp alone, best of `rounds` each; 0 if
    within FLOOR_FACTOR."""
    import zxingcpp

    game = load_game("alpina")
    layout, _ = alpina_layout(game, random.Random(3))
    jpeg, _ = photograph(game, layout, Camera(tilt=25, turn=40, seed=3))
    with tempfile.TemporaryDirectory() as temp:
        path = Path(temp) / "photo.jpg"
        path.write_bytes(jpeg)

        def floor() -> None:
            from PIL import Image

            with Image.open(path) as image:
                zxingcpp.read_barcodes(
                    image.convert("L"), formats=zxingcpp.BarcodeFormat.DataMatrix
                )

        floor_times, ours_times = [], []
        for _ in range(rounds):  # in turns, so that a slower spell of the machine falls on both
            floor_times.append(_timed(floor))
            ours_times.append(_timed(lambda: scan_photo(game, path)))
        floor_time, ours_time = min(floor_times), min(ours_times)
    ratio = ours_time / floor_time
    print("scan: one 12-megapixel photo (Alpina: 25 cards, 16 hikers)")
    print(f"  zxing-cpp alone        {floor_time:6.2f} s")
    print(f"  pnp scan's reading     {ours_time:6.2f} s   {ratio:.2f}× the floor")
    if ratio > FLOOR_FACTOR:
        print(f"  MISSED scan: {ratio:.2f}× the floor (target ≤ {FLOOR_FACTOR}×)")
        return 1
    return 0


def _timed(call) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def main(quick: bool | None = None) -> int:
    """Run the benchmark, print the figures; 0 if every target is met. `quick` (by default the
    sitting's, as `python -m bench --quick` sets it): a few photos and one timed round."""
    if quick is None:
        quick = sitting.QUICK
    return read_shares(quick) | speed(1 if quick else ROUNDS)


if __name__ == "__main__":
    sys.exit(main(quick="--quick" in sys.argv[1:]))
