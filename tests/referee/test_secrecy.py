"""What the shared screen and each player's page may see in digital mode, over random games (a
quick scan beside the indistinguishability test, which is the proof)."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnpkit.components import load_game
from pnpkit.referee.engine.session import Session
from pnpkit.referee.log.store import make_setup
from pnpkit.referee.views.gate import SHARED, EventSecrecy, event_secrecy, sight, state_for
from tests.referee.indistinguishable import random_step

GAMES = {"alpina": 3, "ano-nuevo": 3, "arctic": 2, "nut-hunt": 2, "gentoo": 2}
WORD = re.compile(r"[\w-]+")


def _played(game: str, seed: int, moves: int) -> Session:
    names = ["Ann", "Bob", "Cy", "Di"][: GAMES[game]]
    session = Session(make_setup(load_game(game), names, seed=seed))
    session.advance()
    rng = random.Random(seed)
    for _ in range(moves):
        legal = session.legal()
        if not legal or session.prompt().kind in ("over", "simultaneous"):
            break
        session.submit(rng.choice(legal))
    return session


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 30))
def test_no_page_names_a_card_hidden_from_its_viewer(game: str, seed: int, moves: int) -> None:
    session = _played(game, seed, moves)
    setup = session.setup
    kept = event_secrecy(setup, session.events)
    now = sight(setup, session.state)
    assert now is not None
    for viewer in (SHARED, *setup.players):
        page = state_for(session, kept, viewer, lambda component_id: None)
        hidden, census = now.hidden(viewer), now.census()
        unseen = {card for card, n in census.items() if hidden[card] == n}
        page.pop("log")  # judged when each entry was made, not now
        page.pop("picture")  # drawn from the public table (the test of pairs covers it)
        shown = set(WORD.findall(json.dumps(page)))
        assert not shown & unseen, (viewer, shown & unseen)


def test_the_shared_screen_of_a_digital_game_keeps_every_dealt_hand() -> None:
    session = _played("alpina", 5, 0)
    now = sight(session.setup, session.state)
    assert now is not None
    players = session.setup.players
    for player in players:
        # a player sees their own six cards, which the shared screen and the others do not
        assert sum((now.hidden(SHARED) - now.hidden(player)).values()) == 6
        assert all(sum((now.hidden(o) - now.hidden(player)).values()) == 6 for o in players
                   if o != player)  # fmt: skip


def test_table_mode_keeps_nothing() -> None:
    session = Session(make_setup(load_game("alpina"), ["Ann", "Bob"]))
    session.advance()
    assert sight(session.setup, session.state) is None
    assert event_secrecy(session.setup, session.events) == [frozenset()] * len(session.events)


def _played_with_undos(game: str, seed: int, moves: int, choosing: int) -> Session:
    """A digital game (`seed`) of random moves and secret choices (drawn by `choosing`), every
    fifth taken back (`undo` events)."""
    names = ["Ann", "Bob", "Cy", "Di"][: GAMES[game]]
    setup = make_setup(load_game(game), names, seed=seed)
    session = Session(setup)
    session.advance()
    rng = random.Random(choosing)
    for step in range(moves):
        if session.prompt().kind == "over":
            break
        random_step(session, rng)
        if step % 5 == 4:
            session.undo()
    return session


@pytest.mark.parametrize("game", ["ano-nuevo", "nut-hunt"])
def test_secrecy_kept_up_to_date_as_a_log_grows_is_the_secrecy_of_the_whole_log(
    game: str,
) -> None:
    """`EventSecrecy` replays only a log's new events (the server asks at every move); what it
    finds is what `event_secrecy` finds replaying the whole log, at every length, and a log
    that is not the last one grown (another game from the same deal, a log cut short) starts
    afresh."""
    session = _played_with_undos(game, 3, 40, choosing=1)
    setup, events = session.setup, session.events
    assert any("undo" in e for e in events) and any(event_secrecy(setup, events))
    growing = EventSecrecy(setup)
    for n in range(len(events) + 1):
        assert growing.of(events[:n]) == event_secrecy(setup, events[:n]), n
    other = _played_with_undos(game, 3, 40, choosing=2).events
    assert other[:2] == events[:2] and other != events
    assert growing.of(other) == event_secrecy(setup, other)
    assert growing.of(events[:5]) == event_secrecy(setup, events[:5])
