"""The spectators' page of `referee serve` (`/w/KEY/`): the shared table, large, with no move
controls, every POST refused; and the table's text as a list on every page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pnpkit.referee.web.app import create_app
from pnpkit.referee.web.keys import copy_keys, keys_path, read_keys
from pnpkit.referee.web.launch import make_links, print_links, serving
from pnpkit.referee.web.live import LiveTable
from tests.referee.browser import enter, wait_for_new_table
from tests.referee.serve_helpers import new_log

BASE = "http://127.0.0.1"
WATCH = "spectators-key"
POSTS = ("move", "undo", "redo", "answer", "rematch")


def watched(log: Path, token: str = "") -> TestClient:
    live = LiveTable(log)
    return TestClient(create_app(live, {"ka": "Ann"}, token, watch=WATCH), base_url=BASE)


def test_the_spectators_page_shows_the_shared_table_and_refuses_every_post(
    tmp_path: Path,
) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])  # table mode: the shared page moves
    with watched(log) as web:
        shared = web.get("/api/state").json()
        assert shared["legal"] and shared["spectator"] is False
        state = web.get(f"/w/{WATCH}/api/state").json()
        assert state["spectator"] is True
        assert {k: v for k, v in state.items() if k != "spectator"} == {
            k: v for k, v in shared.items() if k != "spectator"
        }
        assert web.get(f"/w/{WATCH}/").headers["content-type"].startswith("text/html")
        assert web.get(f"/w/{WATCH}/static/app.js").status_code == 200
        redirect = web.get(f"/w/{WATCH}", follow_redirects=False)
        assert (redirect.status_code, redirect.headers["location"]) == (307, f"{WATCH}/")
        before = log.read_text()
        for action in POSTS:
            body = {"move": shared["legal"][0]} if action == "move" else {"agree": True}
            refused = web.post(f"/w/{WATCH}/api/{action}", json=body)
            assert refused.status_code == 403, action
            assert refused.text == "refused: a spectator's page makes no move"
        assert log.read_text() == before  # nothing recorded
        assert web.get(f"/w/{WATCH}/api/state").json()["version"] == state["version"]
        assert web.post("/api/move", json={"move": shared["legal"][0]}).status_code == 200


def test_a_wrong_or_missing_spectators_key_is_not_found(tmp_path: Path) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"], seed=1)
    with watched(log) as web:
        for path in ("/w/nope/", "/w/nope/api/state", "/w/ka/api/state", "/w/nope/events"):
            assert web.get(path).status_code == 404, path
        assert web.post("/w/nope/api/move", json={"move": "x"}).status_code == 404
    with TestClient(create_app(LiveTable(log), {}), base_url=BASE) as web:  # no spectators
        assert web.get("/w//api/state").status_code == 404
        assert web.get(f"/w/{WATCH}/api/state").status_code == 404


def test_with_a_token_the_spectators_page_needs_none_and_still_makes_no_move(
    tmp_path: Path,
) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])
    token = "table-token-1234"
    with watched(log, token) as web:
        assert web.get(f"/w/{WATCH}/api/state").json()["spectator"] is True
        assert web.post(f"/w/{WATCH}/api/move", json={"move": "start AL-20"}).status_code == 403
        assert web.get("/api/state").status_code == 404  # the shared page still needs the token
        assert web.get(f"/{token}/api/state").status_code == 200


def test_serve_prints_a_spectators_link_kept_beside_the_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"], seed=1)
    links = make_links(LiveTable(log), "127.0.0.1", 8765)
    assert links.watch == f"http://127.0.0.1:8765/w/{links.watch_key}/"
    assert len(links.watch_key) >= 12 and links.watch_key not in links.keys
    assert json.loads(keys_path(log).read_text())["watch"] == links.watch_key
    assert make_links(LiveTable(log), "127.0.0.1", 8765).watch == links.watch  # after a restart
    away = make_links(LiveTable(log), "0.0.0.0", 8765)
    assert away.token and away.token not in away.watch  # the token would open the moves
    assert away.watch.endswith(f"/w/{links.watch_key}/")
    print_links(links, log, "127.0.0.1")
    assert f"for spectators (the table large, no moves): {links.watch}" in capsys.readouterr().out
    table = new_log(tmp_path, "alpina", ["Ann", "Bob"], name="t")  # table mode, this computer
    assert make_links(LiveTable(table), "127.0.0.1", 8765).watch == ""
    assert not keys_path(table).exists()


def test_an_older_keys_file_gets_a_spectators_key_and_a_bad_one_is_refused(
    tmp_path: Path,
) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"], seed=1)
    path = keys_path(log)
    older = {
        "file": "pnpkit-serve-keys",
        "token": "",
        "players": {"Ann": "a" * 12, "Bob": "b" * 12},
    }
    path.write_text(json.dumps(older))
    links = make_links(LiveTable(log), "127.0.0.1", 8765)
    assert set(links.keys) == {"a" * 12, "b" * 12} and links.watch_key
    assert json.loads(path.read_text())["watch"] == links.watch_key
    bad = json.dumps(older | {"watch": 5})
    path.write_text(bad)
    from pnpkit.errors import PnpError

    with pytest.raises(PnpError, match=r"g\.jsonl\.keys\.json: /watch is malformed"):
        make_links(LiveTable(log), "127.0.0.1", 8765)
    assert path.read_text() == bad


CONTROLS = """() => [...document.querySelectorAll('input, button, select, textarea')]
  .filter(n => !n.disabled && n.checkVisibility()).map(n => n.id || n.textContent)"""


def test_the_spectators_page_has_no_enabled_move_control_and_follows_the_game(
    tmp_path: Path, browser: Any
) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"], seed=1)
    with serving(log) as (links, _):
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.set_default_timeout(10_000)
        watch = context.new_page()
        watch.goto(links.watch)
        shared = context.new_page()
        shared.goto(links.shared)
        for page in (watch, shared):
            page.wait_for_selector("#picture svg")
            page.wait_for_selector("#text li")
            # the text view: a list under a heading, in a <details> open to begin with
            assert page.text_content("#text-details h3") == "The table in words"
            assert page.evaluate("document.querySelector('#text-details').open")
            assert page.eval_on_selector("#text", "n => n.getAttribute('aria-labelledby')")
        assert watch.evaluate(CONTROLS) == []
        assert "move" in shared.evaluate(CONTROLS)  # the shared page has its controls
        assert watch.text_content("#viewer") == "spectators: the table, no moves"
        wide = "document.querySelector('#picture svg').getBoundingClientRect().width"
        assert watch.evaluate(wide) > shared.evaluate(wide)  # the table large
        status = watch.evaluate(
            "fetch('api/move', {method: 'POST', headers: {'Content-Type': 'application/json'},"
            " body: JSON.stringify({move: 'start AL-20'})}).then(r => r.status)"
        )
        assert status == 403
        before = watch.evaluate("document.body.dataset.version")
        logged = watch.eval_on_selector_all("#log li", "ns => ns.length")
        bob = context.new_page()  # digital: Bob moves first, on his own page
        bob.goto(links.players["Bob"])
        bob.wait_for_selector("#score p")
        move = bob.evaluate("window.pnpLegal")[0]
        assert enter(bob, move) == "accepted"
        wait_for_new_table(watch, before)  # the spectators' page follows live
        assert watch.evaluate(CONTROLS) == []
        assert watch.eval_on_selector_all("#log li", "ns => ns.length") > logged
        watch.set_viewport_size({"width": 390, "height": 844})  # a phone: one column
        assert watch.evaluate(wide) > 320
        assert watch.evaluate("document.documentElement.scrollWidth") <= 390
        watch.screenshot(path=str(tmp_path / "watch.png"), full_page=True)
        context.close()


def test_a_rematch_keeps_the_spectators_key(tmp_path: Path) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"], seed=1)
    links = make_links(LiveTable(log), "127.0.0.1", 8765)
    copy_keys(log, tmp_path / "g-2.jsonl")
    assert read_keys(keys_path(tmp_path / "g-2.jsonl")).watch == links.watch_key
