"""`pnp render`: bad options are refused with exit 2 and nothing written; a real run writes."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pnpkit.cli import main


def _run(monkeypatch, *args: str) -> int:
    monkeypatch.setattr(sys, "argv", ["pnp", "render", *args])
    with pytest.raises(SystemExit) as exited:
        main()
    return exited.value.code or 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["gentoo", "--paper", "a3"], "a3"),
        (["gentoo", "--back-offset", "1;2"], "X,Y"),
        (["gentoo", "--back-offset", "nan,0"], "--back-offset"),  # once wrote a broken PDF
        (["gentoo", "--back-offset", "1,2,3"], "--back-offset"),
        (["gentoo", "--back-offset", "0,21"], "±20 mm"),
        (["gentoo", "--bleed", "-1"], "bleed"),
        (["gentoo", "--only", "nope"], "its groups are"),
        ([], "--all"),
        (["no-such-game"], "unknown game"),
    ],
)
def test_bad_options_exit_2_with_a_message(
    tmp_path: Path, monkeypatch, capsys, args: list[str], message: str
) -> None:
    assert _run(monkeypatch, *args, "--out", str(tmp_path)) == 2
    assert message in capsys.readouterr().err
    assert not any(tmp_path.iterdir())


def test_render_one_group_gutter_fold(tmp_path: Path, monkeypatch, capsys) -> None:
    code = _run(monkeypatch, "gentoo", "--only", "cards", "--gutter-fold", "--paper", "letter",
                "--out", str(tmp_path))  # fmt: skip
    assert code == 0, capsys.readouterr().err
    names = sorted(p.name for p in (tmp_path / "gentoo").iterdir())
    assert names == ["gentoo-cards.pdf", "gentoo-print-and-play.pdf", "svg"]
    assert not list(tmp_path.rglob("*.tmp"))
    assert "files for 1 game in" in capsys.readouterr().out


def test_paper_and_duplex_ignore_case(tmp_path: Path, monkeypatch, capsys) -> None:
    code = _run(monkeypatch, "gentoo", "--only", "tokens", "--paper", "Letter", "--duplex",
                "OFF", "--no-svg", "--out", str(tmp_path))  # fmt: skip
    assert code == 0, capsys.readouterr().err
    assert (tmp_path / "gentoo" / "gentoo-tokens.pdf").is_file()


def test_an_output_folder_that_cannot_be_made_is_named_exit_2(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    code = _run(monkeypatch, "gentoo", "--only", "tokens", "--out", str(blocker))
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith(f"error: {blocker}/gentoo: cannot be written: {blocker} is a file")
    assert "Traceback" not in err
