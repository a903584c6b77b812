"""Gentoo: damaged logs are refused with their line, and names of several words move out of turn."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.referee.engine.verdict import LogError, MoveSyntaxError
from pnpkit.referee.games.gentoo import RULES
from pnpkit.referee.games.gentoo.state import PECK, PLAY
from pnpkit.referee.games.gentoo.tests.helpers import (
    arrange,
    discard,
    seat,
)
from pnpkit.referee.games.gentoo.tests.test_setup import GAME, THIEF, VPECK, make, play
from pnpkit.referee.log.store import load_session, make_setup, new_game, writing_session

OPENING = ("flip GE-SKU", "flip GE-EG3", "flip GE-HAT", "flip GE-THF", "first Ann")


def recorded(tmp_path: Path) -> Path:
    """A log of the setup and Ann's first draw, entered at the table."""
    path = tmp_path / "game.jsonl"
    new_game(path, make(2))
    with writing_session(path) as (session, _, _):
        for text in (*OPENING, "flip GE-EG4"):
            session.submit(session.parse(text))
    return path


@pytest.mark.parametrize(
    "damage",
    [
        {"type": "flip", "card": "GE-ZZZ"},
        {"type": "flip", "card": "ge-thf"},
        {"type": "flip"},
        {"type": "flip", "card": 7},
        {"type": "launch", "card": "GE-THF"},
        {"type": None},
        {"type": "flip", "card": "GE-THF", "player": "Zed"},
    ],
)
def test_ge_36_a_damaged_move_in_the_log_is_refused_with_its_line(tmp_path, damage) -> None:
    """GE-36: the fourth Choice Card, altered by hand, is refused at its line, not a traceback."""
    path = recorded(tmp_path)
    lines = path.read_text().splitlines()
    event = json.loads(lines[4])
    assert event["move"] == {"type": "flip", "card": "GE-THF"}
    lines[4] = json.dumps({**event, "move": damage})
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(LogError, match=r"game\.jsonl:5: .*not a Gentoo move"):
        load_session(path)


moves = st.dictionaries(
    st.sampled_from(["type", "card", "egg", "from", "owner", "target", "to", "site", "player"]),
    st.one_of(
        st.sampled_from(["play", "hatch", "flip", "choose", "GE-SKU", "GE-EG3", "Bob", "used"]),
        st.none(),
        st.integers(),
        st.booleans(),
        st.lists(st.text(max_size=3), max_size=2),
    ),
)


@settings(max_examples=300, deadline=None)
@given(moves)
def test_ge_20_check_answers_any_json_object_without_raising(move) -> None:
    """GE-20: whatever a damaged log holds, check gives a verdict."""
    setup = make(2)
    for table in (arrange(setup, step=PLAY, ann={"in_play": (THIEF,)}), RULES.initial(setup)):
        assert RULES.check(setup, table, move).ok in (True, False)


def test_ge_31_a_player_whose_name_has_several_words_pecks_out_of_turn() -> None:
    """GE-31 and GE-1: `Bob Ray: play GE-PCK`, in any case and spacing, as `text` writes it."""
    setup = make_setup(GAME, ["Ann Lee", "Bob Ray"])
    table = arrange(setup, step=PLAY, ann={"in_play": (THIEF,)}, bob={"in_play": (VPECK,)})
    table = play(setup, table, "play GE-THF bob ray")
    assert table.step == PECK
    for text in ("Bob Ray: play GE-PCK", "bob  RAY : play ge-pck"):
        move = RULES.parse(setup, table, text)
        assert move == {"type": "play", "card": VPECK, "player": "Bob Ray"}
        assert RULES.check(setup, table, move).ok
    assert RULES.parse(setup, table, RULES.text(setup, move)) == move
    after = play(setup, table, "Bob Ray: play GE-PCK")
    assert seat(after, 1).stones == 3 and VPECK in discard(after)
    assert "GE-35" in str(RULES.check(setup, table, RULES.parse(setup, table, "Ann Lee: allow")))


def test_ge_36_keywords_in_any_case_and_a_typo_echoed_as_typed() -> None:
    """GE-36 and GE-27: `FLIP`, `Site`, `CHOICE`, `Used` are keywords; a typo is quoted verbatim."""
    setup = make(2)
    table = RULES.initial(setup)
    assert RULES.parse(setup, table, "FLIP ge-sku") == {"type": "flip", "card": "GE-SKU"}
    assert RULES.parse(setup, table, "Choose GE-EG5 Site")["site"] is True
    skua = RULES.parse(setup, table, "play GE-SKU GE-EG3 BOB Used")
    assert skua == {
        "type": "play",
        "card": "GE-SKU",
        "egg": "GE-EG3",
        "from": "used",
        "owner": "Bob",
    }
    assert RULES.parse(setup, table, "play GE-SKU GE-EG3 Choice")["from"] == "choice"
    with pytest.raises(MoveSyntaxError, match="'GE-XYZ' is not a Gentoo card ID"):
        RULES.parse(setup, table, "flip GE-XYZ")
    with pytest.raises(MoveSyntaxError, match="'Bobb' is not a player"):
        RULES.parse(setup, table, "play GE-THF Bobb")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("flip", "expected: flip CARD"),
        ("first Ann Bob", "expected: first NAME"),
        ("pass now", "expected: pass"),
        ("choose GE-EG5 here", "expected: choose CARD, or choose EGG site"),
        ("hatch GE-EG3 Ann Bob", "expected: hatch EGG, or hatch EGG NAME"),
        (
            "xyzzy 12",
            "expected one of: flip CARD; first NAME; choose CARD [site]; discard CARD; "
            "play CARD [NAME | EGG choice | EGG NAME [used]]; hatch EGG [NAME]; used CARD; "
            "pass; allow",
        ),
    ],
)
def test_ge_53_a_known_move_with_the_wrong_words_is_refused_naming_its_own_form(
    text: str, said: str
) -> None:
    """GE-53: a move's first word known, the refusal gives that move's form alone (it gave the
    whole list); text that is no move gets the list, without the referee's own reshuffle."""
    setup = make(2)
    with pytest.raises(MoveSyntaxError) as raised:
        RULES.parse(setup, RULES.initial(setup), text)
    assert str(raised.value) == said
