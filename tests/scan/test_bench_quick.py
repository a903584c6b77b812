"""bench_scan's quick mode in CI: synthetic photos read with no wrong ID ever, and every code
of 40 px or more read (the full figures per size are bench_scan's, `make bench`)."""

from __future__ import annotations

from bench.bench_scan import measure
from pnpkit.components import load_game


def test_quick_photos_give_no_wrong_id_and_read_large_codes(tmp_path) -> None:
    games = {"alpina": load_game("alpina"), "nut-hunt": load_game("nut-hunt")}
    counts, wrong, pictures = measure(games, quick=True, folder=tmp_path)
    assert pictures == 4
    assert wrong == 0
    large = [counts[key] for key in counts if key >= 40]
    assert large and all(read == shown for shown, read in large)
