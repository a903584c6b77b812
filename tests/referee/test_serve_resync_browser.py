"""A page of `referee serve` in a real browser (Debian's chromium) keeps in step with its server:
it catches up with a server started again on the same log, and retries a failed fetch."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pnpkit.referee.log.move_command import enter_move
from pnpkit.referee.web.launch import serving
from pnpkit.referee.web.live import LiveTable
from tests.referee.serve_helpers import new_log

LIVE = "document.querySelector('#conn').textContent === 'live'"


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def move(log: Path) -> str:
    """Make the first legal move with the CLI, as the player whose turn it is; its text."""
    prompt = LiveTable(log).state()["prompt"]
    actor = prompt["actors"][0]
    text = LiveTable(log).state(actor)["legal"][0]
    assert enter_move(log, text, as_json=True, player=actor) == 0
    return text


def test_a_page_catches_up_with_a_server_started_again(tmp_path: Path, page: Any) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"], seed=1)
    with serving(log) as (links, live):
        port, first = int(links.players["Ann"].split(":")[2].split("/")[0]), live.boot
        move(log)
        page.goto(links.players["Ann"])  # Ann's own link
        page.wait_for_function(LIVE)
        page.wait_for_function("document.body.dataset.version === '1'")
        assert live.version == 1
    page.wait_for_function("document.querySelector('#conn').textContent === 'reconnecting…'")
    assert page.evaluate("document.body.classList.contains('stale')")
    made = move(log)  # while the server is down
    with serving(log, port=port) as (again, live):
        assert again.players == links.players  # the same link: the key was kept
        assert live.boot != first and live.version == 0  # versions count from 0 again
        page.wait_for_function(LIVE)
        page.wait_for_function(
            "m => document.querySelector('#log').textContent.includes(m)", arg=made
        )
        assert not page.evaluate("document.body.classList.contains('stale')")
        assert page.evaluate("sync.boot") == live.boot


def test_a_failed_state_fetch_is_tried_again(tmp_path: Path, page: Any) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])
    failures = []

    def flaky(route: Any) -> None:
        if len(failures) < 3:
            failures.append(route.request.url)
            route.fulfill(status=503, body="busy")
        else:
            route.continue_()

    with serving(log) as (links, _):
        page.route("**/api/state", flaky)
        page.goto(links.shared)
        page.wait_for_function("document.querySelector('#conn').textContent === 'reconnecting…'")
        page.wait_for_function(LIVE)  # after 0.5 s, 1 s and 2 s
        assert len(failures) == 3
        assert page.evaluate("document.body.dataset.version") == "0"
        assert page.text_content("#prompt")


def test_a_state_fetched_before_a_move_and_answered_after_it_is_not_shown(
    tmp_path: Path, page: Any
) -> None:
    """Found by the whole-game tap test on a loaded machine: a page fetching the table when it
    sent a move showed the move's answer, then the fetch's older table over it (and offered that
    table's moves). The older answer is dropped."""
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])
    held: list[tuple[Any, Any]] = []
    with serving(log) as (links, _):
        page.goto(links.shared)
        page.wait_for_function(LIVE)
        page.route(
            "**/api/state",
            lambda route: route.continue_() if held else held.append((route, route.fetch())),
        )
        assert enter_move(log, "start AL-20", as_json=True) == 0  # elsewhere: the page is told
        while not held:
            page.wait_for_timeout(20)
        page.fill("#move", "first Bob")
        page.press("#move", "Enter")
        page.wait_for_function("document.querySelector('#verdict').className === 'accepted'")
        assert page.evaluate("document.body.dataset.version") == "2"
        route, older = held[0]
        route.fulfill(response=older)  # the table of version 1, answered last
        page.wait_for_function("pending === null")
        assert page.evaluate("document.body.dataset.version") == "2"
        assert "first Bob" in page.text_content("#log")


def test_the_other_pages_are_asked_to_agree_to_an_undo(tmp_path: Path, browser: Any) -> None:
    """Cy asks to undo Ann's (or Bob's) move on their phone: the two other phones show the
    question with agree and refuse; once both agree the move is gone from every page's log."""
    log = new_log(tmp_path, "alpina", ["Ann", "Bob", "Cy"], seed=1)
    actor = LiveTable(log).state()["prompt"]["actors"][0]
    made = move(log)
    asker = next(p for p in ("Ann", "Bob", "Cy") if p != actor)
    with serving(log) as (links, _):
        context = browser.new_context(viewport={"width": 390, "height": 844})
        context.set_default_timeout(10_000)
        pages = {}
        for who, url in links.players.items():
            pages[who] = context.new_page()
            pages[who].goto(url)
            pages[who].wait_for_function(LIVE)
        pages[asker].click("#undo")
        pages[asker].wait_for_function(
            "document.querySelector('#verdict').textContent.startsWith('asked the table to undo')"
        )
        for who in pages:
            if who == asker:
                continue
            pages[who].wait_for_selector("#asking button.agree")
            assert pages[who].text_content("#asking p") == f"{asker} asks to undo {made}:"
            pages[who].click("#asking button.agree")
        for page in pages.values():
            page.wait_for_function(
                "m => !document.querySelector('#log').textContent.includes(m)", arg=made
            )
            assert page.text_content("#asking") == ""
        context.close()


def test_the_end_of_the_game_disables_moves_and_offers_a_rematch(tmp_path: Path, page: Any) -> None:
    from tests.referee.test_serve_end import play_to_the_end

    log = new_log(tmp_path, "alpina", ["Ann", "Bob"], seed=4)
    play_to_the_end(LiveTable(log))
    with serving(log) as (links, _):
        page.goto(links.players["Ann"])
        page.wait_for_function(LIVE)
        for control in ("#move", "#enter", "#undo", "#redo"):
            assert page.is_disabled(control)
        page.click("#rematch")
        page.wait_for_function("() => document.querySelector('#rematch').hidden")
        assert page.text_content("#verdict") == "a new game with the same seats: g-2.jsonl"
        assert not page.is_disabled("#move") and not page.is_disabled("#undo")
        assert (tmp_path / "g-2.jsonl").exists()


def test_the_first_table_reaches_scripts_that_load_after_app_js(tmp_path: Path, page: Any) -> None:
    """Found by the whole-game tap test under load: the first table was fetched and drawn
    before tap.js and notify.js had run (deferred scripts run one by one as each arrives), so a
    phone offered nothing to tap, and did not say it was the player's turn, until the next
    change. Here those scripts are held back until well after app.js has run."""
    log = new_log(tmp_path, "ano-nuevo", ["Ann", "Bob", "Cy"], seed=20)  # a secret choice each
    held: list[Any] = []
    with serving(log) as (links, _):
        for script in ("tap.js", "notify.js"):
            page.route(f"**/static/{script}", lambda route: held.append(route))
        page.goto(links.players["Bob"], wait_until="commit")
        page.wait_for_function("() => typeof refresh === 'function'")  # app.js has run
        page.wait_for_timeout(500)  # time for a table fetched at once to be drawn
        assert len(held) == 2
        for route in held:
            route.continue_()
        page.wait_for_function("() => document.readyState === 'complete'")
        page.wait_for_function("() => document.body.dataset.version === '0'")
        assert page.evaluate("window.pnpLegal") == [
            "travel Bob=ocean",
            "travel Bob=1",
            "travel Bob=2",
        ]
        assert page.evaluate("document.body.dataset.turn") == "yours"
        assert page.locator("#tap-options button").count() == 3


def post_move(link: str, move: str) -> dict[str, Any]:
    """Enter `move` on the page at `link` (its player's), as its Send button does."""
    request = urllib.request.Request(
        link.rstrip("/") + "/api/move",
        data=json.dumps({"move": move}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def test_the_picture_is_drawn_again_only_when_it_changes(tmp_path: Path, page: Any) -> None:
    """A secret choice held changes the page (who has chosen) but not the table: the picture
    stays the very same drawing; once every choice is in and revealed, it is drawn anew."""
    log = new_log(tmp_path, "ano-nuevo", ["Ann", "Bob", "Cy"], seed=20)
    with serving(log) as (links, _):
        page.goto(links.players["Ann"])
        page.wait_for_function("() => document.body.dataset.version === '0'")
        page.evaluate("window.kept = document.querySelector('#picture svg')")
        assert post_move(links.players["Bob"], "travel Bob=1")["accepted"]
        page.wait_for_function("() => document.body.dataset.version === '1'")
        assert "Bob chose in secret" in page.text_content("#prompt")
        assert page.evaluate("document.querySelector('#picture svg') === window.kept")
        for who in ("Ann", "Cy"):
            assert post_move(links.players[who], f"travel {who}=1")["accepted"]
        page.wait_for_function(
            "() => !document.querySelector('#prompt').textContent.includes('chose in secret')"
        )
        assert page.evaluate("document.querySelector('#picture svg') !== window.kept")
        assert page.locator("#picture svg").count() == 1
