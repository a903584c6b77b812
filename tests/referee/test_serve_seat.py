"""A player's page is their seat: the cards only they see, as printed faces, with their text on
tap; faces served only to a viewer who sees the card."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pnpkit.components import load_game
from pnpkit.referee.engine.session import Session
from pnpkit.referee.log.store import load_session, make_setup
from pnpkit.referee.views.gate import SHARED, Gate
from pnpkit.referee.web.app import create_app
from pnpkit.referee.web.launch import serving
from pnpkit.referee.web.live import LiveTable
from tests.referee.serve_helpers import hands, new_log
from tests.referee.tapper import offered

BASE = "http://127.0.0.1"
BEHIND = 50
"""Milliseconds between looks when waiting on a tab behind the others: its animation frames,
Playwright's default way to look again, come about once a second there."""


def seat_cards(gate: Gate) -> dict[str, list[str]]:
    return {zone["zone"]: [card["id"] for card in zone["cards"]] for zone in gate.seat()}


def test_a_seat_holds_the_viewers_own_cards_and_nothing_of_the_others(tmp_path: Path) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"], seed=1)
    held = hands(log)
    session, _ = load_session(log)
    ann = Gate(session, "Ann").seat()
    assert [sorted(c["id"] for c in zone["cards"]) for zone in ann] == [sorted(held["Ann"])]
    first = ann[0]["cards"][0]
    component = session.setup.game.component(first["id"])
    assert first["name"] == component.name
    assert any(line.startswith("animal: ") for line in first["text"])
    assert Gate(session, SHARED).seat() == []
    assert Gate(session, "Ann").sees(first["id"])
    assert not any(Gate(session, "Ann").sees(card) for card in held["Bob"])


def test_a_seat_shows_an_arctic_totem_beside_the_hand() -> None:
    setup = make_setup(load_game("arctic"), ["Ann", "Bob"], seed=2)
    session = Session(setup)
    session.advance()
    zones = seat_cards(Gate(session, "Ann"))
    assert set(zones) == {"hand:Ann", "totem:Ann"}
    assert len(zones["totem:Ann"]) == 1
    assert not set(zones["totem:Ann"]) & set().union(*seat_cards(Gate(session, "Bob")).values())


def test_table_mode_has_no_seat(tmp_path: Path) -> None:
    setup = make_setup(load_game("alpina"), ["Ann", "Bob"])  # no seed: table mode
    session = Session(setup)
    session.advance()
    assert Gate(session, "Ann").seat() == []


def test_a_face_is_served_only_to_a_viewer_who_sees_the_card(tmp_path: Path) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"], seed=1)
    held = hands(log)
    own, other = sorted(held["Ann"])[0], sorted(held["Bob"])[0]
    app = create_app(LiveTable(log), {"ka": "Ann", "kb": "Bob"})
    with TestClient(app, base_url=BASE) as web:
        face = web.get(f"/p/ka/face/{own}.svg")
        assert face.status_code == 200
        assert face.headers["content-type"] == "image/svg+xml"
        assert face.headers["cache-control"].startswith("private, max-age=")
        assert face.text.lstrip().startswith("<svg")
        hidden = web.get(f"/p/ka/face/{other}.svg")
        missing = web.get("/p/ka/face/AL-99.svg")
        assert (hidden.status_code, hidden.text) == (missing.status_code, missing.text)
        assert hidden.status_code == 404
        assert web.get(f"/face/{own}.svg").status_code == 404  # the shared screen
        assert web.get(f"/p/kb/face/{other}.svg").status_code == 200
        assert web.get(f"/p/zz/face/{own}.svg").status_code == 404


def test_a_phone_shows_the_hand_as_readable_faces_with_their_text_on_tap(
    tmp_path: Path, browser: Any
) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"], seed=1)
    held = hands(log)
    with serving(log) as (links, _):
        context = browser.new_context(viewport={"width": 390, "height": 844})
        context.set_default_timeout(10_000)
        page = context.new_page()
        page.goto(links.players["Ann"])
        page.wait_for_function(
            "() => [...document.querySelectorAll('.seat-card img')]"
            ".every(i => i.complete && i.naturalWidth > 0) && document.querySelector('.seat-card')"
        )
        shown = page.eval_on_selector_all(".seat-card", "ns => ns.map(n => n.dataset.id)")
        assert sorted(shown) == sorted(held["Ann"])
        width = page.eval_on_selector(".seat-card img", "n => n.getBoundingClientRect().width")
        assert width >= 140  # a card a phone's reader can read
        row = page.eval_on_selector(".seat-row", "n => [n.scrollWidth, n.clientWidth]")
        assert row[0] > row[1]  # a row that scrolls sideways
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        card = shown[2]
        page.click(f".seat-card[data-id='{card}']")
        dialog = page.locator("#card-dialog")
        assert dialog.evaluate("d => d.open")
        assert card in page.text_content("#card-dialog-title")
        assert "animal: " in page.text_content("#card-dialog-text")
        page.click("#card-dialog-close")
        assert not dialog.evaluate("d => d.open")
        shared = context.new_page()
        shared.goto(links.shared)
        shared.wait_for_selector("#score p")
        assert shared.is_hidden("#seat-section")
        context.close()


def tap_moves(pages: dict[str, Any], shared: Any, seed: int, count: int) -> int:
    """Play by tapping at random among what the players' pages offer, `count` moves or until the
    shared page says the game is over; the number of moves sent (each accepted)."""
    rng = random.Random(seed)
    sent = 0
    while sent < count and "the game is over" not in shared.text_content("#legal-note"):
        ready = {who: offered(page) for who, page in pages.items()}
        ready = {who: found for who, found in ready.items() if found}
        assert ready, "no page offers anything to tap, and the game is not over"
        who = rng.choice(sorted(ready))
        page = pages[who]
        # the pages are tabs of one window: a tap waits for the page's animation frames, which
        # a tab behind the others gets about once a second (8 moves took 40 s, not 3)
        page.bring_to_front()
        pick = rng.randrange(len(ready[who]))
        target = page.locator(f"[data-offered='{pick}']")
        if ready[who][pick][0] != "send":
            target.click()
            continue
        before = page.evaluate("document.body.dataset.version")
        legal = page.evaluate("window.pnpLegal")
        assert page.text_content("#tap-move") in legal
        target.click()
        page.wait_for_function(
            "() => ['accepted', 'refused'].includes(document.querySelector('#verdict').className)"
        )
        assert page.text_content("#verdict") == "accepted", page.text_content("#verdict")
        sent += 1
        for other in (*pages.values(), shared):
            other.wait_for_function(
                "v => document.body.dataset.version && document.body.dataset.version !== v",
                arg=before,
                polling=BEHIND,
            )
    return sent


@pytest.mark.slow
def test_moves_are_made_by_tapping_cards_and_offered_choices_on_the_phones(
    tmp_path: Path, browser: Any
) -> None:
    log = new_log(tmp_path, "nut-hunt", ["Ann", "Bob"], seed=4)
    with serving(log) as (links, _):
        context = browser.new_context(viewport={"width": 390, "height": 844})
        context.set_default_timeout(10_000)
        pages = {}
        for who in ("Ann", "Bob"):
            pages[who] = context.new_page()
            pages[who].goto(links.players[who])
        shared = context.new_page()
        shared.goto(links.shared)
        for page in (*pages.values(), shared):
            page.wait_for_selector("#score p")
        opening = 0  # the opening table decisions, until a legal move names a card in a hand
        while not any(p.query_selector(".seat-card.tap-target") for p in pages.values()):
            opening += tap_moves(pages, shared, seed=4, count=1)
            assert opening < 10
        ann = next(p for p in pages.values() if p.query_selector(".seat-card.tap-target"))
        ann.bring_to_front()
        targets = ann.eval_on_selector_all(".tap-target", "ns => ns.map(n => n.dataset.id)")
        legal = ann.evaluate("window.pnpLegal")
        assert targets and all(any(card in move for move in legal) for card in targets)
        ann.click(f".seat-card[data-id='{targets[0]}']")
        assert not ann.evaluate("document.querySelector('#card-dialog').open")
        assert ann.text_content("#tap-chosen") == f"chosen: {targets[0]}"
        narrowed = ann.eval_on_selector_all(".tap-target", "ns => ns.map(n => n.dataset.id)")
        assert narrowed and targets[0] not in narrowed
        assert all(any(targets[0] in m and card in m for m in legal) for card in narrowed)
        ann.click("#tap-cancel")
        assert ann.text_content("#tap-chosen").startswith("tap a card")
        assert tap_moves(pages, shared, seed=4, count=8) == 8
        context.close()


@pytest.mark.slow
def test_a_phone_says_when_it_becomes_its_players_turn(tmp_path: Path, browser: Any) -> None:
    log = new_log(tmp_path, "nut-hunt", ["Ann", "Bob"], seed=4)
    with serving(log) as (links, _):
        context = browser.new_context(viewport={"width": 390, "height": 844})
        context.set_default_timeout(10_000)
        context.add_init_script("navigator.vibrate = (ms) => { window.buzzed = ms; return true; }")
        pages = {}
        for who in ("Ann", "Bob"):
            pages[who] = context.new_page()
            pages[who].goto(links.players[who])
        shared = context.new_page()
        shared.goto(links.shared)
        for page in (*pages.values(), shared):
            page.wait_for_selector("#score p")
        seen = set()
        for _ in range(8):
            for who, page in pages.items():
                prompt = page.text_content("#prompt")
                turn = prompt.startswith((f"{who}:", "all:"))  # "all": anyone may enter it
                assert page.title().startswith("Your turn") == turn, (who, prompt)
                if turn:
                    seen.add(who)
                    assert page.evaluate("window.buzzed") == 200
            tap_moves(pages, shared, seed=5, count=1)
        assert seen == {"Ann", "Bob"}
        assert not shared.title().startswith("Your turn")
        context.close()


def log_texts(page: Any) -> list[str]:
    return page.eval_on_selector_all("#log li", "nodes => nodes.map(n => n.textContent)")


def test_secret_choices_are_tapped_each_on_its_own_phone_and_revealed_together(
    tmp_path: Path, browser: Any
) -> None:
    """Año Nuevo's travel, digital, 3 players: each seal taps its own option on its phone; the
    choices appear in the log only once the last has chosen."""
    log = new_log(tmp_path, "ano-nuevo", ["Ann", "Bob", "Cy"], seed=2)
    with serving(log) as (links, _):
        context = browser.new_context(viewport={"width": 390, "height": 844})
        context.set_default_timeout(10_000)
        shared = context.new_page()
        shared.goto(links.shared)
        pages = {}
        for seal in ("Ann", "Bob", "Cy"):
            pages[seal] = context.new_page()
            pages[seal].goto(links.players[seal])
        for page in (*pages.values(), shared):
            page.wait_for_selector("#score p")
        assert shared.is_hidden("#tap")  # the shared screen has no choice of its own
        sent = {}
        for done, (seal, page) in enumerate(pages.items(), start=1):
            page.bring_to_front()  # a tab behind the others gets its frames once a second
            options = page.eval_on_selector_all(
                "#tap-options button", "b => b.map(n => n.textContent)"
            )
            assert len(options) > 1 and all(o.startswith(f"{seal}=") for o in options), options
            page.click("#tap-options button >> nth=-1")
            move = page.text_content("#tap-move")
            assert move == f"travel {options[-1]}"
            assert move in page.evaluate("window.pnpLegal")
            before = shared.evaluate("document.body.dataset.version")
            page.click("#tap-send")
            page.wait_for_function("document.querySelector('#verdict').className === 'accepted'")
            sent[seal] = move.split()[1]
            shared.wait_for_function("v => document.body.dataset.version !== v", arg=before)
            if done < 3:
                page.wait_for_function("document.querySelector('#tap').hidden")  # chosen
                assert "chose in secret" in shared.text_content("#prompt")
                assert not any("travel" in t for t in log_texts(shared))
                assert pages["Cy"].eval_on_selector_all("#tap-options button", "b => b.length")
        shared.wait_for_function(
            "() => [...document.querySelectorAll('#log li')]"
            ".some(li => li.textContent.includes('travel '))"
        )
        revealed = " ".join(t for t in log_texts(shared) if "travel " in t)
        assert all(choice in revealed for choice in sent.values()), (revealed, sent)
        context.close()
