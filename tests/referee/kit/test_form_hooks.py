"""A form's own way of being written (`shown`, `also`) and a parse hook (`read`, `write`) for a
syntax the placeholders cannot say: the syntax table, the refusals and the text follow them."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpkit.components import load_game
from pnpkit.referee.api import Move, MoveForm, Moves, MoveSyntaxError, Setup, Syntax, Word
from pnpkit.referee.log.store import make_setup

EXPEDITION = Path(__file__).resolve().parents[3] / "docs" / "examples" / "expedition"


def _bid(setup: Setup, word: str) -> int | str:
    if word == "pass":
        return word
    if not word.isdigit():
        raise ValueError
    return int(word)


BID = Word("BID", "a number or pass", _bid)


def _keep(setup: Setup, state: object, move: Move) -> object:
    return state


def _read_show(setup: Setup, said: list[str]) -> Move:
    """`show N` at the table, `show CARD+CARD` in digital play: the key depends on the setup."""
    if setup.digital:
        return {"type": "show", "cards": said[0].upper().split("+")}
    if len(said) != 1 or not said[0].isdigit():
        raise MoveSyntaxError("expected how many cards, like show 2")
    return {"type": "show", "count": int(said[0])}


def _write_show(move: Move) -> str:
    return f"show {'+'.join(move['cards'])}" if "cards" in move else f"show {move['count']}"


def moves() -> Moves:
    declared = Moves("X-1", "X-2", "X-3", "X-4")
    declared.add(
        MoveForm(
            "bid NAME=to:BID",
            "each player's bid",
            "X-5",
            _keep,
            words={"BID": BID},
            shown="bid NAME=N|pass …",
        )
    )
    declared.add(
        MoveForm(
            "show N",
            "at the table: how many cards are shown",
            "X-6",
            _keep,
            read=_read_show,
            write=_write_show,
            also=(Syntax("show CARD+CARD", "digital: which cards are shown", "X-6"),),
        )
    )
    return declared


@pytest.fixture(params=[None, 4], ids=["table", "digital"])
def setup(request) -> Setup:
    return make_setup(load_game(EXPEDITION), ["Ann", "Bob"], seed=request.param)


def test_the_syntax_table_writes_each_form_as_shown_with_its_other_lines() -> None:
    assert moves().syntax() == (
        Syntax("bid NAME=N|pass …", "each player's bid", "X-5"),
        Syntax("show N", "at the table: how many cards are shown", "X-6"),
        Syntax("show CARD+CARD", "digital: which cards are shown", "X-6"),
    )


def test_refusals_name_the_form_as_shown(setup: Setup) -> None:
    declared = moves()
    with pytest.raises(MoveSyntaxError, match=r"expected a number or pass \(bid NAME=N\|pass …\)"):
        declared.parse(setup, "bid ann=many bob=2")
    with pytest.raises(MoveSyntaxError, match=r"expected one of: bid NAME=N\|pass …; show N$"):
        declared.parse(setup, "fly")


def test_the_shown_form_still_reads_and_writes_by_its_placeholders(setup: Setup) -> None:
    declared = moves()
    move = declared.parse(setup, "bid ann=3 bob=pass")
    assert move == {"type": "bid", "to": {"Ann": 3, "Bob": "pass"}}
    assert declared.text(move) == "bid Ann=3 Bob=pass"


def test_a_parse_hook_reads_and_writes_the_move(setup: Setup) -> None:
    declared = moves()
    said = "show an-x1+an-x2" if setup.digital else "show 2"
    move = declared.parse(setup, said)
    expected = {"type": "show", "cards": ["AN-X1", "AN-X2"]} if setup.digital else None
    assert move == (expected or {"type": "show", "count": 2})
    assert declared.parse(setup, declared.text(move)) == move
    if not setup.digital:
        with pytest.raises(MoveSyntaxError, match="expected how many cards, like show 2"):
            declared.parse(setup, "show lots")


def test_what_a_word_expects_may_follow_the_setup(setup: Setup) -> None:
    def seat(setup: Setup, word: str) -> str:
        if word.capitalize() not in setup.players:
            raise ValueError(word)
        return word.capitalize()

    players = Word("SEAT", lambda setup: f"one of {', '.join(setup.players)}", seat)
    declared = Moves("X-1", "X-2", "X-3", "X-4")
    declared.add(MoveForm("pass SEAT", "a player passes", "X-7", _keep, words={"SEAT": players}))
    assert declared.parse(setup, "pass bob") == {"type": "pass", "seat": "Bob"}
    with pytest.raises(MoveSyntaxError, match=r"^'zed' is not a SEAT: expected one of Ann, Bob "):
        declared.parse(setup, "pass zed")
