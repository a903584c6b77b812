"""Nut Hunt through the `referee` command: a damaged log, the table picture, position files."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REFEREE = Path(sys.executable).parent / "referee"
LAYOUT = "layout WIL MUC OAK HRT PIN HAZ WAL MOU RAB BIR HIC TOA FRG BAD MOS FER BRA OWL TAN"


def run(*args: object) -> subprocess.CompletedProcess:
    return subprocess.run([REFEREE, *map(str, args)], capture_output=True, text=True, check=False)


def test_a_log_with_an_unknown_tile_is_refused_with_its_line(tmp_path: Path) -> None:
    """NH-10: a move edited by hand into nonsense makes the log unusable (exit 2), no traceback."""
    log = tmp_path / "g.jsonl"
    assert run("new", "nut-hunt", "--players", "Ann,Bob", "--log", log).returncode == 0
    for move in (LAYOUT, "first Ann", "place wil walnut walnut"):
        assert run("move", log, move).returncode == 0
    log.write_text(log.read_text().replace('"tile":"NH-WIL"', '"tile":"NH-XXX"'))
    result = run("show", log)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f"{log}:4:" in result.stderr and "not a Nut Hunt move" in result.stderr


def test_nh_3_legal_names_the_early_show_it_leaves_out(tmp_path: Path) -> None:
    import json

    table, digital = tmp_path / "table.jsonl", tmp_path / "digital.jsonl"
    run("new", "nut-hunt", "--players", "Ann,Bob", "--log", table)
    run("new", "nut-hunt", "--players", "Ann,Bob", "--seed", "1", "--log", digital)
    listed = run("legal", table)
    assert "(also: NAME: show CARD, an objective shown before the end)" in listed.stdout
    assert json.loads(run("legal", table, "--json").stdout)["also"] == [
        "NAME: show CARD, an objective shown before the end"
    ]
    assert "also:" not in run("legal", digital).stdout  # the referee dealt: it knows them all
    assert run("move", table, "ann: show NH-O07").returncode == 0
