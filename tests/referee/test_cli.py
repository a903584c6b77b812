"""The `referee` command: exit codes, refusals on stderr, a log that survives them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REFEREE = Path(sys.executable).parent / "referee"


def run(*args: object) -> subprocess.CompletedProcess:
    return subprocess.run([REFEREE, *map(str, args)], capture_output=True, text=True, check=False)


def test_move_exit_codes_and_an_unchanged_log_after_a_refusal(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    assert run("new", "alpina", "--players", "Ann,Bob", "--log", log).returncode == 0
    assert run("move", log, "start AL-20").returncode == 0
    before = log.read_bytes()
    refused = run("move", log, "start AL-01")
    assert refused.returncode == 1
    assert "AL-6" in refused.stderr
    assert log.read_bytes() == before
    assert run("move", tmp_path / "none.jsonl", "pass").returncode == 2
    assert run("move", log, "first Ann").returncode == 0
    legal = json.loads(run("legal", log, "--json").stdout)
    assert "play AL-01 e4" in legal["moves"]
    assert run("move", log, "play AL-01 e4").returncode == 0
    assert run("undo", log).returncode == 0
    assert run("replay", log).returncode == 0
    shown = run("show", log, "--svg", tmp_path / "t.svg")
    assert shown.returncode == 0 and (tmp_path / "t.svg").read_text().startswith("<svg")


def test_torn_last_line_is_dropped_with_a_warning(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    run("new", "alpina", "--players", "Ann,Bob", "--log", log)
    with log.open("a") as handle:
        handle.write('{"seq":1,"by":"ta')
    result = run("move", log, "start AL-20")
    assert result.returncode == 0 and "incomplete last line" in result.stderr
    assert run("replay", log).returncode == 0


def test_simulate_and_rules_print_json() -> None:
    summary = json.loads(run("simulate", "alpina", "--games", "5", "--json").stdout)
    assert sum(summary["wins_by_seat"].values()) >= 5
    syntax = json.loads(run("rules", "alpina", "--json").stdout)
    assert any(m["form"] == "play CARD SPACE" for m in syntax["moves"])
