"""A log cut off between a player's move and the referee's own follow-up (a kill mid-command).

The referee's follow-up (digital draws, Automa steps) depends only on the log and the seed, so
the next writing command completes it first and says so, then judges its own move; read-only
commands show the prompt after it and list it as pending.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pnpkit.components import load_game
from pnpkit.referee.log.store import make_setup, new_game, writing_session
from tests.in_process import referee

run = referee  # in-process: a dozen commands a test


def recorded(tmp_path: Path, game: str, players: list[str], seed: int | None) -> tuple[Path, int]:
    """A log played at random up to the first table move the referee follows with its own
    events, then cut off right after that move (as a kill would leave it); and how many lines
    the whole log had."""
    log = tmp_path / f"{game}.jsonl"
    new_game(log, make_setup(load_game(game), players, seed=seed))
    rng = random.Random(0)
    with writing_session(log) as (session, _, _):
        for _ in range(200):
            events = session.submit(rng.choice(session.legal()))
            if len(events) > 1:
                break
        else:
            raise AssertionError("no table move was followed by the referee's own events")
    whole = log.read_text().splitlines(keepends=True)
    cut = len(whole) - len(events) + 1
    log.write_text("".join(whole[:cut]))
    (tmp_path / "whole.jsonl").write_text("".join(whole))
    return log, len(whole)


CASES = [
    pytest.param("alpina", ["Ann", "Bob"], 3, id="alpina-digital-draw"),
    pytest.param("nut-hunt", ["Ann"], 1, id="nut-hunt-automa-digital"),
    pytest.param("nut-hunt", ["Ann"], None, id="nut-hunt-automa-table"),
]


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_read_only_commands_show_the_owed_events_as_pending(
    tmp_path: Path, game: str, players: list[str], seed: int | None
) -> None:
    log, _ = recorded(tmp_path, game, players, seed)
    whole = tmp_path / "whole.jsonl"
    before = log.read_bytes()
    # in a digital game of several, the player to move reads the moves (and the draw, theirs)
    actor = json.loads(run("legal", whole, "--json").stdout)["prompt"]["actors"][0]
    viewer = ["--player", actor] if seed is not None and len(players) > 1 else []
    legal, expected = (json.loads(run("legal", f, "--json", *viewer).stdout) for f in (log, whole))
    assert legal["moves"] and legal["moves"] == expected["moves"]
    assert legal["prompt"] == expected["prompt"]
    owed = [e["text"] for e in legal["pending"]]
    logged = [json.loads(line)["text"] for line in whole.read_text().splitlines()[1:]]
    assert owed and len(owed) < len(logged)
    assert viewer or logged[-len(owed) :] == owed
    assert "pending" not in expected
    for command in ("legal", "show", "score", "replay"):
        result = run(command, log, *viewer)
        assert result.returncode == 0, result.stderr
        assert "pending: the log stopped before the referee's own follow-up" in result.stdout
        assert all(text in result.stdout for text in owed), command
    replayed = json.loads(run("replay", log, "--json").stdout)
    assert len(replayed["events"]) == len(logged) - len(owed)
    assert log.read_bytes() == before


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_a_refused_move_completes_the_owed_events_first_and_says_so(
    tmp_path: Path, game: str, players: list[str], seed: int | None
) -> None:
    log, _ = recorded(tmp_path, game, players, seed)
    refused = run("move", log, "xyzzy")
    assert refused.returncode == 1 and "refused" in refused.stderr
    assert "completed first:" in refused.stdout
    assert log.read_bytes() == (tmp_path / "whole.jsonl").read_bytes()
    again = run("move", log, "xyzzy", "--json")
    assert again.returncode == 1 and "completed" not in json.loads(again.stdout)
    assert log.read_bytes() == (tmp_path / "whole.jsonl").read_bytes()


def test_an_accepted_move_and_undo_complete_the_owed_events_first(tmp_path: Path) -> None:
    log, lines = recorded(tmp_path, "alpina", ["Ann", "Bob"], 3)
    actor = json.loads(run("legal", log, "--json").stdout)["prompt"]["actors"][0]
    nxt = json.loads(run("legal", log, "--json", "--player", actor).stdout)["moves"][0]
    entered = json.loads(run("move", log, nxt, "--json", "--player", actor).stdout)
    assert entered["accepted"] and [e["by"] for e in entered["completed"]] == ["chance"]
    assert entered["events"][0]["text"] == nxt
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(log.read_text().splitlines(keepends=True)[: lines - 1]))
    undone = run("undo", cut, "--table")
    assert undone.returncode == 0 and "completed first:" in undone.stdout
    last = json.loads(cut.read_text().splitlines()[-1])
    assert last["undo"] == lines - 2  # the cut-off table move, and with it the completed draw
