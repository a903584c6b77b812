"""Nut Hunt's information and actors (issue 22): dealt and scouted objectives are each player's
own (NH-3, NH-23), a trade is decided by the player trading (NH-24), the Automa's moves by no
player (NH-38)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.components import load_game
from pnpkit.referee.engine.rules import Rules
from pnpkit.referee.engine.session import Session
from pnpkit.referee.engine.verdict import MoveRefused
from pnpkit.referee.games.nut_hunt import RULES
from pnpkit.referee.games.nut_hunt.tests.helpers import cards
from pnpkit.referee.games.nut_hunt.tests.test_determinise import played
from pnpkit.referee.log.store import make_setup
from pnpkit.referee.views.gate import SHARED, Gate, event_secrecy

GAME = load_game("nut-hunt")


def dealt() -> Session:
    """A digital game of Ann and Bob (seed 3): Ann starts, both have kept their objectives."""
    session = Session(make_setup(GAME, ["Ann", "Bob"], seed=3))
    session.advance()
    session.submit(session.parse("first Ann"))
    for _ in range(2):
        session.submit(session.legal()[0])
    return session


def test_nh_3_dealt_objectives_read_only_as_their_public_part_to_the_others():
    """Before contract 1.2 every viewer read each objective dealt, by name."""
    session = dealt()
    kept = event_secrecy(session.setup, session.events)
    hands = dict(zip(("Ann", "Bob"), cards(session.state).hand_known, strict=True))
    for viewer in (SHARED, "Ann", "Bob"):
        texts = [e["text"] for e in Gate(session, viewer).entries(session.events, kept)]
        for owner, hand in hands.items():
            for card in hand:
                assert any(card in t for t in texts) == (viewer == owner), (viewer, card)
        if viewer != "Ann":
            assert "an objective card is drawn face down" in texts
            assert "keep 2 objective cards (face down)" in texts


def test_nh_3_the_others_objectives_stay_out_of_the_running_score():
    session = dealt()
    sheet = Gate(session, "Bob").score()
    assert "objectives" not in sheet["players"]["Ann"]["categories"]
    assert set(RULES.knowledge(session.setup, session.state).hidden("Bob")) >= set(
        cards(session.state).hand_known[0]
    )


def test_nh_24_a_trade_is_decided_by_the_player_trading_whoever_is_to_move():
    session = dealt()
    setup, state = session.setup, session.state
    trade = {"type": "trade", "player": "Bob", "give": "walnut", "get": "acorn"}
    assert session.prompt().actors != ("Bob",)
    assert RULES.actor(setup, state, trade) == "Bob"
    assert RULES.actor(setup, state, {**trade, "player": "Ann"}) == "Ann"
    with pytest.raises(MoveRefused, match="only Bob"):
        Gate(session, "Ann").enter("Bob: trade walnut for acorn")


def test_nh_10_the_player_prompted_decides_chance_and_the_table_do_not():
    session = dealt()
    setup, state = session.setup, session.state
    while RULES.prompt_kind(setup, state) != "move":
        session.submit(session.legal()[0])
        state = session.state
    player = session.prompt().actors[0]
    assert RULES.actor(setup, state, session.legal()[0]) == player
    assert RULES.actor(setup, state, {"type": "roll", "value": 3}) in (None, player)
    first = Session(make_setup(GAME, ["Ann", "Bob"], seed=3))
    first.advance()
    assert RULES.actor(first.setup, first.state, {"type": "first", "name": "Ann"}) is None


def test_nh_38_the_automa_moves_for_no_player():
    solo = Session(make_setup(GAME, ["Ann"], seed=2))
    solo.advance()
    moves = 0
    rng = random.Random(2)
    while solo.prompt().kind != "over" and moves < 400:
        for event in solo.events:
            if event.get("move", {}).get("type") == "automa":
                assert RULES.actor(solo.setup, solo.state, event["move"]) is None
                return
        solo.submit(rng.choice(solo.legal()))
        moves += 1
    pytest.fail("the Automa never moved")


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 5), st.integers(0, 10_000), st.integers(0, 150), st.booleans())
def test_knowledge_holds_every_component_and_its_determinisation_matches_the_games_own(
    players: int, seed: int, steps: int, digital: bool
) -> None:
    setup, state = played(players, seed, steps, digital)
    known = RULES.knowledge(setup, state)
    assert known.census() == RULES.census(setup, state)
    for seat in setup.players:
        derived = Rules.determinise(RULES, setup, state, seat, random.Random(seed))
        own = RULES.determinise(setup, state, seat, random.Random(seed))
        for sample in (derived, own):
            assert RULES.view(setup, sample, seat) == RULES.view(setup, state, seat)
            assert RULES.table(setup, sample, seat) == RULES.table(setup, state, seat)
            assert RULES.census(setup, sample) == RULES.census(setup, state)
        if digital:  # the same cards hidden from the seat, dealt again, in both
            seen = {z.name: z.cards for z in known.zones if z.visible_to(seat)}
            for sample in (derived, own):
                after = RULES.knowledge(setup, sample)
                assert after.hidden(seat) == known.hidden(seat)
                assert {z.name: z.cards for z in after.zones if z.visible_to(seat)} == seen
