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


def test_undo_with_nothing_to_undo_says_so_in_json_too(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    run("new", "alpina", "--players", "Ann,Bob", "--log", log)
    result = run("undo", log, "--json")
    assert result.returncode == 1
    assert json.loads(result.stdout) == {
        "accepted": False,
        "rule": "",
        "reason": "nothing to undo: no move has been entered at the table",
    }


def test_unusable_inputs_exit_2_with_a_message_naming_them(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    run("new", "alpina", "--players", "Ann,Bob", "--seed", "1", "--log", log)
    binary = tmp_path / "pos.txt"
    binary.write_bytes(b"order: red\n\xff\xfe\n")
    cases = [
        (("score", "alpina", "--position", binary), f"error: {binary}: not UTF-8 text (byte 12)"),
        (
            ("show", log, "--svg", tmp_path),
            f"error: {tmp_path}: refused as an output file: it is a folder",
        ),
        (("score", "alpina"), "error: alpina: no such log; to score a game that was not recorded"),
    ]
    for args, message in cases:
        result = run(*args)
        assert result.returncode == 2, args
        assert result.stderr.startswith(message), result.stderr
        assert "Traceback" not in result.stderr


def test_rules_lists_every_move_form_in_one_column() -> None:
    lines = run("rules", "nut-hunt").stdout.splitlines()
    rows = [line for line in lines if line.startswith("  ")]
    assert rows[-1].startswith("  NAME: MOVE ")
    columns = {len(row) - len(row[2:].split("  ", 1)[1].lstrip()) for row in rows}
    assert len(columns) == 1, rows


def test_a_command_typed_as_a_move_is_pointed_to_its_command(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    run("new", "alpina", "--players", "Ann,Bob", "--log", log)
    before = log.read_bytes()
    result = run("move", log, "Undo")
    assert result.returncode == 1
    assert f"(`undo` is a command of its own: referee undo {log})" in result.stderr
    assert log.read_bytes() == before


def test_a_solo_simulation_speaks_of_one_player() -> None:
    result = run("simulate", "nut-hunt", "--players", "1", "--games", "1")
    assert result.returncode == 0
    assert "Nut Hunt: 1 random game, 1 player, variant" in result.stdout
