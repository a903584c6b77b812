"""Alpina's moves declared once (rules.MOVES): the syntax table, parse and text come from the
same declarations, so every move the referee lists or draws reads back as itself."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.referee.api import MoveSyntaxError, Syntax
from pnpkit.referee.checks.harness import fuzz_examples
from pnpkit.referee.engine.session import Session
from pnpkit.referee.games.alpina.tests.helpers import GAME, table
from pnpkit.referee.log.store import make_setup


def test_the_syntax_table_is_the_declared_forms() -> None:
    rules = table().rules
    assert rules.syntax_rule == "AL-28"
    assert [(s.form, s.rule) for s in rules.syntax] == [
        ("start CARD", "AL-2"),
        ("first PLAYER", "AL-5"),
        ("play CARD SPACE", "AL-8"),
        ("hiker SPACE", "AL-13"),
        ("pass", "AL-13"),
        ("draw [CARD]", "AL-16"),
        ("deal [PLAYER=CARD,…]", "AL-3"),  # was "deal [P=CARD,… …]": now the kit's notation
    ]
    assert rules.syntax[2] == Syntax(
        "play CARD SPACE", "play a card from your hand, e.g. play AL-17 e4", "AL-8"
    )


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("digital", [False, True])
def test_every_listed_and_drawn_move_reads_back_as_itself(seed: int, digital: bool) -> None:
    setup = make_setup(GAME, ["Ann Lee", "Bob"], seed=seed if digital else None)
    rules, rng = setup.rules, random.Random(seed)
    state, seen = rules.initial(setup), set()
    while rules.prompt_kind(setup, state) != "over":
        kind = rules.prompt_kind(setup, state)
        moves = rules.legal(setup, state)
        if kind == "chance" and digital:
            moves = [rules.chance(setup, state, rng)]
        for move in moves[:: max(1, len(moves) // 40)]:
            text = rules.text(setup, move)
            assert rules.parse(setup, state, text) == move, text
            assert rules.check(setup, state, move).ok, text
            seen.add(move["type"])
        state = rules.apply(setup, state, rng.choice(moves))
    assert seen == {"start", "deal", "first", "play", "hiker", "pass", "draw"}


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("", "empty move; `pnp referee rules alpina` lists the moves"),
        (
            "fly AWAY",
            "'fly AWAY' is not an Alpina move; now: P1: play a card: play CARD SPACE "
            "(`pnp referee rules alpina` lists every move)",
        ),
        ("play al-01 zz", "'zz' is not a space: expected a letter and a number, like c3"),
        ("first zed", "'zed' is not a player (P1, P2)"),
        # a known move with too few or too many words names its form (it gave the prompt before)
        ("play AL-01", "expected: play CARD SPACE"),
        ("pass now", "expected: pass"),
        ("draw AL-01 AL-02", "expected: draw [CARD]"),
        ("first", "expected: first PLAYER"),
    ],
)
def test_text_that_is_no_move_says_why(typed: str, said: str) -> None:
    session = table()
    with pytest.raises(MoveSyntaxError) as raised:
        session.parse(typed)
    assert str(raised.value) == said


def test_a_card_or_space_is_read_as_typed_and_judged_by_the_rules() -> None:
    session = table()
    assert session.parse("play al-99 J5") == {"type": "play", "card": "AL-99", "at": "j5"}
    assert session.parse("draw") == {"type": "draw"}
    assert session.parse("draw al-03") == {"type": "draw", "card": "AL-03"}
    dealt = session.parse("deal p1=al-01,al-02 P2=AL-03")
    assert dealt == {"type": "deal", "hands": {"P1": ["AL-01", "AL-02"], "P2": ["AL-03"]}}
    assert session.text(dealt) == "deal P1=AL-01,AL-02 P2=AL-03"
    assert session.parse("deal") == {"type": "deal"}


def test_a_damaged_pass_with_a_card_is_still_refused_as_malformed() -> None:
    session = table(moves=("play AL-01 e4",))
    verdict = session.check({"type": "pass", "card": 5})
    assert (verdict.rule, verdict.reason) == (
        "AL-13",
        "a malformed pass move: 'card' should be a str, not 5",
    )


def test_the_secret_part_of_a_draw_or_a_deal() -> None:
    setup = make_setup(GAME, ["Ann", "Bob"], seed=1)
    hidden = {t: setup.rules.hidden_text(setup, {"type": t}) for t in ("draw", "deal", "play")}
    assert hidden == {
        "draw": "draw (a secret card)",
        "deal": "deal (6 secret cards each)",
        "play": "(secret)",
    }


def test_a_first_player_of_several_words_is_logged_by_seat() -> None:
    session = Session(make_setup(GAME, ["Ann Lee", "Bob"]))
    session.advance()
    session.submit(session.parse("start AL-20"))
    assert session.parse("first ANN  lee") == {"type": "first", "seat": 0}
    assert session.text({"type": "first", "seat": 1}) == "first Bob"


WORDS = st.sampled_from(
    ["start", "first", "play", "hiker", "pass", "draw", "deal", "ann", "LEE", "bob", "zed",
     "al-01", "AL-20", "al-hred", "e4", "j5", "zz", "e04", "Ann=al-01,al-02", "bob=AL-03",
     "=", "ann=", "x", "", "…", "ß", "12"]
)  # fmt: skip


@settings(max_examples=fuzz_examples(300), deadline=None)
@given(st.lists(WORDS, max_size=5), st.sampled_from([" ", "  ", "\t"]))
def test_any_text_is_a_move_that_reads_back_or_a_syntax_refusal(said: list[str], gap: str) -> None:
    setup = make_setup(GAME, ["Ann Lee", "Bob"])
    rules = setup.rules
    state = rules.initial(setup)
    try:
        move = rules.parse(setup, state, gap.join(said))
    except MoveSyntaxError as refused:
        assert str(refused)
        return
    assert rules.parse(setup, state, rules.text(setup, move)) == move
