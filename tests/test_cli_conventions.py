"""What a user expects of a command-line tool: -V/--version, -h, shell completion."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pnpkit import __version__
from tests.in_process import run_pnp

BIN = Path(sys.executable).parent


def run(program: str, *args: str, cwd: Path | None = None, **env: str):
    return subprocess.run(
        [str(BIN / program), *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, **env},
        check=False,
    )


@pytest.mark.parametrize(
    "command", [["pnp", "-V"], ["pnp", "--version"], ["referee", "-V"], ["pnp", "referee", "-V"]]
)
def test_version(command: list[str]) -> None:
    result = run(*command)
    assert (result.returncode, result.stdout) == (0, f"pnpkit {__version__}\n")


@pytest.mark.parametrize(
    "command",
    [["pnp", "-h"], ["pnp", "render", "-h"], ["referee", "-h"], ["referee", "show", "-h"]],
)
def test_short_help_everywhere(command: list[str]) -> None:
    result = run(*command)
    assert result.returncode == 0
    assert "Usage:" in result.stdout


@pytest.mark.parametrize("program", ["pnp", "referee"])
def test_completion_script(program: str) -> None:
    # Typer finds the user's shell among the process's parents, and the suite may run without one
    # (a detached CI job): its own switch makes `--show-completion` take the shell's name instead.
    result = run(
        program, "--show-completion", "bash", _TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION="1"
    )
    assert result.returncode == 0
    assert f"complete -o default -F _{program}_completion {program}" in result.stdout


def _complete(program: str, words: str, cwd: Path) -> list[str]:
    variable = f"_{program.upper()}_COMPLETE"
    count = str(len(words.split()) - 1)
    env = {variable: "complete_bash", "COMP_WORDS": words, "COMP_CWORD": count}
    return run(program, cwd=cwd, **env).stdout.split()


def test_completion_offers_game_names_and_logs(tmp_path: Path) -> None:
    (tmp_path / "gentoo-1.jsonl").write_text("")
    (tmp_path / "gentoo-notes.txt").write_text("")
    (tmp_path / "my-game").mkdir()
    assert _complete("pnp", "pnp render al", tmp_path) == ["alpina"]
    assert _complete("pnp", "pnp validate my", tmp_path) == ["my-game/"]
    assert _complete("referee", "referee show gen", tmp_path) == ["gentoo-1.jsonl"]
    assert _complete("pnp", "pnp referee undo gen", tmp_path) == ["gentoo-1.jsonl"]
    assert _complete("referee", "referee play gen", tmp_path) == ["gentoo", "gentoo-1.jsonl"]


def test_piped_tables_are_whole_tab_separated_rows() -> None:
    """In a pipe: a header, then one line per component, every field whole (nothing cut)."""
    result = run("pnp", "components", "alpina")
    lines = result.stdout.splitlines()
    assert lines[0].split("\t") == ["id", "kind", "group", "name", "count", "fields"]
    assert all(len(line.split("\t")) == 6 for line in lines)
    first = next(line for line in lines if line.startswith("AL-01\t"))
    assert "include_self" in first and "…" not in first


@pytest.mark.parametrize("command", [["games"], ["components", "gentoo"]])
def test_format_option_chooses_table_tsv_or_json(command: list[str]) -> None:
    """In this process (tests/in_process.py): the pipe's own default is checked above."""
    table = run_pnp(*command, "--format", "table").stdout
    tsv = run_pnp(*command, "--format", "tsv").stdout
    assert "┃" in table and "\t" not in table
    assert "\t" in tsv and "┃" not in tsv
    assert run_pnp(*command, "--format", "json").stdout == run_pnp(*command, "--json").stdout


def test_render_json_lists_the_files_written(tmp_path: Path) -> None:
    result = run_pnp(
        "render", "gentoo", "--only", "tokens", "--no-svg", "--out", str(tmp_path), "--json"
    )
    assert result.returncode == 0, result.stderr
    (game,) = json.loads(result.stdout)
    assert game["game"] == "gentoo"
    assert {Path(f["path"]).name for f in game["files"]} >= {"gentoo-tokens.pdf"}
    assert all(Path(f["path"]).stat().st_size == f["bytes"] for f in game["files"])


def test_a_reader_that_stops_early_gets_no_error(tmp_path: Path) -> None:
    """`| true` closes the pipe before render prints its summary: it ends quietly, without
    blaming the output folder."""
    render = f"{BIN / 'pnp'} render gentoo --only tokens --no-svg --out {tmp_path} --json"
    result = subprocess.run(
        ["bash", "-c", f"{render} | true"], capture_output=True, text=True, check=False
    )
    assert result.stderr == ""


def test_validate_json_gives_each_game_its_verdict() -> None:
    result = run_pnp("validate", "gentoo", "nosuch", "--json")
    assert result.returncode == 2
    gentoo, nosuch = json.loads(result.stdout)
    assert (gentoo["valid"], gentoo["pieces"], gentoo["problems"]) == (True, 142, [])
    assert not nosuch["valid"] and "unknown game 'nosuch'" in nosuch["problems"][0]
