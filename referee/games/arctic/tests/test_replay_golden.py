"""Logs recorded before Arctic became a package (digital and table games, a few hundred moves)
replay byte for byte as they did: the same final table, score sheet and description, and the
moves the players chose, entered again, give exactly the logged events."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnpkit.referee.engine.session import TABLE, Session
from pnpkit.referee.log.game_log import read_log
from pnpkit.referee.log.store import load_session

GOLDEN = Path(__file__).parent / "golden"
LOGS = sorted(GOLDEN.glob("*.jsonl"))


def _replay_output(path: Path) -> str:
    session, warnings = load_session(path)
    assert not warnings
    setup, state, rules = session.setup, session.state, session.rules
    sheet = rules.score(setup, state)
    data = {
        "scores": {p: sheet.points[p] for p in setup.players},
        "totals": {p: sheet.total(p) for p in setup.players},
        "winners": list(sheet.winners),
        "table": rules.table(setup, state),
        "describe": rules.describe(setup, state).splitlines(),
    }
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def test_there_are_golden_logs_of_both_modes() -> None:
    assert {p.stem.split("-")[0] for p in LOGS} == {"digital", "table"}


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.stem)
def test_a_golden_log_replays_to_the_recorded_table(path: Path) -> None:
    expected = path.with_suffix(".expected.json").read_text(encoding="utf-8")
    assert _replay_output(path) == expected


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.stem)
def test_the_players_moves_entered_again_log_the_same_events(path: Path) -> None:
    logged = read_log(path).events
    session, _ = load_session(path)
    again = Session(session.setup)
    again.advance()
    for event in logged:
        if event.get("by") == TABLE:
            again.submit(event["move"])
    assert json.dumps(again.events, sort_keys=True) == json.dumps(logged, sort_keys=True)
    assert len(logged) > 100
