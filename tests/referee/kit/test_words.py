"""A game's own placeholders (`Word`): the key a value is logged under, optional trailing slots,
a value of several words written with the setup, and what it expects following the setup (a
refusal worded by the word itself: test_moves_own_words.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpkit.components import load_game
from pnpkit.referee.api import MoveForm, Moves, MoveSyntaxError, Setup, Word, one_of, space
from pnpkit.referee.log.store import make_setup

EXPEDITION = Path(__file__).resolve().parents[3] / "docs" / "examples" / "expedition"


def _at(setup: Setup, word: str) -> str:
    space(word)  # MoveSyntaxError, worded by the engine, for a word that is no space
    return word


AT = Word("SPACE", "a space", _at, key="at", explains=True)


def _nothing(setup: Setup, state: object, move: object) -> object:
    """Do nothing."""
    return state


@pytest.fixture(name="setup")
def expedition_setup() -> Setup:
    return make_setup(load_game(EXPEDITION), ["Ann", "Bob"])


def test_a_word_names_the_key_its_value_is_logged_under(setup: Setup) -> None:
    moves = Moves("X-9", "X-1", "X-1", "X-1")
    moves.form("hiker SPACE", "X-2", words={"SPACE": AT})(_nothing)
    assert moves.parse(setup, "hiker e4") == {"type": "hiker", "at": "e4"}
    assert moves.text({"type": "hiker", "at": "e4"}) == "hiker e4"
    assert moves.syntax()[0].form == "hiker SPACE"
    named = Moves("X-9", "X-1", "X-1", "X-1")
    named.form("go TO:SPACE", "X-2", words={"SPACE": AT})(_nothing)
    assert named.parse(setup, "go b2") == {"type": "go", "to": "b2"}  # KEY:WORD still names it


def _seat(setup: Setup, name: str) -> int:
    return setup.players.index(name.title())


SEAT = Word(
    "PLAYER", "a player's name", _seat, key="seat", rest=True, spell=lambda s, n: s.players[n]
)


def test_a_word_may_read_the_rest_of_the_move_and_be_written_with_the_setup() -> None:
    setup = make_setup(load_game(EXPEDITION), ["Ann Lee", "Bob"])
    moves = Moves("X-9", "X-1", "X-1", "X-1")
    moves.form("first PLAYER", "X-2", words={"PLAYER": SEAT})(_nothing)
    move = moves.parse(setup, "first  ann   LEE")
    assert move == {"type": "first", "seat": 0}
    assert moves.text(move, setup) == "first Ann Lee"
    assert moves.parse(setup, "first bob") == {"type": "first", "seat": 1}
    with pytest.raises(ValueError, match="written with the game's setup"):
        moves.text(move)
    with pytest.raises(MoveSyntaxError, match="expected: first PLAYER"):
        moves.parse(setup, "first")
    with pytest.raises(ValueError, match="comes last"):
        moves.form("pick PLAYER CARD", "X-2", words={"PLAYER": SEAT})(_nothing)


def _cards(setup: Setup, word: str) -> list[str]:
    return word.upper().split(",")


CARDS = Word("CARD,…", "cards", _cards, write=",".join, key="hands")


def test_an_optional_placeholder_may_be_left_out(setup: Setup) -> None:
    moves = Moves("X-9", "X-1", "X-1", "X-1")
    moves.form("draw [CARD]", "X-2")(_nothing)
    moves.form("deal [PLAYER=CARD,…]", "X-3", words={"CARD,…": CARDS})(_nothing)
    assert [s.form for s in moves.syntax()] == ["draw [CARD]", "deal [PLAYER=CARD,…]"]
    for text, move in [
        ("draw", {"type": "draw"}),
        ("draw EX-D2", {"type": "draw", "card": "EX-D2"}),
        ("deal", {"type": "deal"}),
        (
            "deal Ann=EX-D2,EX-D3 Bob=EX-S2",
            {"type": "deal", "hands": {"Ann": ["EX-D2", "EX-D3"], "Bob": ["EX-S2"]}},
        ),
    ]:
        assert moves.parse(setup, text) == move
        assert moves.text(move) == text
    with pytest.raises(MoveSyntaxError, match=r"expected: draw \[CARD\]"):
        moves.parse(setup, "draw EX-D2 EX-D3")
    draw = moves.of({"type": "draw"})
    assert draw.optional == {"card"}
    assert draw.required == ()
    moves.form("give CARD to PLAYER [N]", "X-5")(_nothing)
    assert moves.of({"type": "give"}).required == ("card", "player")  # "to" is no key
    offered = draw.moves(setup, None)
    assert offered == [{"type": "draw"}]  # CARD lists no values: only the move without one
    moves.form("close [WHEN]", "X-4", words={"WHEN": one_of("WHEN", "now", "later")})(_nothing)
    assert moves.of({"type": "close"}).moves(setup, None) == [
        {"type": "close", "when": "now"},
        {"type": "close", "when": "later"},
        {"type": "close"},
    ]


def test_an_optional_placeholder_comes_last_and_is_a_placeholder() -> None:
    moves = Moves("X-9", "X-1", "X-1", "X-1")
    with pytest.raises(ValueError, match="optional placeholders come last"):
        moves.form("take [CARD] SPACE", "X-2")(_nothing)
    with pytest.raises(ValueError, match="only a placeholder may be optional"):
        moves.form("take [now]", "X-2")(_nothing)


def test_what_a_word_expects_may_follow_the_setup(setup: Setup) -> None:
    def seat(setup: Setup, word: str) -> str:
        if word.capitalize() not in setup.players:
            raise ValueError(word)
        return word.capitalize()

    players = Word("SEAT", lambda setup: f"one of {', '.join(setup.players)}", seat)
    declared = Moves("X-1", "X-2", "X-3", "X-4")
    declared.add(MoveForm("pass SEAT", "a player passes", "X-7", _nothing, words={"SEAT": players}))
    assert declared.parse(setup, "pass bob") == {"type": "pass", "seat": "Bob"}
    with pytest.raises(MoveSyntaxError, match=r"^'zed' is not a SEAT: expected one of Ann, Bob "):
        declared.parse(setup, "pass zed")
    assert AT.expecting(setup) == "a space"  # a plain string reads as before
