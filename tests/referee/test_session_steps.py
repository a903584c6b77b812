"""A move and the referee's own moves after it reach the log together or not at all: when the
rules fail half-way, or the log refuses an event, the session is left as the log is."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pnpkit.components import load_game
from pnpkit.referee.engine.moves import Move
from pnpkit.referee.engine.rules import Setup
from pnpkit.referee.engine.session import Session
from pnpkit.referee.engine.verdict import LogError
from pnpkit.referee.log.game_log import Event
from tests.referee.toy import DiceRace, Race


class RollFails(DiceRace):
    """The toy dice race whose die roll breaks when applied: a fault in the rules."""

    def apply(self, setup: Setup, state: Race, move: Move) -> Race:
        if move["type"] == "roll" and state.totals != (0, 0):
            raise KeyError("value")
        return super().apply(setup, state, move)


def started(rules: DiceRace, sink: list[Event]) -> Session:
    setup = Setup(load_game("alpina"), rules, "standard", ("Ann", "Bob"), seed=4)
    session = Session(replace(setup))
    session.sink = sink.extend
    session.advance()  # the referee rolls for Ann
    return session


def test_rules_failing_after_the_move_leave_the_session_and_the_log_as_they_were() -> None:
    logged: list[Event] = []
    session = started(RollFails(), logged)
    assert [e["by"] for e in logged] == ["chance"]
    before, events = session.state, list(session.events)
    with pytest.raises(KeyError):
        session.submit(session.parse("keep"))  # accepted, then the referee's roll for Bob fails
    assert session.state == before and session.events == events
    assert logged == events


def test_a_step_the_log_refuses_is_taken_back_whole_with_the_move() -> None:
    logged: list[Event] = []
    session = started(DiceRace(), logged)
    before, events = session.state, list(session.events)
    offered: list[list[Event]] = []

    def fills_up(step: list[Event]) -> None:
        offered.append(step)
        raise LogError("disk full")

    session.sink = fills_up
    with pytest.raises(LogError):
        session.submit(session.parse("keep"))  # "keep" and the roll after it: one write, refused
    assert offered[0][0]["text"] == "keep" and len(offered[0]) > 1
    assert logged == events == session.events and session.state == before
