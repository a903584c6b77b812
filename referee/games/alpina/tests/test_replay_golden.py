"""Alpina's logs replay byte for byte as they did when they were written (issue 14).

golden/*.jsonl are games played at random (a 2-player digital game, a 3-player digital game with
undos, a 4-player game at the table) before Alpina's rules became a package;
golden/*.expected.json is what replaying each gave then: the final table as data for everyone
and for each seat, the text views, and the score sheet.
"""

import json
from pathlib import Path

import pytest

from pnpkit.referee.engine.session import Session
from pnpkit.referee.log.store import load_session

GOLDEN = Path(__file__).parent / "golden"
LOGS = sorted(GOLDEN.glob("*.jsonl"))


def replay_output(log: Path) -> str:
    """What replaying `log` gives, as stable JSON text."""
    session, warnings = load_session(log)
    setup, state, rules = session.setup, session.state, session.rules
    sheet = rules.score(setup, state)
    output = {
        "warnings": warnings,
        "events": len(session.events),
        "prompt": session.prompt().text,
        "describe": rules.describe(setup, state).splitlines(),
        "views": {p: rules.view(setup, state, p).splitlines() for p in setup.players},
        "table": rules.table(setup, state),
        "tables": {p: rules.table(setup, state, p) for p in setup.players},
        "score": {p: sheet.points[p] for p in setup.players},
        "winners": list(sheet.winners),
        "tiebreak": sheet.tiebreak,
        "notes": list(sheet.notes),
    }
    return json.dumps(output, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def test_there_are_golden_logs() -> None:
    assert [log.stem for log in LOGS] == ["digital-2p", "digital-3p-undo", "table-4p"]


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.stem)
def test_a_golden_log_replays_to_the_recorded_table_and_score(log: Path) -> None:
    expected = log.with_suffix(".expected.json").read_text(encoding="utf-8")
    assert replay_output(log) == expected


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.stem)
def test_the_players_moves_of_a_golden_log_make_the_same_events(log: Path) -> None:
    """Entering the table's moves and undos again (the referee deals and draws with the log's
    seed) writes every event, the referee's too, byte for byte as the log holds it."""
    written, _ = load_session(log)
    session = Session(written.setup)
    session.advance()
    for event in written.events:
        if "undo" in event:
            session.undo()
        elif event["by"] == "table":
            session.submit(event["move"])
    lines = log.read_text(encoding="utf-8").splitlines()[1:]
    again = [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in session.events]
    assert again == lines
