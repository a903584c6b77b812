"""`referee move LOG "MOVE"` takes a direct path (no CLI build); it must behave exactly like the
full CLI's `move` command."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pnpkit.entry import _plain_move


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pnpkit", *args], capture_output=True, text=True, check=False
    )


def full_cli(*args: str) -> subprocess.CompletedProcess[str]:
    code = (
        "import sys; from pnpkit.referee.cli.commands import main; sys.argv[0] = 'referee'; main()"
    )
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, check=False
    )


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["move", "g.jsonl", "play AL-01 e4"], ("g.jsonl", "play AL-01 e4", False)),
        (["move", "g.jsonl", "pass", "--json"], ("g.jsonl", "pass", True)),
        (["--json", "move", "g.jsonl", "pass"], ("g.jsonl", "pass", True)),
        (["move", "g.jsonl"], None),
        (["move", "--help"], None),
        (["move", "g.jsonl", "pass", "--verbose"], None),
        (["legal", "g.jsonl", "x"], None),
    ],
)
def test_only_a_plain_move_takes_the_direct_path(args, expected) -> None:
    assert _plain_move(args) == expected


def test_direct_and_full_paths_agree(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    for log in (one, two):
        run("referee", "new", "alpina", "--players", "A,B", "--log", str(log))
    for text in ("start AL-20", "start AL-99", "first A", "play AL-05 a1"):
        direct = run("referee", "move", str(one), text)
        full = full_cli("move", str(two), text)
        assert (direct.returncode, direct.stdout, direct.stderr) == (
            full.returncode,
            full.stdout,
            full.stderr,
        )
    assert one.read_text().splitlines()[1:] == two.read_text().splitlines()[1:]
    refused = run("referee", "move", str(one), "play AL-99 a1", "--json")
    assert refused.returncode == 1
    assert json.loads(refused.stdout)["accepted"] is False


def test_direct_path_reports_an_unusable_log_with_exit_two(tmp_path: Path) -> None:
    result = run("referee", "move", str(tmp_path / "missing.jsonl"), "pass")
    assert result.returncode == 2
    assert result.stderr.startswith("error: ")
    assert "Traceback" not in result.stderr
