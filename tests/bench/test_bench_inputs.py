"""The bench runs from the repository alone: its text cards are made here, and the floor
scripts find every file they read (CI also runs `make bench-quick`)."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

from bench import cards_text
from bench.bench_art import bench_game as art_game
from bench.bench_render import HERE, bench_game


def test_the_text_cards_differ_and_read_back_from_their_csv(tmp_path: Path) -> None:
    rows = cards_text.rows()
    assert len(rows) == cards_text.CARDS == 100
    assert len({row["title"] for row in rows}) == 100
    assert len({row["body"] for row in rows}) == 80
    cards_text.write_csv(tmp_path / "cards.csv")
    with (tmp_path / "cards.csv").open(encoding="utf-8", newline="") as handle:
        assert list(csv.DictReader(handle)) == rows


def test_the_render_floor_runs_on_the_bench_game(tmp_path: Path) -> None:
    game = bench_game(tmp_path)
    subprocess.run(
        [sys.executable, str(HERE / "floor_reportlab.py"), str(game / "cards.csv"),
         str(tmp_path / "floor.pdf")],
        check=True,
    )  # fmt: skip
    assert (tmp_path / "floor.pdf").read_bytes().startswith(b"%PDF")


def test_the_art_floor_runs_on_the_art_bench_game(tmp_path: Path) -> None:
    game, _ = art_game(tmp_path)
    rows = (game / "cards.csv").read_text(encoding="utf-8").splitlines()
    (game / "few.csv").write_text("\n".join(rows[:4]) + "\n", encoding="utf-8")
    subprocess.run(
        [sys.executable, str(HERE / "floor_art.py"), str(game / "few.csv"),
         str(tmp_path / "floor.pdf")],
        check=True,
    )  # fmt: skip
    assert (tmp_path / "floor.pdf").read_bytes().startswith(b"%PDF")
