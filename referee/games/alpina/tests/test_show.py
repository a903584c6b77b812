"""Alpina's table in the terminal and as a picture (`pnp referee show [--svg]`)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from pnpkit.referee.checks.harness import Case, playthrough
from pnpkit.referee.games.alpina.table_view import CARD_H, CARD_W, MARGIN
from pnpkit.referee.games.alpina.tests.helpers import table

SVG = "{http://www.w3.org/2000/svg}"


def test_al_12_a_full_grid_shows_no_space_beyond_the_5x5_bound() -> None:
    session = playthrough(Case("alpina", 3, seed=3, digital=False))
    text = session.rules.describe(session.setup, session.state)
    grid_rows = [line for line in text.splitlines()[1:] if line[:3].strip().isdigit()]
    assert len(grid_rows) == 5
    assert all(len(line.split()) == 6 for line in grid_rows)  # the row number and 5 cards
    assert "." not in " ".join(grid_rows)
    root = ET.fromstring(session.rules.svg(session.setup, session.state, lambda _: None))
    assert float(root.get("width", "0pt").removesuffix("pt")) < 2 * MARGIN + 6 * CARD_W


def test_al_12_the_window_stops_where_no_card_may_go() -> None:
    moves = []
    for n, row in enumerate((4, 3, 2, 1)):
        moves += [f"play AL-0{n + 1} e{row}", "pass"]
    session = table(moves=tuple(moves))  # e1 … e5: five rows used, no 6th may come
    text = session.rules.describe(session.setup, session.state)
    numbers = [line.split()[0] for line in text.splitlines()[1:] if line[:3].strip().isdigit()]
    assert numbers == ["1", "2", "3", "4", "5"]


def test_al_13_a_hiker_is_drawn_clear_of_the_condition_text() -> None:
    session = table(moves=("play AL-01 e4", "hiker e4"))
    root = ET.fromstring(session.rules.svg(session.setup, session.state, lambda _: None))
    (pawn,) = [c for c in root.iter(f"{SVG}circle") if "hiker" in c.findtext(f"{SVG}title", "")]
    cy, r = float(pawn.get("cy", "0")), float(pawn.get("r", "0"))
    cards = [g for g in root.iter(f"{SVG}g") if g.get("class") == "card"]
    (card,) = [g for g in cards if g.findtext(f"{SVG}title", "").startswith("AL-01 ")]
    card_top = float(card.find(f"{SVG}rect").get("y", "0"))
    condition_top = card_top + CARD_H * 59 / 88.9  # the printed face's condition starts at 59 mm
    assert cy + r < condition_top


def test_al_5_no_turn_marker_before_the_first_player_is_drawn() -> None:
    from pnpkit.referee.engine.session import Session
    from pnpkit.referee.games.alpina.tests.helpers import GAME
    from pnpkit.referee.log.store import make_setup

    session = Session(make_setup(GAME, ["Ann", "Bob"]))
    session.advance()
    session.submit(session.parse("start AL-20"))
    assert "▶" not in session.rules.describe(session.setup, session.state)
    session.submit(session.parse("first Bob"))
    assert "▶ Bob" in session.rules.describe(session.setup, session.state)
