"""Gentoo: setup, the turn's phases, reshuffles and hidden piles (gentoo/rules-index.md)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from pnpkit.errors import PnpError
from pnpkit.referee.api import Pool
from pnpkit.referee.checks.harness import enter as play
from pnpkit.referee.engine.rules import Setup
from pnpkit.referee.engine.session import Session
from pnpkit.referee.engine.verdict import MoveRefused
from pnpkit.referee.games.gentoo import RULES
from pnpkit.referee.games.gentoo.state import (
    CHOOSE,
    DISCARD,
    DRAW,
    FIRST,
    FLIP,
    PLAY,
    GentooState,
)
from pnpkit.referee.games.gentoo.tests.helpers import (
    CAT,
    GAME,
    NAMES,
    arrange,
    box,
    choice,
    current,
    discard,
    draw_pile,
    middle,
    pool,
    seat,
    seats,
    supply,
)
from pnpkit.referee.log.store import make_setup

SNOW, SKUA, EGG3, EGG4, EGG5 = "GE-SNW", "GE-SKU", "GE-EG3", "GE-EG4", "GE-EG5"
HATCH, THIEF, SITE, SEAL, VPECK = "GE-HAT", "GE-THF", "GE-GNS", "GE-SEA", "GE-PCK"
BLIZZARD, FISHING, THAW = "GE-BLZ", "GE-FSH", "GE-THW"


def make(n: int = 3, seed: int | None = None) -> Setup:
    return make_setup(GAME, NAMES[:n], seed=seed)


def full_census() -> Counter[str]:
    census = Counter({c.id: c.count for c in GAME.components()})
    return census


def refused(setup: Setup, table: GentooState, text: str) -> str:
    verdict = RULES.check(setup, table, RULES.parse(setup, table, text))
    assert not verdict.ok, f"{text} was accepted"
    return str(verdict)


def started(n: int = 3) -> tuple[Setup, GentooState]:
    setup = make(n)
    table = play(setup, RULES.initial(setup), "flip GE-SKU", "flip GE-EG3", "flip GE-HAT")
    return setup, play(setup, table, "flip GE-THF", "first Ann")


# --- setup ----------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 5])
def test_ge_1_two_to_four_players(count: int) -> None:
    with pytest.raises(PnpError, match="2–4 players"):
        make_setup(GAME, [f"P{i}" for i in range(count)])


def test_ge_1_player_names_may_not_be_the_skuas_words() -> None:
    for word in ("Choice", "used"):
        with pytest.raises(PnpError, match="moves use that word"):
            make_setup(GAME, ["Ann", word])


def test_ge_1_names_of_several_words_are_typed_as_they_are() -> None:
    setup = make_setup(GAME, ["seat 1", "seat 2"])
    table = RULES.initial(setup)
    move = RULES.parse(setup, table, "play GE-SKU GE-EG3 Seat 2 used")
    assert move["owner"] == "seat 2"
    assert RULES.parse(setup, table, RULES.text(setup, move)) == move


@pytest.mark.parametrize("n", [2, 3, 4])
def test_ge_2_to_7_the_setup_hands_out_piles_stones_and_fish(n: int) -> None:
    """GE-2 six Snow per Player Pile, the rest boxed; GE-4 penguin supply; GE-5 three in play;
    GE-6 three stones each; GE-7 five fish each."""
    setup = make(n)
    table = RULES.initial(setup)
    for player in seats(table):
        assert player.in_play == (SNOW,) * 3
        assert player.pile == pool({SNOW: 3})
        assert (player.stones, player.fish, player.penguins) == (3, 5, 0)
    assert box(table) == pool({SNOW: CAT.cards[SNOW].count - 6 * n})
    assert supply(table, "nesting-stone") == CAT.token("nesting-stone").count - 3 * n
    assert supply(table, "fish") == CAT.token("fish").count - 5 * n
    assert supply(table, "penguin") == CAT.token("penguin").count
    assert RULES.census(setup, table) == full_census()


def test_ge_3_four_choice_cards_are_identified_from_the_draw_pile() -> None:
    setup = make()
    table = RULES.initial(setup)
    assert RULES.prompt(setup, table).kind == "chance"
    assert SNOW not in {m["card"] for m in RULES.legal(setup, table)}
    assert "GE-36" in refused(setup, table, "flip GE-SNW")
    table = play(setup, table, "flip GE-SKU", "flip GE-SKU", "flip GE-EG3", "flip GE-HAT")
    assert choice(table) == (SKUA, SKUA, EGG3, HATCH)
    assert table.step == FIRST
    assert draw_pile(table)[SKUA] == CAT.cards[SKUA].count - 2


def test_ge_3_a_players_view_is_the_whole_table_face_down_cards_hidden_from_all() -> None:
    setup = make()
    table = play(setup, RULES.initial(setup), "flip GE-SKU", "flip GE-SKU", "flip GE-EG3")
    for name in NAMES[:3]:
        assert RULES.view(setup, table, name) == RULES.describe(setup, table)
    assert "Draw Pile: " in RULES.describe(setup, table)
    assert "GE-HAT" not in RULES.describe(setup, table)  # only what is face up is named


def test_ge_8_the_table_names_the_first_player() -> None:
    setup = make()
    table = play(setup, RULES.initial(setup), *["flip GE-HAT"] * 4)
    assert RULES.prompt(setup, table).actors == NAMES[:3]
    table = play(setup, table, "first Bob")
    assert table.seat == 1
    assert RULES.prompt(setup, table).text.startswith("Bob: draw")


# --- a turn ---------------------------------------------------------------------------------


def test_ge_9_and_10_a_turn_runs_draw_choose_discard_flip_play() -> None:
    """GE-9 the two phases in order; GE-10 the draw adds a Choice Card."""
    setup, table = started()
    steps = [table.step]
    for text in ("flip GE-EG4", "pass", "discard GE-EG4", "flip GE-SNW", "used GE-SNW"):
        table = play(setup, table, text)
        steps.append(table.step)
    assert steps == [DRAW, CHOOSE, DISCARD, FLIP, PLAY, DRAW]
    assert len(choice(table)) == 4
    assert table.seat == 1


def test_ge_52_play_goes_round_in_the_order_players_were_named() -> None:
    setup, table = started()
    seen = []
    for _ in range(4):
        seen.append(NAMES[table.seat])
        table = play(setup, table, "flip GE-EG4", "pass", "discard GE-EG4", "flip GE-SNW")
        table = play(setup, table, "used GE-SNW" if len(current(table).in_play) > 3 else "pass")
    assert seen == ["Ann", "Bob", "Cy", "Ann"]


def test_ge_11_an_empty_draw_pile_is_refilled_from_the_discard_pile_by_the_referee() -> None:
    setup = make(2)
    table = arrange(setup, step=DRAW, choice=(SKUA, EGG3, HATCH, THIEF))
    gone = Counter(dict(draw_pile(table).counts))
    table = middle(table, Pool(), tuple(gone.elements()))
    assert RULES.forced(setup, table) == {"type": "reshuffle", "pile": "discard"}
    assert RULES.legal(setup, table) == []
    assert "GE-11" in refused(setup, table, "flip GE-SKU")
    after = RULES.apply(setup, table, RULES.forced(setup, table))
    assert discard(after) == () and draw_pile(after) == pool(gone)


def test_ge_11_the_reshuffle_is_logged_as_the_referees_move() -> None:
    setup = make(2)
    table = arrange(setup, step=PLAY, choice=(SKUA, EGG3, HATCH, THIEF))
    gone = Counter(dict(draw_pile(table).counts))
    table = middle(table, Pool(), tuple(gone.elements()))
    session = Session(setup)
    session._steps[-1] = replace(session._steps[-1], state=table)
    with pytest.raises(MoveRefused, match="GE-11"):
        session.submit(session.parse("reshuffle discard"))
    session.submit(session.parse("pass"))
    assert [e["by"] for e in session.events] == ["table", "rules"]
    assert session.events[-1]["text"] == "reshuffle discard"


def test_ge_19_an_empty_player_pile_takes_the_used_pile_and_tops_fish_up_to_five() -> None:
    setup = make(2)
    used = (SKUA, HATCH, EGG3)
    table = arrange(setup, step=FLIP, ann={"pile": Pool(), "used": used, "fish": 2})
    assert RULES.forced(setup, table) == {"type": "reshuffle", "pile": "used"}
    after = play(setup, table, "reshuffle used")
    assert current(after).pile == Pool().holding(used) and current(after).used == ()
    assert current(after).fish == 5
    assert supply(after, "fish") == supply(table, "fish") - 3
    assert after.reshuffled
    assert RULES.census(setup, after) == full_census()


def test_ge_45_fish_are_topped_up_only_at_a_reshuffle() -> None:
    setup = make(2)
    table = arrange(setup, step=FLIP, ann={"fish": 2})
    after = play(setup, table, "flip GE-SNW", "used GE-SNW")
    assert seat(after, 0).fish == 2
    assert max(p.fish for p in seats(after)) <= 5


def test_ge_18_and_36_a_flip_must_be_a_card_the_player_pile_can_hold() -> None:
    setup = make(2)
    table = arrange(setup, step=FLIP, ann={"pile": (SNOW, HATCH)})
    assert {m["card"] for m in RULES.legal(setup, table)} == {SNOW, HATCH}
    message = refused(setup, table, "flip GE-SKU")
    assert message.startswith("GE-36") and "your Player Pile" in message
    after = play(setup, table, "flip GE-HAT")
    assert current(after).in_play[-1] == HATCH
    assert current(after).pile == Pool().holding((SNOW,))


def test_ge_36_digital_mode_draws_weighted_by_copies() -> None:
    import random

    setup = make(2, seed=1)
    table = arrange(setup, step=FLIP, ann={"pile": (SNOW,) * 9 + (HATCH,)})
    rng = random.Random(0)
    drawn = Counter(RULES.chance(setup, table, rng)["card"] for _ in range(2000))
    assert 1600 < drawn[SNOW] < 1990 and drawn[HATCH] > 10


def test_ge_36_digital_game_draws_the_choice_cards_itself() -> None:
    session = Session(make(3, seed=5))
    session.advance()
    assert [e["by"] for e in session.events] == ["chance"] * 4
    assert session.prompt().text == "all: who goes first? (first NAME)"
    session.submit(session.parse("first Ann"))
    assert [e["by"] for e in session.events[4:]] == ["table", "chance"]
    assert len(choice(session.state)) == 5
    assert RULES.census(session.setup, session.state) == full_census()


def test_ge_43_the_draw_fills_the_choice_cards_back_up_to_five() -> None:
    setup = make(2)
    table = arrange(setup, step=DRAW, choice=(SKUA, HATCH, THIEF))
    table = play(setup, table, "flip GE-EG3")
    assert table.step == DRAW
    table = play(setup, table, "flip GE-EG4")
    assert table.step == CHOOSE and len(choice(table)) == 5


def test_ge_44_nothing_to_draw_and_nothing_to_flip_are_skipped() -> None:
    setup = make(2)
    table = arrange(setup, turn=1, choice=(SKUA, HATCH))
    boxed = Counter(dict(box(table).counts)) + Counter(dict(draw_pile(table).counts))
    table = middle(table, Pool(), boxed=pool(boxed))
    table = play(setup, table, "pass")
    assert (table.seat, table.step, choice(table)) == (0, CHOOSE, (SKUA, HATCH))
    empty = arrange(setup, step=CHOOSE, ann={"pile": Pool(), "used": (), "fish": 2})
    settled = play(setup, empty, "pass")
    assert settled.step == PLAY and current(settled).fish == 2


def test_ge_24_five_penguins_end_the_game_at_once() -> None:
    setup = make(2)
    table = arrange(setup, ann={"in_play": (EGG3, HATCH, SNOW), "penguins": 4})
    over = play(setup, table, "hatch GE-EG3 Bob")
    assert RULES.prompt(setup, over).kind == "over"
    assert RULES.score(setup, over).winners == ("Ann",)
    assert refused(setup, over, "pass").startswith("GE-24")
    assert RULES.stats(setup, over)["first player won"] == 1.0
