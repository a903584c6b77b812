"""`pnp validate`'s face check: cached per face, so that a repeated validate builds only the
faces whose inputs changed; and it warns about what the render warns about."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from bench.bench_render import bench_game
from pnpkit.components import load_game
from pnpkit.generator.faces import compose
from pnpkit.generator.faces.check import check_faces
from tests.in_process import run_pnp

from .artgame import art_game


def _set_body(game: Path, number: int, body: str) -> None:
    path = game / "cards.csv"
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle))
    rows[number][rows[0].index("body")] = body
    with path.open("w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows(rows)


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    """The labels of the faces built, in order, with a cache of this test's own."""
    monkeypatch.setenv("PNPKIT_CACHE_DIR", str(tmp_path / "cache"))
    built: list[str] = []
    original = compose.FaceBuilder.build

    def counted(self, context, label):
        built.append(label)
        return original(self, context, label)

    monkeypatch.setattr(compose.FaceBuilder, "build", counted)
    return built


def test_a_repeated_check_builds_no_face_and_an_edit_rebuilds_that_cards_faces(
    tmp_path: Path, builds: list[str]
) -> None:
    game = bench_game(tmp_path)
    first = check_faces(load_game(game))
    assert len(builds) == 200  # 100 cards, front and back
    builds.clear()
    assert check_faces(load_game(game)) == first
    assert builds == []
    _set_body(game, 5, "**Changed** text")
    check_faces(load_game(game))
    assert builds == ["BN-005", "BN-005"]


def test_a_broken_card_is_reported_again_from_the_cache(tmp_path: Path, builds: list) -> None:
    game = bench_game(tmp_path)
    _set_body(game, 7, "**never closed")
    first = check_faces(load_game(game))
    again = check_faces(load_game(game))
    assert again == first and len(first.problems) == 1
    assert "BN-007 front: text 'body': ** at character 1" in first.problems[0].message


def test_validate_warns_about_text_that_overflows_as_render_does(tmp_path: Path) -> None:
    game = bench_game(tmp_path)
    _set_body(game, 3, "far too long " * 200)
    warning = "BN-003: text 'body' overflows its box even at 6 pt"
    for command in (["validate", str(game)], ["render", str(game), "--no-svg", "--out",
                                                str(tmp_path / "out")]):  # fmt: skip
        result = run_pnp(*command)
        assert result.returncode == 0, result.stderr
        assert warning in result.stderr, command


def test_validate_warns_about_text_shrunk_below_a_readable_size_as_render_does(
    tmp_path: Path,
) -> None:
    text = {"type": "text", "id": "rules", "x": "5mm", "y": "5mm", "w": "30mm", "h": "12mm",
            "size": 9, "min_size": 3, "text": {"field": "rules"}}  # fmt: skip
    cards = [{"id": "AG-1", "name": "A", "rules": "a rule that goes on " * 8},
             {"id": "AG-2", "name": "B", "rules": "Short"}]  # fmt: skip
    fine_print = {
        **text,
        "id": "fine",
        "y": "40mm",
        "h": "6mm",
        "size": 5,
    }  # set small on purpose: no warning
    game = art_game(tmp_path, {"bleed": "0mm", "elements": [text, fine_print]}, cards)
    for command in (["validate", str(game)], ["render", str(game), "--no-svg", "--out",
                                                str(tmp_path / "out")]):  # fmt: skip
        result = run_pnp(*command)
        assert result.returncode == 0, result.stderr
        warned = re.findall(r"AG-(\d): text '(\w+)' shrunk to ([\d.]+) pt to fit", result.stderr)
        assert [w[:2] for w in warned] == [("1", "rules")], (command, result.stderr)
        assert 3 <= float(warned[0][2]) < compose.READABLE_PT
        assert "overflows" not in result.stderr
