"""The engine core with a toy game: check, apply, refuse, digital chance, undo, replay."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnpkit.components import load_game
from pnpkit.referee.checks.harness import _check_replay
from pnpkit.referee.engine.moves import canonical, find_player, pairs, plain_digits
from pnpkit.referee.engine.rules import Setup
from pnpkit.referee.engine.session import ReplayError, Session
from pnpkit.referee.engine.verdict import ACCEPTED, LogError, MoveRefused, MoveSyntaxError, Verdict
from pnpkit.referee.log.store import make_setup
from tests.referee.toy import RULES


@pytest.fixture(scope="module")
def setup() -> Setup:
    return Setup(load_game("alpina"), RULES, "standard", ("Ann", "Bob"))


def digital(setup: Setup, seed: int) -> Session:
    return Session(replace(setup, seed=seed))


def test_accepted_moves_change_the_state_and_are_recorded(setup: Setup) -> None:
    session = Session(setup)
    session.submit(session.parse("roll 5"))
    session.submit(session.parse("keep"))
    assert session.state.totals == (5, 0)
    assert [e["text"] for e in session.events] == ["roll 5", "keep"]
    assert [e["by"] for e in session.events] == ["table", "table"]


def test_refused_move_changes_nothing_and_cites_the_rule(setup: Setup) -> None:
    session = Session(setup)
    before = session.state
    with pytest.raises(MoveRefused) as refused:
        session.submit(session.parse("roll 7"))
    assert str(refused.value) == "DR-2: a die shows 1 to 6"
    assert session.state == before
    assert session.events == []


def test_name_prefix_sets_the_player_and_unknown_names_are_syntax_errors(setup: Setup) -> None:
    session = Session(setup)
    session.submit(session.parse("roll 2"))
    with pytest.raises(MoveRefused, match="not your turn"):
        session.submit(session.parse("bob: keep"))
    with pytest.raises(MoveSyntaxError, match="not a player"):
        session.parse("zed: keep")


def test_digital_mode_draws_chance_itself_and_logs_each_outcome(setup: Setup) -> None:
    session = digital(setup, 7)
    with pytest.raises(MoveRefused, match="draws chance outcomes itself"):
        session.submit({"type": "roll", "value": 1})
    session.advance()
    assert session.events[0]["by"] == "chance"
    assert session.prompt().kind == "move"
    new = session.submit({"type": "keep"})
    assert [e["by"] for e in new] == ["table", "chance"]


def test_digital_outcomes_depend_only_on_seed_and_position(setup: Setup) -> None:
    a, b = digital(setup, 3), digital(setup, 3)
    for s in (a, b):
        s.advance()
        for _ in range(5):
            s.submit({"type": "keep"})
    assert a.events == b.events


def test_undo_takes_back_the_table_move_and_what_followed(setup: Setup) -> None:
    session = digital(setup, 1)
    session.advance()
    before = session.state
    session.submit({"type": "keep"})
    event = session.undo()
    assert event == {"seq": 4, "undo": 2}
    assert session.state == before
    with pytest.raises(MoveRefused, match="nothing to undo"):
        session.undo()


def test_replay_gives_the_live_state_and_rechecks_every_event(setup: Setup) -> None:
    live = digital(setup, 11)
    live.advance()
    for move in ({"type": "keep"}, {"type": "pass"}, {"type": "keep"}):
        live.submit(move)
    live.undo()
    replayed = digital(setup, 11)
    replayed.replay(live.events)
    assert replayed.state == live.state
    forged = [dict(e) for e in live.events]
    forged[0]["move"] = {"type": "roll", "value": 9}
    with pytest.raises(ReplayError, match="event 1"):
        digital(setup, 11).replay(forged)


def test_a_move_taken_back_and_entered_again_meets_fresh_chance(setup: Setup) -> None:
    """Undo is no way to peek: the roll seen, the move taken back, the next roll is drawn anew
    (and the log, holding every outcome, replays to the same game)."""
    differ = 0
    for seed in range(10):
        session = digital(setup, seed)
        session.advance()
        first = session.submit({"type": "keep"})[1]["move"]
        session.undo()
        again = session.submit({"type": "keep"})[1]["move"]
        differ += again != first
        replayed = Session(session.setup)
        replayed.replay(session.events)
        assert replayed.state == session.state
    assert differ >= 5, f"only {differ} of 10 re-entries met another roll"


def test_replay_refuses_a_logged_move_the_rules_cannot_read(setup: Setup) -> None:
    live = Session(setup)
    live.submit(live.parse("roll 3"))
    forged = [dict(live.events[0], move={"type": "roll"})]  # a log altered by hand
    with pytest.raises(ReplayError, match=r'event 1: the move \{"type":"roll"\} is not one'):
        Session(setup).replay(forged)


def test_replay_refuses_a_logged_text_that_is_not_its_move(setup: Setup) -> None:
    live = Session(setup)
    live.submit(live.parse("roll 3"))
    forged = [dict(live.events[0], text="roll 6")]  # the text edited, the move left alone
    with pytest.raises(ReplayError, match="event 1: its text 'roll 6' is not its move's"):
        Session(setup).replay(forged)


def test_a_refused_logged_move_is_quoted_as_its_move_reads(setup: Setup) -> None:
    live = Session(setup)
    live.submit(live.parse("roll 3"))
    forged = [dict(live.events[0], move={"type": "keep"}, text="keep")]
    with pytest.raises(ReplayError, match="event 1: keep is refused"):
        Session(setup).replay(forged)
    del forged[0]["text"]  # an event without its text is quoted the same way
    with pytest.raises(ReplayError, match="event 1: keep is refused"):
        Session(setup).replay(forged)


def test_name_prefix_for_a_name_of_several_words(setup: Setup) -> None:
    session = Session(replace(setup, players=("Ann Lee", "Bob")))
    assert session.parse("ann  LEE: roll 2") == {"type": "roll", "value": 2, "player": "Ann Lee"}
    with pytest.raises(MoveSyntaxError, match="'zed' is not a player"):
        session.parse("zed: roll 2")


def test_choices_made_together_name_players_of_several_words() -> None:
    players = ("Ann Lee", "Bob")
    assert pairs(["ann", "LEE=3", "bob=ocean"], players) == {"Ann Lee": "3", "Bob": "ocean"}
    assert pairs([], players) == {}


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("ann lee=3 bob", "expected NAME=CHOICE"),
        ("=3", "expected NAME=CHOICE"),
        ("bob=1 2", "expected NAME=CHOICE"),
        ("bob=", "bob=: expected NAME=CHOICE"),
        ("ann=1", "'ann' is not a player of this game"),
        ("bob=1 BOB=2", "Bob chose twice"),
    ],
)
def test_choices_made_together_refuse_what_is_not_name_equals_choice(
    typed: str, message: str
) -> None:
    with pytest.raises(MoveSyntaxError, match=message):
        pairs(typed.split(), ("Ann Lee", "Bob"))


@pytest.mark.parametrize(
    ("word", "plain"),
    [
        ("0", True),
        ("42", True),
        ("", False),
        ("²", False),
        ("١", False),
        ("-1", False),
        ("3.", False),
    ],
)
def test_numbers_in_moves_and_position_files_are_plain_digits(word: str, plain: bool) -> None:
    assert plain_digits(word) is plain


@pytest.mark.parametrize("name", ["A:B", "A=B", "A,B"])
def test_a_player_name_may_not_hold_a_separator(name: str) -> None:
    with pytest.raises(LogError, match=f"player name '{name}': a name may not hold"):
        make_setup(load_game("alpina"), [name, "Cy"])


class _Careless(type(RULES)):
    """The toy game with a check that lets a move through which JSON does not keep as it is."""

    def check(self, setup: Setup, state: object, move: dict) -> Verdict:
        return ACCEPTED


def test_the_harness_replays_the_log_as_json_gives_it_back(setup: Setup) -> None:
    careless = replace(setup, rules=_Careless())
    live, mirror = Session(careless), Session(careless)
    live.submit({"type": "roll", "value": (3,)})  # a tuple: the log gives back a list
    with pytest.raises(AssertionError, match="replaying the log differs from live play"):
        _check_replay(mirror, live, "here")


class _Unlisted(type(RULES)):
    """The toy game, with `keep` declared welcome though `legal` may leave it out."""

    unlisted = frozenset({"keep"})


@pytest.mark.parametrize(("rules", "allowed"), [(_Unlisted(), True), (RULES, False)])
def test_the_harness_lets_only_unlisted_types_be_accepted_unlisted(
    setup: Setup, rules: object, allowed: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pnpkit.referee.checks import harness

    session = Session(replace(setup, rules=rules))
    session.submit(session.parse("roll 4"))
    before = session.state
    monkeypatch.setattr(harness, "_suspects", lambda *_: ["keep"])
    legal_without_keep = [{"type": "pass"}]
    listed = {canonical(m) for m in legal_without_keep}
    if allowed:
        harness._check_refusals(session, legal_without_keep, listed, random.Random(1))
        assert session.state == before  # tried, then undone
    else:
        with pytest.raises(AssertionError, match="'keep' accepted but not listed"):
            harness._check_refusals(session, legal_without_keep, listed, random.Random(1))


NAMES = st.sampled_from(["Ann", "ann", "Ann Lee", "ann  LEE", "Bob", " bob", "Zoë", "Cy"])


@given(name=NAMES, players=st.lists(NAMES, max_size=5))
def test_a_player_is_found_alike_among_a_setups_players_and_in_a_list(
    name: str, players: list[str]
) -> None:
    """A setup's players (a tuple) are looked up by their keys worked out once: the same player
    as a list's scan finds, the first of two whose names differ only in case or spacing."""
    assert find_player(name, tuple(players)) == find_player(name, players)
    assert find_player(name, tuple(players)) == next(
        (p for p in players if " ".join(p.split()).lower() == " ".join(name.split()).lower()), None
    )
