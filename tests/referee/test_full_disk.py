"""A full disk under a referee log: `new` leaves no log behind, and a move with the referee's
follow-up reaches the log whole or not at all, never with a traceback."""

from __future__ import annotations

from pathlib import Path

from pnpkit.referee.log.game_log import read_log
from tests.confined import confined

FILL = "cat /dev/zero > M/fill 2>/dev/null"


def test_new_on_a_full_disk_leaves_no_log_to_block_the_name(tmp_path: Path) -> None:
    script = f"{FILL}; pnp referee new alpina --players Ann,Bob --log M/new.jsonl; echo rc=$?; ls M"
    done = confined(script, tmp_path / "M", size="64k", cwd=tmp_path)
    assert "rc=2" in done.stdout, done.stdout + done.stderr
    assert "Traceback" not in done.stderr and "No space left on device" in done.stderr
    assert "no log is left" in done.stderr, done.stderr
    assert "new.jsonl" not in done.stdout


def test_a_move_on_a_full_disk_is_recorded_whole_or_not_at_all(tmp_path: Path) -> None:
    """The disk's last free bytes (here: a file-size limit of 512 bytes, which a tmpfs's page-sized
    blocks cannot give) take part of a move's events; the log is cut back to before it."""
    moves = ["start AL-20", "first Ann", "play AL-01 e4"]
    script = "pnp referee new alpina --players Ann,Bob --log M/g.jsonl && ulimit -f 1"
    for number, move in enumerate(moves):
        script += (
            f"\ncp M/g.jsonl before{number}.jsonl; pnp referee move M/g.jsonl '{move}' "
            f"2>err{number}; echo $? > rc{number}; cp M/g.jsonl after{number}.jsonl"
        )
    done = confined(script, tmp_path / "M", size="64k", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    codes = [(tmp_path / f"rc{n}").read_text().strip() for n in range(len(moves))]
    assert "2" in codes, codes  # the log cannot grow: some move is refused
    for number, code in enumerate(codes):
        before, after = (tmp_path / f"{kind}{number}.jsonl" for kind in ("before", "after"))
        error = (tmp_path / f"err{number}").read_text()
        assert "Traceback" not in error, error
        assert read_log(after).warnings == []  # no half-written line
        if code == "2":
            assert after.read_bytes() == before.read_bytes()
            assert "is recorded" not in error or "none of" in error, error
            assert "File too large" in error, error
        else:
            assert code == "0" and after.read_bytes().startswith(before.read_bytes()), error
