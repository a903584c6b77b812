"""`well_formed_by`: whether a logged move is exactly what some text parses to, remembered only for
the setup and the move it was worked out for (never a stale answer for another game, players,
options or value type), and for a bounded number of moves."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pnpkit.components import load_game
from pnpkit.referee.api import Move, Moves, Setup, Word, well_formed_by
from pnpkit.referee.log.store import make_setup

EXPEDITION = Path(__file__).resolve().parents[3] / "docs" / "examples" / "expedition"


def _nothing(setup: Setup, state: object, move: object) -> object:
    """Do nothing."""
    return state


def _colour(setup: Setup, word: str) -> str:
    if word not in setup.options.get("colours", "").split(","):
        raise ValueError
    return word


COLOUR = Word("COLOUR", "a colour of the options", _colour)
MOVES = Moves("X-9", "X-1", "X-1", "X-1")
MOVES.form("roll N", "X-2")(_nothing)
MOVES.form("give TO:PLAYER", "X-3")(_nothing)
MOVES.form("lay CARD", "X-4")(_nothing)
MOVES.form("paint COLOUR", "X-5", words={"COLOUR": COLOUR})(_nothing)


class Counted:
    """MOVES' parse and text, counting the parses."""

    def __init__(self) -> None:
        self.parses = 0

    def parse(self, setup: Setup, text: str) -> Move:
        self.parses += 1
        return MOVES.parse(setup, text)

    @staticmethod
    def text(setup: Setup, move: Move) -> str:
        return MOVES.text(move, setup)


@pytest.fixture(name="setup")
def expedition_setup() -> Setup:
    return make_setup(load_game(EXPEDITION), ["Ann", "Bob"])


def test_a_move_a_text_gives_is_well_formed_and_a_damaged_one_is_not(setup: Setup) -> None:
    well_formed = well_formed_by(MOVES.parse, Counted.text)
    assert well_formed(setup, {"type": "roll", "n": 4})
    assert well_formed(setup, {"type": "give", "to": "Bob"})
    assert not well_formed(setup, {"type": "roll", "n": "4"})  # a string where a number goes
    assert not well_formed(setup, {"type": "roll"})  # its text cannot be written
    assert not well_formed(setup, {"type": "roll", "n": 4, "extra": 1})
    assert not well_formed(setup, {"type": "fly"})
    assert not well_formed(setup, ["roll", 4])  # type: ignore[arg-type]


def test_an_answer_is_remembered_for_an_equal_move_of_the_same_setup(setup: Setup) -> None:
    counted = Counted()
    well_formed = well_formed_by(counted.parse, counted.text)
    assert well_formed(setup, {"type": "roll", "n": 4})
    assert well_formed(make_setup(setup.game, ["Ann", "Bob"]), {"type": "roll", "n": 4})
    assert counted.parses == 1
    cards = {"type": "give", "to": "Ann", "cards": ["EX-D2"]}  # a list: checked every time
    assert not well_formed(setup, cards) and not well_formed(setup, cards)
    assert counted.parses == 3


def test_a_value_of_another_type_is_never_answered_from_memory(setup: Setup) -> None:
    """`True == 1` and `1.0 == 1` in Python, but `roll True` is no move: the old Gentoo cache
    keyed a move by its items alone and called it well formed once `roll 1` was."""
    well_formed = well_formed_by(MOVES.parse, Counted.text)
    assert well_formed(setup, {"type": "roll", "n": 1})
    assert not well_formed(setup, {"type": "roll", "n": True})
    assert not well_formed(setup, {"type": "roll", "n": 1.0})
    assert well_formed(setup, {"type": "roll", "n": 1})


def test_an_answer_for_one_setup_is_not_given_for_another(setup: Setup) -> None:
    well_formed = well_formed_by(MOVES.parse, Counted.text)
    give = {"type": "give", "to": "Bob"}
    assert well_formed(setup, give)
    assert not well_formed(make_setup(setup.game, ["Ann", "Cy"]), give)  # other players
    card = {"type": "lay", "card": "AL-17"}
    assert well_formed(make_setup(load_game("alpina"), ["Ann", "Bob"]), card)
    assert not well_formed(setup, card)  # no Expedition card
    paint = {"type": "paint", "colour": "red"}
    red = replace(setup, options={"colours": "red"})
    assert well_formed(red, paint)
    assert not well_formed(replace(setup, options={"colours": "blue"}), paint)  # other options
    assert not well_formed(replace(red, variant="other", options={}), paint)


def test_another_load_of_the_same_game_is_asked_afresh(setup: Setup) -> None:
    counted = Counted()
    well_formed = well_formed_by(counted.parse, counted.text)
    assert well_formed(setup, {"type": "roll", "n": 2})
    again = make_setup(load_game(EXPEDITION), ["Ann", "Bob"])
    assert again.game is not setup.game
    assert well_formed(again, {"type": "roll", "n": 2})
    assert counted.parses == 2


def test_at_most_kept_answers_are_remembered(setup: Setup) -> None:
    counted = Counted()
    well_formed = well_formed_by(counted.parse, counted.text, kept=2)
    for n in (1, 2, 3):
        assert well_formed(setup, {"type": "roll", "n": n})
    assert counted.parses == 3
    assert well_formed(setup, {"type": "roll", "n": 3})  # remembered since the last forgetting
    assert counted.parses == 3
    assert well_formed(setup, {"type": "roll", "n": 1})  # forgotten when the third came
    assert counted.parses == 4


def test_every_move_a_text_parses_to_is_well_formed(setup: Setup) -> None:
    well_formed = well_formed_by(MOVES.parse, Counted.text)
    for text in ("roll 3", "give Ann", "lay EX-D2", "ROLL 3", "give ann"):
        assert well_formed(setup, MOVES.parse(setup, text))
