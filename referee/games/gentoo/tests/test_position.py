"""Gentoo: scoring an unrecorded game from a position file (GE-49), and the score sheet (GE-24)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pnpkit.components import load_game
from pnpkit.errors import PnpError
from pnpkit.referee.games.gentoo import RULES
from pnpkit.referee.log.store import make_setup

GAME = load_game("gentoo")
ROOT = Path(__file__).resolve().parents[4]
EXAMPLE = ROOT / "docs" / "examples" / "gentoo-position.txt"


def score(text: str):
    return RULES.score_position(GAME, text, "pos.txt")


def test_ge_49_the_example_position_scores_bob_the_winner() -> None:
    sheet = RULES.score_position(GAME, EXAMPLE.read_text(), str(EXAMPLE))
    assert sheet.winners == ("Bob",)
    assert {p: sheet.total(p) for p in sheet.points} == {"Ann": 3, "Bob": 5, "Cy": 2, "Dee": 4}
    assert sheet.notes == ()


def test_ge_49_the_player_with_five_penguins_wins_whatever_the_stones() -> None:
    assert score("Ann 5 0\nBob 4 6\n").winners == ("Ann",)


def test_ge_49_a_stopped_game_goes_to_the_most_penguins_then_the_most_stones() -> None:
    sheet = score("Ann 3 1\nBob 3 4   # more stones\nCy 2 4\n")
    assert sheet.winners == ("Bob",)
    assert "stopped early" in sheet.notes[0]
    assert "most nesting stones" in sheet.tiebreak
    assert score("Ann 4\nBob 2\n").winners == ("Ann",)


def test_ge_49_still_tied_players_share_the_win() -> None:
    assert score("Ann 3 3\nBob 3 3\nCy 1 3\n").winners == ("Ann", "Bob")


def test_ge_49_nesting_stones_only_change_hands_and_names_may_have_several_words() -> None:
    """GE-49 with GE-6, GE-28 and GE-51: three stones per player in all; `Mary Ann 3 4`."""
    sheet = score("Mary Ann 3 4\nBob  3 2\n")
    assert sheet.winners == ("Mary Ann",) and sheet.total("Mary Ann") == 3
    assert score("Ann 4\nBob 2 6\n").winners == ("Ann",)


def test_ge_49_a_file_saved_with_a_byte_order_mark_reads_the_same() -> None:
    """GE-49: an editor's BOM is not part of the first player's name."""
    sheet = score("\ufeffAnn 5\nBob 2\n")
    assert sheet.winners == ("Ann",) and list(sheet.points) == ["Ann", "Bob"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Ann 5\n", "pos.txt: Gentoo has 2–4 players, and the file lists 1"),
        ("Ann 5\nBob\n", "pos.txt:2: expected NAME PENGUINS"),
        ("Ann 6\nBob 1\n", "pos.txt:1: penguins must be a whole number from 0 to 5, not '6'"),
        ("Ann 5\nBob x\n", "pos.txt:2: penguins must be"),
        ("# c\n\nAnn 5\nBob 5\n", "pos.txt:4: only one player can reach five penguins"),
        ("Ann 1\nann 2\n", "pos.txt:2: ann is listed twice"),
        ("Ann 1 13\nBob 2\n", "pos.txt:1: nesting stones must be a whole number from 0 to 12"),
        (
            "Ann 1 7\nBob 2\n",
            "pos.txt:1: the nesting stones listed come to 7 by this line; 2 players",
        ),
        ("Ann 1 3\nBob 2 4\n", "pos.txt:2: the nesting stones listed come to 7 by this line"),
        ("Ann 3 4\nBob 3 4\nCy 2 4\n", "pos.txt:3: the nesting stones listed come to 12 by"),
        ("Ann 3 2\nBob 2 2\nCy 1 2\n", "pos.txt: the nesting stones listed come to 6; 3 players"),
        ("Ann 3\nBob 3 2\n", "pos.txt:1: Ann is tied with Bob on 3 penguins, and nesting stones"),
        ("Ann 3 1\nBob 3\nCy 3 2\n", "pos.txt:2: Bob is tied with Ann, Cy on 3 penguins"),
        ("Ann 3 ²\nBob 2\n", "pos.txt:1: nesting stones must be a whole number from 0 to 12"),
        ("Ann 3 4 1\nBob 2\n", "pos.txt:1: expected NAME PENGUINS"),
        ("Mary Ann\nBob 2\n", "pos.txt:1: penguins must be a whole number from 0 to 5, not 'Ann'"),
    ],
)
def test_ge_49_position_file_errors_name_file_and_line(text: str, message: str) -> None:
    with pytest.raises(PnpError) as error:
        score(text)
    assert str(error.value).startswith(message)


def test_ge_49_score_position_command() -> None:
    run = subprocess.run(
        [Path(sys.executable).parent / "pnp", "referee", "score", "gentoo", "--position", EXAMPLE],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "winner: Bob" in run.stdout


def test_ge_24_score_bounds_and_a_running_score_without_winner() -> None:
    setup = make_setup(GAME, ["Ann", "Bob"])
    assert RULES.score_bounds(setup) == (0, 5)
    sheet = RULES.score(setup, RULES.initial(setup))
    assert sheet.winners == () and sheet.total("Ann") == 0
