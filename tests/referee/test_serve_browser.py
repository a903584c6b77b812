"""`referee serve` in a real browser (Debian's chromium driven by Playwright): whole games
played on the page, refusals, undo, moves entered with the CLI appearing live, private pages."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pnpkit.referee.web.launch import serving
from tests.referee.browser import enter, version, wait_for_new_table
from tests.referee.serve_helpers import hands, new_log


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def legal(page: Any) -> list[str]:
    return page.eval_on_selector_all("#legal-moves option", "nodes => nodes.map(n => n.value)")


def log_texts(page: Any) -> list[str]:
    return page.eval_on_selector_all("#log li", "nodes => nodes.map(n => n.textContent)")


def test_a_whole_alpina_game_on_the_page_with_a_refusal_and_undo(tmp_path: Path, page: Any) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("requestfailed", lambda r: errors.append(f"{r.url}: {r.failure}"))
    with serving(log) as (links, _):
        page.goto(links.shared)
        page.wait_for_function("document.body.dataset.version")
        assert enter(page, "start AL-20") == "accepted"
        assert enter(page, "first Bob") == "accepted"
        refused = enter(page, "play AL-99 e4")
        assert refused.startswith("refused: AL-8: AL-99 is not an Alpina card")
        page.evaluate("document.querySelector('#log li').dataset.mark = 'drawn before'")
        assert enter(page, legal(page)[0]) == "accepted"
        # the entries shown already stay as they were drawn: only the move's own are added
        assert page.evaluate("document.querySelector('#log li').dataset.mark") == "drawn before"
        before = log_texts(page)
        page.click("#undo")
        page.wait_for_function("document.querySelector('#verdict').className === 'accepted'")
        assert page.text_content("#verdict").startswith("undone: play ")
        page.wait_for_function(
            "n => document.querySelectorAll('#log li').length < n", arg=len(before)
        )
        undone = page.text_content("#verdict").removeprefix("undone: ")
        shown = log_texts(page)
        assert not any(undone in text or "undo" in text for text in shown)  # no longer shown
        moves = 0
        while not page.text_content("#legal-note").endswith("the game is over"):
            assert enter(page, legal(page)[0]) == "accepted"
            moves += 1
            assert moves < 200
        assert "winner:" in page.text_content("#score")
    assert moves > 24  # every card placed, with a hiker or a pass each time
    assert not errors, errors  # no failed request (a favicon) nor script error


def test_nut_hunt_solo_turns_and_a_move_entered_with_the_cli(tmp_path: Path, page: Any) -> None:
    log = new_log(tmp_path, "nut-hunt", ["Ann"], seed=3)
    with serving(log) as (links, _):
        page.goto(links.players["Ann"])
        page.wait_for_function("document.body.dataset.version")
        for _ in range(3):
            assert enter(page, legal(page)[0]) == "accepted"
        assert "forage" in page.text_content("#prompt")
        refused = enter(page, "recruit NH-OAK")
        assert refused == "refused: NH-10: recruiting is not possible now"
        cli_move = legal(page)[0]
        before = version(page)
        command = [sys.executable, "-m", "pnpkit", "referee", "move", str(log), cli_move]
        assert subprocess.run(command, capture_output=True, check=False).returncode == 0
        wait_for_new_table(page, before, timeout=3000)
        page.wait_for_function(
            "t => [...document.querySelectorAll('#log li')].some(li => li.textContent.endsWith(t))",
            arg=cli_move,
        )
        assert "recruit" in page.text_content("#prompt")


def test_a_players_page_does_not_show_the_other_hand(tmp_path: Path, browser: Any) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"], seed=1)
    held = hands(log)
    with serving(log) as (links, _):
        context = browser.new_context(viewport={"width": 390, "height": 844})
        pages = {}
        for who, url in (("Ann", links.players["Ann"]), ("table", links.shared)):
            pages[who] = context.new_page()
            pages[who].goto(url)
            pages[who].wait_for_selector("#score p")
        ann, table = pages["Ann"].content(), pages["table"].content()
        assert all(card in ann for card in held["Ann"])
        assert not any(card in ann for card in held["Bob"])
        assert not any(card in table for card in held["Ann"] | held["Bob"])
        assert "secret" in pages["table"].text_content("#log")
        width = pages["Ann"].evaluate("document.documentElement.scrollWidth")
        assert width <= 390  # nothing wider than a phone
        context.close()


def test_the_page_works_with_the_keyboard_alone(tmp_path: Path, page: Any) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])
    with serving(log) as (links, _):
        page.goto(links.shared)
        page.wait_for_function("document.body.dataset.version")
        for _ in range(10):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.id") == "move":
                break
        page.keyboard.type("start AL-20")
        page.keyboard.press("Enter")
        page.wait_for_function("document.querySelector('#verdict').className === 'accepted'")
        page.keyboard.press("Tab")  # Enter button
        page.keyboard.press("Tab")  # Undo
        assert page.evaluate("document.activeElement.id") == "undo"
        page.keyboard.press("Enter")
        page.wait_for_function(
            "document.querySelector('#verdict').textContent === 'undone: start AL-20'"
        )
        while page.evaluate("document.activeElement.closest('#legal') === null"):
            page.keyboard.press("Tab")
        while page.evaluate("document.activeElement.nodeName") == "SUMMARY":
            page.keyboard.press("Enter")  # a group of moves (56 here) opens
            page.keyboard.press("Tab")
        page.keyboard.press("Enter")  # a legal move's button fills the box
        assert page.evaluate("document.activeElement.id") == "move"
        assert page.input_value("#move").startswith("start AL-")


def test_secret_choices_are_made_each_on_its_own_page_and_revealed_together(
    tmp_path: Path, browser: Any
) -> None:
    """Año Nuevo's travel: each seal taps its own option on its own phone; the shared screen
    says who has chosen, and the choices appear together once all have chosen."""
    log = new_log(tmp_path, "ano-nuevo", ["Ann", "Bob", "Cy"], seed=2)
    with serving(log) as (links, _):
        context = browser.new_context(viewport={"width": 390, "height": 844})
        context.set_default_timeout(10_000)
        table = context.new_page()
        table.goto(links.shared)
        table.wait_for_function("document.body.dataset.version")
        assert "a secret choice each" in table.text_content("#prompt")
        assert legal(table) == []
        for done, seal in enumerate(["Ann", "Bob", "Cy"], start=1):
            page = context.new_page()
            page.goto(links.players[seal])
            page.wait_for_function("document.body.dataset.version")
            buttons = page.eval_on_selector_all("#legal button", "b => b.map(n => n.textContent)")
            assert buttons and all(b.startswith(f"{seal}=") for b in buttons)  # its own only
            before = version(table)
            page.click("#legal button")
            page.press("#move", "Enter")
            page.wait_for_function("document.querySelector('#verdict').className === 'accepted'")
            wait_for_new_table(table, before)
            if done < 3:
                assert "chose in secret" in table.text_content("#prompt")
                assert "travel" not in " ".join(log_texts(table)[-done:])
            page.close()
        table.wait_for_function(
            "() => [...document.querySelectorAll('#log li')].some("
            "li => li.textContent.includes('travel Ann='))"
        )
        assert "Bob has chosen" in " ".join(log_texts(table))
        context.close()
