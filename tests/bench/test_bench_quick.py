"""`python -m bench --quick` is quick for every benchmark: the sitting's quick mode reaches the
benchmarks that take a `quick` argument of their own."""

from __future__ import annotations

from typing import Any

import pytest

from bench import bench_scan, sitting


def test_the_quick_sitting_scans_a_few_photos_and_times_one_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: dict[str, Any] = {}
    monkeypatch.setattr(sitting, "QUICK", True)
    monkeypatch.setattr(bench_scan, "read_shares", lambda quick: asked.update(quick=quick) or 0)
    monkeypatch.setattr(bench_scan, "speed", lambda rounds: asked.update(rounds=rounds) or 0)
    assert bench_scan.main() == 0
    assert asked == {"quick": True, "rounds": 1}
    assert len(list(bench_scan.photos(quick=True))) == 4  # of 24 in a full sitting
    assert len(list(bench_scan.photos(quick=False))) == 24


def test_a_full_sitting_scans_every_photo_and_times_every_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: dict[str, Any] = {}
    monkeypatch.setattr(sitting, "QUICK", False)
    monkeypatch.setattr(bench_scan, "read_shares", lambda quick: asked.update(quick=quick) or 0)
    monkeypatch.setattr(bench_scan, "speed", lambda rounds: asked.update(rounds=rounds) or 0)
    assert bench_scan.main() == 0
    assert asked == {"quick": False, "rounds": bench_scan.ROUNDS}
