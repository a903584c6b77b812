"""Nut Hunt's rules one by one (referee/games/nut_hunt/rules-index.md), on hand-made positions."""

from __future__ import annotations

import math
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from pnpkit.components import load_game
from pnpkit.errors import PnpError
from pnpkit.referee.checks.harness import enter as play
from pnpkit.referee.engine.rules import Setup
from pnpkit.referee.engine.verdict import MoveSyntaxError
from pnpkit.referee.games.nut_hunt import RULES, actions
from pnpkit.referee.games.nut_hunt import forest as board
from pnpkit.referee.games.nut_hunt import state as st
from pnpkit.referee.games.nut_hunt import table_view as nut_hunt_show
from pnpkit.referee.games.nut_hunt.state import Hunt
from pnpkit.referee.games.nut_hunt.tests.helpers import at, cards, placed

GAME = load_game("nut-hunt")
ROOT = Path(__file__).resolve().parents[4]
# Spaces: WIL 0, MUC 1, OAK 2 / HRT 3, PIN 4, HAZ 5, WAL 6 / MOU 7, RAB 8, BIR 9 (centre), HIC 10,
# TOA 11 / FRG 12, BAD 13, MOS 14, FER 15 / BRA 16, OWL 17, TAN 18.
LAYOUT = "WIL MUC OAK HRT PIN HAZ WAL MOU RAB BIR HIC TOA FRG BAD MOS FER BRA OWL TAN"
# The FAQ's forest: Willow Wallow (space 3) next to Rabbit Patch (space 8).
FAQ_LAYOUT = "HRT MUC OAK WIL PIN HAZ WAL MOU RAB BIR HIC TOA FRG BAD MOS FER BRA OWL TAN"


def make(players=("Ann", "Bob"), variant="standard", seed=None, **options: str) -> Setup:
    RULES.check_setup(GAME, variant, players, options)
    return Setup(GAME, RULES, variant, tuple(players), options, seed)


def refusal(setup: Setup, state: Hunt, text: str) -> str:
    verdict = RULES.check(setup, state, RULES.parse(setup, state, text))
    assert not verdict.ok
    return str(verdict)


def laid(setup: Setup, layout: str = LAYOUT) -> Hunt:
    state = play(setup, RULES.initial(setup), f"layout {layout}")
    return state if len(setup.players) == 1 else play(setup, state, f"first {setup.players[0]}")


def space(state: Hunt, tile: str) -> int:
    return state.layout.index(f"NH-{tile}")


def turn(setup: Setup, layout: str = LAYOUT, step: str = st.ACTION, fox: str = "BIR", **pieces):
    """A position mid-turn: `pieces` maps TILE_seat to squirrels (nests: TILE_seat_nest)."""
    state = at(laid(setup, layout), step, phase=st.TURN, order=())
    state = replace(state, fox=space(state, fox))
    for key, n in pieces.items():
        tile, seat, *nest = key.split("_")
        where = space(state, tile)
        if nest:
            state = replace(state, nests=st.grid_add(state.nests, where, int(seat), n))
        else:
            state = st.add_squirrels(state, int(seat), {where: n})
    return state


def with_nuts(state: Hunt, seat: int, *counts: int) -> Hunt:
    nuts = (*state.nuts[:seat], tuple(counts), *state.nuts[seat + 1 :])
    return replace(state, nuts=nuts)


# --- setup ------------------------------------------------------------------------------------
def test_nh_1_layout_uses_each_tile_once_in_19_spaces() -> None:
    setup = make()
    state = RULES.initial(setup)
    state = play(setup, state, "layout wil muc")
    assert "each tile is laid once" in refusal(setup, state, "layout wil")
    assert refusal(setup, state, "layout " + LAYOUT).startswith("NH-1")
    with pytest.raises(MoveSyntaxError, match="not a tile"):
        RULES.parse(setup, state, "layout xyz")
    assert board.ROWS == (3, 4, 5, 4, 3)


def test_nh_2_fox_starts_on_the_centre_tile_and_nh_4_first_player() -> None:
    setup = make(("Ann", "Bob", "Cy"))
    state = play(setup, RULES.initial(setup), f"layout {LAYOUT}")
    assert state.fox == board.CENTRE and state.layout[state.fox] == "NH-BIR"
    state = play(setup, state, "first bob")
    assert RULES.prompt(setup, state).actors == ("Bob",)
    assert state.order == (1, 2, 0, 0, 2, 1)


def test_nh_3_digital_deal_keeps_two_and_bottoms_one() -> None:
    setup = make(seed=1)
    state = play(setup, laid(setup), "draw o01", "draw o02", "draw o03")
    assert "keep exactly 2" in refusal(setup, state, "keep o01")
    state = play(setup, state, "keep o03 o01")
    assert cards(state).hand_known[0] == ("NH-O01", "NH-O03")
    assert cards(state).bottom == ("NH-O02",)


def test_nh_3_a_players_view_shows_only_their_own_objectives() -> None:
    setup = make(seed=1)
    state = play(setup, laid(setup), "draw o01", "draw o02", "draw o03", "keep o03 o01")
    assert "objectives held: 2 (NH-O01, NH-O03)" in RULES.describe(setup, state)
    assert "objectives held: 2 (NH-O01, NH-O03)" in RULES.view(setup, state, "Ann")
    bobs = RULES.view(setup, state, "Bob")
    assert "objectives held: 2" in bobs and "NH-O01" not in bobs and "NH-O03" not in bobs


def test_nh_3_a_player_may_show_an_objective_before_the_end() -> None:
    setup = make()
    state = turn(setup, MOU_0=2, MOU_0_nest=1, WIL_0_nest=1, OAK_0_nest=1, MOU_1=1, RAB_1=2)
    state = play(setup, state, "show o05", "bob: show o02")  # Ann is on turn; Bob says who
    assert cards(state).hand_known == (("NH-O05",), ("NH-O02",))
    assert cards(state).hand_hidden == (1, 1)
    assert "NH-O02" not in RULES.view(setup, state, "Ann")
    assert refusal(setup, state, "bob: show o05").startswith("NH-3: NH-O05 cannot be in Bob's")
    state = play(setup, state, "show o06")
    assert refusal(setup, state, "show o07").startswith("NH-3: the referee already knows every")
    state = with_nuts(state, 0, 0, 0, 1, 1)
    state = play(setup, state, "recruit mou", "scatter mou>rab")  # the end (NH-26)
    assert state.phase == st.SHOW and RULES.prompt(setup, state).actors == ("Bob",)
    state = play(setup, state, "show o13")
    assert RULES.prompt(setup, state).kind == "over"
    assert RULES.score(setup, state) == RULES.score(setup, _all_shown_at_the_end(setup))


def _all_shown_at_the_end(setup: Setup) -> Hunt:
    state = turn(setup, MOU_0=2, MOU_0_nest=1, WIL_0_nest=1, OAK_0_nest=1, MOU_1=1, RAB_1=2)
    state = play(setup, with_nuts(state, 0, 0, 0, 1, 1), "recruit mou", "scatter mou>rab")
    return play(setup, state, "show o05", "show o06", "show o02", "show o13")


def test_nh_3_table_hands_are_secret_counts() -> None:
    setup = make()
    state = RULES.initial(setup)
    assert cards(state).hand_hidden == (2, 2) and cards(state).bottom == (None, None)
    assert cards(state).fresh == 45 - 6


def test_nh_5_starting_squirrels_snake_onto_unoccupied_starting_tiles() -> None:
    setup = make()
    state = laid(setup)
    assert refusal(setup, state, "place muc acorn acorn").startswith("NH-5")
    assert "fox" in refusal(setup, state, "place bir walnut walnut")
    state = play(setup, state, "place wil hazelnut walnut")
    assert "unoccupied" in refusal(setup, state, "place wil walnut walnut")
    state = play(setup, state, "place hic", "place mou acorn acorn", "place oak")
    assert state.phase == st.TURN and state.turn.step == st.ROLL


def test_nh_6_setup_forage_is_two_nuts_of_the_tile() -> None:
    setup = make()
    state = laid(setup)
    assert refusal(setup, state, "place wil acorn walnut").startswith("NH-6")
    state = play(setup, state, "place wil walnut walnut")
    assert state.nuts[0] == (0, 0, 0, 2)


def test_nh_7_five_player_special_case() -> None:
    setup = make(("A", "B", "C", "D", "E"))
    state = laid(setup)
    assert state.order == (0, 1, 2, 3, 4, 3, 2, 1, 0, 4)
    tiles = ["wil", "mou", "hic", "rab", "oak", "haz", "wal", "toa", "bad"]
    state = play(setup, state, *(f"place {t} {_one_nut(t)}" for t in tiles))
    state = play(setup, state, "place wil walnut walnut")
    assert state.count(space(state, "WIL"), 4) == 1 and state.phase == st.TURN


def _one_nut(tile: str) -> str:
    nut = GAME.component(f"NH-{tile}").fields["forage"][0]
    return f"{nut} {nut}"


# --- special tiles ----------------------------------------------------------------------------
def test_nh_8_frog_pond_takes_no_squirrel_but_the_fox() -> None:
    setup = make()
    state = turn(setup, fox="BAD", BAD_0=1)
    state = at(state, st.ROLL, stack=())
    # the fox on Badger Sett; the fox itself may go onto the Frog Pond (west, roll 5)
    moved = play(setup, replace(state, squirrels=RULES.initial(setup).squirrels), "roll 5")
    assert moved.layout[moved.fox] == "NH-FRG"
    state = turn(setup, step=st.ACTION, fox="MOU", RAB_0=2)
    state = with_nuts(state, 0, 5, 5, 5, 5)
    assert refusal(setup, state, "recruit frg").startswith("NH-8")
    state = play(setup, state, "hassle rab")
    assert refusal(setup, state, "scatter rab>frg rab>frg").startswith("NH-8")


def test_nh_9_pine_barrens_only_by_scattering() -> None:
    setup = make()
    state = with_nuts(turn(setup), 0, 5, 5, 5, 5)
    assert refusal(setup, state, "recruit pin").startswith("NH-9")
    state = turn(setup, step=st.ROLL, fox="HAZ", BIR_0=1)
    state = play(setup, state, "roll 4")  # south-west from Hazel Dell: Birch Grove
    state = play(setup, state, "scatter bir>pin")
    assert state.count(space(state, "PIN"), 0) == 1


# --- a turn -----------------------------------------------------------------------------------
def test_nh_10_turn_is_fox_then_one_optional_action() -> None:
    setup = make()
    state = turn(setup, step=st.ROLL)
    assert "not possible now" in refusal(setup, state, "pass")
    state = play(setup, state, "roll 2", "forage hickory hickory")
    assert state.turn.step == st.ACTION
    state = play(setup, state, "pass")
    assert state.turn.seat == 1 and state.turn.step == st.ROLL
    assert "not Ann's move" in refusal(setup, state, "ann: roll 3")


def test_nh_11_die_and_compass_move_the_fox_one_tile() -> None:
    setup = make()
    for value, tile in ((1, "HAZ"), (2, "HIC"), (3, "MOS"), (4, "BAD"), (5, "RAB"), (6, "PIN")):
        state = play(setup, turn(setup, step=st.ROLL), f"roll {value}")
        assert state.layout[state.fox] == f"NH-{tile}"
    assert refusal(setup, turn(setup, step=st.ROLL), "roll 7").startswith("NH-11")
    for digit in ("²", "١"):  # digits Python reads, which no die shows
        with pytest.raises(MoveSyntaxError, match="is not a number: roll N"):
            RULES.parse(setup, turn(setup, step=st.ROLL), f"roll {digit}")


def test_nh_12_fox_bounces_off_the_edge() -> None:
    setup = make()
    state = play(setup, turn(setup, step=st.ROLL, fox="WIL"), "roll 1")
    assert state.layout[state.fox] == "NH-HRT"
    assert "bounces" in state.note


def test_nh_13_active_player_forages_two_nuts_of_the_fox_tile() -> None:
    setup = make()
    state = play(setup, turn(setup, step=st.ROLL), "roll 2")  # Hickory Haunt
    assert refusal(setup, state, "forage acorn acorn").startswith("NH-13")
    state = play(setup, state, "forage")
    assert state.nuts[0] == (0, 0, 2, 0)


# --- scattering and nests ---------------------------------------------------------------------
def test_nh_14_fox_scatter_not_back_where_the_fox_came_from() -> None:
    setup = make()
    state = play(setup, turn(setup, step=st.ROLL, HIC_0=1, HIC_1_nest=1), "roll 2")
    assert "just left" in refusal(setup, state, "scatter hic>bir")
    assert refusal(setup, state, "scatter hic>mou").startswith("NH-16")
    state = play(setup, state, "scatter hic>toa")
    assert state.nests[space(state, "HIC")][1] == 1


def test_nh_15_nest_scatter_may_go_where_the_fox_was_but_not_where_it_is() -> None:
    setup = make()
    state = turn(setup, step=st.ROLL, fox="BIR", HIC_0=2, MOS_0=2, MOS_1=1)
    state = play(setup, state, "roll 2", "scatter hic>mos hic>fer")  # the fox: BIR to HIC
    assert state.nests[space(state, "MOS")][0] == 1
    assert RULES.prompt(setup, state).actors == ("Bob",)
    assert "fox's tile" in refusal(setup, state, "scatter mos>hic")
    state = play(setup, state, "scatter mos>bir")  # where the fox was: allowed from a nest
    assert state.count(space(state, "BIR"), 1) == 1


def test_nh_16_each_owner_chooses_each_destination() -> None:
    setup = make()
    state = play(setup, turn(setup, step=st.ROLL, HIC_1=2), "roll 2")
    assert RULES.prompt(setup, state).actors == ("Bob",)
    assert "2 squirrels to scatter" in refusal(setup, state, "scatter hic>toa")
    state = play(setup, state, "scatter HIC > toa, hic >haz")  # spaces and commas are fine
    assert state.count(space(state, "TOA"), 1) == state.count(space(state, "HAZ"), 1) == 1


def test_nh_17_scatter_in_turn_order_from_the_active_player() -> None:
    setup = make(("Ann", "Bob", "Cy"))
    state = turn(setup, step=st.ROLL, HIC_0=1, HIC_1=1, HIC_2=1)
    state = at(state, seat=1)
    state = play(setup, state, "roll 2")
    order = []
    for _ in range(3):
        order.append(RULES.prompt(setup, state).actors[0])
        state = play(setup, state, "scatter hic>toa")
    assert order == ["Bob", "Cy", "Ann"]


def test_nh_18_faq_willow_wallow_and_rabbit_patch() -> None:
    """The FAQ: Yellow nests on Willow Wallow; Blue scatters onto Rabbit Patch and nests; White
    scatters from Rabbit Patch back to Willow Wallow and nests there before its turn to leave."""
    setup = make(("Yellow", "Blue", "White"), colours="yellow,blue,white")
    state = turn(setup, FAQ_LAYOUT, WIL_0=2, WIL_1=1, RAB_1=2, WIL_2=1, RAB_2=2)
    state = with_nuts(state, 0, 1, 0, 1, 0)
    state = play(setup, state, "recruit wil")
    assert RULES.prompt(setup, state).actors == ("Blue",)
    state = play(setup, state, "scatter wil>rab")
    assert state.nests[space(state, "RAB")][1] == 1
    assert RULES.prompt(setup, state).actors == ("White",)
    state = play(setup, state, "scatter rab>wil rab>wil")
    wil, rab = space(state, "WIL"), space(state, "RAB")
    assert state.nests[wil] == (1, 0, 1) and state.nests[rab] == (0, 1, 0)
    assert not any(state.squirrels[wil]) and not any(state.squirrels[rab])
    assert state.stack == () and state.turn.seat == 1 and state.turn.step == st.ROLL


def test_nh_19_three_squirrels_become_a_nest_at_once() -> None:
    setup = make()
    state = with_nuts(turn(setup, MOU_0=2), 0, 0, 0, 1, 1)
    state = play(setup, state, "recruit mou")
    mou = space(state, "MOU")
    assert state.count(mou, 0) == 0 and state.nests[mou][0] == 1
    assert state.squirrel_supply[0] == 17 - 2 + 2 and state.nest_supply[0] == 4


def test_nh_20_nests_never_scatter_and_may_share_a_tile() -> None:
    setup = make()
    state = turn(setup, step=st.ROLL, HIC_0_nest=1, HIC_1_nest=1, HIC_1=2)
    state = play(setup, state, "roll 2", "bob: scatter hic>toa hic>toa")
    hic = space(state, "HIC")
    assert state.nests[hic] == (1, 1)
    state = with_nuts(play(setup, state, "forage"), 0, 1, 1, 0, 0)
    state = replace(state, fox=space(state, "BIR"))
    state = play(setup, state, "recruit hic")
    assert state.count(hic, 0) == 1 and state.stack == ()


# --- optional actions and trading -------------------------------------------------------------
def test_nh_21_recruit_pays_the_cost_once_per_turn_not_on_the_fox() -> None:
    setup = make()
    state = with_nuts(turn(setup), 0, 1, 0, 0, 0)
    assert "lack 1 hickory" in refusal(setup, state, "recruit wil")
    assert "fox's tile" in refusal(setup, with_nuts(state, 0, 5, 5, 5, 5), "recruit bir")
    state = play(setup, with_nuts(state, 0, 1, 0, 1, 0), "recruit wil")
    assert state.nuts[0] == (0, 0, 0, 0) and state.turn.seat == 1


def test_nh_22_hassle_pulls_the_fox_scatters_and_forages_one() -> None:
    setup = make()
    state = turn(setup, RAB_0=1)
    assert "squirrel or nest" in refusal(setup, state, "hassle hic")
    assert "next to it" in refusal(setup, turn(setup, WIL_0=1), "hassle wil")
    state = play(setup, state, "hassle rab")
    assert "just left" in refusal(setup, state, "scatter rab>bir")
    state = play(setup, state, "scatter rab>mou")
    assert refusal(setup, state, "forage acorn hazelnut").startswith("NH-22")
    state = play(setup, state, "forage acorn")
    assert state.nuts[0] == (1, 0, 0, 0) and state.turn.seat == 1


def test_nh_23_scout_keeps_at_most_one_and_bottoms_the_rest() -> None:
    setup = make()
    state = play(setup, turn(setup), "scout keep")
    assert cards(state).hand_hidden == (3, 2) and cards(state).bottom[-1:] == (None,)
    digital = make(seed=3)
    state = play(digital, turn(digital), "scout", "draw o10", "draw o11")
    assert "at most one" in refusal(digital, state, "keep o10 o11")
    state = play(digital, state, "keep o11")
    assert cards(state).hand_known[0] == ("NH-O11",) and cards(state).bottom[-1] == "NH-O10"


def test_nh_24_trade_three_for_one_on_anyones_turn() -> None:
    setup = make()
    state = with_nuts(turn(setup), 1, 3, 0, 0, 0)
    assert refusal(setup, state, "ann: trade acorn for walnut").startswith("NH-24")
    state = play(setup, state, "bob: trade 3 acorns for walnut")
    assert state.nuts[1] == (0, 0, 0, 1) and state.turn.seat == 0


def test_nh_24_trade_while_the_table_waits_for_a_die_or_card() -> None:
    setup = make()
    state = with_nuts(turn(setup, step=st.ROLL), 1, 3, 0, 0, 0)
    assert RULES.prompt(setup, state).kind == "chance"
    assert {"type": "trade", "player": "Bob", "give": "acorn", "get": "walnut"} in RULES.legal(
        setup, state
    )
    state = play(setup, state, "bob: trade acorn for walnut")
    assert state.nuts[1] == (0, 0, 0, 1) and state.turn.step == st.ROLL


def test_nh_25_nuts_are_public_in_the_description() -> None:
    setup = make()
    text = RULES.describe(setup, with_nuts(turn(setup), 1, 0, 2, 0, 1))
    assert "Bob (yellow): 0 nests; nuts: 2 hazelnut, 1 walnut" in text


# --- end and scoring --------------------------------------------------------------------------
def test_nh_26_fourth_nest_finishes_the_scattering_then_ends() -> None:
    setup = make()
    state = turn(setup, MOU_0=2, MOU_0_nest=1, WIL_0_nest=1, OAK_0_nest=1, MOU_1=1, RAB_1=2)
    state = with_nuts(state, 0, 0, 0, 1, 1)
    state = play(setup, state, "recruit mou")
    assert state.ending and state.phase == st.TURN
    state = play(setup, state, "scatter mou>rab")  # Bob's fifth nest? his first, on Rabbit Patch
    assert state.phase == st.SHOW and RULES.prompt(setup, state).actors == ("Ann",)
    state = play(setup, state, "show o05", "show o06", "show o02", "show o13")
    assert RULES.prompt(setup, state).kind == "over"
    assert refusal(setup, state, "pass").startswith("NH-26")


def test_nh_27_to_nh_31_scoring_example_totals_16() -> None:
    """The rulebook's scoring example, typed as the example position file."""
    path = ROOT / "docs" / "examples" / "nut-hunt-position.txt"
    sheet = RULES.score_position(GAME, path.read_text(), str(path))
    assert sheet.points["Green"] == {
        "nests": 6,  # NH-27
        "objectives": 10,  # NH-29
        "distance bonus": 2,  # NH-30: Mouse Meadow to Hickory Haunt has 2 tiles between
        "failed objectives": -2,  # NH-31
    }
    assert sheet.total("Green") == 16 and sheet.winners == ("Green",)


def test_nh_28_completion_needs_a_connected_territory_with_a_nest() -> None:
    text = "layout " + " ".join(f"NH-{t}" for t in LAYOUT.split())
    base = f"{text}\nplayer Ann\nobjectives Ann NH-O02\nsquirrels Ann NH-MOU NH-RAB NH-HIC\n"
    without = RULES.score_position(GAME, base + "squirrels Ann NH-BIR\n", "p")
    assert without.points["Ann"]["failed objectives"] == -2
    with_nest = RULES.score_position(GAME, base + "squirrels Ann NH-BIR\nnests Ann NH-TOA\n", "p")
    assert with_nest.points["Ann"]["objectives"] == 4
    broken = RULES.score_position(GAME, base + "nests Ann NH-MOU\n", "p")
    assert broken.points["Ann"]["objectives"] == 0


def test_nh_32_ties_most_nests_then_squirrels_then_shared() -> None:
    text = "layout " + " ".join(f"NH-{t}" for t in LAYOUT.split()) + "\nplayer A\nplayer B\n"
    assert RULES.score_position(GAME, text, "p").winners == ("A", "B")
    more = text + "squirrels A NH-WIL\n"
    sheet = RULES.score_position(GAME, more, "p")
    assert sheet.winners == ("A",) and "most squirrels" in sheet.tiebreak
    nests = more + "nests B NH-MUC\nobjectives B NH-O40\n"
    sheet = RULES.score_position(GAME, nests, "p")
    assert sheet.winners == ("B",) and "most nests" in sheet.tiebreak


def test_nh_33_competitive_nest_removes_one_of_each_other_player() -> None:
    setup = make(variant="competitive")
    state = with_nuts(turn(setup, MOU_0=2, MOU_1=2), 0, 0, 0, 1, 1)
    state = play(setup, state, "recruit mou")
    assert state.count(space(state, "MOU"), 1) == 1 and state.squirrel_supply[1] == 16
    state = play(setup, state, "scatter mou>rab")
    assert state.turn.seat == 1


# --- solo against the Automa ------------------------------------------------------------------
def test_nh_34_and_nh_35_automa_starting_hand_and_squirrels() -> None:
    setup = make(("Ann",), difficulty="advanced")
    state = play(setup, laid(setup), "place wil walnut walnut", "place mou acorn acorn")
    state = play(setup, state, "draw o20", "draw o13", "draw o31")  # BIR is the fox's tile
    assert cards(state).automa_hand == ("NH-O20", "NH-O13", "NH-O31")
    counts = {t: state.count(space(state, t), 1) for t in ("HRT", "MOU", "TOA", "BIR")}
    assert counts == {"HRT": 1, "MOU": 1, "TOA": 1, "BIR": 0}
    assert state.phase == st.TURN and state.turn.seat == 0  # NH-36: the player goes first
    with pytest.raises(PnpError, match="difficulty is for solo play"):
        make(("Ann", "Bob"), difficulty="expert")
    with pytest.raises(PnpError, match="difficulty 'hard': choose standard, advanced, expert"):
        make(("Ann",), difficulty="hard")


def test_nh_34_difficulty_and_colours_in_any_case() -> None:
    setup = make(("Ann",), difficulty=" Expert", colours="Green")
    state = play(setup, laid(setup), "place wil walnut walnut", "place mou acorn acorn")
    state = play(setup, state, "draw o20", "draw o13", "draw o31")
    assert state.phase == st.AUTOMA_DEAL  # expert: a fourth card to come
    state = play(setup, state, "draw o01")
    assert len(cards(state).automa_hand) == 4
    assert "Ann (green)" in RULES.describe(setup, state)


def test_nh_35_automa_plays_its_own_colour() -> None:
    """The Automa's squirrels are black (the data's `automa` colour) unless a player has it."""
    assert "Automa (black)" in RULES.describe(make(("Ann",)), turn(make(("Ann",))))
    chosen = make(("Ann",), colours="green")
    assert "Ann (green)" in RULES.describe(chosen, turn(chosen))
    assert "Automa (black)" in RULES.describe(chosen, turn(chosen))
    taken = make(("Ann",), colours="black")
    assert "Automa (white)" in RULES.describe(taken, turn(taken))
    five = make(("A", "B", "C", "D", "E"))
    assert "E (black)" in RULES.describe(five, laid(five))


def test_nh_36_player_and_automa_alternate() -> None:
    setup = make(("Ann",))
    state = at(turn(setup, step=st.ACTION), seat=0)
    state = play(setup, state, "pass")
    assert state.phase == st.AUTOMA and RULES.prompt(setup, state).kind == "chance"


def test_nh_37_automa_scatter_rolls_rerolls_and_bounces() -> None:
    setup = make(("Ann",))
    state = turn(setup, step=st.ROLL, fox="RAB", BIR_1=1)
    state = play(setup, state, "roll 2")  # the fox goes east onto Birch Grove
    assert RULES.prompt(setup, state).kind == "chance"
    state = play(setup, state, "roll 5")  # west: Rabbit Patch, which the fox just left
    assert "re-roll" in state.note and state.count(space(state, "BIR"), 1) == 1
    state = play(setup, state, "roll 2")
    assert state.count(space(state, "HIC"), 1) == 1
    edge = turn(setup, step=st.ROLL, fox="MUC", WIL_1=1)
    edge = play(setup, edge, "roll 5", "roll 6")  # north-west from Willow Wallow bounces
    assert edge.count(space(edge, "PIN"), 1) == 1  # south-east of Willow Wallow


def test_nh_37_the_prompt_tells_where_each_automa_roll_sends_a_squirrel() -> None:
    setup = make(("Ann",))
    state = play(setup, turn(setup, step=st.ROLL, fox="RAB", BIR_1=2), "roll 2")
    state = play(setup, state, "roll 5")  # west: Rabbit Patch, which the fox just left
    text = RULES.prompt(setup, state).text
    assert text.startswith("the die points at Rabbit Patch (NH-RAB), where it may not go;")
    assert "roll again for Automa squirrel 1 of 2" in text
    state = play(setup, state, "roll 2")
    text = RULES.prompt(setup, state).text
    assert text.startswith("Automa squirrel 1 will go to Hickory Haunt (NH-HIC);")
    assert "roll the fox die for Automa squirrel 2 of 2" in text


def test_nh_38_automa_turn_reveals_places_and_sets_aside() -> None:
    setup = make(("Ann",))
    state = at(turn(setup, fox="MOU"), st.REVEAL, 1, phase=st.AUTOMA)
    state = play(setup, state, "draw o02")  # Mouse Meadow (the fox's) to Hickory Haunt
    assert state.count(space(state, "HIC"), 1) == 1 and state.count(space(state, "MOU"), 1) == 0
    assert cards(state).aside == ("NH-O02",) and state.turn.seat == 0 and state.turn.step == st.ROLL
    assert state.layout[state.fox] == "NH-MOU"
    assert "cannot be in the deck" in refusal(
        setup, at(state, st.REVEAL, phase=st.AUTOMA), "draw o02"
    )


def test_nh_39_automa_scored_with_its_starting_hand_only() -> None:
    setup = make(("Ann",))
    state = turn(setup, HIC_1=1, MOU_1_nest=1, RAB_1=1, BIR_1=1)
    state = placed(state, automa_hand=("NH-O02",), aside=("NH-O01",), hand_hidden=(0,))
    sheet = RULES.score(setup, state)
    assert (
        sheet.points["Automa"]["objectives"] == 4
        and sheet.points["Automa"]["failed objectives"] == 0
    )


def test_nh_40_squirrels_are_not_capped() -> None:
    setup = make()
    state = replace(turn(setup), squirrel_supply=(0, 17))
    state = play(setup, with_nuts(state, 0, 1, 0, 1, 0), "recruit wil")
    assert state.squirrel_supply[0] == -1


# --- text forms, position files, properties ---------------------------------------------------
def test_position_file_errors_name_the_file_and_line() -> None:
    with pytest.raises(PnpError, match=r"game\.txt:2: 'NH-XYZ' is not a tile"):
        RULES.score_position(GAME, "layout NH-WIL\nlayout NH-XYZ\n", "game.txt")
    with pytest.raises(
        PnpError, match=r"game\.txt: the layout names 1 of the 19 tiles; not laid: NH-MUC, "
    ):
        RULES.score_position(GAME, "layout NH-WIL\nplayer A\n", "game.txt")
    with pytest.raises(PnpError, match=r"game\.txt:1: 'Zed' is not a player"):
        RULES.score_position(GAME, "nests Zed NH-WIL\n", "game.txt")
    with pytest.raises(PnpError, match=r"game\.txt:2: NH-WIL is laid twice \(also line 1\)"):
        RULES.score_position(GAME, "layout NH-WIL NH-MUC\nlayout wil\n", "game.txt")


@pytest.mark.parametrize(
    ("lines", "error"),
    [
        ("squirrels A NH-WIL NH-FRG", r"p:4: no squirrel or nest can be on the Frog Pond"),  # NH-8
        ("nests B NH-FRG", r"p:4: no squirrel or nest can be on the Frog Pond"),  # NH-8
        ("squirrels A wil\nsquirrels A wil wil", r"p:5: A has 3 squirrels on NH-WIL.*NH-19"),
        ("objectives A o01\nobjectives B NH-O01", r"p:5: NH-O01 is held once, and A .*line 4"),
        ("objectives A o01 o01", r"p:4: NH-O01 is held once, and A has it already"),
        ("player C\nplayer D\nplayer E\nplayer F", r"p:7: player F would be player 6.* 5 play"),
    ],
)
def test_position_file_refuses_impossible_positions(lines: str, error: str) -> None:
    text = "layout " + " ".join(f"NH-{t}" for t in LAYOUT.split()) + "\nplayer A\nplayer B\n"
    with pytest.raises(PnpError, match=error):
        RULES.score_position(GAME, text + lines, "p")


@pytest.mark.parametrize(
    "move",
    [
        {"type": "place", "tile": "NH-XXX", "nuts": ["walnut", "walnut"]},
        {"type": "place", "tile": "NH-WIL", "nuts": ["pecan", "walnut"]},
        {"type": "place", "tile": "NH-WIL"},
        {"type": "roll", "value": "3"},
        {"type": "scout", "keep": 5},
        {"type": "draw", "card": "NH-O99"},
        {"type": "trade", "player": "Zed", "give": "acorn", "get": "walnut"},
        {"type": ["place"]},
        {"type": "jump"},
    ],
)
def test_nh_10_a_damaged_move_is_refused_not_a_crash(move: dict) -> None:
    """A log edited by hand may hold any move at all: the check refuses it with a reason."""
    setup = make()
    for state in (laid(setup), turn(setup, step=st.ACTION)):
        verdict = RULES.check(setup, state, move)
        assert not verdict.ok and str(verdict).startswith("NH-10: not a Nut Hunt move")


@pytest.mark.parametrize("text", ["xyzzy 12", "", "WIL"])
def test_nh_41_text_that_is_no_move_names_each_move_as_the_syntax_table_spells_it(text) -> None:
    """The refusal lists each move's form, not only its first word, as `referee rules` does."""
    setup = make()
    with pytest.raises(MoveSyntaxError) as refused:
        RULES.parse(setup, RULES.initial(setup), text)
    said = str(refused.value)
    firsts = {}
    for line in RULES.syntax:
        form = line.form.removeprefix("NAME: ")
        firsts.setdefault(form.split()[0], form)
    verbs = "layout first draw keep place roll scatter forage recruit hassle scout pass trade show"
    assert list(firsts) == [*verbs.split(), "automa"]
    assert said == "expected one of: " + "; ".join(firsts.values())


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("layout", "expected: layout TILE … (row by row)"),
        ("keep", "expected: keep CARD … or keep none"),
        ("place", "expected: place TILE NUT NUT"),
        ("place wil", "name the 2 nuts: hazelnut or walnut"),
        ("place wil peanut", "'peanut' is not a nut: acorn, hazelnut, hickory, walnut"),
        ("scatter", "expected: scatter TILE>TILE … (or just the destinations)"),
        ("scatter wil>rab mou>haz", "all the squirrels of one scatter leave the same tile"),
        ("scatter rab", "say where the squirrels leave from: scatter FROM>TO …"),
        ("forage a b c", "expected: forage NUT NUT (after hassling: forage NUT)"),
        ("scout maybe", "expected: scout keep or scout none"),
        ("trade walnut", "expected: trade NUT for NUT (three of the first for one of the second)"),
        ("automa o01 wil", "expected: automa CARD … places TILE …"),
        ("first ann bob", "expected: first PLAYER"),
        ("first zed", "'zed' is not a player of this game (Ann, Bob)"),
        ("pass now", "expected: pass"),
        ("recruit xyz", "'xyz' is not a tile ID (like NH-WIL or wil)"),
        ("draw o99", "'o99' is not an objective card (NH-O01 … NH-O45)"),
    ],
)
def test_nh_41_each_syntax_refusal_says_what_is_expected(text: str, said: str) -> None:
    setup = make()
    with pytest.raises(MoveSyntaxError) as refused:
        RULES.parse(setup, turn(setup), text)
    assert str(refused.value) == said


def test_svg_draws_every_tile_the_fox_and_pieces() -> None:
    setup = make()
    picture = RULES.svg(setup, turn(setup, HIC_0=2, WIL_1_nest=1), lambda _: None)
    drawn, places = picture.split('<g class="places">')  # the tap targets, over the drawing
    assert drawn.count("<polygon") == 19 and "Birch Grove" in drawn and "FOX" in drawn
    assert places.count("<polygon") == 19  # each tile, to tap
    points = re.search(r'points="([^"]+)"', picture)[1].split()  # type: ignore[index]
    corners = [tuple(map(float, p.split(","))) for p in points]
    centre = tuple(sum(v) / 6 for v in zip(*corners, strict=True))
    cell = nut_hunt_show.HEX / math.sqrt(3)  # the radius at which neighbouring hexes touch
    assert all(math.dist(centre, c) < cell - 1 for c in corners)  # each border drawn whole


@pytest.mark.parametrize(
    ("players", "options"),
    [(("Ann", "Bob"), {}), (("Ann", "Bob", "Cy"), {}), (("Ann",), {"difficulty": "expert"})],
)
def test_random_move_draws_as_a_choice_from_legal(players: tuple[str, ...], options) -> None:
    """random_move lists the trades only when it draws one, yet draws from the generator as
    the simulations always have: a non-trade 4 times in 5 when both kinds are legal, else any
    legal move; and the trades it counts are the trades `legal` lists."""
    setup = make(players, seed=3, **options)
    state, rng = RULES.initial(setup), random.Random(3)
    while RULES.prompt_kind(setup, state) != "over":
        moves = RULES.legal(setup, state)
        assert actions.trade_count(setup, state) == len(actions.trades(setup, state))
        plain = [m for m in moves if m["type"] != "trade"]
        for seed in range(3):
            old, new = random.Random(seed), random.Random(seed)
            if plain and (len(plain) == len(moves) or old.random() < 0.8):
                expected = old.choice(plain)
            else:
                expected = old.choice(moves)
            assert RULES.random_move(setup, state, new) == expected
            assert new.getstate() == old.getstate()
        move = RULES.forced(setup, state) or RULES.random_move(setup, state, rng)
        state = RULES.apply(setup, state, move)


@settings(max_examples=60, deadline=None)
@given(hs.integers(0, 18), hs.sampled_from(sorted(board.DIRECTIONS)))
def test_nh_12_bounce_always_lands_on_a_neighbour(start: int, direction: str) -> None:
    assert board.bounce(start, direction) in board.neighbours(start)


@settings(max_examples=60, deadline=None)
@given(hs.integers(0, 18), hs.integers(0, 18))
def test_nh_30_distance_is_the_breadth_first_path_length(a: int, b: int) -> None:
    frontier, seen, steps = {a}, {a}, 0
    while b not in frontier:
        frontier = {n for s in frontier for n in board.neighbours(s)} - seen
        seen |= frontier
        steps += 1
    assert board.distance(a, b) == steps and 0 <= max(steps - 1, 0) <= 3
