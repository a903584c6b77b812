"""Fuzzing every way text reaches the referee: typed moves (through the engine's own `parse` and
`check`, at the start and in the middle of games of every bundled game), position files, and log
lines. Whatever the text — any unicode, control characters, NUL, lone surrogates, numbers of
thousands of digits, brackets nested thousands deep — the only exceptions are the project's own
(MoveSyntaxError for a move, PnpError/LogError for a file). A few examples each under `make test`,
many more under `make soak` (PNPKIT_SOAK=1).
"""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnpkit.components import load_game
from pnpkit.errors import PnpError
from pnpkit.referee.checks.harness import fuzz_examples
from pnpkit.referee.engine.rules import load_rules
from pnpkit.referee.engine.session import Session
from pnpkit.referee.engine.verdict import LogError, MoveSyntaxError, Verdict
from pnpkit.referee.log.game_log import parse_log
from pnpkit.referee.log.store import header_for, load_session, make_setup

EXAMPLES = fuzz_examples(10)
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
ROOT = Path(__file__).resolve().parents[2]
EXAMPLES_DIR = ROOT / "docs" / "examples"
LANTERNS = str(EXAMPLES_DIR / "lanterns")
"""The example game whose rules come from a package of its own (installed by `make`)."""
TABLES = [
    ("alpina", 2),
    ("ano-nuevo", 3),
    ("arctic", 2),
    ("gentoo", 2),
    ("nut-hunt", 1),
    ("nut-hunt", 3),
    (LANTERNS, 2),
]
"""Each game with a player count; each is fuzzed in digital and table mode at several depths."""
POSITIONS = {game: EXAMPLES_DIR / f"{game}-position.txt" for game, _ in TABLES[:-1]}
POSITIONS[LANTERNS] = EXAMPLES_DIR / "lanterns" / "position-example.txt"
DEPTHS = (0, 9, 40)
HUGE = "9" * 5000
DEEP = "[" * 100_000
ODD = ["=", ":", ">", ",", "?", "*", "#", "\x00", "\ud800", "\ufeff", "\u0663", "²", "-1", HUGE]

any_char = st.characters(exclude_categories=())
"""Every code point, lone surrogates and control characters included."""


@functools.cache
def _session(game: str, players: int, digital: bool, depth: int) -> Session:
    """A game `depth` random legal moves in (fewer if it ends sooner)."""
    names = [f"P{n + 1}" for n in range(players)]
    setup = make_setup(load_game(game), names, seed=7 if digital else None)
    session = Session(setup)
    session.advance()
    rng = random.Random(f"{game}/{players}/{digital}/{depth}")
    for _ in range(depth):
        if session.prompt().kind == "over":
            break
        session.submit(rng.choice(session.legal()))
    return session


def _vocabulary(session: Session) -> list[str]:
    """Words that mean something in the game now: its legal moves', names, IDs, keywords."""
    words = {w for m in session.legal()[:200] for w in session.text(m).split()}
    words |= {w for s in session.rules.syntax for w in s.form.split()}
    words |= set(session.setup.players) | {f"{p}=" for p in session.setup.players}
    words |= {c.id for c in session.setup.game.components()}
    return sorted(words)


def _typed(vocabulary: list[str]) -> st.SearchStrategy[str]:
    word = st.one_of(
        st.sampled_from(vocabulary),
        st.sampled_from(ODD),
        st.text(any_char, max_size=6),
        st.integers(-(10**40), 10**40).map(str),
    )
    joint = st.sampled_from([" ", " ", " ", "=", ":", ""])
    return st.lists(st.tuples(word, joint), max_size=8).map(
        lambda parts: "".join(w + j for w, j in parts)
    )


SESSIONS = [(g, n, d, k) for g, n in TABLES for d in (True, False) for k in DEPTHS]


def _name(where: tuple) -> str:
    game, players, digital, depth = where
    mode = "digital" if digital else "table"
    return f"{Path(game).name}-{players}p-{mode}-{depth}"


@pytest.mark.parametrize("where", SESSIONS, ids=_name)
@FUZZ
@given(data=st.data())
def test_fuzz_moves_are_parsed_and_checked_without_crashing(where, data) -> None:
    session = _session(*where)
    text = data.draw(_typed(_vocabulary(session)), label="move")
    try:
        move = session.parse(text)
    except MoveSyntaxError:
        return
    verdict = session.check(move)
    assert isinstance(verdict, Verdict)
    if verdict.ok:
        assert isinstance(session.text(move), str)


@pytest.mark.parametrize("game", sorted(POSITIONS), ids=lambda game: Path(game).name)
@FUZZ
@given(data=st.data())
def test_fuzz_position_files_are_read_without_crashing(game, data) -> None:
    """Each game's example position file with lines changed, added and dropped at random."""
    lines = POSITIONS[game].read_text(encoding="utf-8").splitlines()
    words = sorted({w for line in lines for w in line.split()})
    typed = _typed(words)
    for _ in range(data.draw(st.integers(1, 4), label="changes")):
        at = data.draw(st.integers(0, len(lines)), label="line")
        change = data.draw(st.sampled_from(["replace", "insert", "drop", "word"]), label="change")
        if change == "drop" and lines:
            del lines[min(at, len(lines) - 1)]
        elif change == "word" and at < len(lines) and lines[at].split():
            parts = lines[at].split()
            index = data.draw(st.integers(0, len(parts) - 1), label="word")
            parts[index] = data.draw(st.sampled_from([*ODD, *words]), label="by")
            lines[at] = " ".join(parts)
        else:
            new = data.draw(typed, label="text")
            lines[at : at + (change == "replace")] = [new]
    text = "\n".join(lines)
    game_data = load_game(game)
    try:
        sheet = load_rules(game_data).score_position(game_data, text, "pos.txt")
    except PnpError as exc:
        assert "pos.txt" in str(exc)
        return
    assert sheet.winners


json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**20), 10**20),
        st.floats(),
        st.text(any_char, max_size=6),
    ),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)


def _raw_line() -> st.SearchStrategy[bytes]:
    """A line that may or may not be JSON: bytes, huge numbers, deep nesting, NUL."""
    return st.one_of(
        st.binary(max_size=40),
        st.text(any_char, max_size=40).map(lambda t: t.encode("utf-8", "surrogatepass")),
        st.sampled_from(
            [
                HUGE.encode(),
                b'{"seq":1,"n":' + HUGE.encode() + b"}",
                b'{"seq":1,"n":-' + HUGE.encode() + b"}",
                DEEP.encode(),
                b'{"a":' * 50_000,
                b"NaN",
                b'{"seq":1,"n":Infinity}',
                b"\x00",
                b"<svg xmlns='http://www.w3.org/2000/svg'>",
            ]
        ),
        json_values.map(lambda v: json.dumps(v).encode()),
    )


@FUZZ
@given(
    lines=st.lists(_raw_line(), max_size=4),
    header=st.booleans(),
    torn=st.booleans(),
)
def test_fuzz_log_lines_are_read_without_crashing(tmp_path_factory, lines, header, torn) -> None:
    """Any bytes after (or instead of) a header: LogError naming the file, or a log."""
    setup = make_setup(load_game("gentoo"), ["Ann", "Bob"], seed=1)
    first = [json.dumps(header_for(setup).to_json()).encode()] if header else []
    data = b"\n".join([*first, *lines]) + (b"" if torn else b"\n")
    path = tmp_path_factory.mktemp("log") / "fuzz.jsonl"
    path.write_bytes(data)
    try:
        parse_log(data, path)
        load_session(path)
    except LogError as exc:
        assert str(path) in str(exc)


@functools.cache
def _move_keys(game: str, players: int) -> tuple[list[str], list[str]]:
    """The move types and argument names a game's moves use."""
    types, keys = set(), set()
    for digital in (True, False):
        session = _session(game, players, digital, DEPTHS[-1])
        for event in session.events:
            move = event.get("move", {})
            types.add(move.get("type"))
            keys |= set(move)
    return sorted(t for t in types if t), sorted(keys)


@pytest.mark.parametrize("where", SESSIONS[::3], ids=_name)
@FUZZ
@given(data=st.data())
def test_fuzz_logged_moves_are_replayed_without_crashing(tmp_path_factory, where, data) -> None:
    """A log whose last event is a move altered by hand: replayed, or refused with its line."""
    session = _session(*where)
    types, keys = _move_keys(where[0], where[1])
    value = st.one_of(json_values, st.sampled_from(_vocabulary(session)))
    move = data.draw(
        st.fixed_dictionaries(
            {"type": st.sampled_from(types)}, optional={k: value for k in keys if k != "type"}
        )
        | st.dictionaries(st.sampled_from(keys), value),
        label="move",
    )
    by = data.draw(st.sampled_from(["table", "chance", "rules"]), label="by")
    event = {"seq": len(session.events) + 1, "by": by, "move": move}
    lines = [header_for(session.setup).to_json(), *session.events, event]
    path = tmp_path_factory.mktemp("log") / "fuzz.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    try:
        load_session(path)
    except LogError as exc:
        assert str(path) in str(exc)
