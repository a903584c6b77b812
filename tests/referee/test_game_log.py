"""The log file: header, sequence numbers, fsync'd appends, the lock, torn and damaged lines."""

from __future__ import annotations

import errno
import json
import multiprocessing
import os
import shutil
from pathlib import Path

import pytest

from pnpkit.components import load_game
from pnpkit.referee.engine.verdict import LogError
from pnpkit.referee.log.game_log import (
    Header,
    create_log,
    create_numbered_log,
    open_for_append,
    read_log,
)
from pnpkit.referee.log.store import load_session, make_setup, new_game
from tests.in_process import run_pnp

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
    monkeypatch.setattr("pnpkit.referee.log.game_log.LOCK_WAIT", 0.2)
    ready, release = multiprocessing.Event(), multiprocessing.Event()
    holder = multiprocessing.Process(target=_hold_lock, args=(str(log), ready, release))
    holder.start()
    try:
        assert ready.wait(10)
        with (
            pytest.raises(
                LogError,
                match=r"another referee is writing to this log \(is a `referee play` prompt open",
            ),
            open_for_append(log),
        ):
            pass
    finally:
        release.set()
        holder.join(10)


def test_a_whole_last_line_without_its_newline_is_kept(log: Path) -> None:
    log.write_bytes(log.read_bytes().rstrip(b"\n"))  # an editor that drops the final newline
    contents = read_log(log)
    assert [e["seq"] for e in contents.events] == [1, 2, 3]
    assert contents.warnings == []
    with open_for_append(log) as writer:
        writer.append(_event(4))
    assert [e["seq"] for e in read_log(log).events] == [1, 2, 3, 4]
    assert log.read_bytes().endswith(b'"text":"pass"}\n')


def test_events_appended_together_are_recorded_all_or_none(
    log: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = log.read_bytes()
    real_write = os.write
    room = len(json.dumps(_event(4), separators=(",", ":"))) + 1  # the first event fits

    def fills_after_room(fd: int, data) -> int:  # type: ignore[no-untyped-def]
        nonlocal room
        if room == 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        written = real_write(fd, bytes(data[:room]))
        room -= written
        return written

    with open_for_append(log) as writer:
        monkeypatch.setattr(os, "write", fills_after_room)
        with pytest.raises(LogError, match=r"cannot write events 4–5 .*none of them is recorded"):
            writer.append_all([_event(4), _event(5)])
        monkeypatch.undo()
        assert len(writer.contents.events) == 3
    assert log.read_bytes() == before


def test_a_new_log_that_cannot_be_written_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def disk_full(fd: int, data) -> int:  # type: ignore[no-untyped-def]
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", disk_full)
    path = tmp_path / "new.jsonl"
    with pytest.raises(LogError, match=r"cannot write the new log .*no log is left"):
        create_log(path, HEADER, [_event(1)])
    assert not path.exists()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players": "AnnBob"}, "the header's players must be a list of names"),
        ({"seed": "7"}, "the header's seed must be a whole number or null"),
        ({"options": ["x"]}, "the header's options must be an object"),
        ({"game": None, "variant": None}, "the header lacks game, variant"),
    ],
)
def test_a_garbled_header_is_refused_with_the_line(log: Path, change: dict, message: str) -> None:
    lines = log.read_text().splitlines(keepends=True)
    header = json.loads(lines[0]) | change
    lines[0] = json.dumps({k: v for k, v in header.items() if k not in change or v is not None})
    log.write_text(lines[0] + "\n" + "".join(lines[1:]))
    with pytest.raises(LogError, match=f":1: {message}"):
        read_log(log)


def test_an_altered_sequence_number_is_refused(log: Path) -> None:
    lines = log.read_text().splitlines(keepends=True)
    lines[1] = lines[1].replace('"seq":1', '"seq":true')
    log.write_text("".join(lines))
    with pytest.raises(LogError, match=r":2: expected event number 1"):
        read_log(log)


def test_a_failed_write_records_nothing_and_leaves_no_half_line(
    log: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = log.read_bytes()
    real_write = os.write

    def disk_fills(fd: int, data) -> int:  # type: ignore[no-untyped-def]
        real_write(fd, bytes(data[: len(data) // 2]))
        raise OSError(errno.ENOSPC, "No space left on device")

    with open_for_append(log) as writer:
        monkeypatch.setattr(os, "write", disk_fills)
        with pytest.raises(LogError, match="cannot write event 4 \\(No space left on device\\)"):
            writer.append(_event(4))
        monkeypatch.undo()
        assert len(writer.contents.events) == 3
    assert log.read_bytes() == before


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"variant": "nope"}, "the header's set-up is refused: unknown variant 'nope'"),
        ({"players": ["Ann"]}, "the header's set-up is refused: Alpina is for 2–4 players"),
        ({"game": "alpine"}, "the header's game: unknown game 'alpine'"),
    ],
)
def test_a_header_that_does_not_fit_its_game_names_the_log(
    tmp_path: Path, change: dict, message: str
) -> None:
    path = tmp_path / "alpina.jsonl"
    new_game(path, make_setup(load_game("alpina"), ["Ann", "Bob"]))
    header = json.loads(path.read_text()) | change
    path.write_text(json.dumps(header) + "\n")
    with pytest.raises(LogError, match=f"^{path}:1: {message}"):
        load_session(path)


def test_a_path_that_cannot_be_a_log_is_refused_with_the_reason(tmp_path: Path) -> None:
    with pytest.raises(LogError, match=r"cannot open the log \(Is a directory\)"):
        read_log(tmp_path)
    with (
        pytest.raises(LogError, match=r"cannot open the log \(Is a directory\)"),
        open_for_append(tmp_path),
    ):
        pass
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(LogError, match=r"file/x.jsonl: cannot make its folder"):
        create_log(blocker / "x.jsonl", HEADER)


def _claim(stem: str, found) -> None:  # type: ignore[no-untyped-def]
    found.put(str(create_numbered_log(Path(stem), HEADER)))


def test_default_log_names_never_collide(tmp_path: Path) -> None:
    """Referees started in the same second each get a log of their own, numbered."""
    found: multiprocessing.Queue = multiprocessing.Queue()
    workers = [
        multiprocessing.Process(target=_claim, args=(str(tmp_path / "alpina-x"), found))
        for _ in range(6)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    names = sorted(Path(found.get()).name for _ in workers)
    assert names == sorted(["alpina-x.jsonl", *(f"alpina-x-{n}.jsonl" for n in range(2, 7))])
    assert all(read_log(tmp_path / name).header == HEADER for name in names)


def test_a_game_started_inside_its_folder_logs_beside_the_folder(tmp_path: Path) -> None:
    """`referee new .` inside the game's folder: the default log cannot go here (outputs stay
    out of a game), so it goes beside the folder, and the command says where."""
    game = tmp_path / "alpina"
    shutil.copytree(load_game("alpina").directory, game)
    (game / "notes").mkdir()
    for where, target in ((game, "."), (game / "notes", "..")):
        result = run_pnp("referee", "new", target, "--players", "Ann,Bob", cwd=where)
        assert result.returncode == 0, result.stderr
        log = Path(result.stdout.split("log: ", 1)[1].splitlines()[0])
        assert log.parent == tmp_path and log.name.startswith("alpina-"), log
        assert read_log(log).header.players == ("Ann", "Bob")
    assert not list(game.rglob("*.jsonl"))
