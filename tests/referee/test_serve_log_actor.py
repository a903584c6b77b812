"""The pages' log says who made each player's move ("Bob: play AL-10 e4"), whichever page or
command entered it, not "table play …"."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from pnpkit.referee.views.gate import SHARED, event_secrecy, state_for
from pnpkit.referee.web.app import create_app
from pnpkit.referee.web.live import LiveTable
from tests.referee.serve_helpers import new_log

BASE = "http://127.0.0.1"


def test_a_move_sent_from_a_players_page_is_logged_with_that_player(tmp_path: Path) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"], seed=1)
    app = create_app(LiveTable(log), {"ka": "Ann", "kb": "Bob"})
    with TestClient(app, base_url=BASE) as web:
        move = web.get("/p/kb/api/state").json()["legal"][0]  # Bob starts (the referee drew him)
        assert web.post("/p/kb/api/move", json={"move": move}).json()["accepted"]
        for path in ("", "/p/ka", "/p/kb"):
            entries = web.get(f"{path}/api/state").json()["log"]
            table = [e for e in entries if e["by"] == "table"]
            assert [(e["actor"], e["text"]) for e in table] == [("Bob", move)]
            assert all("actor" not in e for e in entries if e["by"] != "table")


def test_a_decision_of_the_whole_table_is_logged_with_no_player(tmp_path: Path) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])  # table mode: the table says who starts
    with TestClient(create_app(LiveTable(log), {}), base_url=BASE) as web:
        for move in ("start AL-20", "first Bob"):
            assert web.post("/api/move", json={"move": move}).json()["accepted"]
        entries = web.get("/api/state").json()["log"]
    actors = {e["text"]: e.get("actor", "no actor key") for e in entries}
    assert actors["first Bob"] is None  # the page then shows "table first Bob", as before


def test_the_actor_comes_from_the_gate_so_the_secrecy_tests_read_it(tmp_path: Path) -> None:
    """`actor` is part of what `state_for` (the one path from the game to a page, which the
    indistinguishability test reads) gives every viewer, not added by the server after it."""
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"], seed=1)
    live = LiveTable(log)
    move = live.state("Bob")["legal"][0]
    assert live.enter(move, "Bob")["accepted"]
    session = live.session
    kept = event_secrecy(session.setup, session.events)
    for viewer in (SHARED, "Ann", "Bob"):
        entries = state_for(session, kept, viewer, lambda _: None)["log"]
        assert [(e["actor"], e["text"]) for e in entries if e["by"] == "table"] == [("Bob", move)]
