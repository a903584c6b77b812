"""Moves a game's placeholders cannot say alone: a form with its own reader and writer (a list of
numbers, an optional word, a word the state decides), its other shapes in the syntax table or
none, a form of several steps with a "not now" rule per step, words echoed as typed, a Word that
words its own refusal, and `KitRules` giving the reader the state."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from pnpkit.components import load_game
from pnpkit.referee.api import (
    Flow,
    KitRules,
    Move,
    MoveForm,
    Moves,
    MoveSyntaxError,
    Setup,
    Step,
    Syntax,
    Word,
    one_of,
)
from pnpkit.referee.log.store import make_setup

EXPEDITION = Path(__file__).resolve().parents[3] / "docs" / "examples" / "expedition"


@dataclass(frozen=True)
class Spot:
    step: str


def _size(setup: Setup, word: str) -> str:
    if word.lower() not in ("small", "big"):
        raise MoveSyntaxError(f"{word!r} is no size a cup comes in (small, big)")
    return word.lower()


SIZE = Word("SIZE", "small or big", _size, explains=True)


def _order(setup: Setup, state: Spot | None, said: list[str]) -> Move:
    if not 1 <= len(said) <= 2 or said[1:] not in ([], ["hot"], ["HOT"], ["Hot"]):
        raise MoveSyntaxError("expected: order SIZE [hot]")
    return {"size": _size(setup, said[0]), **({"hot": True} if said[1:] else {})}


def _ordered(move: Move) -> str:
    return " ".join(["order", move["size"], *(["hot"] if move.get("hot") else [])])


CAFE = Moves(
    syntax_rule="CF-9",
    not_now_rule="CF-2",
    turn_rule="CF-2",
    over_rule="CF-3",
    where=lambda state: (state.step, 0),
    step_rules={"closing": "CF-7"},
    keep_case=True,
)
CAFE.add(
    MoveForm(
        "order SIZE [hot]",
        "order a cup",
        "CF-1",
        lambda setup, state, move: state,
        step=("open", "busy"),
        read=_order,
        write=_ordered,
        rows=(
            Syntax("order SIZE", "a cold cup", "CF-1"),
            Syntax("order SIZE hot", "a hot cup", "CF-4"),
        ),
        options=lambda setup, state: [{"size": "small"}],
    )
)
CAFE.add(MoveForm("refill SIZE", "refill a cup", "CF-5", lambda s, st, m: st, words={"SIZE": SIZE}))
CAFE.add(MoveForm("sweep", "the floor swept by the staff", "CF-6", lambda s, st, m: st, rows=()))


@dataclass(frozen=True)
class Walk:
    step: str
    seat: int = 0
    shifted: str = ""


def read_step(setup: Setup, state: Walk | None, said: list[str]) -> Move:
    """`step N …` (numbers: a list), and `back` names the way the state is facing."""
    if not said:
        raise MoveSyntaxError("expected: step N …")
    if said == ["back"]:
        return {"type": "step", "back": state.shifted if state else ""}
    return {"type": "step", "counts": [int(w) for w in said]}


def write_step(move: Move) -> str:
    return "step " + (" ".join(map(str, move["counts"])) if "counts" in move else "back")


WALK = Moves("WK-9", "WK-9", "WK-3", "WK-4", lambda s: (s.step, s.seat))
WALK.add(
    MoveForm(
        "step N …", "steps", "WK-5", lambda s, st, m: st, "walk", read=read_step, write=write_step
    )
)


@pytest.fixture(name="setup")
def _setup() -> Setup:
    return make_setup(load_game(EXPEDITION), ["Ann", "Bob"])


def test_a_form_with_its_own_reader_and_writer_round_trips(setup) -> None:
    assert CAFE.parse(setup, "ORDER Big HOT") == {"type": "order", "size": "big", "hot": True}
    assert CAFE.parse(setup, "order small") == {"type": "order", "size": "small"}
    for move in ({"type": "order", "size": "big", "hot": True}, {"type": "refill", "size": "big"}):
        assert CAFE.parse(setup, CAFE.text(move)) == move
    assert CAFE.text({"type": "order", "size": "big", "hot": True}) == "order big hot"
    assert WALK.parse(setup, "step 1 2 3") == {"type": "step", "counts": [1, 2, 3]}
    assert WALK.text({"type": "step", "counts": [4, 5]}) == "step 4 5"
    with pytest.raises(MoveSyntaxError, match=r"^expected: order SIZE \[hot\]$"):
        CAFE.parse(setup, "order big cold")
    with pytest.raises(MoveSyntaxError, match=r"^expected: step N …$"):
        WALK.parse(setup, "step")


def test_a_forms_own_reader_reads_the_state_it_is_given(setup) -> None:
    """`Moves.parse` hands its state on (None without one); `KitRules.parse` gives its own."""

    class Walking(KitRules):
        flow = Flow((Step("walk"),))
        moves = WALK

    facing = Walk("walk", shifted="north")
    assert WALK.parse(setup, "step back", facing) == {"type": "step", "back": "north"}
    assert WALK.parse(setup, "step back") == {"type": "step", "back": ""}
    said = Walking().parse(setup, Walk("walk", shifted="east"), "step back")
    assert said == {"type": "step", "back": "east"}


def test_a_forms_own_read_goes_with_its_own_write() -> None:
    with pytest.raises(ValueError, match=r"^'step N …': a form's own read and write go together$"):
        MoveForm("step N …", "steps", "WK-5", lambda *_: None, read=read_step)
    with pytest.raises(ValueError, match="read and write go together"):
        MoveForm("step N …", "steps", "WK-5", lambda *_: None, write=write_step)


def test_a_word_that_explains_itself_is_refused_in_its_own_words_and_as_typed(setup) -> None:
    """Its read's MoveSyntaxError stands as worded; without `explains` the kit words it."""
    with pytest.raises(MoveSyntaxError) as raised:
        CAFE.parse(setup, "Refill Huge")
    assert str(raised.value) == "'Huge' is no size a cup comes in (small, big)"
    plain = Moves("CF-9", "CF-2", "CF-2", "CF-3")
    size = Word("SIZE", "small or big", _size)
    plain.add(MoveForm("refill SIZE", "refill", "CF-5", lambda s, st, m: st, words={"SIZE": size}))
    with pytest.raises(MoveSyntaxError) as worded:
        plain.parse(setup, "refill huge")
    assert str(worded.value) == "'huge' is not a SIZE: expected small or big (refill SIZE)"


def test_the_syntax_table_takes_each_forms_rows_and_leaves_out_the_rules_own_moves(setup) -> None:
    assert CAFE.syntax() == (
        Syntax("order SIZE", "a cold cup", "CF-1"),
        Syntax("order SIZE hot", "a hot cup", "CF-4"),
        Syntax("refill SIZE", "refill a cup", "CF-5"),
    )
    assert CAFE.parse(setup, "sweep") == {"type": "sweep"}
    with pytest.raises(MoveSyntaxError) as raised:
        CAFE.parse(setup, "dance")
    assert str(raised.value) == "expected one of: order SIZE [hot]; refill SIZE"


def test_a_form_of_several_steps_is_not_now_at_another_citing_that_steps_rule(setup) -> None:
    order = {"type": "order", "size": "big"}
    for step in ("open", "busy"):
        assert CAFE.not_now(Spot(step), order, lambda: "").ok
        assert CAFE.check(setup, Spot(step), order, lambda: "").ok
        legal = CAFE.legal(setup, Spot(step))
        assert legal == [{"type": "order", "size": "small"}, {"type": "sweep"}]
    closing = CAFE.check(setup, Spot("closing"), order, lambda: "sweep up")
    assert (closing.rule, closing.reason) == ("CF-7", "not now: sweep up")
    assert CAFE.not_now(Spot("closing"), order, lambda: "sweep up") == closing
    assert CAFE.check(setup, Spot("idle"), order, lambda: "wait").rule == "CF-2"  # no own rule
    assert CAFE.not_now(Spot("idle"), {"type": "fly"}, lambda: "").rule == "CF-2"  # no such move
    assert CAFE.not_now(Spot("idle"), {"type": "refill", "size": "big"}, lambda: "").ok


def test_a_word_of_a_few_is_read_in_any_case_when_the_words_come_as_typed(setup) -> None:
    cups = Moves("CF-9", "CF-2", "CF-2", "CF-3", keep_case=True)
    cups.add(
        MoveForm(
            "stack PILE",
            "stack the cups",
            "CF-8",
            lambda s, st, m: st,
            words={"PILE": one_of("PILE", "left", "right")},
        )
    )
    assert cups.parse(setup, "Stack LEFT") == {"type": "stack", "pile": "left"}
    with pytest.raises(MoveSyntaxError, match="'Middle' is not a PILE: expected one of left"):
        cups.parse(setup, "stack Middle")
