"""`referee move LOG --photo PHOTO`: the card turned over, read from a photo, entered as the one
legal move it matches; several matches are listed and nothing is entered."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bench.photos import Camera, Placed, photograph
from pnpkit.components import load_game

PNP = [sys.executable, "-m", "pnpkit"]
CAMERA = Camera(size=(2048, 1536), fill=0.6, tilt=15, turn=30)


@pytest.fixture
def log(tmp_path):
    path = tmp_path / "game.jsonl"
    subprocess.run([*PNP, "referee", "new", "alpina", "--players", "Ann,Bob", "--log",
                    str(path)], check=True, capture_output=True)  # fmt: skip
    return path


def _photo(tmp_path, *cards: str):
    layout = [Placed(card, 70 * n, 0, 5 * n) for n, card in enumerate(cards)]
    jpeg, _ = photograph(load_game("alpina"), layout, CAMERA)
    path = tmp_path / "card.jpg"
    path.write_bytes(jpeg)
    return path


def test_the_card_turned_over_is_entered_as_its_move(log, tmp_path) -> None:
    photo = _photo(tmp_path, "AL-21")
    run = subprocess.run([*PNP, "referee", "move", str(log), "--photo", str(photo)],
                         capture_output=True, text=True)  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "start AL-21" in run.stdout
    assert '"start AL-21"' in log.read_text()


def test_several_matches_are_listed_and_nothing_is_entered(log, tmp_path) -> None:
    before = log.read_text()
    run = subprocess.run([*PNP, "referee", "move", str(log), "--photo",
                          str(_photo(tmp_path, "AL-21", "AL-22"))],
                         capture_output=True, text=True)  # fmt: skip
    assert run.returncode == 2
    assert "2 moves match" in run.stderr and "  start AL-21" in run.stderr
    assert log.read_text() == before


def test_a_card_that_no_legal_move_names_is_refused(log, tmp_path) -> None:
    photo = _photo(tmp_path, "AL-01")
    run = subprocess.run([*PNP, "referee", "move", str(log), "--photo", str(photo)],
                         capture_output=True, text=True)  # fmt: skip
    assert run.returncode == 2 and "no move that may be entered now names them" in run.stderr


def test_a_move_and_a_photo_together_are_refused(log, tmp_path) -> None:
    run = subprocess.run([*PNP, "referee", "move", str(log), "start AL-21", "--photo",
                          str(tmp_path / "x.jpg")], capture_output=True, text=True)  # fmt: skip
    assert run.returncode == 2 and "not both" in run.stderr


def test_a_photo_enters_only_what_the_secrecy_gate_lets_its_screen_enter(tmp_path) -> None:
    """In a digital game the shared screen may not play from Bob's hand; Bob's page may."""
    log = tmp_path / "digital.jsonl"
    subprocess.run([*PNP, "referee", "new", "alpina", "--players", "Ann,Bob", "--seed", "1",
                    "--log", str(log)], check=True, capture_output=True)  # fmt: skip
    hand = subprocess.run([*PNP, "referee", "legal", str(log), "--player", "Bob"],
                          capture_output=True, text=True, check=True).stdout  # fmt: skip
    card = hand.split("\n")[1].split()[1]  # the first "  play CARD SPACE" line
    photo = _photo(tmp_path, card)
    before = log.read_text()
    shared = subprocess.run([*PNP, "referee", "move", str(log), "--photo", str(photo)],
                            capture_output=True, text=True)  # fmt: skip
    assert shared.returncode == 2 and "no move that may be entered now" in shared.stderr
    assert log.read_text() == before
    ann = subprocess.run([*PNP, "referee", "move", str(log), "--photo", str(photo),
                          "--player", "Ann"], capture_output=True, text=True)  # fmt: skip
    assert ann.returncode == 2 and log.read_text() == before
    bob = subprocess.run([*PNP, "referee", "move", str(log), "--photo", str(photo),
                          "--player", "Bob"], capture_output=True, text=True)  # fmt: skip
    assert bob.returncode == 2 and f"  play {card} " in bob.stderr  # his moves, to choose from
