"""`referee move LOG --photo PHOTO`: the card turned over, read from a photo, entered as the one
legal move it matches; several matches are listed and nothing is entered."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.in_process import run_pnp

PNP = [sys.executable, "-m", "pnpkit"]


@pytest.fixture
def log(tmp_path):
    path = tmp_path / "game.jsonl"
    new = run_pnp("referee", "new", "alpina", "--players", "Ann,Bob", "--log", path)
    assert new.returncode == 0, new.stderr
    return path


def test_the_card_turned_over_is_entered_as_its_move(log, card_photo) -> None:
    """As a real process (the others run `pnp` in this one, tests/in_process.py)."""
    photo = card_photo("AL-21")
    run = subprocess.run([*PNP, "referee", "move", str(log), "--photo", str(photo)],
                         capture_output=True, text=True)  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "start AL-21" in run.stdout
    assert '"start AL-21"' in log.read_text()


def test_several_matches_are_listed_and_nothing_is_entered(log, card_photo) -> None:
    before = log.read_text()
    run = run_pnp("referee", "move", log, "--photo", card_photo("AL-21", "AL-22"))
    assert run.returncode == 2
    assert "2 moves match" in run.stderr and "  start AL-21" in run.stderr
    assert log.read_text() == before


def test_a_card_that_no_legal_move_names_is_refused(log, card_photo) -> None:
    run = run_pnp("referee", "move", log, "--photo", card_photo("AL-01"))
    assert run.returncode == 2 and "no move that may be entered now names them" in run.stderr


def test_a_move_and_a_photo_together_are_refused(log, tmp_path) -> None:
    run = run_pnp("referee", "move", log, "start AL-21", "--photo", tmp_path / "x.jpg")
    assert run.returncode == 2 and "not both" in run.stderr


def test_a_photo_enters_only_what_the_secrecy_gate_lets_its_screen_enter(
    tmp_path, card_photo
) -> None:
    """In a digital game the shared screen may not play from Bob's hand; Bob's page may."""
    log = tmp_path / "digital.jsonl"
    new = run_pnp("referee", "new", "alpina", "--players", "Ann,Bob", "--seed", "1", "--log", log)
    assert new.returncode == 0, new.stderr
    hand = run_pnp("referee", "legal", log, "--player", "Bob")
    assert hand.returncode == 0, hand.stderr
    card = hand.stdout.split("\n")[1].split()[1]  # the first "  play CARD SPACE" line
    photo = card_photo(card)
    before = log.read_text()
    shared = run_pnp("referee", "move", log, "--photo", photo)
    assert shared.returncode == 2 and "no move that may be entered now" in shared.stderr
    assert log.read_text() == before
    ann = run_pnp("referee", "move", log, "--photo", photo, "--player", "Ann")
    assert ann.returncode == 2 and log.read_text() == before
    bob = run_pnp("referee", "move", log, "--photo", photo, "--player", "Bob")
    assert bob.returncode == 2 and f"  play {card} " in bob.stderr  # his moves, to choose from
