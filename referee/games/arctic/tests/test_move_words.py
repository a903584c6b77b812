"""Arctic's moves declared once (rules.MOVES): the syntax table they give, every legal move read
back from its text, and what a mistyped move is told (AR-48)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.referee.api import MoveSyntaxError
from pnpkit.referee.checks.harness import fuzz_examples
from pnpkit.referee.games.arctic import RULES
from pnpkit.referee.games.arctic.rules import MOVES
from pnpkit.referee.games.arctic.tests.helpers import setup, started

SYNTAX = [
    ("sides LETTERS", "AR-7"),
    ("river CARD", "AR-22"),
    ("place CARD …", "AR-9"),
    ("place CARD … tuck CARD|?", "AR-23"),
    ("place CARD … bottom CARD", "AR-24"),
    ("swap HAND RIVER", "AR-31"),
    ("takeback", "AR-32"),
    ("tokens ANIMAL left", "AR-16"),
    ("tokens … extra left|right", "AR-27"),
    ("take CARD", "AR-19"),
    ("take deep", "AR-30"),
    ("take penalty", "AR-33"),
    ("deal CARD", "AR-30"),
    ("done", "AR-25"),
    ("discard CARD|? …", "AR-21"),
    ("blame NAME", "AR-34"),
    ("pass", "AR-34"),
    ("totems NAME=ANIMAL …", "AR-38"),
]


def test_the_syntax_table_is_the_declared_moves_the_referees_own_left_out() -> None:
    assert [(s.form, s.rule) for s in RULES.syntax] == SYNTAX
    assert RULES.syntax == MOVES.syntax() and RULES.syntax_rule == "AR-48"
    assert {f.verb for f in MOVES.forms if f.rows == ()} == {"power", "reserve"}


@settings(max_examples=fuzz_examples(8), deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["a", "b"]), st.integers(2, 4))
def test_every_legal_move_reads_back_from_its_text(seed: int, sides: str, players: int) -> None:
    game, rng = setup(players, sides, seed), random.Random(seed)
    state = RULES.initial(game)
    for _ in range(150):
        if RULES.prompt_kind(game, state) == "over":
            return
        legal = RULES.legal(game, state)
        for move in legal:
            text = RULES.text(game, move)
            assert RULES.parse(game, state, text) == move, text
            assert RULES.parse(game, state, text.upper()) == move, text
        state = RULES.apply(game, state, rng.choice(legal))


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("take", "expected: take CARD|deep|penalty"),
        ("swap AR-1F1", "expected: swap HAND RIVER"),
        ("done now", "expected: done"),
        ("discard", "expected: discard CARD|? …"),
        ("river AR-PWF", "'AR-PWF' is not an animal card ID such as AR-1F3"),
        ("power AR-1F1", "'AR-1F1' is not a power card (AR-PWF …)"),
        ("tokens fox up", "expected: tokens ANIMAL left (the other token goes right)"),
    ],
)
def test_a_mistyped_move_is_told_the_form_it_lacks(text: str, said: str) -> None:
    session = started()
    with pytest.raises(MoveSyntaxError) as raised:
        RULES.parse(session.setup, session.state, text)
    assert str(raised.value) == said


def test_text_that_is_no_move_is_told_every_kind_of_move_a_player_enters() -> None:
    session = started()
    with pytest.raises(MoveSyntaxError) as raised:
        RULES.parse(session.setup, session.state, "xyzzy 12")
    kinds = [form.form for form in MOVES.forms if form.verb not in ("reserve", "power")]
    assert str(raised.value) == "expected one of: " + "; ".join(kinds)
    assert "take CARD" in kinds and "reserve" not in str(raised.value)


def test_the_token_going_right_is_the_other_of_this_turns_pair() -> None:
    session = started()
    game, state = session.setup, session.state
    assert RULES.parse(game, state, "tokens fox left") == {"type": "tokens", "left": "fox"}
    with pytest.raises(MoveSyntaxError, match="say which token goes left"):
        RULES.parse(game, state, "tokens fox right")  # no pair yet: step A, not C
