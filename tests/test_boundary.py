"""One error boundary for every command: the same mistake reads the same whichever command
meets it, and a user's error never shows a traceback."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pnpkit.boundary import run_command
from pnpkit.components.catalog import resolve_game
from pnpkit.errors import PnpError

BIN = Path(sys.executable).parent


def broken_game(tmp_path: Path) -> Path:
    game = tmp_path / "alpina"
    shutil.copytree(resolve_game("alpina"), game)
    manifest = json.loads((game / "game.json").read_text(encoding="utf-8"))
    manifest["name"] = 5
    (game / "game.json").write_text(json.dumps(manifest), encoding="utf-8")
    return game


def test_a_broken_definition_reads_the_same_from_pnp_and_from_the_referee(tmp_path: Path) -> None:
    game = broken_game(tmp_path)
    render = subprocess.run([BIN / "pnp", "render", game, "--out", tmp_path / "out"],
                            capture_output=True, text=True)  # fmt: skip
    new = subprocess.run([BIN / "referee", "new", game, "--log", tmp_path / "game.jsonl",
                          "--players", "Ann,Bob"], capture_output=True, text=True)  # fmt: skip
    assert render.returncode == new.returncode == 2
    assert "/name" in render.stderr and "Traceback" not in render.stderr + new.stderr
    assert new.stderr == render.stderr


def test_a_users_error_is_one_line_and_its_exit_code() -> None:
    def fails() -> None:
        raise PnpError("no such log")

    with pytest.raises(SystemExit) as ended:
        run_command(fails)
    assert ended.value.code == 2


def test_a_fault_of_pnpkit_itself_keeps_its_traceback() -> None:
    def breaks() -> None:
        raise KeyError("inside pnpkit")

    with pytest.raises(KeyError):
        run_command(breaks)
