"""No traceback for outsized input: numbers of thousands of digits in moves, position files,
`--seed` and log lines; log lines nested 100,000 deep; files that are not logs at all."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from pnpkit.components import load_game
from pnpkit.errors import PnpError
from pnpkit.referee.engine.moves import MAX_DIGITS, plain_digits
from pnpkit.referee.engine.rules import load_rules
from pnpkit.referee.engine.session import Session
from pnpkit.referee.engine.verdict import LogError, MoveRefused, MoveSyntaxError
from pnpkit.referee.log.game_log import MAX_NESTING, decoded, read_log
from pnpkit.referee.log.store import load_session, make_setup, new_game
from tests.in_process import referee

HUGE = "9" * 5000
ROOT = Path(__file__).resolve().parents[2]


run = referee  # in-process: the same entry point and error boundary as the script


def _at(game: str, players: int, kind: str) -> Session:
    """A table-mode game played at random until a move of type `kind` may be entered."""
    session = Session(make_setup(load_game(game), [f"P{n + 1}" for n in range(players)]))
    session.advance()
    rng = random.Random(kind)
    for _ in range(3000):
        legal = session.legal()
        if any(move["type"] == kind for move in legal):
            return session
        session.submit(rng.choice(legal))
    raise AssertionError(f"no {kind} prompt in {game}")


def test_plain_digits_has_at_most_max_digits() -> None:
    assert plain_digits("9" * MAX_DIGITS) and not plain_digits("9" * (MAX_DIGITS + 1))
    assert not plain_digits(HUGE) and not plain_digits("²") and not plain_digits("٣")


@pytest.mark.parametrize(
    ("game", "players", "kind", "text", "rule"),
    [
        ("nut-hunt", 2, "roll", f"roll {HUGE}", "NH-41"),
        ("ano-nuevo", 3, "travel", f"travel P1={HUGE} P2=1 P3=1", "AN-72"),
        ("ano-nuevo", 3, "display", f"display P1={HUGE} P2=1", "AN-72"),
    ],
)
def test_a_number_of_thousands_of_digits_in_a_move_is_refused(game, players, kind, text, rule):
    """NH-41, AN-72: refused as text that is not a move, not a ValueError from int()."""
    session = _at(game, players, kind)
    events = len(session.events)
    with pytest.raises(MoveRefused) as refused:
        session.enter(text)
    assert refused.value.verdict.rule == rule
    assert len(session.events) == events


def test_a_nul_in_a_gentoo_move_is_not_a_name() -> None:
    """GE-53: the mark the parser puts on names of several words cannot be typed (a traceback)."""
    session = _at("gentoo", 2, "first")
    for text in ("first \x00", "first \x005", "first \x00x", "hatch GE-EG3 \x001"):
        with pytest.raises(MoveSyntaxError, match="NUL"):
            session.parse(text)


@pytest.mark.parametrize(
    ("game", "change"),
    [
        ("ano-nuevo", ("Ann   42", f"Ann   {HUGE}")),
        ("arctic", ("penalty 2", f"penalty {HUGE}")),
        ("gentoo", ("Ann   3 2", f"Ann   3 {HUGE}")),
    ],
)
def test_a_number_of_thousands_of_digits_in_a_position_file_names_its_line(game, change) -> None:
    text = (ROOT / "docs" / "examples" / f"{game}-position.txt").read_text(encoding="utf-8")
    old, new = change
    assert old in text
    line = text[: text.index(old)].count("\n") + 1
    loaded = load_game(game)
    with pytest.raises(PnpError, match=rf"^pos\.txt:{line}: "):
        load_rules(loaded).score_position(loaded, text.replace(old, new), "pos.txt")


def test_the_command_line_refuses_outsized_numbers_without_a_traceback(tmp_path) -> None:
    pos = tmp_path / "pos.txt"
    pos.write_text(f"Ann {HUGE}\nBob 5\n")
    for args in (
        ("new", "nut-hunt", "--players", "Ann", "--seed", HUGE, "--log", tmp_path / "a.jsonl"),
        ("new", "nut-hunt", "--players", "Ann", "--seed", "9" * 19, "--log", tmp_path / "b.jsonl"),
        ("simulate", "alpina", "--seed", HUGE),
        ("score", "gentoo", "--position", pos),
    ):
        result = run(*args)
        assert result.returncode == 2, args
        assert "Traceback" not in result.stderr, args
        assert "at most 18 digits" in result.stderr or f"{pos}:1: " in result.stderr, args
    assert not (tmp_path / "a.jsonl").exists() and not (tmp_path / "b.jsonl").exists()
    log = tmp_path / "nh.jsonl"
    assert run("new", "nut-hunt", "--players", "Ann,Bob", "--log", log).returncode == 0
    refused = run("move", log, f"layout {HUGE}")
    assert refused.returncode == 1 and refused.stderr.startswith("refused: NH-41: ")


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "g.jsonl"
    new_game(path, make_setup(load_game("gentoo"), ["Ann", "Bob"], seed=4))
    return path


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ('{"seq":%d,"n":' + HUGE + "}", "a number of 5000 digits; at most 18"),
        ('{"seq":%d,"n":-' + HUGE + "}", "a number of 5000 digits; at most 18"),
        ('{"seq":%d,"n":NaN}', "NaN is not a JSON number"),
        ('{"seq":%d,"n":"\\ud800"}', "lone surrogate"),
        ('{"seq":%d,"n":' + "[" * 100_000 + "]" * 100_000 + "}", "nested more than 16 deep"),
        ('{"seq":%d,"n":' + "[" * 17 + "]" * 17 + "}", "nested more than 16 deep"),
        ("[" * 100_000, "nested more than 16 deep"),
    ],
)
def test_a_damaged_event_line_is_refused_with_its_line(log: Path, line: str, reason: str) -> None:
    """Every command that reads the log says which line, never a traceback (exit 2)."""
    lines = log.read_text().splitlines()
    log.write_text("\n".join([*lines, line.replace("%d", str(len(lines))), ""]))
    where = f"{log}:{len(lines) + 1}: damaged line"
    with pytest.raises(LogError, match=re.escape(where)) as refused:
        load_session(log)
    assert reason in str(refused.value)
    commands = [("replay", log), ("move", log, "pass"), ("show", log), ("undo", log)]
    if len(line) > len(HUGE):  # the shapes the issue found: 5000 digits, 100,000 deep
        for args in commands if "[" * 1000 in line else commands[1:2]:
            result = run(*args)
            assert result.returncode == 2 and where in result.stderr, args
            assert "Traceback" not in result.stderr


def test_nesting_up_to_the_bound_is_read() -> None:
    nested = "[" * MAX_NESTING + "]" * MAX_NESTING
    assert decoded(nested.encode()) == json.loads(nested)
    with pytest.raises(ValueError, match="nested"):
        decoded(("[" + nested + "]").encode())


def test_a_torn_last_line_with_a_huge_number_is_dropped(log: Path) -> None:
    before = read_log(log).events
    with log.open("a") as handle:
        handle.write(f'{{"seq":{len(before) + 1},"n":{HUGE}')
    contents = read_log(log)
    assert contents.events == before and "incomplete last line" in contents.warnings[0]


@pytest.mark.parametrize("ending", ["", "\n"])
def test_a_picture_written_over_a_log_is_not_a_log(log: Path, ending: str) -> None:
    """Not "empty": the file has content, it just is not a referee log."""
    log.write_text("<svg xmlns='http://www.w3.org/2000/svg'><rect/></svg>" + ending)
    with pytest.raises(LogError, match=r"g\.jsonl:1: not a pnpkit referee log"):
        read_log(log)
    result = run("show", log)
    assert result.returncode == 2 and "not a pnpkit referee log" in result.stderr


@pytest.mark.parametrize("first", ["[" * 100_000, '{"log":' + HUGE + "}"])
def test_a_first_line_that_cannot_be_read_is_not_a_log(log: Path, first: str) -> None:
    log.write_text(first + "\n")
    with pytest.raises(LogError, match=r"g\.jsonl:1: not a pnpkit referee log"):
        read_log(log)


def test_an_empty_file_is_still_called_empty(log: Path) -> None:
    log.write_bytes(b"")
    with pytest.raises(LogError, match="empty"):
        read_log(log)


def test_a_name_too_long_for_the_system_is_not_a_game_nor_a_log(log: Path) -> None:
    """os.stat's "File name too long" was a traceback wherever a game or a log is looked up."""
    name = "x" * 5000
    with pytest.raises(PnpError, match="not a game"):
        load_game(name)
    header = json.loads(log.read_text().splitlines()[0])
    log.write_text(json.dumps({**header, "game": name}) + "\n")
    with pytest.raises(LogError, match=r"g\.jsonl:1: the header's game: x+…: not a game"):
        load_session(log)
    for args in (("play", name), ("score", name)):
        result = run(*args)
        assert result.returncode == 2 and "Traceback" not in result.stderr, args
