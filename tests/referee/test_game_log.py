"""The log file: header, sequence numbers, fsync'd appends, the lock, torn and damaged lines."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path

import pytest

from pnpkit.referee.game_log import Header, create_log, open_for_append, read_log
from pnpkit.referee.verdict import LogError

HEADER = Header("alpina", "standard", ("Ann", "Bob"), "1", "abc")


def _event(seq: int) -> dict:
    return {"seq": seq, "by": "table", "move": {"type": "pass"}, "text": "pass"}


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "game.jsonl"
    create_log(path, HEADER)
    with open_for_append(path) as writer:
        for seq in (1, 2, 3):
            writer.append(_event(seq))
    return path


def test_header_and_events_round_trip(log: Path) -> None:
    contents = read_log(log)
    assert contents.header == HEADER
    assert [e["seq"] for e in contents.events] == [1, 2, 3]
    assert contents.warnings == []
    first = json.loads(log.read_text().splitlines()[0])
    assert first["log"] == "pnpkit-referee-log" and first["data_hash"] == "abc"


def test_new_log_refuses_to_overwrite(log: Path) -> None:
    with pytest.raises(LogError, match="already exists"):
        create_log(log, HEADER)


def test_torn_last_line_is_dropped_with_a_warning_and_cut_before_the_next_append(
    log: Path,
) -> None:
    with log.open("ab") as handle:
        handle.write(b'{"seq":4,"by":"tab')
    contents = read_log(log)
    assert [e["seq"] for e in contents.events] == [1, 2, 3]
    assert "line 5" in contents.warnings[0] or ":5:" in contents.warnings[0]
    with open_for_append(log) as writer:
        writer.append(_event(4))
    assert [e["seq"] for e in read_log(log).events] == [1, 2, 3, 4]
    assert read_log(log).warnings == []


def test_damage_before_the_last_line_is_refused_with_the_line(log: Path) -> None:
    lines = log.read_text().splitlines(keepends=True)
    lines[2] = '{"seq": 2, "by": oops\n'
    log.write_text("".join(lines))
    with pytest.raises(LogError, match=r":3: damaged line"):
        read_log(log)


def test_a_missing_line_is_refused(log: Path) -> None:
    lines = log.read_text().splitlines(keepends=True)
    del lines[2]
    log.write_text("".join(lines))
    with pytest.raises(LogError, match=r":3: expected event number 2"):
        read_log(log)


def test_a_foreign_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text('{"hello": 1}\n')
    with pytest.raises(LogError, match="not a pnpkit referee log"):
        read_log(path)


def _hold_lock(path: str, ready, release) -> None:  # type: ignore[no-untyped-def]
    with open_for_append(Path(path)):
        ready.set()
        release.wait(10)


def test_one_writer_at_a_time(log: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("pnpkit.referee.game_log.LOCK_WAIT", 0.2)
    ready, release = multiprocessing.Event(), multiprocessing.Event()
    holder = multiprocessing.Process(target=_hold_lock, args=(str(log), ready, release))
    holder.start()
    try:
        assert ready.wait(10)
        with pytest.raises(LogError, match="another referee is writing"), open_for_append(log):
            pass
    finally:
        release.set()
        holder.join(10)
