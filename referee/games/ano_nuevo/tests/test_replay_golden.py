"""Año Nuevo logs recorded before the rules became a package replay to the same events, the same
table and the same score, byte for byte (issue 14: behaviour, rule IDs, move syntax and logs stay
exactly as they are). The expected output was written by the code of the time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnpkit.referee.log.store import load_session

GOLDEN = Path(__file__).resolve().parent / "golden"
LOGS = sorted(p.stem for p in GOLDEN.glob("*.jsonl"))


def logged(event: dict) -> bytes:
    """An event as the log writes it (one compact JSON line)."""
    return (json.dumps(event, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def replayed_output(log: Path) -> str:
    """What the golden files hold for a log: the table, score and views after replaying it."""
    session, warnings = load_session(log)
    assert not warnings
    setup, state, rules = session.setup, session.state, session.rules
    over = rules.prompt_kind(setup, state) == "over"
    found = {
        "events": len(session.events),
        "prompt": rules.prompt(setup, state).text,
        "score": rules.score(setup, state).to_json(over),
        "table": rules.table(setup, state),
        "view": {p: rules.view(setup, state, p) for p in setup.players},
    }
    return json.dumps(found, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def test_the_golden_logs_cover_both_modes_and_variants():
    assert LOGS == ["digital-advanced", "digital-standard", "table-advanced", "table-standard"]
    events = sum(len((GOLDEN / f"{n}.jsonl").read_bytes().splitlines()) - 1 for n in LOGS)
    assert events > 600


@pytest.mark.parametrize("name", LOGS)
def test_a_golden_log_replays_to_the_same_events(name: str) -> None:
    log = GOLDEN / f"{name}.jsonl"
    session, _ = load_session(log)
    lines = log.read_bytes().splitlines(keepends=True)[1:]
    assert [logged(event) for event in session.events] == lines


@pytest.mark.parametrize("name", LOGS)
def test_a_golden_log_replays_to_the_same_table_and_score(name: str) -> None:
    expected = (GOLDEN / f"{name}.expected.json").read_text(encoding="utf-8")
    assert replayed_output(GOLDEN / f"{name}.jsonl") == expected
