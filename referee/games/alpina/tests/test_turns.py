"""Alpina's setup and turns through the referee (rules index: alpina/rules-index.md)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pnpkit.errors import PnpError
from pnpkit.referee.engine.session import Session
from pnpkit.referee.games.alpina.setup import colours
from pnpkit.referee.games.alpina.tests.helpers import (
    GAME,
    at_step,
    hand_sizes,
    hikers_left,
    known,
    refusal,
    table,
    without_hikers,
)
from pnpkit.referee.log.store import make_setup


def test_al_1_two_to_four_players() -> None:
    make_setup(GAME, ["A", "B"])
    make_setup(GAME, ["A", "B", "C", "D"])
    with pytest.raises(PnpError, match="2–4 players"):
        make_setup(GAME, ["A"])
    with pytest.raises(PnpError, match="2–4 players"):
        make_setup(GAME, list("ABCDE"))


def test_al_2_the_grid_starts_with_a_starter_chamois_at_e5() -> None:
    session = table()
    assert session.state.cards[4 * 9 + 4] == "AL-20"
    fresh = Session(make_setup(GAME, ["A", "B"]))
    assert refusal(fresh, "start AL-01") == "AL-2: AL-01 is not a starting chamois card"
    assert refusal(fresh, "start AL-99").startswith("AL-2: AL-99 is not an Alpina card")


def test_al_3_six_cards_each_secret_at_the_table_known_in_digital_mode() -> None:
    session = table(3)
    assert hand_sizes(session.state) == (6, 6, 6)
    assert session.state.deck.count == 55 - 18
    digital = Session(make_setup(GAME, ["A", "B", "C"], seed=5))
    digital.advance()
    assert [len(k) for k in known(digital.state)] == [6, 6, 6]
    assert digital.events[1]["by"] == "chance" and digital.events[1]["move"]["type"] == "deal"


@pytest.mark.parametrize(("players", "hikers"), [(2, 8), (3, 5), (4, 4)])
def test_al_4_hikers_by_player_count(players: int, hikers: int) -> None:
    assert hikers_left(table(players).state) == (hikers,) * players


def test_al_4_colours_option_is_checked() -> None:
    make_setup(GAME, ["A", "B"], options={"colours": "purple,yellow"})
    setup = make_setup(GAME, ["A", "B"], options={"colours": " Purple, LIGHT-BLUE"})
    assert colours(setup) == ("purple", "light-blue")
    with pytest.raises(PnpError, match="'green' is no hiker colour; choose from"):
        make_setup(GAME, ["A", "B"], options={"colours": "green,yellow"})
    with pytest.raises(PnpError, match="one distinct colour per player"):
        make_setup(GAME, ["A", "B"], options={"colours": "red,red"})


def test_al_5_first_player_then_clockwise() -> None:
    session = Session(make_setup(GAME, ["Ann", "Bob", "Cy"]))
    session.advance()
    for text in ("start AL-20", "first Bob", "play AL-01 e4", "pass"):
        session.submit(session.parse(text))
    assert session.prompt().actors == ("Cy",)
    session.submit(session.parse("play AL-02 e6"))
    session.submit(session.parse("pass"))
    assert session.prompt().actors == ("Ann",)


def test_al_5_a_first_player_whose_name_has_several_words() -> None:
    session = Session(make_setup(GAME, ["Ann Lee", "Bob"]))
    session.advance()
    session.submit(session.parse("start AL-20"))
    move = session.parse("first  ann LEE")
    assert move == {"type": "first", "seat": 0}
    assert session.parse(session.text(move)) == move
    session.submit(move)
    assert session.prompt().actors == ("Ann Lee",)


def test_al_6_steps_come_in_order() -> None:
    session = table()
    assert refusal(session, "hiker e5").startswith("AL-6: not now")
    session.submit(session.parse("play AL-01 e4"))
    assert refusal(session, "play AL-02 e3").startswith("AL-6: not now")


def test_al_7_only_the_player_whose_turn_it_is() -> None:
    session = table()
    assert refusal(session, "P2: play AL-01 e4") == "AL-7: it is P1's turn, not P2's"
    session.submit(session.parse("P1: play AL-01 e4"))


def test_al_8_a_card_in_the_grid_or_in_another_hand_cannot_be_played() -> None:
    session = table(moves=("play AL-01 e4", "pass"))
    assert refusal(session, "play AL-01 e3") == "AL-8: AL-01 is already in the grid, at e4"
    digital = Session(make_setup(GAME, ["A", "B"], seed=1))
    digital.advance()
    turn = digital.state.turn.seat
    other = sorted(known(digital.state)[1 - turn])[0]
    assert "not in" in refusal(digital, f"play {other} e4")


def test_al_8_a_pawn_or_an_unknown_id_is_no_card() -> None:
    session = table()
    assert refusal(session, "play AL-HRED e4") == "AL-8: AL-HRED is a red hiker, not a card"
    assert refusal(session, "play AL-5 e4") == (
        "AL-8: AL-5 is not an Alpina card (the cards are AL-01 … AL-56)"
    )


def test_al_9_a_card_goes_into_an_empty_space() -> None:
    session = table()
    assert refusal(session, "play AL-01 e5") == "AL-9: e5 already holds AL-20"


def test_al_10_the_grid_grows_in_every_direction() -> None:
    session = table(moves=("play AL-01 e4", "pass", "play AL-02 d5", "pass", "play AL-03 f5"))
    session.submit(session.parse("pass"))
    session.submit(session.parse("play AL-04 e6"))
    assert {session.state.cards[i] for i in (3 * 9 + 4, 4 * 9 + 3, 4 * 9 + 5, 5 * 9 + 4)} == {
        "AL-01", "AL-02", "AL-03", "AL-04"
    }  # fmt: skip


def test_al_11_a_card_must_share_an_edge() -> None:
    session = table()
    assert refusal(session, "play AL-01 f6") == (
        "AL-11: a card must touch a card already in the grid orthogonally (no diagonals)"
    )


def test_al_12_no_sixth_row_or_column() -> None:
    moves = []
    for n, row in enumerate((4, 3, 2, 1)):
        moves += [f"play AL-0{n + 1} e{row}", "pass"]
    session = table(moves=tuple(moves))
    assert refusal(session, "play AL-05 e6") == (
        "AL-12: that would make a 6th row or column; the grid is 5×5 at most"
    )
    session.submit(session.parse("play AL-05 f1"))


def test_al_13_hiker_on_the_card_played_or_one_beside_it() -> None:
    session = table(moves=("play AL-01 e4", "pass", "play AL-02 e3"))
    assert "AL-13" in refusal(session, "hiker e5")
    assert refusal(session, "hiker a1") == "AL-13: there is no card at a1"
    session.submit(session.parse("hiker e4"))


def test_al_14_one_pawn_per_card() -> None:
    session = table(moves=("play AL-01 e4", "hiker e5", "play AL-02 e3"))
    session.submit(session.parse("hiker e4"))
    session.submit(session.parse("play AL-03 d4"))
    assert (
        refusal(session, "hiker e4")
        == "AL-14: that card already has a pawn (P2's); one pawn per card"
    )


def test_al_15_no_hikers_left() -> None:
    session = table(4)
    state = session.state
    session._steps[-1] = replace(session._steps[-1], state=without_hikers(state, "P1"))
    played = session.rules.apply(session.setup, session.state, session.parse("play AL-01 e4"))
    hiker = session.rules.check(session.setup, played, session.parse("hiker e4"))
    assert f"{hiker.rule}: {hiker.reason}" == "AL-15: P1 has no hikers left"
    assert session.rules.legal(session.setup, played) == [{"type": "pass"}]


def test_al_16_draw_back_up_to_six_without_identities() -> None:
    session = table(moves=("play AL-01 e4",))
    assert hand_sizes(session.state) == (5, 6)
    new = session.submit(session.parse("pass"))
    assert [e["text"] for e in new] == ["pass", "draw"]
    assert hand_sizes(session.state) == (6, 6)
    drawing = at_step(session.state, "draw")
    verdict = session.rules.check(session.setup, drawing, {"type": "draw", "card": "AL-03"})
    assert str(verdict) == "AL-16: draws are secret: enter `draw` without a card"


def test_al_16_digital_draws_are_logged_card_by_card() -> None:
    session = Session(make_setup(GAME, ["A", "B"], seed=9))
    session.advance()
    hand = sorted(known(session.state)[session.state.turn.seat])
    session.submit(session.parse(f"play {hand[0]} e4"))
    new = session.submit(session.parse("pass"))
    assert new[1]["by"] == "chance" and new[1]["text"].startswith("draw AL-")


def test_al_17_the_25th_card_ends_the_game_after_its_hiker_step() -> None:
    from pnpkit.referee.checks.harness import Case, playthrough

    session = playthrough(Case("alpina", 2, seed=3, digital=False))
    assert session.state.placed == 25
    assert session.events[-1]["move"]["type"] in ("hiker", "pass")
    assert refusal(session, "pass") == "AL-17: the game is over: the 25th card has been placed"


def test_al_10_a_space_outside_the_frame_is_named_as_such() -> None:
    session = table()
    assert refusal(session, "play AL-01 j5") == "AL-10: j5 is outside the table's frame (a1 to i9)"


@pytest.mark.parametrize(
    ("moves", "damaged", "rule"),
    [
        ((), {"type": "first", "seat": True}, "AL-5"),
        ((), {"type": "first", "seat": 1.0}, "AL-5"),
        (("first P1",), {"type": "play", "card": "AL-01", "at": 7}, "AL-8"),
        (("first P1",), {"type": "play", "card": ["AL-01"], "at": "e4"}, "AL-8"),
        (("first P1", "play AL-01 e4"), {"type": "hiker", "at": None}, "AL-13"),
    ],
)
def test_al_6_a_damaged_logged_move_is_refused_not_a_crash(moves, damaged, rule) -> None:
    """A log edited by hand can hold any JSON: the verdict names the move's rule (AL-6)."""
    session = Session(make_setup(GAME, ["P1", "P2"]))
    session.advance()
    for text in ("start AL-20", *moves):
        session.submit(session.parse(text))
    verdict = session.check(damaged)
    assert not verdict.ok and verdict.rule == rule
    assert f"a malformed {damaged['type']} move" in verdict.reason


def test_al_6_damaged_deal_and_draw_moves_are_refused() -> None:
    session = table()
    rules, setup = session.rules, session.setup
    dealing, drawing = at_step(session.state, "deal"), at_step(session.state, "draw")
    deal = rules.check(setup, dealing, {"type": "deal", "hands": {"P1": 6, "P2": 6}})
    draw = rules.check(setup, drawing, {"type": "draw", "card": ["AL-01"]})
    assert (deal.rule, draw.rule) == ("AL-3", "AL-16")
    assert "malformed" in deal.reason and "malformed" in draw.reason


def test_al_6_a_damaged_log_is_reported_with_its_line(tmp_path) -> None:
    from pnpkit.referee.log.store import load_session, new_game, writing_session

    log = tmp_path / "damaged.jsonl"
    new_game(log, make_setup(GAME, ["Ann", "Bob"]))
    with writing_session(log) as (session, _, _):
        for text in ("start AL-20", "first Ann", "play AL-01 e4"):
            session.submit(session.parse(text))
    lines = log.read_text().splitlines()
    lines[-1] = lines[-1].replace('"at":"e4"', '"at":7')
    log.write_text("\n".join(lines) + "\n")
    with pytest.raises(PnpError, match=r"damaged\.jsonl:5: event 4: .*AL-8: a malformed play move"):
        load_session(log)


def test_al_15_the_prompt_says_when_a_player_has_no_hikers_left() -> None:
    session = table(4)
    state = session.state
    session._steps[-1] = replace(session._steps[-1], state=without_hikers(state, "P1"))
    played = session.rules.apply(session.setup, session.state, session.parse("play AL-01 e4"))
    assert session.rules.prompt(session.setup, played).text == "P1: no hikers left: pass"
    session.submit(session.parse("play AL-01 e4"))  # the referee passes for P1 (the only move)
    session.submit(session.parse("play AL-02 e3"))
    assert session.prompt().text == "P2: hiker SPACE, or pass"


def test_al_3_one_players_view_names_only_their_own_hand() -> None:
    session = Session(make_setup(GAME, ["Ann", "Bob"], seed=4))
    session.advance()
    ann, bob = (sorted(hand) for hand in known(session.state))
    everyone = session.rules.describe(session.setup, session.state)
    view = session.rules.view(session.setup, session.state, "Bob")
    assert view.startswith("Bob's view")
    assert all(card in everyone for card in ann + bob)
    assert all(card in view for card in bob)
    assert not any(card in view for card in ann)
    assert "Ann (red): 6 cards, 8 hikers left" in view
