"""Undo and redo by the player who moved, or by the table's agreement: in the engine's gate (as
the CLI's `undo` and `undo --table` use it) and on `referee serve`'s pages, which ask the others."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from pnpkit.referee.engine.verdict import MoveRefused
from pnpkit.referee.log.store import load_session
from pnpkit.referee.views.gate import Gate
from pnpkit.referee.web.app import create_app
from pnpkit.referee.web.live import LiveTable
from tests.referee.serve_helpers import new_log

PLAYERS = ["Ann", "Bob", "Cy"]
KEYS = {"ka": "Ann", "kb": "Bob", "kc": "Cy"}


def referee(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pnpkit", "referee", *args], capture_output=True, text=True
    )


def test_the_gate_undoes_and_redoes_for_the_player_who_moved_or_the_table(tmp_path: Path) -> None:
    session, _ = load_session(new_log(tmp_path, "alpina", PLAYERS, seed=1))
    actor = session.prompt().actors[0]
    other = next(p for p in PLAYERS if p != actor)
    move = Gate(session, actor).legal()[0]
    Gate(session, actor).enter(move)
    assert session.redo_target() is None  # nothing taken back yet
    assert Gate(session, other).undo_needs_table().startswith(f"only {actor} may take back")
    with pytest.raises(MoveRefused, match=f"only {actor} may take back"):
        Gate(session, other).undo()
    assert Gate(session, actor).undo_needs_table() == ""
    Gate(session, other).undo(table=True)  # the table agreed
    assert session.redo_target()["text"] == move
    with pytest.raises(MoveRefused, match=f"only {actor} may make that move again"):
        Gate(session, other).redo()
    redone = Gate(session, actor).redo()
    assert redone[0]["text"] == move and session.redo_target() is None
    with pytest.raises(MoveRefused, match="nothing to redo"):
        Gate(session, actor).redo()


def _client(log: Path) -> TestClient:
    return TestClient(create_app(LiveTable(log), KEYS), base_url="http://127.0.0.1")


def _post(web: TestClient, who: str, path: str, body: dict | None = None) -> dict:
    key = next(k for k, p in KEYS.items() if p == who)
    answer = web.post(f"/p/{key}/api/{path}", json=body or {}).json()
    answer.pop("state")
    return answer


def _state(web: TestClient, who: str) -> dict:
    key = next(k for k, p in KEYS.items() if p == who)
    return web.get(f"/p/{key}/api/state").json()


def test_the_pages_undo_another_players_move_when_every_other_page_agrees(tmp_path: Path) -> None:
    log = new_log(tmp_path, "alpina", PLAYERS, seed=1)
    with _client(log) as web:
        actor = _state(web, "Ann")["prompt"]["actors"][0]
        asker, third = (p for p in PLAYERS if p != actor)
        move = _state(web, actor)["legal"][0]
        assert _post(web, actor, "move", {"move": move})["accepted"]
        lines = len(log.read_text().splitlines())
        asked = _post(web, asker, "undo")
        assert (asked["asked"], sorted(asked["waiting"])) == ("undo", sorted([actor, third]))
        for who in PLAYERS:  # every page shows the question; those asked may answer it
            shown = _state(web, who)["asking"]
            assert (shown["by"], shown["kind"], shown["move"]) == (asker, "undo", move)
            assert shown["mine"] is (who != asker)
        assert _post(web, asker, "answer", {"agree": True})["accepted"] is False  # not asked
        assert _post(web, actor, "answer", {"agree": True})["agreed"] == "undo"
        assert len(log.read_text().splitlines()) == lines  # one agreement is not the table's
        assert _post(web, third, "answer", {"agree": True})["undone"] == move
        assert _state(web, asker)["asking"] is None
        assert move not in [e["text"] for e in _state(web, third)["log"]]  # no longer shown

        asked = _post(web, asker, "redo")  # another player's move: the table is asked again
        assert asked["asked"] == "redo"
        assert _post(web, third, "answer", {"agree": False})["refused"] == "redo"
        assert _state(web, actor)["asking"] is None
        assert _post(web, actor, "answer", {"agree": True})["accepted"] is False  # dropped
        assert _post(web, actor, "redo")["redone"] == move  # the player who moved needs no one
        assert move in [e["text"] for e in _state(web, third)["log"]]


def test_a_question_to_the_table_is_dropped_when_the_game_moves_on(tmp_path: Path) -> None:
    log = new_log(tmp_path, "alpina", PLAYERS, seed=1)
    with _client(log) as web:
        actor = _state(web, "Ann")["prompt"]["actors"][0]
        asker = next(p for p in PLAYERS if p != actor)
        assert _post(web, actor, "move", {"move": _state(web, actor)["legal"][0]})["accepted"]
        assert _post(web, asker, "undo")["asked"] == "undo"
        nxt = _state(web, "Ann")["prompt"]["actors"][0]
        assert _post(web, nxt, "move", {"move": _state(web, nxt)["legal"][0]})["accepted"]
        assert _state(web, actor)["asking"] is None
        assert _post(web, actor, "answer", {"agree": True})["accepted"] is False


def test_redo_on_the_command_line(tmp_path: Path) -> None:
    from pnpkit.referee.log.move_command import enter_move

    log = new_log(tmp_path, "alpina", PLAYERS, seed=1)
    actor = LiveTable(log).state()["prompt"]["actors"][0]
    other = next(p for p in PLAYERS if p != actor)
    move = LiveTable(log).state(actor)["legal"][0]
    assert enter_move(log, move, as_json=True, player=actor) == 0
    undo = referee("undo", str(log), "--player", actor)
    assert undo.returncode == 0, undo.stderr
    refused = referee("redo", str(log), "--player", other)
    assert refused.returncode == 1
    assert f"only {actor} may make that move again" in refused.stderr
    done = referee("redo", str(log), "--player", other, "--table")
    assert done.returncode == 0, done.stderr
    assert f"redone: {move}" in done.stdout
    again = referee("redo", str(log), "--player", actor)
    assert again.returncode == 1 and "nothing to redo" in again.stderr
