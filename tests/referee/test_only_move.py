"""A player's only possible move is entered by the referee ("forced"), logged, shown and undone;
logs written before it did so (the player typed that move) replay and play on."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from pnpkit.components import load_game
from pnpkit.referee.checks.harness import Case, playthrough
from pnpkit.referee.engine import session as session_module
from pnpkit.referee.engine.moves import Move
from pnpkit.referee.engine.rules import Choices, Prompt, Setup
from pnpkit.referee.engine.session import ReplayError, Session, only_move
from pnpkit.referee.engine.verdict import ACCEPTED, Verdict, refuse
from pnpkit.referee.games.alpina.tests.helpers import table, without_hikers
from pnpkit.referee.log.game_log import create_log
from pnpkit.referee.log.store import header_for, load_session, writing_session
from pnpkit.referee.views.report import event_line, owed_lines
from tests.referee.toy import DiceRace, Race


class KeepSix(DiceRace):
    """The dice race where a six must be kept: after a six, `keep` is the only move."""

    def legal(self, setup: Setup, state: Race) -> list[Move]:
        moves = super().legal(setup, state)
        return [m for m in moves if m["type"] == "keep"] if state.rolled == 6 else moves

    def check(self, setup: Setup, state: Race, move: Move) -> Verdict:
        if move["type"] == "pass" and state.rolled == 6:
            return refuse("KS-1", "a six must be kept")
        return super().check(setup, state, move)


class LoadedDie(DiceRace):
    """A die that can only show six: the chance prompt has one outcome."""

    def legal(self, setup: Setup, state: Race) -> list[Move]:
        moves = super().legal(setup, state)
        return [m for m in moves if m.get("value", 6) == 6]


class Incomplete(KeepSix):
    legal_is_complete = False


class WithAlso(KeepSix):
    def also(self, setup: Setup, state: Race) -> tuple[str, ...]:
        return ("show CARD",)


class Vote(DiceRace):
    """All vote at once; in round 0 Bob may say a or b, in round 1 each has one option."""

    def initial(self, setup: Setup) -> int:
        return 0

    def prompt(self, setup: Setup, state: int) -> Prompt:
        if state >= 2:
            return Prompt("over", (), "over")
        return Prompt("simultaneous", tuple(setup.players), "all: vote NAME=CHOICE …")

    def parse(self, setup: Setup, state: int, text: str) -> Move:
        from pnpkit.referee.engine.moves import pairs

        return {"type": "vote", "votes": pairs(text.split()[1:], setup.players)}

    def text(self, setup: Setup, move: Move) -> str:
        return "vote " + " ".join(f"{p}={v}" for p, v in move["votes"].items())

    def check(self, setup: Setup, state: int, move: Move) -> Verdict:
        own = self.choices(setup, state).options
        ok = all(move["votes"].get(p) in options for p, options in own.items())
        return ACCEPTED if ok else refuse("VO-1", "not an option")

    def apply(self, setup: Setup, state: int, move: Move) -> int:
        return state + 1

    def choices(self, setup: Setup, state: int) -> Choices | None:
        if state >= 2:
            return None
        return Choices(
            "vote NAME=CHOICE …", {"Ann": ("a",), "Bob": ("a", "b") if state else ("b",)}
        )

    def legal(self, setup: Setup, state: int) -> list[Move]:
        own = self.choices(setup, state)
        if own is None:
            return []
        combos = itertools.product(*own.options.values())
        return [{"type": "vote", "votes": dict(zip(own.options, c, strict=True))} for c in combos]


def game(rules: DiceRace) -> Session:
    session = Session(Setup(load_game("alpina"), rules, "standard", ("Ann", "Bob")))
    session.advance()
    return session


def test_the_only_move_is_entered_by_the_referee_logged_and_shown() -> None:
    session = game(KeepSix())
    events = session.submit(session.parse("roll 6"))
    assert [(e["by"], e["text"]) for e in events] == [("table", "roll 6"), ("forced", "keep")]
    assert events[1]["prompt"] == "Ann: keep or pass"
    assert event_line(events[1]) == (
        "   2 forced keep  (the only move, entered by the referee — Ann: keep or pass)"
    )
    assert session.prompt().text == "Bob: roll the die"
    assert session.state.totals == (6, 0)


def test_a_choice_is_still_asked() -> None:
    session = game(KeepSix())
    assert [e["by"] for e in session.submit(session.parse("roll 5"))] == ["table"]
    assert session.prompt().text == "Ann: keep or pass"


@pytest.mark.parametrize("rules", [LoadedDie(), Incomplete(), WithAlso()], ids=type)
def test_no_forced_move_at_chance_incomplete_legal_or_unlisted_moves(rules: DiceRace) -> None:
    session = game(rules)
    assert session.prompt().kind == "chance"  # one outcome, but the table says what it was
    session.submit(session.parse("roll 6"))
    assert [e["by"] for e in session.events] == ["table"]


def test_simultaneous_choices_are_entered_only_when_each_player_has_one_option() -> None:
    session = game(Vote())
    assert [(e["by"], e["text"]) for e in session.events] == [("forced", "vote Ann=a Bob=b")]
    assert session.prompt().kind == "simultaneous"  # round 1: Bob chooses a or b
    assert only_move(session.rules, session.setup, session.state) is None


def test_undo_takes_back_the_move_before_a_forced_one_and_does_not_reenter_it() -> None:
    session = game(KeepSix())
    session.submit(session.parse("roll 3"))
    session.submit(session.parse("keep"))
    before = session.state
    session.submit(session.parse("roll 6"))
    undo = session.undo()
    assert undo["undo"] == 3  # the roll, not the forced keep after it
    assert session.state == before
    assert session.advance() == []
    assert session.prompt().text == "Bob: roll the die"


def test_replay_refuses_a_forced_move_where_the_player_had_a_choice() -> None:
    session = game(KeepSix())
    events = [
        {"seq": 1, "by": "table", "move": {"type": "roll", "value": 5}, "text": "roll 5"},
        {"seq": 2, "by": "forced", "move": {"type": "keep"}, "text": "keep"},
    ]
    with pytest.raises(ReplayError, match=r"event 2: .*not the only move"):
        session.replay(events)


def test_a_log_where_the_player_typed_the_only_move_replays_and_undoes_either_way() -> None:
    old = [
        {"seq": 1, "by": "table", "move": {"type": "roll", "value": 6}, "text": "roll 6"},
        {"seq": 2, "by": "table", "move": {"type": "keep"}, "text": "keep"},
    ]
    session = game(KeepSix())
    session.replay(old)
    assert session.state.totals == (6, 0)
    assert session.undo()["undo"] == 1  # the typed keep was no choice: back to before the roll
    typed_undo = Session(session.setup)
    typed_undo.replay([*old, {"seq": 3, "undo": 2}])  # undo as it was, of the typed keep
    assert typed_undo.advance()[0]["by"] == "forced"  # and the referee keeps the six now


@pytest.fixture(scope="module")
def old_way() -> Session:
    """An Alpina table game played as before the referee entered only moves (typed instead)."""
    unforced = pytest.MonkeyPatch()
    unforced.setattr(session_module, "only_move", lambda rules, setup, state: None)
    try:
        return playthrough(Case("alpina", 2, seed=3, digital=False))
    finally:
        unforced.undo()


def test_an_alpina_log_written_the_old_way_replays_and_plays_on(
    old_way: Session, tmp_path: Path
) -> None:
    steps = old_way._steps
    typed_only = [
        s.seq
        for before, s in itertools.pairwise(steps)
        if s.by == "table" and only_move(old_way.rules, old_way.setup, before.state) is not None
    ]
    assert typed_only, "the old game has no typed only move: the test would prove nothing"
    events = old_way.events
    cut = typed_only[0]  # the log stops just before the typed only move
    log = tmp_path / "old.jsonl"
    create_log(log, header_for(old_way.setup))
    with log.open("a") as handle:
        for event in events:
            handle.write(json.dumps(event) + "\n")
    replayed, _ = load_session(log)
    assert replayed.state == old_way.state
    result = subprocess.run(
        [sys.executable, "-m", "pnpkit", "referee", "replay", str(log)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    short = tmp_path / "short.jsonl"
    create_log(short, header_for(old_way.setup))
    with short.open("a") as handle:
        for event in events[: cut - 1]:
            handle.write(json.dumps(event) + "\n")
    assert (
        "a log written before the referee entered"
        in owed_lines(load_session(short)[0].ahead()[1], False)[0]
    )
    with writing_session(short) as (session, _, completed):
        assert [e["by"] for e in completed] == ["forced"]
        assert completed[0]["text"] == events[cut - 1]["text"]
        session.undo()
    again, _ = load_session(short)
    assert again.events[-1]["undo"] < cut  # the choice before the only move, not the only move


def test_alpinas_no_hikers_left_is_passed_by_the_referee() -> None:
    session = table(4)
    state = session.state
    session._steps[-1] = replace(session._steps[-1], state=without_hikers(state, "P1"))
    before = session.state
    events = session.submit(session.parse("play AL-01 e4"))
    forced = [e for e in events if e["by"] == "forced"]
    assert [e["text"] for e in forced] == ["pass"]
    assert "P1: no hikers left: pass" in event_line(forced[0])
    session.undo()
    assert session.state == before
