"""The game log: JSON Lines, a header then one event per line, fsync'd, one writer at a time.

Line 1 is the header (game, variant, players, options, rules version, component-data hash, seed).
Every later line is an event with `seq` 1, 2, 3 … A last line without its newline that is not a
whole JSON object is a torn write from a crash: it is dropped with a warning (and cut off before
the next append); a whole one is kept. Any other damage is refused with the file and line, and
never repaired: a line that is not JSON, or holds a number of more than MAX_DIGITS digits, NaN,
text that is not UTF-8 (a lone surrogate), or values nested more than MAX_NESTING deep. A file
whose first line is not a log's header is not a log at all, and is reported as such.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnpkit.referee.engine.moves import MAX_DIGITS
from pnpkit.referee.engine.verdict import LogError

KIND = "pnpkit-referee-log"
FORMAT = 1
LOCK_WAIT = 3.0
MAX_NESTING = 16
"""How deep the JSON of a line may nest; the referee's own events nest four deep."""
_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F]")

Event = dict[str, Any]


@dataclass(frozen=True)
class Header:
    """What a log was recorded with; a log is only replayed against the same component data."""

    game: str
    variant: str
    players: tuple[str, ...]
    rules_version: str
    data_hash: str
    seed: int | None = None
    options: dict[str, str] = field(default_factory=dict)
    source: str = ""
    """The game's directory when it is not a bundled game."""

    def to_json(self) -> dict[str, Any]:
        """The header line's object."""
        data: dict[str, Any] = {
            "log": KIND,
            "format": FORMAT,
            "game": self.game,
            "variant": self.variant,
            "players": list(self.players),
            "rules_version": self.rules_version,
            "data_hash": self.data_hash,
            "seed": self.seed,
            "options": self.options,
        }
        if self.source:
            data["source"] = self.source
        return data

    @classmethod
    def from_json(cls, data: Any, where: str) -> Header:
        """The header from line 1; LogError if it is not a referee log's header."""
        if not isinstance(data, dict) or data.get("log") != KIND:
            raise LogError(f"{where}: not a pnpkit referee log (line 1 is not its header)")
        if data.get("format") != FORMAT:
            raise LogError(f"{where}: log format {data.get('format')!r}; this referee reads 1")
        missing = [
            k for k in ("game", "variant", "players", "rules_version", "data_hash") if k not in data
        ]
        if missing:
            raise LogError(f"{where}: the header lacks {', '.join(missing)}")
        players, seed, options = data["players"], data.get("seed"), data.get("options", {})
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise LogError(
                f"{where}: the header's players must be a list of names, not {players!r}"
            )
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise LogError(
                f"{where}: the header's seed must be a whole number or null, not {seed!r}"
            )
        if not isinstance(options, dict):
            raise LogError(f"{where}: the header's options must be an object, not {options!r}")
        return cls(
            game=str(data["game"]),
            variant=str(data["variant"]),
            players=tuple(players),
            rules_version=str(data["rules_version"]),
            data_hash=str(data["data_hash"]),
            seed=seed,
            options={str(k): str(v) for k, v in options.items()},
            source=str(data.get("source", "")),
        )


@dataclass
class LogContents:
    """A log as read: header, events, warnings, the length of its intact part in bytes, and
    whether its last line, though whole, lacks its newline."""

    header: Header
    events: list[Event]
    warnings: list[str]
    intact: int
    unterminated: bool = False


def _line(data: dict[str, Any]) -> bytes:
    return (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def parse_log(data: bytes, path: Path) -> LogContents:
    """Header and events of a log's bytes; LogError on damage before the last line."""
    warnings: list[str] = []
    intact, unterminated = len(data), False
    if data and not data.endswith(b"\n"):
        cut = data.rfind(b"\n") + 1
        if not cut or _complete(data[cut:]):
            data, unterminated = data + b"\n", True
        else:
            lineno = data.count(b"\n") + 1
            warnings.append(
                f"{path}:{lineno}: dropped an incomplete last line (a write cut short by a crash)"
            )
            data, intact = data[:cut], cut
    lines = data.split(b"\n")[:-1] if data else []
    if not lines:
        raise LogError(f"{path}: empty; not a referee log")
    parsed: list[Any] = []
    for number, raw in enumerate(lines, start=1):
        try:
            parsed.append(decoded(raw))
        except ValueError as exc:
            if number == 1:
                raise LogError(
                    f"{path}:1: not a pnpkit referee log (line 1 is not its header: {exc})"
                ) from None
            raise LogError(
                f"{path}:{number}: damaged line ({exc}); the log is refused, not repaired — "
                "restore it from a backup or remove the damaged lines by hand"
            ) from None
    header = Header.from_json(parsed[0], f"{path}:1")
    events: list[Event] = parsed[1:]
    for number, event in enumerate(events, start=1):
        if (
            not isinstance(event, dict)
            or type(event.get("seq")) is not int
            or event["seq"] != number
        ):
            raise LogError(
                f"{path}:{number + 1}: expected event number {number} (a line is missing, "
                "repeated or altered); the log is refused"
            )
    return LogContents(header, events, warnings, intact, unterminated)


def _complete(line: bytes) -> bool:
    """Whether a last line without its newline is nonetheless a whole JSON object (kept)."""
    try:
        return isinstance(decoded(line), dict)
    except ValueError:
        return False


def decoded(line: bytes) -> Any:
    """The JSON value of one line; ValueError saying why if it is not one a log can hold."""
    try:
        value = _DECODER.decode(line.decode("utf-8-sig"))
    except RecursionError:
        raise ValueError(f"nested more than {MAX_NESTING} deep") from None
    if line.count(b"[") + line.count(b"{") > MAX_NESTING and _depth(value) > MAX_NESTING:
        raise ValueError(f"nested more than {MAX_NESTING} deep")
    if _SURROGATE.search(line):
        try:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError("a lone surrogate (\\ud800-\\udfff) is not text") from None
    return value


def _whole_number(digits: str) -> int:
    count = len(digits.lstrip("-"))
    if count > MAX_DIGITS:
        raise ValueError(f"a number of {count} digits; at most {MAX_DIGITS}")
    return int(digits)


def _not_a_number(word: str) -> Any:
    raise ValueError(f"{word} is not a JSON number")


_DECODER = json.JSONDecoder(parse_int=_whole_number, parse_constant=_not_a_number)


def _depth(value: Any) -> int:
    """How deep lists and objects nest in `value`, counted without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack and deepest <= MAX_NESTING:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            stack.extend((child, depth + 1) for child in _children(item))
    return deepest


def _children(item: dict[str, Any] | list[Any]) -> Any:
    return item.values() if isinstance(item, dict) else item


def read_log(path: Path) -> LogContents:
    """Read a log without locking it (for commands that only look)."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise _unopened(path, exc) from None
    return parse_log(data, Path(path))


def read_log_if_idle(path: Path) -> LogContents | None:
    """Read a log unless a writer holds its lock now (then None: try again a little later), so
    that a reader following the log never sees part of a move's events."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError as exc:
        raise _unopened(path, exc) from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return None
        data = os.pread(fd, os.fstat(fd).st_size, 0)
    finally:
        os.close(fd)
    return parse_log(data, Path(path))


def _unopened(path: Path, exc: OSError) -> LogError:
    if isinstance(exc, FileNotFoundError):
        return LogError(f"{path}: no such log; start one with `referee new`")
    return LogError(f"{path}: cannot open the log ({exc.strerror or exc})")


def create_log(path: Path, header: Header, events: Sequence[Event] = ()) -> None:
    """Write a new log holding its header and `events`; refuse to overwrite an existing file.
    All or nothing: if the write fails (a full disk), no file is left to block the name."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise LogError(f"{path}: cannot make its folder ({exc.strerror or exc})") from None
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:
        raise LogError(f"{path}: already exists; choose another --log or remove it") from None
    except OSError as exc:
        raise LogError(f"{path}: cannot create the log ({exc.strerror or exc})") from None
    _write_new(fd, path, header, events)


def create_numbered_log(stem: Path, header: Header, events: Sequence[Event] = ()) -> Path:
    """Create `STEM.jsonl`, or `STEM-2.jsonl`, `STEM-3.jsonl` … if taken; the path created.

    Each name is claimed with O_EXCL, so two referees started in the same second never share
    a log."""
    for number in range(1, 10_000):
        path = stem.with_name(f"{stem.name}{'' if number == 1 else f'-{number}'}.jsonl")
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            continue
        except OSError as exc:
            raise LogError(f"{path}: cannot create the log ({exc.strerror or exc})") from None
        _write_new(fd, path, header, events)
        return path
    raise LogError(f"{stem}-*.jsonl: no free name; give one with --log")


def _write_new(fd: int, path: Path, header: Header, events: Sequence[Event]) -> None:
    """Fill a just-created log in one write; on failure remove it, so the name stays free."""
    data = _line(header.to_json()) + b"".join(_line(event) for event in events)
    try:
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as exc:
        with contextlib.suppress(OSError):
            path.unlink()
        raise LogError(
            f"{path}: cannot write the new log ({exc.strerror or exc}); no log is left"
        ) from None


class LogWriter:
    """A log opened for appending under an exclusive lock."""

    def __init__(self, fd: int, contents: LogContents, path: Path):
        self._fd = fd
        self._path = path
        self.contents = contents
        self._torn = len(contents.warnings) > 0

    def append(self, event: Event) -> None:
        """Append one event and fsync it (see `append_all`)."""
        self.append_all([event])

    def append_all(self, events: Sequence[Event]) -> None:
        """Append events in one write and fsync them; their seqs must follow the last one.

        All or nothing: LogError if the system refuses the write (a full disk), and then the log
        is cut back to its length before the call (and fsync'd), so none of them is recorded and
        nothing half-written stays in it.
        """
        if not events:
            return
        first = len(self.contents.events) + 1
        for offset, event in enumerate(events):
            if event.get("seq") != first + offset:
                raise ValueError(f"event seq {event.get('seq')} where {first + offset} comes next")
        data = b"".join(_line(event) for event in events)
        if self.contents.unterminated:
            data = b"\n" + data
        try:
            if self._torn:
                os.ftruncate(self._fd, self.contents.intact)
                self._torn = False
            end = os.lseek(self._fd, 0, os.SEEK_END)
            try:
                _write_all(self._fd, data)
                os.fsync(self._fd)
            except OSError:
                os.ftruncate(self._fd, end)
                os.fsync(self._fd)
                raise
        except OSError as exc:
            last = first + len(events) - 1
            which = f"event {first}" if last == first else f"events {first}–{last}"
            raise LogError(
                f"{self._path}: cannot write {which} ({exc.strerror or exc}); "
                "the log is as it was before this command: none of "
                f"{'it' if last == first else 'them'} is recorded"
            ) from None
        self.contents.unterminated = False
        self.contents.events.extend(events)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


@contextlib.contextmanager
def open_for_append(path: Path) -> Iterator[LogWriter]:
    """Lock the log (waiting a little for another writer), read it, and yield a writer."""
    try:
        fd = os.open(path, os.O_RDWR)
    except OSError as exc:
        raise _unopened(path, exc) from None
    try:
        deadline = time.monotonic() + LOCK_WAIT
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise LogError(
                        f"{path}: another referee is writing to this log (is a `referee play` "
                        "prompt open on it?); try again when it is done"
                    ) from None
                time.sleep(0.05)
        size = os.fstat(fd).st_size
        data = os.pread(fd, size, 0)
        yield LogWriter(fd, parse_log(data, Path(path)), Path(path))
    finally:
        os.close(fd)
