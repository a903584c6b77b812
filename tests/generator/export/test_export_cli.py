"""`pnp export` on the command line: bad options exit 2 with a message and write nothing; a real
run reports what it wrote (a summary, or JSON)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from pnpkit.cli import main


def _run(monkeypatch, *args: str) -> int:
    monkeypatch.setattr(sys, "argv", ["pnp", "export", *args])
    with pytest.raises(SystemExit) as exited:
        main()
    return exited.value.code or 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["gentoo"], "choose at least one of --png"),
        (["gentoo", "--png", "--bleed", "3", "--trim"], "not both"),
        (["gentoo", "--shop", "kinkos"], "unknown print shop 'kinkos'"),
        (["gentoo", "--shop", "custom", "--dpi", "300"], "--bleed MM and --dpi N"),
        (["gentoo", "--shop", "drivethrucards", "--bleed", "2"], "go with --shop custom"),
        (["gentoo", "--png", "--dpi", "5"], "--dpi"),
        (["gentoo", "--png", "--bleed", "11"], "--bleed"),
        (["gentoo", "--png", "--only", "nope"], "its groups are"),
        (["no-such-game", "--png"], "unknown game"),
    ],
)
def test_bad_options_exit_2_with_a_message(
    tmp_path: Path, monkeypatch, capsys, args: list[str], message: str
) -> None:
    assert _run(monkeypatch, *args, "--out", str(tmp_path)) == 2
    assert message in capsys.readouterr().err
    assert not any(tmp_path.iterdir())


def test_an_output_folder_inside_the_game_is_refused(monkeypatch, capsys) -> None:
    from pnpkit.components import resolve_game

    inside = resolve_game("gentoo") / "exports"
    assert _run(monkeypatch, "gentoo", "--png", "--out", str(inside)) == 2
    assert "inside the game directory" in capsys.readouterr().err
    assert not inside.exists()


def test_json_lists_every_file_written(tmp_path: Path, monkeypatch, capsys) -> None:
    code = _run(monkeypatch, "gentoo", "--png", "--tts", "--dpi", "30", "--only", "tokens",
                "--out", str(tmp_path), "--json")  # fmt: skip
    assert code == 0
    (report,) = json.loads(capsys.readouterr().out)
    assert report["game"] == "gentoo" and report["warnings"] == []
    paths = {Path(f["path"]) for f in report["files"]}
    assert paths == {p for p in tmp_path.rglob("*") if p.is_file()}
    kinds = {f["kind"] for f in report["files"]}
    assert kinds == {"png", "tts-json"}


def test_summary_names_folders_and_files(tmp_path: Path, monkeypatch, capsys) -> None:
    code = _run(monkeypatch, "gentoo", "--png", "--showcase", "--dpi", "30", "--only", "tokens",
                "--out", str(tmp_path))  # fmt: skip
    assert code == 0
    out = capsys.readouterr().out
    assert f"{tmp_path}/gentoo/png/tokens/ (52 PNG)" in out
    assert f"{tmp_path}/gentoo/showcase/tokens.png  showcase" in out
    assert "53 files for 1 game in" in out
