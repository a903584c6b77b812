"""Whole digital games played only by tapping on each player's own phone page (390 × 844, a
browser context per phone), the shared page open beside them and checked to follow: a 3-player
Año Nuevo and a 2-player Nut Hunt, from the first prompt to the final score.

Each game is a short one chosen on purpose: the tapper's choice of moves is its own
(`MoveChooser`), so a seed's whole game is played headless first (`headless_game`: the server's
`state_for` and gate, no browser) and a seed whose game is short was picked from those lengths
(tests/referee/tapper.py says how to find them). The headless length is asserted too: the game
tapped on the phones is the one played headless, move for move."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from pnpkit.components import load_game
from pnpkit.referee.engine.session import Session
from pnpkit.referee.log.store import make_setup
from pnpkit.referee.views.gate import Gate
from pnpkit.referee.web.launch import serving
from tests.referee.indistinguishable import random_step, write_log
from tests.referee.serve_helpers import new_log
from tests.referee.tapper import Tapper, first_difference, headless_game, version

PHONE = {"width": 390, "height": 844}


def open_page(browser: Any, url: str, viewport: dict[str, int]) -> Any:
    context = browser.new_context(viewport=viewport, has_touch=True)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("#score p")
    return page


def play_whole_game(
    browser: Any, tmp_path: Path, game: str, players: list[str], seed: int
) -> Tapper:
    log = new_log(tmp_path, game, players, seed=seed)
    with serving(log) as (links, _):
        phones = {who: open_page(browser, links.players[who], PHONE) for who in players}
        shared = open_page(browser, links.shared, {"width": 1280, "height": 800})
        start = version(shared)
        began = time.monotonic()
        tapper = Tapper(phones, shared, seed)
        tapper.play(limit=2000)
        took = time.monotonic() - began
        assert tapper.over(), f"not over after {tapper.moves} moves"
        assert not shared.evaluate("document.querySelector('#move').value")
        # the shared page followed to the end: the last table, the final score, no more moves
        assert version(shared) > start
        assert version(shared) == max(version(p) for p in phones.values())
        assert shared.text_content("#score p").startswith("winner: ")
        movers = shared.eval_on_selector_all("#log .by", "ns => ns.map(n => n.textContent)")
        assert {f"{who}: " for who in players} <= set(movers)  # "Bob: …", not "table …"
        for page in (*phones.values(), shared):
            assert page.text_content("#prompt")
            assert all(page.is_disabled(f"#{b}") for b in ("move", "enter", "undo", "redo"))
            assert page.is_hidden("#tap")
            assert page.is_visible("#rematch")
        for page in (*phones.values(), shared):
            page.context.close()
    print(
        f"\n{game}, {len(players)} players, seed {seed}: {tapper.moves} moves in "
        f"{tapper.taps} taps ({tapper.places} on the table picture), {took:.1f} s"
    )
    return tapper


@pytest.mark.slow
def test_a_whole_3_player_ano_nuevo_is_played_by_taps_on_the_phones(
    browser: Any, tmp_path: Path
) -> None:
    """Seed 147: 176 moves; no game of seeds 0–696 is shorter (median 494 moves in seeds
    0–119)."""
    players = ["Ann", "Bob", "Cy"]
    headless = headless_game(new_log(tmp_path, "ano-nuevo", players, seed=147, name="h"), 147)
    assert len(headless) == 176
    tapper = play_whole_game(browser, tmp_path, "ano-nuevo", players, seed=147)
    left = first_difference(tapper.sent, headless)
    assert not left, left
    assert tapper.places > 0  # Harem cards and seals were tapped on the table picture


@pytest.mark.slow
def test_a_whole_2_player_nut_hunt_is_played_by_taps_on_the_phones(
    browser: Any, tmp_path: Path
) -> None:
    """Seed 540: 81 moves, the shortest game of seeds 0–699 (median 185 moves in seeds 0–59)."""
    players = ["Ann", "Bob"]
    headless = headless_game(new_log(tmp_path, "nut-hunt", players, seed=540, name="h"), 540)
    assert len(headless) == 81
    tapper = play_whole_game(browser, tmp_path, "nut-hunt", players, seed=540)
    left = first_difference(tapper.sent, headless)
    assert not left, left
    assert tapper.places > 0  # tiles were tapped on the forest


def travel_where_ann_sees_all_cy_sees(path: Path) -> None:
    """A digital Año Nuevo log at a travel prompt where the gate would let Ann choose for Cy
    too (she sees every card Cy sees), none chosen yet."""
    setup = make_setup(load_game("ano-nuevo"), ["Ann", "Bob", "Cy"], seed=5)
    session = Session(setup)
    session.advance()
    rng = random.Random(5)
    while (Gate(session, "Ann").choices() or {"options": {}})["options"].keys() != {"Ann", "Cy"}:
        random_step(session, rng)
    write_log(path, session, session.events)


def test_a_phone_offers_only_its_own_players_secret_choice(browser: Any, tmp_path: Path) -> None:
    """Found by the whole-game test: Ann's phone offered Cy's travel too, as `travel Cy=2`,
    which the referee refuses from Ann's page."""
    log = tmp_path / "g.jsonl"
    travel_where_ann_sees_all_cy_sees(log)
    with serving(log) as (links, _):
        page = open_page(browser, links.players["Ann"], PHONE)
        options = page.eval_on_selector_all("#tap-options button", "b => b.map(n => n.textContent)")
        assert options and all(o.startswith("Ann=") for o in options), options
        assert all(m.startswith("travel Ann=") for m in page.evaluate("window.pnpLegal"))
        page.click("#tap-options button >> nth=-1")
        page.click("#tap-send")
        page.wait_for_function("document.querySelector('#verdict').className === 'accepted'")
        page.context.close()
