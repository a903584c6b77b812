"""Who sees what in Gentoo (GE-36: every pile a known set of cards, its order nobody's), who
decides each move, and what a digital game's shared screen shows."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.referee.checks.harness import enter as play
from pnpkit.referee.engine.rules import Rules, Setup
from pnpkit.referee.engine.session import Session
from pnpkit.referee.games.gentoo import RULES
from pnpkit.referee.games.gentoo.state import Catalog, GentooState
from pnpkit.referee.games.gentoo.tests.helpers import (
    box,
    choice,
    discard,
    draw_pile,
    seats,
    supply,
)
from pnpkit.referee.games.gentoo.tests.test_cards import peck_table
from pnpkit.referee.games.gentoo.tests.test_properties import wander
from pnpkit.referee.games.gentoo.tests.test_setup import THIEF, VPECK, full_census, make
from pnpkit.referee.views.gate import SHARED, Gate, event_secrecy


def hand_written_census(setup: Setup, state: GentooState) -> Counter[str]:
    """The census Gentoo counted by hand before its knowledge (contract 1.1)."""
    catalog = Catalog.of(setup.game)
    cards = Counter(dict(draw_pile(state).counts)) + Counter(dict(box(state).counts))
    cards.update(choice(state))
    cards.update(discard(state))
    for player in seats(state):
        cards += Counter(dict(player.pile.counts))
        cards.update(player.in_play)
        cards.update(player.used)
    tokens = {
        "nesting-stone": supply(state, "nesting-stone") + sum(p.stones for p in seats(state)),
        "penguin": supply(state, "penguin") + sum(p.penguins for p in seats(state)),
        "fish": supply(state, "fish") + sum(p.fish for p in seats(state)),
    }
    for icon, count in tokens.items():
        cards[catalog.token(icon).id] += count
    return cards


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 4), st.integers(0, 10**6), st.integers(0, 300))
def test_ge_36_every_piece_is_in_an_open_zone(n: int, seed: int, steps: int) -> None:
    setup, states = wander(n, seed, steps)
    for state in states[:: max(1, len(states) // 8)]:
        known = RULES.knowledge(setup, state)
        assert known.census() == hand_written_census(setup, state) == full_census()
        assert not any(known.keeps_from(v) for v in (SHARED, *setup.players))
        names = [zone.name for zone in known.zones]
        assert len(set(names)) == len(names)


def digital_game(seed: int, moves: int) -> Session:
    session = Session(make(3, seed=seed))
    session.advance()
    rng = random.Random(seed)
    for _ in range(moves):
        legal = session.legal()
        if not legal:
            break
        session.submit(rng.choice(legal))
    return session


def test_the_shared_screen_of_a_digital_game_shows_the_whole_table() -> None:
    """Nothing is hidden from anyone, so the shared screen reads the table, the prompt, the
    legal moves and every logged event as the players do."""
    session = digital_game(4, 40)
    setup = session.setup
    shared = Gate(session, SHARED)
    assert shared.text() == RULES.describe(setup, session.state)
    assert shared.prompt()["text"] == session.prompt().text
    assert shared.legal() == [session.text(m) for m in session.legal()]
    assert not any(event_secrecy(setup, session.events))
    logged = [
        e["text"] for e in shared.entries(session.events, event_secrecy(setup, session.events))
    ]
    assert logged == [e["text"] for e in session.events]


def test_gentoo_searches_the_state_itself() -> None:
    """GE-36: the engine's determinise gives the state: Gentoo overrides it no more."""
    assert type(RULES).determinise is Rules.determinise
    setup, states = wander(3, 2, 120)
    assert RULES.determinise(setup, states[-1], "Bob", random.Random(1)) is states[-1]


def test_who_decides_each_move() -> None:
    setup = make(3, seed=1)
    start = RULES.initial(setup)
    flip = RULES.legal(setup, start)[0]
    assert RULES.actor(setup, start, flip) is None  # a card turned over: chance
    first = {"type": "first", "name": "Bob"}
    state = start
    while RULES.prompt_kind(setup, state) == "chance":
        state = RULES.apply(setup, state, RULES.legal(setup, state)[0])
    assert RULES.prompt(setup, state).actors == setup.players
    assert RULES.actor(setup, state, first) is None  # the table agrees who goes first
    table = play(setup, peck_table(setup), f"play {THIEF} Bob")
    assert RULES.actor(setup, table, {"type": "allow"}) == "Bob"  # the Stone Thief's victim
    peck = RULES.parse(setup, table, f"play {VPECK}")
    assert RULES.actor(setup, table, peck) == "Bob"
    assert RULES.actor(setup, table, {**peck, "player": "Cy"}) == "Cy"
