"""Gentoo's logs replay exactly as they did when they were recorded: the events read back and
written again byte for byte, and the final table (`table()` as JSON), score and text unchanged.

The logs in golden/ were made by the referee before Gentoo became a package and was made faster
(digital games played by the simulated player, a table game entered with uniformly random legal
moves and chance outcomes, each with a few undos); any change of behaviour, rule ID, move syntax
or log format shows here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnpkit.referee.log.store import load_session

GOLDEN = Path(__file__).parent / "golden"
LOGS = {
    "digital-2p": (("Ann", "Bob"), 7, 400, False),
    "digital-3p": (("Ann", "Bob Ray", "Cy"), 11, 400, False),
    "table-2p": (("Ann", "Bob"), None, 300, True),
}
"""Each log's players, seed (None: entered at the table), moves entered at most, and whether the
moves were uniformly random legal ones (else the simulated player's)."""


def replay_output(path: Path) -> str:
    """What replaying the log gives: its events written again, the final table, score and text."""
    session, warnings = load_session(path)
    rules, setup, state = session.rules, session.setup, session.state
    sheet = rules.score(setup, state)
    return json.dumps(
        {
            "warnings": warnings,
            "events": [rules.text(setup, e["move"]) if "move" in e else e for e in session.events],
            "table": rules.table(setup, state),
            "score": {p: sheet.total(p) for p in setup.players},
            "winners": list(sheet.winners),
            "describe": rules.describe(setup, state).splitlines(),
            "legal": [rules.text(setup, m) for m in rules.legal(setup, state)],
        },
        indent=1,
        sort_keys=True,
        ensure_ascii=False,
    )


@pytest.mark.parametrize("name", sorted(LOGS))
def test_ge_36_a_recorded_log_replays_byte_for_byte(name: str) -> None:
    """GE-36 and GE-24: every logged move is accepted again, and the game ends where it did."""
    path = GOLDEN / f"{name}.jsonl"
    session, _ = load_session(path)
    rewritten = [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in session.events]
    assert path.read_text().splitlines()[1:] == rewritten
    assert replay_output(path) == (GOLDEN / f"{name}.expected.json").read_text()
