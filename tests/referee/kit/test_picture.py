"""The table picture and data a kit game gets from its blocks: public cards face up with the word
moves use as `data-id`, hidden blocks as counts, on the shared page's Table box."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

from pnpkit.components import load_game
from pnpkit.referee.api import SHARED, Knowledge, Rules
from pnpkit.referee.engine.session import Session
from pnpkit.referee.log.store import make_setup
from pnpkit.referee.views.gate import event_secrecy, state_for
from pnpkit.referee.views.table_data import card
from pnpkit.referee.views.zone_picture import drawn, knowledge_rows

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples"
EXPEDITION, LANTERNS = EXAMPLES / "expedition", EXAMPLES / "lanterns"


def played(moves: int, seed: int = 5) -> Session:
    """A digital game of Expedition after the deal and `moves` random moves of the players."""
    setup = make_setup(load_game(EXPEDITION), ["Ann", "Bob"], seed=seed)
    session = Session(setup)
    session.advance()
    rng = random.Random(seed)
    for _ in range(moves):
        legal = session.legal()
        discards = [m for m in legal if m["type"] == "discard"]
        session.submit(rng.choice(discards or legal))
    return session


def walked() -> Session:
    """A digital game of Lantern Walk (a plain `Rules` module, no kit) after 6 random moves."""
    session = Session(make_setup(load_game(LANTERNS), ["Ann", "Bob"], seed=3))
    session.advance()
    rng = random.Random(3)
    for _ in range(6):
        session.submit(rng.choice(session.legal()))
    return session


def test_the_shared_picture_shows_the_public_cards_and_hides_the_hands() -> None:
    session = played(12)
    setup, state = session.setup, session.state
    svg = setup.rules.svg(setup, state, lambda card: None)
    ids = re.findall(r'data-id="([^"]+)"', svg)
    blocks = [i for i in ids if not i.startswith("EX-") and i not in setup.players]  # not legend
    assert [name for name, _ in state.table.blocks] == blocks
    piles = [
        c for s in ("desert", "sea", "jungle", "volcano", "glacier") for c in state.table[s].cards
    ]
    assert piles and all(card in ids for card in piles)
    in_hands = {c for p in setup.players for c in state.table[f"{p}'s hand"].known}
    assert in_hands and not in_hands & set(ids)
    assert "8 hidden" in svg and f"{len(state.table['deck'])} hidden" in svg


def test_the_data_ids_are_the_words_the_moves_use() -> None:
    session = played(12)
    setup, state = session.setup, session.state
    while state.turn.step != "draw" or not any(
        state.table[s].cards for s in ("sea", "desert", "jungle", "volcano", "glacier")
    ):
        session.submit(session.legal()[-1])
        state = session.state
    svg = setup.rules.svg(setup, state, lambda card: None)
    ids = set(re.findall(r'data-id="([^"]+)"', svg))
    words = {w for m in setup.rules.legal(setup, state) for w in setup.rules.text(setup, m).split()}
    assert {"deck"} | (words - {"draw"}) <= ids


def test_the_table_data_and_the_page_follow_the_viewer() -> None:
    session = played(3)
    setup, state = session.setup, session.state
    ann = {row["name"]: row for row in setup.rules.zones(setup, state, "Ann")["blocks"]}
    assert [c["id"] for c in ann["Ann's hand"]["cards"]] == list(state.table["Ann's hand"].known)
    assert ann["Bob's hand"] == {"name": "Bob's hand", "kind": "hand", "count": 8}
    kept = event_secrecy(setup, session.events)
    page = state_for(session, kept, SHARED, lambda card: None)
    assert page["picture"].startswith("<svg") and 'data-id="deck"' in page["picture"]


def test_a_plain_rules_module_without_svg_is_drawn_from_its_knowledge() -> None:
    """Lantern Walk is a plain `Rules` module (no kit); without its own `svg` the default draws
    a row per zone of its `knowledge`: public cards face up, the others as counts."""
    session = walked()
    setup, rules, state = session.setup, session.setup.rules, session.state
    svg = Rules.svg(rules, setup, state, lambda card: None)
    ids = set(re.findall(r'data-id="([^"]+)"', svg))
    zones = rules.knowledge(setup, state).zones
    public = {c for z in zones if z.visible_to(SHARED) for c in z.cards}
    hidden = {c for z in zones if not z.visible_to(SHARED) for c in z.cards}
    assert public and public <= ids and hidden - public and not (hidden - public) & ids
    assert {z.name for z in zones} <= ids
    for zone in zones:
        if not zone.visible_to(SHARED):
            assert f"{len(zone.cards)} hidden" in svg
    assert all(f">{p}" in svg for p in setup.players)  # the legend
    # indistinguishable: any other cards in the zones the shared screen does not see, same picture
    other = next(c.id for c in setup.game.components() if c.id not in hidden | public)
    swapped = Knowledge(
        tuple(
            z if z.visible_to(SHARED) else replace(z, cards=(other,) * len(z.cards)) for z in zones
        )
    )
    assert drawn(rules, setup, state, SHARED, knowledge_rows(setup, swapped, SHARED)) == svg


def test_copies_lying_together_are_one_card_marked_with_how_many_and_names_are_whole() -> None:
    """A supply of identical cards was as many overlapping cards, and names were cut ("Red
    Lante"): copies side by side are now drawn once, ×N, and a name takes two lines."""
    session = walked()
    setup, rules, state = session.setup, session.setup.rules, session.state
    row = {"name": "Ann's candles", "kind": "zone", "cards": [card(setup.game, "LW-C")] * 5}
    svg = drawn(rules, setup, state, SHARED, [row])
    assert svg.count('data-id="LW-C"') == 1 and ">×5<" in svg
    walk = [card(setup.game, c) for c in ("LW-R1", "LW-R1", "LW-R2", "LW-R1")]
    svg = drawn(rules, setup, state, SHARED, [{"name": "walk", "kind": "zone", "cards": walk}])
    assert re.findall(r'data-id="(LW-R\d)"', svg) == ["LW-R1", "LW-R2", "LW-R1"]  # in order
    assert ">×2<" in svg and ">Red<" in svg and ">Lantern<" in svg
