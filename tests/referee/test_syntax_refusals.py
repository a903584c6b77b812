"""Text that is not a move is refused like an illegal move — exit 1, the log untouched — citing
each game's move-syntax statement (AL-28, AN-72, AR-48, GE-53, NH-41), in `move`, `move --json`
and the play prompt alike (docs/referee.md, "Refusals and exit codes")."""

from __future__ import annotations

import json
import re

import pytest

from pnpkit.components import load_game
from pnpkit.referee.engine.registry import source_of
from pnpkit.referee.engine.rules import load_rules
from pnpkit.referee.engine.rules_index import index_text
from pnpkit.referee.engine.verdict import MoveRefused, MoveSyntaxError
from pnpkit.referee.log.store import make_setup, new_game
from tests.in_process import referee

GAMES = {
    "alpina": ("AL-28", "Ann,Bob"),
    "ano-nuevo": ("AN-72", "Ann,Bob,Cy"),
    "arctic": ("AR-48", "Ann,Bob"),
    "gentoo": ("GE-53", "Ann,Bob"),
    "nut-hunt": ("NH-41", "Ann,Bob"),
}
NOT_A_MOVE = "xyzzy 12"


run = referee  # in-process: the same entry point and error boundary as the script


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_syntax_rule_is_a_statement_of_the_games_rules_index(game: str) -> None:
    rule, _ = GAMES[game]
    rules = load_rules(load_game(game))
    assert rules.syntax_rule == rule
    index = index_text(source_of(game), rules)
    statement = re.search(rf"^- \*\*{rule}\*\* (.*)$", index, re.MULTILINE)
    assert statement and "move syntax" in statement[1]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_text_that_is_not_a_move_is_refused_citing_the_syntax_rule(tmp_path, game) -> None:
    """AL-28, AN-72, AR-48, GE-53, NH-41 through the engine: parse still tells the two apart."""
    rule, players = GAMES[game]
    path = tmp_path / "g.jsonl"
    session = new_game(path, make_setup(load_game(game), players.split(","), seed=3))
    before = path.read_bytes()
    with pytest.raises(MoveSyntaxError):
        session.parse(NOT_A_MOVE)
    with pytest.raises(MoveRefused) as refused:
        session.enter(NOT_A_MOVE)
    assert refused.value.verdict.rule == rule and refused.value.verdict.reason
    assert path.read_bytes() == before


@pytest.mark.parametrize("game", sorted(GAMES))
def test_move_and_the_play_prompt_refuse_text_that_is_not_a_move(tmp_path, game) -> None:
    rule, players = GAMES[game]
    log = tmp_path / "g.jsonl"
    assert run("new", game, "--players", players, "--log", log).returncode == 0
    before = log.read_bytes()
    typed = run("move", log, NOT_A_MOVE)
    assert typed.returncode == 1, typed.stderr
    assert typed.stderr.startswith(f"refused: {rule}: ")
    as_json = run("move", log, NOT_A_MOVE, "--json")
    assert as_json.returncode == 1
    verdict = json.loads(as_json.stdout)
    assert verdict["accepted"] is False and verdict["rule"] == rule and verdict["reason"]
    prompt = run("play", log, stdin=f"{NOT_A_MOVE}\nquit\n")
    assert prompt.returncode == 1  # a scripted play with a refused move, like `move`
    assert f"refused: {rule}: " in prompt.stderr
    assert log.read_bytes() == before
    assert json.loads(run("rules", game, "--json").stdout)["syntax_rule"] == rule
