"""Logs recorded before Nut Hunt's rules became a package replay exactly as they did then.

golden/*.jsonl are whole games (digital, solo against the Automa, and at the table in the
competitive variant) recorded with the rules as they were; golden/*.expected.json holds what
replaying each gave then: the final table as data (for the referee and for the first player),
the scores and the winners. Both must come out byte for byte the same, and writing the replayed
events again must give the log back unchanged.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnpkit.referee.log.game_log import create_log, open_for_append
from pnpkit.referee.log.store import header_for, load_session

GOLDEN = Path(__file__).parent / "golden"
LOGS = sorted(GOLDEN.glob("*.jsonl"))


def replayed(log: Path) -> str:
    """What replaying `log` gives, as the text of its .expected.json."""
    session, warnings = load_session(log)
    setup, state = session.setup, session.state
    rules = setup.rules
    sheet = rules.score(setup, state)
    outcome = {
        "warnings": warnings,
        "prompt": rules.prompt(setup, state).kind,
        "score": {player: sheet.total(player) for player in setup.players},
        "winners": list(sheet.winners),
        "table": rules.table(setup, state),
        "table for the first player": rules.table(setup, state, setup.players[0]),
    }
    return json.dumps(outcome, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def test_golden_logs_are_there() -> None:
    """The guard guards something: a few hundred moves over three logs."""
    assert len(LOGS) == 3
    moves = sum(len(log.read_text(encoding="utf-8").splitlines()) - 1 for log in LOGS)
    assert moves >= 300


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.stem)
def test_replay_gives_the_recorded_outcome(log: Path) -> None:
    """NH-26 … NH-32: the final table and scores of a recorded game, byte for byte."""
    expected = log.with_suffix(".expected.json").read_text(encoding="utf-8")
    assert replayed(log) == expected


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.stem)
def test_replayed_events_write_the_same_log(log: Path, tmp_path: Path) -> None:
    """Every event replays as recorded: writing them again gives the same bytes."""
    session, _ = load_session(log)
    again = tmp_path / log.name
    create_log(again, header_for(session.setup))
    with open_for_append(again) as writer:
        for event in session.events:
            writer.append(event)
    assert again.read_bytes() == log.read_bytes()
