"""Año Nuevo's information and actors (issue 22): displayed cards committed at display (AN-31),
who sees which card, who decides each move (AN-70), and what the others read of a secret move."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.components import load_game
from pnpkit.referee.engine.rules import Rules, Setup
from pnpkit.referee.engine.session import Session
from pnpkit.referee.engine.verdict import MoveRefused
from pnpkit.referee.games.ano_nuevo import RULES
from pnpkit.referee.games.ano_nuevo.data import data_of
from pnpkit.referee.games.ano_nuevo.state import DISPLAYED, pile_of
from pnpkit.referee.games.ano_nuevo.tests.helpers import discard, hand, pool
from pnpkit.referee.views.gate import SHARED, Gate, event_secrecy

GAME = load_game("ano-nuevo")
PLAYERS = ("Ann", "Bob", "Cy")


def travelled() -> Session:
    """A digital game (seed 4) after Ann and Bob went to Location 1 and Cy to Location 2, each
    entering their own travel token through their own page; Cy has paid."""
    session = Session(Setup(GAME, RULES, "standard", PLAYERS, seed=4))
    session.advance()
    for player, where in (("Ann", "1"), ("Bob", "1"), ("Cy", "2")):
        Gate(session, player).enter(f"travel {where}")
    Gate(session, "Cy").enter("pay Cy AN-CR1")
    return session


def displayed() -> Session:
    """`travelled`, then Ann displays AN-SH1+AN-SK1 and Bob AN-SQ3 face down, both stay."""
    session = travelled()
    assert session.prompt().text.startswith("Ann, Bob: posture on Location 1")
    Gate(session, "Ann").enter("display AN-SH1+AN-SK1")
    Gate(session, "Bob").enter("display Bob=AN-SQ3")
    return session


def test_an_10_travel_tokens_are_entered_each_on_its_own_page_and_revealed_together():
    session = Session(Setup(GAME, RULES, "standard", PLAYERS, seed=4))
    session.advance()
    Gate(session, "Ann").enter("travel 1")
    with pytest.raises(MoveRefused, match="only Ann"):
        Gate(session, "Bob").enter("travel Ann=2")  # nobody chooses for another seal
    kept = event_secrecy(session.setup, session.events)
    assert Gate(session, "Bob").entries(session.events, kept)[-1]["text"] == "Ann has chosen"
    Gate(session, "Bob").enter("travel 1")
    Gate(session, "Cy").enter("travel 2")
    assert session.events[-1]["text"] == "travel Ann=1 Bob=1 Cy=2"
    assert session.events[-1]["together"]


def test_an_31_digital_display_takes_the_cards_from_the_hand_at_display():
    """Before the fix a digital display gave only counts and the cards were picked at reveal,
    after seeing the other side's: now they leave the hand at display, face down."""
    session = displayed()
    state = session.state
    assert hand(state, "Ann") == ("AN-CR2", "AN-CR3", "AN-SQ1")
    assert hand(state, "Bob").count("AN-SQ3") == 1
    assert state.contests[0].shown == (2, 1) and state.contests[0].face_down
    assert state.table[pile_of(DISPLAYED, "Ann")].items == ("AN-SH1", "AN-SK1")
    assert state.table[pile_of(DISPLAYED, "Bob")].items == ("AN-SQ3",)


def test_an_40_a_fighter_reveals_only_the_cards_displayed():
    session = displayed()
    Gate(session, "Ann").enter("stand stay")
    Gate(session, "Bob").enter("stand stay")
    with pytest.raises(MoveRefused, match="AN-40: Ann did not display AN-CR2"):
        Gate(session, "Ann").enter("reveal Ann AN-CR2")  # in her hand, but not displayed
    Gate(session, "Ann").enter("reveal Ann AN-SK1")
    assert session.state.table[pile_of(DISPLAYED, "Ann")].items == ("AN-SH1",)
    assert "AN-SK1" in discard(session.state)  # AN-42


def test_an_33_cards_displayed_go_back_to_the_hands_when_all_back_down():
    session = displayed()
    before = travelled().state
    hands = [hand(before, p) for p in PLAYERS]
    Gate(session, "Ann").enter("stand back")
    Gate(session, "Bob").enter("stand back")
    assert [hand(session.state, p) for p in PLAYERS] == hands
    assert session.state.contests[0].shown is None and not session.state.contests[0].face_down


def test_an_34_one_stays_and_the_cards_go_back_unrevealed():
    session = displayed()
    Gate(session, "Ann").enter("stand stay")
    Gate(session, "Bob").enter("stand back")
    assert hand(session.state, "Ann").count("AN-SH1") == 1
    assert "AN-SH1" not in discard(session.state)


def test_an_68_displayed_cards_are_their_seals_alone_to_read():
    session = displayed()
    kept = event_secrecy(session.setup, session.events)
    display = session.events[-1]
    assert display["text"] == "display Ann=AN-SH1+AN-SK1 Bob=AN-SQ3"
    for viewer in (SHARED, "Bob", "Cy"):
        entry = Gate(session, viewer).entries(session.events, kept)[-1]
        assert entry["text"] == "Ann displays 2 cards face down; Bob displays 1 card face down"
    assert "Ann's face down: AN-SH1, AN-SK1" in RULES.view(session.setup, session.state, "Ann")
    assert "AN-SH1, AN-SK1" not in RULES.view(session.setup, session.state, "Bob")
    assert "displayed: Ann 2, Bob 1" in RULES.view(session.setup, session.state, "Bob")
    zone = {z.name: z for z in RULES.knowledge(session.setup, session.state).zones}
    assert zone["displayed:Ann"].cards == ("AN-SH1", "AN-SK1")
    assert zone["displayed:Ann"].seen_by == frozenset({"Ann"})


def test_an_31_a_display_names_cards_held_in_digital_mode_and_counts_at_the_table():
    session = travelled()
    with pytest.raises(MoveRefused, match="Bob may choose one of"):
        Gate(session, "Bob").enter("display AN-SH1")  # not in Bob's hand
    with pytest.raises(MoveRefused, match="does not hold"):
        session.submit(session.parse("display Ann=AN-SH1 Bob=AN-SH1"))
    with pytest.raises(MoveRefused, match="AN-72"):
        session.enter("display Ann=2 Bob=1")  # digital mode names the cards


def test_an_45_a_digital_draw_reads_as_its_public_part_to_the_others():
    session = Session(Setup(GAME, RULES, "standard", PLAYERS, seed=4))
    session.advance()
    kept = event_secrecy(session.setup, session.events)
    first_draw = next(i for i, e in enumerate(session.events) if e["move"]["type"] == "draw")
    event = session.events[first_draw]
    drawer, card = event["move"]["seal"], event["move"]["card"]
    for viewer in (SHARED, *PLAYERS):
        text = Gate(session, viewer).entries(session.events, kept)[first_draw]["text"]
        own = f"draw {drawer} {card}"
        assert text == (own if viewer == drawer else f"{drawer} draws a Prey card")


def test_an_70_who_decides_each_move():
    session = displayed()
    setup, state = session.setup, session.state
    actor = RULES.actor
    assert actor(setup, state, {"type": "reveal", "seal": "Bob", "card": "AN-SQ3"}) == "Bob"
    assert actor(setup, state, {"type": "pay", "seal": "Cy", "card": "AN-SQ3"}) == "Cy"
    assert actor(setup, state, {"type": "mate", "seal": "Ann", "card": "AN-SQ1"}) == "Ann"
    assert actor(setup, state, {"type": "keep", "seal": "Ann", "card": "AN-SQ1"}) == "Ann"
    assert actor(setup, state, {"type": "draw", "seal": "Ann", "card": "AN-SQ1"}) is None
    assert actor(setup, state, {"type": "bellow", "seal": "Ann"}) is None  # the table judges
    assert actor(setup, state, {"type": "stand", "stays": {"Ann": True, "Bob": True}}) is None
    assert actor(setup, state, {"type": "flip", "card": "AN-HPA"}) is None


def test_an_56_an_57_the_alpha_takes_and_gives_and_the_beta_stops():
    from pnpkit.referee.games.ano_nuevo.state import Mating, evolve

    session = displayed()
    Gate(session, "Ann").enter("stand stay")
    Gate(session, "Bob").enter("stand back")  # Ann Alpha, Bob Beta (AN-34)
    setup, state = session.setup, session.state
    taking = evolve(state, mating=Mating(0, (), taker=0, left=1))
    giving = evolve(state, mating=Mating(0, (), taker=1, left=1))
    assert RULES.actor(setup, taking, {"type": "take", "card": "AN-HPA"}) == "Ann"
    assert RULES.actor(setup, taking, {"type": "done"}) == "Ann"
    assert RULES.actor(setup, giving, {"type": "give", "card": "AN-HPA"}) == "Ann"
    assert RULES.actor(setup, giving, {"type": "done"}) == "Bob"
    assert RULES.actor(setup, giving, {"type": "done", "player": "Ann"}) == "Ann"


def test_an_47_a_pool_passed_on_is_known_to_the_seal_who_passed_it():
    setup = Setup(GAME, RULES, "advanced-hunting", PLAYERS, seed=2)
    session = Session(setup)
    session.advance()
    for keeper in PLAYERS:  # the first turn: each sets a card of its new Pool aside
        session.submit(next(m for m in session.legal() if m["seal"] == keeper))
    assert session.state.turn == 2
    zones = {z.name: z for z in RULES.knowledge(setup, session.state).zones}
    passed = [z for z in zones.values() if z.name.startswith("pool:") and z.cards]
    assert passed
    for zone in passed:
        holder = zone.name.split(":")[1]
        passer = PLAYERS[PLAYERS.index(holder) - 1]
        assert zone.seen_by == frozenset({holder, passer})
    holder = passed[0].name.split(":")[1]
    passer = PLAYERS[PLAYERS.index(holder) - 1]
    sampled = RULES.determinise(setup, session.state, passer, random.Random(1))
    assert pool(sampled, holder) == pool(session.state, holder)


def _random_digital(seed: int, steps: int, variant: str) -> Session:
    session = Session(Setup(GAME, RULES, variant, PLAYERS, seed=seed))
    session.advance()
    rng = random.Random(seed)
    for _ in range(steps):
        if session.prompt().kind == "over":
            break
        session.submit(RULES.random_move(session.setup, session.state, rng))
    return session


@settings(max_examples=20, deadline=None)
@given(
    st.integers(0, 10_000),
    st.integers(0, 200),
    st.sampled_from(["standard", "advanced-hunting"]),
    st.sampled_from(PLAYERS),
)
def test_knowledge_holds_every_card_once_and_a_determinisation_keeps_what_the_seat_sees(
    seed: int, steps: int, variant: str, seat: str
) -> None:
    session = _random_digital(seed, steps, variant)
    setup, state = session.setup, session.state
    data = data_of(GAME)
    known = RULES.knowledge(setup, state)
    assert known.census() == Counter(data.prey_copies) + Counter(data.harem_copies)
    seen = {z.name: z.cards for z in known.zones if z.visible_to(seat)}
    derived = Rules.determinise(RULES, setup, state, seat, random.Random(seed))
    own = RULES.determinise(setup, state, seat, random.Random(seed))  # written out for speed
    for sampled in (derived, own):
        assert RULES.view(setup, sampled, seat) == RULES.view(setup, state, seat)
        assert RULES.table(setup, sampled, seat) == RULES.table(setup, state, seat)
        assert RULES.census(setup, sampled) == RULES.census(setup, state)
        after = RULES.knowledge(setup, sampled)
        assert after.hidden(seat) == known.hidden(seat)
        assert {z.name: z.cards for z in after.zones if z.visible_to(seat)} == seen
