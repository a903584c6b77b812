"""Año Nuevo's moves, declared once (rules.py's MOVES): every legal move's text reads back as the
move, the syntax table comes from the declarations, and text that is no move is refused naming
what was expected (AN-72)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.components import load_game
from pnpkit.referee.api import MoveSyntaxError, Syntax
from pnpkit.referee.checks.harness import fuzz_examples
from pnpkit.referee.games.ano_nuevo.rules import MOVES, RULES
from pnpkit.referee.log.store import make_setup

GAME = load_game("ano-nuevo")
PLAYERS = ["Ann", "Bob", "Cy"]


@settings(max_examples=fuzz_examples(8), deadline=None)
@given(
    st.integers(0, 10_000),
    st.booleans(),
    st.sampled_from(("standard", "advanced-hunting")),
)
def test_every_legal_move_round_trips_through_its_text(seed, digital, variant):
    setup = make_setup(GAME, PLAYERS, variant, seed=seed if digital else None)
    rng, state = random.Random(seed), RULES.initial(setup)
    for _ in range(300):
        if RULES.prompt_kind(setup, state) == "over":
            return
        legal = RULES.legal(setup, state)
        for move in rng.sample(legal, min(len(legal), 20)):
            text = RULES.text(setup, move)
            assert RULES.parse(setup, state, text) == move
            assert RULES.text(setup, RULES.parse(setup, state, text.upper())) == text
        move = RULES.forced(setup, state) or RULES.random_move(setup, state, rng)
        state = RULES.apply(setup, state, move)


def test_the_syntax_table_is_the_declarations():
    assert RULES.syntax == MOVES.syntax()
    assert [s.form.split()[0] for s in RULES.syntax] == [
        "location", "flip", "travel", "pay", "display", "display", "stand", "reveal", "bellow",
        "draw", "hunt", "keep", "mate", "take", "give", "done",
    ]  # fmt: skip
    assert RULES.syntax[2] == Syntax(
        "travel NAME=N|ocean …", "every seal's revealed token, entered together", "AN-10"
    )
    assert RULES.syntax[5].form == "display NAME=CARD+CARD|none …"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("pay zed AN-CR1", r"'zed' is not a NAME: expected one of the players Ann, Bob, Cy \("),
        ("bellow", r"^expected: bellow NAME$"),
        ("travel ann=x bob=1 cy=1", r"expected a Location number or ocean \(travel NAME=N\|ocean"),
        ("stand ann=maybe bob=stay", r"expected stay or back \(stand NAME=stay\|back …\)"),
        ("fly away", r"^expected one of: location CARD; flip CARD; travel NAME=N\|ocean …;"),
        ("done now", r"^expected: done$"),
    ],
)
def test_text_that_is_no_move_names_what_was_expected(text, expected):
    setup = make_setup(GAME, PLAYERS)
    with pytest.raises(MoveSyntaxError, match=expected):
        RULES.parse(setup, RULES.initial(setup), text)


def test_display_reads_counts_at_the_table_and_cards_in_digital_play():
    table, digital = make_setup(GAME, PLAYERS), make_setup(GAME, PLAYERS, seed=1)
    counts = RULES.parse(table, None, "display ann=2 bob=0")
    assert counts == {"type": "display", "counts": {"Ann": 2, "Bob": 0}}
    cards = RULES.parse(digital, None, "display bob=an-sq1+an-cr3 ann=none")
    assert cards == {"type": "display", "cards": {"Bob": ["AN-CR3", "AN-SQ1"], "Ann": []}}
    assert RULES.text(digital, cards) == "display Bob=AN-CR3+AN-SQ1 Ann=none"
    with pytest.raises(MoveSyntaxError, match="Ann=an-sq1: expected how many cards"):
        RULES.parse(table, None, "display ann=an-sq1")
