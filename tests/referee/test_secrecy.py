"""What the shared screen and each player's page may see in digital mode, over random games."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnpkit.components import load_game
from pnpkit.referee.secrecy import SHARED, component_ids, event_secrecy, sight
from pnpkit.referee.session import Session
from pnpkit.referee.store import make_setup
from pnpkit.referee.table_view import table_state

GAMES = {"alpina": 3, "ano-nuevo": 3, "arctic": 2, "nut-hunt": 2, "gentoo": 2}


def _played(game: str, seed: int, moves: int) -> Session:
    names = ["Ann", "Bob", "Cy", "Di"][: GAMES[game]]
    session = Session(make_setup(load_game(game), names, seed=seed))
    session.advance()
    rng = random.Random(seed)
    for _ in range(moves):
        legal = session.legal()
        if not legal or session.prompt().kind == "over":
            break
        session.submit(rng.choice(legal))
    return session


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 30))
def test_no_page_names_a_component_secret_from_its_viewer(game: str, seed: int, moves: int) -> None:
    session = _played(game, seed, moves)
    setup = session.setup
    kept = event_secrecy(setup, session.events)
    now = sight(setup, session.state)
    assert now is not None
    for viewer in (SHARED, *setup.players):
        state = table_state(session, kept, viewer, lambda component_id: None)
        unseen = {i for i in now.everything | now.seen[SHARED] if now.seen[viewer][i] == 0}
        if viewer in session.prompt().actors:
            unseen -= set(component_ids(setup.game, json.dumps(state["legal"])))
            unseen -= set(component_ids(setup.game, state["prompt"]["text"]))
        state.pop("log")  # judged on the table when each entry was made, not now
        shown = component_ids(setup.game, json.dumps(state))
        assert not set(shown) & unseen, (viewer, set(shown) & unseen)


def test_the_shared_screen_of_a_digital_game_keeps_every_dealt_hand() -> None:
    session = _played("alpina", 5, 0)
    now = sight(session.setup, session.state)
    assert now is not None
    assert sum(now.kept(SHARED).values()) == 3 * 6  # three hands of six
    assert all(sum(now.kept(p).values()) == 2 * 6 for p in session.setup.players)


def test_table_mode_keeps_nothing() -> None:
    session = Session(make_setup(load_game("alpina"), ["Ann", "Bob"]))
    session.advance()
    assert sight(session.setup, session.state) is None
    assert event_secrecy(session.setup, session.events) == [frozenset()] * len(session.events)
