"""`pnp referee score GAME --photo …`: the position read from synthetic photos scores as the
true position does; a photo with a piece hidden is refused with what is missing."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pnpkit.components import load_game
from pnpkit.errors import PnpError
from pnpkit.referee.engine.rules import Rules, load_rules
from pnpkit.scan.position import PositionUnclear
from tests.in_process import run_pnp

PNP = [sys.executable, "-m", "pnpkit"]


def _score(*args: str) -> dict:
    """`referee score ARGS… --json` in this process (tests/in_process.py); the option checks
    below run it as a real process."""
    run = run_pnp("referee", "score", *args, "--json")
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def _totals(sheet: dict) -> dict[str, int]:
    return {name.lower(): player["total"] for name, player in sheet["players"].items()}


@pytest.mark.parametrize("game", ["alpina", "nut-hunt"])
def test_the_photo_scores_as_the_true_position(photos, game: str, tmp_path) -> None:
    table = photos[game]
    saved = tmp_path / "read.txt"
    read = _score(game, "--photo", str(table.photo), "--save", str(saved))
    true = _score(game, "--position", str(table.position))
    assert _totals(read) == _totals(true)
    assert {n.lower(): p["categories"] for n, p in read["players"].items()} == {
        n.lower(): p["categories"] for n, p in true["players"].items()
    }
    assert saved.read_text(encoding="utf-8") == read["position"]
    assert _totals(_score(game, "--position", str(saved))) == _totals(true)


@pytest.mark.parametrize(
    ("game", "missing"),
    [("alpina", "1 of the 25 cards not seen"), ("nut-hunt", "1 of the 19 tiles not seen")],
)
def test_a_photo_with_a_piece_hidden_is_refused_with_what_is_missing(
    photos, game: str, missing: str, tmp_path
) -> None:
    saved = tmp_path / "read.txt"
    run = run_pnp("referee", "score", game, "--photo", photos[f"{game}-hidden"].photo,
                  "--save", saved)  # fmt: skip
    assert run.returncode == 2
    assert missing in run.stderr
    assert not saved.exists() and not run.stdout


def test_a_hiker_between_two_cards_is_refused(alpina_scan) -> None:
    game = load_game("alpina")
    scan = alpina_scan
    cards = [p for p in scan.pieces if p.group == "cards"]
    hiker = next(p for p in scan.pieces if p.group == "hikers")
    a, b = cards[0], min(cards[1:], key=lambda c: _gap(cards[0], c))
    between = ((a.centre[0] + b.centre[0]) / 2, (a.centre[1] + b.centre[1]) / 2)
    moved = type(hiker)(hiker.id, hiker.group, hiker.side, hiker.code, hiker.corners, between,
                        hiker.to_face, hiker.place)  # fmt: skip
    pieces = tuple(moved if p is hiker else p for p in scan.pieces)
    with pytest.raises(PositionUnclear, match=r"hiker .* is not clearly on one card"):
        load_rules(game).position_from_pieces(game, [type(scan)(scan.photo, scan.size, pieces,
                                                                 scan.unread)])  # fmt: skip


def _gap(a, b) -> float:
    return ((a.centre[0] - b.centre[0]) ** 2 + (a.centre[1] - b.centre[1]) ** 2) ** 0.5


def test_a_game_whose_rules_read_no_photos_says_so() -> None:
    game = load_game("gentoo")
    with pytest.raises(PnpError, match="cannot read a position from photos"):
        Rules.position_from_pieces(load_rules(game), game, [])


@pytest.mark.parametrize(
    ("extra", "message"),
    [(["--photo", "a.jpg", "--position", "p.txt"], "not both"),
     (["--save", "out.txt"], "give --photo too")],
)  # fmt: skip
def test_photo_options_that_do_not_go_together_are_refused(extra, message, tmp_path) -> None:
    run = subprocess.run([*PNP, "referee", "score", "alpina", *extra], capture_output=True,
                         text=True, cwd=tmp_path)  # fmt: skip
    assert run.returncode == 2 and message in run.stderr
    assert not (tmp_path / "out.txt").exists()
