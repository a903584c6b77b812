"""A form's own parse hook (`read`/`write`) for a syntax its placeholders cannot say, its other
shapes in the syntax table (`rows`), forms the table does not show, forms of several steps, and a
"not now" rule per step; `KitRules` gives the hook the state."""

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
)
from pnpkit.referee.log.store import make_setup

EXPEDITION = Path(__file__).resolve().parents[3] / "docs" / "examples" / "expedition"


@dataclass(frozen=True)
class Walk:
    step: str
    seat: int = 0
    shifted: str = ""


def read_step(setup: Setup, state: Walk | None, said: list[str]) -> Move:
    """`step N …`, and `back` names the way the state is facing."""
    if not said:
        raise MoveSyntaxError("expected: step N …")
    if said == ["back"]:
        return {"type": "step", "back": state.shifted if state else ""}
    return {"type": "step", "counts": [int(w) for w in said]}


def write_step(move: Move) -> str:
    return "step " + (" ".join(map(str, move["counts"])) if "counts" in move else "back")


def walk_moves() -> Moves:
    moves = Moves(
        "WK-9",
        "WK-9",
        "WK-3",
        "WK-4",
        lambda s: (s.step, s.seat),
        step_rules={"walk": "WK-1", "rest": "WK-2"},
    )
    moves.add(
        MoveForm(
            "step N …",
            "steps of these lengths",
            "WK-5",
            lambda setup, state, move: state,
            step=("walk", "rest"),
            read=read_step,
            write=write_step,
            rows=(
                Syntax("step N …", "steps of these lengths", "WK-5"),
                Syntax("step back", "the way you came", "WK-6"),
            ),
            options=lambda setup, state: [{"counts": [1, 2]}],
        )
    )
    moves.add(
        MoveForm("sleep", "the referee's own", "WK-7", lambda *_: Walk("over"), "night", rows=())
    )
    return moves


def test_a_parse_hook_reads_and_writes_a_syntax_the_placeholders_cannot_say() -> None:
    setup, moves = make_setup(load_game(EXPEDITION), ["Ann", "Bob"]), walk_moves()
    assert moves.parse(setup, "step 1 2 3") == {"type": "step", "counts": [1, 2, 3]}
    assert moves.parse(setup, "step back", Walk("walk", shifted="north")) == {
        "type": "step",
        "back": "north",
    }
    assert moves.text({"type": "step", "counts": [4, 5]}) == "step 4 5"
    with pytest.raises(MoveSyntaxError, match=r"^expected: step N …$"):
        moves.parse(setup, "step")
    with pytest.raises(MoveSyntaxError, match=r"^expected one of: step N …$"):
        moves.parse(setup, "jump")


def test_the_syntax_table_shows_each_shape_of_a_form_and_not_the_referees_own_moves() -> None:
    assert walk_moves().syntax() == (
        Syntax("step N …", "steps of these lengths", "WK-5"),
        Syntax("step back", "the way you came", "WK-6"),
    )


def test_a_form_of_several_steps_and_a_not_now_rule_per_step() -> None:
    setup, moves = make_setup(load_game(EXPEDITION), ["Ann", "Bob"]), walk_moves()
    step = {"type": "step", "counts": [1]}
    for at in ("walk", "rest"):
        assert moves.check(setup, Walk(at), step, lambda: "").ok
        assert moves.legal(setup, Walk(at), lambda: "") == [{"type": "step", "counts": [1, 2]}]
    refused = moves.check(setup, Walk("rest"), {"type": "sleep"}, lambda: "Ann rests")
    assert (refused.rule, refused.reason) == ("WK-2", "not now: Ann rests")
    assert moves.not_now(Walk("walk"), {"type": "sleep"}, lambda: "").rule == "WK-1"
    assert moves.not_now(Walk("night"), step, lambda: "").rule == "WK-9"  # no rule of its own
    assert moves.not_now(Walk("night"), {"type": "fly"}, lambda: "").rule == "WK-9"
    assert moves.not_now(Walk("night"), {"type": "sleep"}, lambda: "").ok


def test_a_forms_own_read_goes_with_its_own_write() -> None:
    with pytest.raises(ValueError, match=r"^'step N …': a form's own read and write go together$"):
        MoveForm("step N …", "steps", "WK-5", lambda *_: None, read=read_step)
    with pytest.raises(ValueError, match="read and write go together"):
        MoveForm("step N …", "steps", "WK-5", lambda *_: None, write=write_step)


def test_kit_rules_give_a_forms_own_read_the_state() -> None:
    class Walking(KitRules):
        flow = Flow((Step("walk"),))
        moves = walk_moves()

    setup = make_setup(load_game(EXPEDITION), ["Ann", "Bob"])
    said = Walking().parse(setup, Walk("walk", shifted="east"), "step back")
    assert said == {"type": "step", "back": "east"}
