"""A form's own reading and text (`read`, `write`), its own syntax lines (`lines`) and a word's
own refusal (`Word.refusal`): for a syntax the placeholders cannot say, declared once all the
same."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpkit.components import load_game
from pnpkit.referee.api import (
    ACCEPTED,
    Flow,
    KitRules,
    MoveForm,
    Moves,
    MoveSyntaxError,
    Step,
    Syntax,
    Word,
)
from pnpkit.referee.log.store import make_setup

EXPEDITION = Path(__file__).resolve().parents[3] / "docs" / "examples" / "expedition"
SETUP = make_setup(load_game(EXPEDITION), ["Ann", "Bob"])


def _site(setup, word: str) -> str:
    if word not in ("sea", "jungle"):
        raise ValueError
    return word


SITE = Word("SITE", "a site", _site, refusal=lambda setup, typed: f"{typed!r}: no such site")


def _read_tour(setup, state, said: list[str]) -> dict:
    """`tour SITE …`, or `tour` alone: the sites of the state's last tour."""
    if not said:
        return {"type": "tour", "sites": list(state or ())}
    return {"type": "tour", "sites": [SITE.read(setup, w) for w in said if w != "and"]}


def _moves() -> Moves:
    moves = Moves(syntax_rule="EX-11", not_now_rule="EX-4", turn_rule="EX-4", over_rule="EX-9")
    moves.add(MoveForm("go SITE", "go to a site", "EX-5", lambda s, t, m: t, words={"SITE": SITE}))
    moves.add(
        MoveForm(
            "tour SITE …",
            "visit sites",
            "EX-6",
            lambda s, t, m: t,
            read=_read_tour,
            write=lambda m: " ".join(["tour", *m["sites"]]),
            lines=(
                Syntax("tour SITE …", "visit the sites named", "EX-6"),
                Syntax("tour", "the last tour again", "EX-7"),
            ),
        )
    )
    return moves


def test_a_forms_own_read_and_write_give_its_moves_and_texts() -> None:
    moves = _moves()
    move = moves.parse(SETUP, "tour SEA and jungle")
    assert move == {"type": "tour", "sites": ["sea", "jungle"]}
    assert moves.text(move) == "tour sea jungle"
    assert moves.parse(SETUP, moves.text(move)) == move
    assert moves.check_own(SETUP, None, move) is ACCEPTED


def test_a_forms_own_read_is_given_the_state_when_the_parse_has_it() -> None:
    moves = _moves()
    assert moves.parse(SETUP, "tour", ("sea",)) == {"type": "tour", "sites": ["sea"]}
    assert moves.parse(SETUP, "tour") == {"type": "tour", "sites": []}


def test_a_forms_lines_replace_its_one_line_of_the_syntax_table() -> None:
    assert _moves().syntax() == (
        Syntax("go SITE", "go to a site", "EX-5"),
        Syntax("tour SITE …", "visit the sites named", "EX-6"),
        Syntax("tour", "the last tour again", "EX-7"),
    )


def test_a_word_with_its_own_refusal_words_it() -> None:
    with pytest.raises(MoveSyntaxError, match=r"^'moon': no such site$"):
        _moves().parse(SETUP, "go moon")


def test_a_word_without_its_own_refusal_keeps_the_kits() -> None:
    plain = Word("SITE", "a site", _site)
    moves = Moves(syntax_rule="EX-11", not_now_rule="EX-4", turn_rule="EX-4", over_rule="EX-9")
    moves.add(MoveForm("go SITE", "go", "EX-5", lambda s, t, m: t, words={"SITE": plain}))
    with pytest.raises(MoveSyntaxError, match=r"'moon' is not a SITE: expected a site \(go SITE\)"):
        moves.parse(SETUP, "go moon")


def test_refusals_spell_a_form_as_its_first_syntax_line() -> None:
    moves = Moves(syntax_rule="EX-11", not_now_rule="EX-4", turn_rule="EX-4", over_rule="EX-9")
    moves.add(
        MoveForm(
            "go to:SITE",
            "go",
            "EX-5",
            lambda s, t, m: t,
            words={"SITE": Word("SITE", "a site", _site)},
            lines=(Syntax("go SITE", "go to a site", "EX-5"),),
        )
    )
    assert moves.parse(SETUP, "go sea") == {"type": "go", "to": "sea"}
    with pytest.raises(MoveSyntaxError, match=r"^expected: go SITE$"):
        moves.parse(SETUP, "go sea now")
    with pytest.raises(MoveSyntaxError, match=r"expected a site \(go SITE\)$"):
        moves.parse(SETUP, "go moon")
    with pytest.raises(MoveSyntaxError, match=r"^expected one of: go SITE$"):
        moves.parse(SETUP, "stay")


def test_a_forms_own_read_goes_with_its_own_write_and_lists_only_its_options() -> None:
    with pytest.raises(ValueError, match="read and write go together"):
        MoveForm("tour SITE …", "visit", "EX-6", lambda s, t, m: t, read=_read_tour)
    listed = MoveForm(
        "tour SITE …",
        "visit",
        "EX-6",
        lambda s, t, m: t,
        read=_read_tour,
        write=lambda m: "tour",
        options=lambda setup, state: [{"sites": ["sea"]}],
    )
    assert listed.moves(SETUP, None) == [{"type": "tour", "sites": ["sea"]}]
    tour = _moves().of({"type": "tour"})
    assert tour.moves(SETUP, None) == []


def test_kit_rules_give_a_forms_own_read_the_state() -> None:
    class Tours(KitRules):
        flow = Flow((Step("tour"),))
        moves = _moves()

    assert Tours().parse(SETUP, ("jungle",), "tour") == {"type": "tour", "sites": ["jungle"]}
