"""Who sees which Alpina card (AL-3), who decides each move, and what a secret draw reads as to
those who may not see it; undo is no way to see one's next card."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings

from pnpkit.referee.engine.rules import Rules, Setup
from pnpkit.referee.engine.session import Session
from pnpkit.referee.games.alpina import RULES, Alpina
from pnpkit.referee.games.alpina.setup import colours
from pnpkit.referee.games.alpina.tests.helpers import (
    GAME,
    at_step,
    hikers_left,
    known,
    pool,
)
from pnpkit.referee.games.alpina.tests.test_determinise import position, positions
from pnpkit.referee.log.store import make_setup
from pnpkit.referee.views.gate import SHARED, Gate, event_secrecy

NAMES = ["Ann", "Bob", "Cy"]


def hand_written_census(setup: Setup, state: Alpina) -> Counter[str]:
    """The census Alpina counted by hand before its knowledge (contract 1.1)."""
    pieces: Counter[str] = Counter(c for c in state.cards if c is not None)
    pieces.update(pool(state))
    for cards in known(state):
        pieces.update(cards)
    tokens = {c.fields["colour"]: c for c in setup.game.group("hikers").components}
    for seat, colour in enumerate(colours(setup)):
        on_grid = sum(1 for h in state.on_grid.pieces if h == tokens[colour].id)
        pieces[tokens[colour].id] += on_grid + hikers_left(state)[seat]
    return pieces


@settings(max_examples=60, deadline=None)
@given(positions)
def test_the_knowledge_holds_every_piece_the_game_counted(
    where: tuple[int, int, int, bool],
) -> None:
    setup, state = position(*where)
    known = setup.rules.knowledge(setup, state)
    assert known.census() == hand_written_census(setup, state)
    assert setup.rules.census(setup, state) == known.census()
    names = [zone.name for zone in known.zones]
    assert len(set(names)) == len(names)


def digital(seed: int = 3) -> Session:
    session = Session(make_setup(GAME, NAMES, seed=seed))
    session.advance()
    return session


def test_in_a_digital_game_each_hand_is_its_players_and_the_pile_nobodys() -> None:
    session = digital()
    setup, state = session.setup, session.state
    zones = {zone.name: zone for zone in setup.rules.knowledge(setup, state).zones}
    for seat, player in enumerate(NAMES):
        hand = zones[f"{player}'s hand"]
        assert hand.seen_by == frozenset({player}) and len(hand.cards) == 6
        assert set(hand.cards) == known(state)[seat]
        assert zones[f"{player}'s hikers"].seen_by is None
    assert zones["draw pile"].seen_by == frozenset()
    assert len(zones["draw pile"].cards) == state.deck.count
    assert zones["grid"].seen_by is None and zones["grid"].cards == (state.cards[40],)


def test_at_the_table_the_referee_knows_no_hand() -> None:
    session = Session(make_setup(GAME, NAMES))
    session.advance()
    for text in ("start AL-20", "first Ann"):
        session.submit(session.parse(text))
    setup, state = session.setup, session.state
    zones = {zone.name: zone for zone in setup.rules.knowledge(setup, state).zones}
    assert all(not zones[f"{p}'s hand"].cards for p in NAMES)
    assert len(zones["draw pile and hands"].cards) == 55
    assert zones["draw pile and hands"].seen_by == frozenset()


def test_alpina_samples_the_hidden_cards_with_the_engines_determinise() -> None:
    """The hand-written determinise is gone: the knowledge and `rebuild` give it."""
    assert type(RULES).determinise is Rules.determinise


def _until_draw(session: Session) -> None:
    """The player to move plays their first legal card and places no hiker: a draw follows."""
    session.submit(session.legal()[0])
    session.submit({"type": "pass"})


def test_a_draw_reads_as_a_card_drawn_to_all_but_its_drawer() -> None:
    session = digital()
    drawer = session.setup.players[session.state.turn.seat]
    _until_draw(session)
    draw = next(e for e in reversed(session.events) if e["by"] == "chance")
    kept = event_secrecy(session.setup, session.events)
    at = session.events.index(draw)
    for viewer in (SHARED, *NAMES):
        entry = Gate(session, viewer).entries(session.events, kept)[at]
        if viewer == drawer:
            assert entry["text"] == draw["text"] == f"draw {draw['move']['card']}"
        else:
            assert entry["text"] == "draw (a secret card)"
            assert entry["secret"] is True


def test_the_deal_reads_as_a_deal_to_every_viewer() -> None:
    session = digital()
    kept = event_secrecy(session.setup, session.events)
    deal = next(n for n, e in enumerate(session.events) if e["move"]["type"] == "deal")
    for viewer in (SHARED, *NAMES):
        entry = Gate(session, viewer).entries(session.events, kept)[deal]
        assert entry["text"] == "deal (6 secret cards each)"


def test_who_decides_each_move() -> None:
    session = digital()
    setup, rules = session.setup, session.rules
    player = setup.players[session.state.turn.seat]
    state = session.state
    play = session.legal()[0]
    assert rules.actor(setup, state, play) == player
    assert rules.actor(setup, state, {**play, "player": "Cy"}) == "Cy"
    session.submit(play)
    assert rules.actor(setup, session.state, {"type": "pass"}) == player
    drawing = at_step(session.state, "draw")
    assert rules.actor(setup, drawing, {"type": "draw", "card": "AL-01"}) is None
    fresh = Session(make_setup(GAME, NAMES))
    start = {"type": "start", "card": "AL-20"}
    assert rules.actor(fresh.setup, fresh.state, start) is None
    fresh.submit(start)  # the deal at the table follows by itself
    assert rules.actor(fresh.setup, fresh.state, {"type": "first", "seat": 1}) is None


def test_undo_is_no_way_to_see_ones_next_card() -> None:
    """A player who saw their draw, took back the pass and passed again meets another card
    (the referee draws afresh after an undo) in most games."""
    same = 0
    for seed in range(20):
        session = digital(seed)
        _until_draw(session)
        seen = session.events[-1]["move"]["card"]
        Gate(session, session.setup.players[session.state.turn.seat - 1]).undo()
        session.submit({"type": "pass"})
        again = session.events[-1]
        assert again["by"] == "chance" and again["move"]["type"] == "draw"
        same += again["move"]["card"] == seen
    assert same <= 3, f"{same} of 20 redraws after an undo gave the card seen before it"


def test_a_draw_after_undo_is_drawn_from_the_pile() -> None:
    session = digital(4)
    _until_draw(session)
    Gate(session, SHARED).undo(table=True)
    pile = pool(session.state)
    session.submit({"type": "pass"})
    assert session.events[-1]["move"]["card"] in pile


def test_the_shared_screen_reads_the_table_with_every_hand_counted() -> None:
    session = digital()
    text = Gate(session, SHARED).text()
    assert text is not None
    assert text.splitlines()[0] == "the shared view (every hand only counted)"
    assert "Ann (red): 6 cards, 5 hikers left" in text
    held = set().union(*known(session.state))
    assert not any(card in text for card in held)
