"""Position files read alike in every game: a BOM, comments, blank lines (position_file.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpkit.components import load_game
from pnpkit.referee.engine.position_file import position_lines
from pnpkit.referee.engine.rules import load_rules

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def test_lines_are_numbered_as_in_the_file_without_comments_or_blanks() -> None:
    text = "\ufeff# a comment\n\n  Ann 5  # first\n\t\nBob 3\n"
    assert list(position_lines(text)) == [(3, "Ann 5"), (5, "Bob 3")]


@pytest.mark.parametrize("game_id", ["alpina", "ano-nuevo", "arctic", "gentoo", "nut-hunt"])
def test_every_game_scores_a_position_file_saved_with_a_byte_order_mark(game_id: str) -> None:
    """Some editors start a UTF-8 file with a BOM; it is no part of the first line."""
    game = load_game(game_id)
    text = (EXAMPLES / f"{game_id}-position.txt").read_text(encoding="utf-8")
    rules = load_rules(game)
    plain = rules.score_position(game, text, "pos.txt")
    assert rules.score_position(game, "\ufeff" + text, "pos.txt") == plain
