"""`score`: winners only for a finished, decided game; leaders before; ties the table breaks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REFEREE = Path(sys.executable).parent / "referee"
TIED = "Ann 41 alpha 1\nBob 41 alpha 1\nCy 12 ocean 1\n"
"""Two Alphas with the same VP and Prey: only a bellow at the table decides (AN-53)."""


def run(*args: object) -> subprocess.CompletedProcess:
    return subprocess.run([REFEREE, *map(str, args)], capture_output=True, text=True, check=False)


def test_a_running_score_names_leaders_not_winners(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    run("new", "alpina", "--players", "Ann,Bob", "--seed", "3", "--log", log)
    sheet = json.loads(run("score", log, "--json").stdout)
    assert sheet["final"] is False and "winners" not in sheet
    assert sheet["leaders"] == ["Bob"]  # 0-0: ties go to the later player (AL-27)
    text = run("score", log).stdout
    assert "leading: Bob" in text and "winner" not in text


def test_a_finished_position_names_its_winners(tmp_path: Path) -> None:
    pos = tmp_path / "pos.txt"
    pos.write_text(TIED + "bellow Bob\n")
    sheet = json.loads(run("score", "ano-nuevo", "--position", pos, "--json").stdout)
    assert sheet["final"] is True and sheet["winners"] == ["Bob"] and "leaders" not in sheet


def test_an_53_a_position_awaiting_a_bellow_is_not_final_and_has_no_winner(tmp_path: Path) -> None:
    pos = tmp_path / "pos.txt"
    pos.write_text(TIED)
    result = run("score", "ano-nuevo", "--position", pos, "--json")
    assert result.returncode == 0, result.stderr
    sheet = json.loads(result.stdout)
    assert sheet["final"] is False and "winners" not in sheet
    assert sheet["tied"] == ["Ann", "Bob"] == sheet["leaders"]
    text = run("score", "ano-nuevo", "--position", pos).stdout
    assert "no winner yet: Ann and Bob are tied" in text
    assert "to be decided at the table:" in text and "winner:" not in text
