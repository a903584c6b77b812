"""Gentoo: choosing, playing, hatching, each card's effect, and the readings (GE-12 … GE-51)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pnpkit.referee.api import Pool
from pnpkit.referee.engine.session import Session
from pnpkit.referee.engine.verdict import MoveRefused
from pnpkit.referee.games.gentoo import RULES
from pnpkit.referee.games.gentoo.state import (
    CHOOSE,
    DISCARD,
    FLIP,
    PECK,
    PLAY,
)
from pnpkit.referee.games.gentoo.tests.helpers import (
    arrange,
    choice,
    current,
    discard,
    draw_pile,
    middle,
    seat,
    seats,
    supply,
)
from pnpkit.referee.games.gentoo.tests.test_setup import (
    BLIZZARD,
    CAT,
    EGG3,
    EGG4,
    EGG5,
    FISHING,
    HATCH,
    SEAL,
    SITE,
    SKUA,
    SNOW,
    THAW,
    THIEF,
    VPECK,
    full_census,
    make,
    play,
    refused,
)

ROW = (SKUA, EGG3, HATCH, THIEF, EGG5)


# --- Phase I: choose and discard --------------------------------------------------------------


def test_ge_12_and_16_a_chosen_card_goes_on_top_of_the_used_pile_not_into_play() -> None:
    """GE-12 choosing; GE-16 the chosen card is not usable this turn."""
    setup = make(2)
    table = arrange(setup, step=CHOOSE, choice=ROW)
    after = play(setup, table, "choose GE-THF")
    assert current(after).used == (THIEF,) and THIEF not in current(after).in_play
    assert after.step == FLIP and choice(after) == (SKUA, EGG3, HATCH, EGG5)
    assert refused(setup, table, "choose GE-SEA").startswith("GE-12")
    flipped = play(setup, after, "flip GE-SNW")
    assert refused(setup, flipped, "play GE-THF Bob").startswith("GE-20")


def test_ge_13_a_card_costs_its_fish() -> None:
    setup = make(2)
    table = arrange(setup, step=CHOOSE, choice=(SEAL, *ROW[:4]), ann={"fish": 1})
    assert (
        refused(setup, table, "choose GE-SEA") == "GE-13: Leopard Seal costs 2 fish and you have 1"
    )
    after = play(setup, table, "choose GE-SKU")
    assert current(after).fish == 1 - CAT.cost(SKUA)
    assert supply(after, "fish") == supply(table, "fish") + CAT.cost(SKUA)
    assert RULES.census(setup, after) == full_census()


def test_ge_14_an_egg_needs_its_nesting_stones_which_are_not_spent() -> None:
    setup = make(2)
    table = arrange(setup, step=CHOOSE, choice=ROW, ann={"stones": 4})
    assert refused(setup, table, "choose GE-EG5").startswith("GE-14")
    after = play(setup, table, "choose GE-EG3")
    assert current(after).stones == 4


def test_ge_15_a_good_nesting_site_lowers_an_eggs_need_by_one_and_is_discarded() -> None:
    setup = make(2)
    table = arrange(setup, step=CHOOSE, choice=ROW, ann={"stones": 4, "in_play": (SITE, SITE)})
    after = play(setup, table, "choose GE-EG5 site")
    assert current(after).in_play == (SITE,)
    assert discard(after) == (SITE,)
    assert current(after).used == (EGG5,)
    assert refused(setup, table, "choose GE-SKU site").startswith("GE-15")


def test_ge_15_only_one_site_per_egg_and_only_from_cards_in_play() -> None:
    setup = make(2)
    table = arrange(setup, step=CHOOSE, choice=ROW, ann={"in_play": (SITE, SITE), "stones": 3})
    message = refused(setup, table, "choose GE-EG5 site")
    assert (
        message
        == "GE-15: Egg (5 stones) needs 4 nesting stones even with a Good Nesting Site; you have 3"
    )
    bare = arrange(setup, step=CHOOSE, choice=ROW, ann={"stones": 2, "used": (SITE,)})
    assert "no Good Nesting Site" in refused(setup, bare, "choose GE-EG3 site")


def test_ge_17_without_a_choice_the_player_discards_down_to_four() -> None:
    setup = make(2)
    table = play(setup, arrange(setup, step=CHOOSE, choice=ROW), "pass")
    assert table.step == DISCARD
    assert {m["card"] for m in RULES.legal(setup, table)} == set(ROW)
    assert refused(setup, table, "discard GE-SEA").startswith("GE-17")
    after = play(setup, table, "discard GE-EG5")
    assert choice(after) == ROW[:4] and discard(after) == (EGG5,) and after.step == FLIP


def test_ge_48_a_snow_that_came_back_may_be_chosen_for_nothing() -> None:
    setup = make(2)
    table = arrange(setup, step=CHOOSE, choice=(SNOW, *ROW[:4]))
    after = play(setup, table, "choose GE-SNW")
    assert current(after).used == (SNOW,) and current(after).fish == 5


# --- Phase II: play, hatch, move to used ----------------------------------------------------


def test_ge_20_only_a_card_in_play_can_be_played_and_it_is_discarded() -> None:
    setup = make(2)
    table = arrange(setup, ann={"in_play": (SNOW, BLIZZARD)})
    assert (
        refused(setup, table, "play GE-FSH")
        == "GE-20: you have no GE-FSH Gone Fishing in your Cards in Play"
    )
    after = play(setup, table, "play GE-BLZ")
    assert discard(after) == (BLIZZARD,) and seat(after, 0).in_play == (SNOW,)


def test_ge_21_hatching_takes_a_penguin_and_discards_egg_and_hatch() -> None:
    setup = make(2)
    table = arrange(setup, ann={"in_play": (EGG4, SNOW, HATCH)})
    after = play(setup, table, "hatch GE-EG4 Bob")
    ann = seat(after, 0)
    assert ann.penguins == 1 and ann.in_play == (SNOW,)
    assert discard(after) == (EGG4, HATCH)
    assert supply(after, "penguin") == supply(table, "penguin") - 1
    assert after.seat == 1
    no_hatch = arrange(setup, ann={"in_play": (EGG4, SNOW)})
    assert "needs a Hatch" in refused(setup, no_hatch, "hatch GE-EG4 Bob")
    assert refused(setup, table, "hatch GE-HAT Bob").startswith("GE-21")
    assert refused(setup, table, "hatch GE-EG3 Bob").startswith("GE-21")


def test_ge_22_hatching_gives_a_stone_to_another_player_if_you_have_one() -> None:
    setup = make(3)
    table = arrange(setup, ann={"in_play": (EGG4, HATCH), "stones": 2})
    assert "name the player" in refused(setup, table, "hatch GE-EG4")
    after = play(setup, table, "hatch GE-EG4 Cy")
    assert [p.stones for p in seats(after)] == [1, 3, 4]
    broke = arrange(setup, ann={"in_play": (EGG4, HATCH), "stones": 0})
    assert refused(setup, broke, "hatch GE-EG4 Bob").startswith("GE-22")
    assert seat(play(setup, broke, "hatch GE-EG4"), 0).penguins == 1


def test_ge_51_the_stone_is_not_given_to_yourself() -> None:
    setup = make(2)
    table = arrange(setup, ann={"in_play": (EGG4, HATCH)})
    assert refused(setup, table, "hatch GE-EG4 Ann").startswith("GE-51")


def test_ge_23_a_card_moves_to_used_only_with_more_than_three_in_play() -> None:
    setup = make(2)
    four = arrange(setup, ann={"in_play": (SNOW, SNOW, SNOW, SKUA)})
    after = play(setup, four, "used GE-SKU")
    assert seat(after, 0).used == (SKUA,) and seat(after, 0).in_play == (SNOW,) * 3
    three = arrange(setup)
    assert refused(setup, three, "used GE-SNW").startswith("GE-23")
    assert play(setup, three, "pass").seat == 1


def test_ge_47_with_more_than_three_in_play_passing_is_not_allowed() -> None:
    setup = make(2)
    four = arrange(setup, ann={"in_play": (SNOW, SNOW, SNOW, SNOW)})
    assert refused(setup, four, "pass").startswith("GE-47")
    assert {m["type"] for m in RULES.legal(setup, four)} == {"used"}


# --- the cards ------------------------------------------------------------------------------


def test_ge_25_snow_cannot_be_played() -> None:
    setup = make(2)
    assert refused(setup, arrange(setup), "play GE-SNW").startswith("GE-25")


def test_ge_26_and_29_eggs_and_hatches_are_only_hatched() -> None:
    """GE-26 an Egg is not played alone; GE-29 nor is a Hatch."""
    setup = make(2)
    table = arrange(setup, ann={"in_play": (EGG3, HATCH)})
    assert refused(setup, table, "play GE-EG3").startswith("GE-26")
    assert refused(setup, table, "play GE-HAT").startswith("GE-29")


def test_ge_27_skua_discards_a_visible_egg_anywhere_even_your_own() -> None:
    setup = make(3)
    table = arrange(
        setup,
        choice=(EGG3, SNOW),
        ann={"in_play": (SKUA, EGG5)},
        bob={"in_play": (EGG4,)},
        cy={"used": (SNOW, EGG3)},
    )
    spots = {RULES.text(setup, m) for m in RULES.legal(setup, table) if m.get("card") == SKUA}
    assert spots == {
        "play GE-SKU GE-EG3 choice",
        "play GE-SKU GE-EG5 Ann",
        "play GE-SKU GE-EG4 Bob",
        "play GE-SKU GE-EG3 Cy used",
    }
    assert "name the Egg" in refused(setup, table, "play GE-SKU")
    assert refused(setup, table, "play GE-SKU GE-SNW choice").startswith("GE-27")
    assert choice(play(setup, table, "play GE-SKU GE-EG3 choice")) == (SNOW,)
    assert seat(play(setup, table, "play GE-SKU GE-EG4 Bob"), 1).in_play == ()
    assert seat(play(setup, table, "play GE-SKU GE-EG3 Cy used"), 2).used == (SNOW,)
    own = play(setup, table, "play GE-SKU GE-EG5 Ann")
    assert seat(own, 0).in_play == () and discard(own) == (SKUA, EGG5)


def test_ge_38_only_the_top_of_a_used_pile_is_visible() -> None:
    setup = make(2)
    table = arrange(setup, ann={"in_play": (SKUA,)}, bob={"used": (EGG3, SNOW)})
    table = middle(table, draw_pile(table).moved(EGG4, -1), (EGG4,))
    assert refused(setup, table, "play GE-SKU GE-EG3 Bob used").startswith("GE-38")
    assert refused(setup, table, "play GE-SKU GE-EG4 choice").startswith("GE-38")
    assert discard(play(setup, table, "play GE-SKU")) == (EGG4, SKUA)


def test_ge_28_stone_thief_takes_a_stone_from_another_player() -> None:
    setup = make(3)
    table = arrange(setup, ann={"in_play": (THIEF,)})
    after = play(setup, table, "play GE-THF Cy")
    assert [p.stones for p in seats(after)] == [4, 3, 2]
    assert refused(setup, table, "play GE-THF Ann").startswith("GE-28")


def test_ge_46_a_thief_or_seal_names_a_player_who_has_something_to_lose() -> None:
    setup = make(3)
    table = arrange(setup, ann={"in_play": (THIEF, SEAL)}, bob={"stones": 0, "penguins": 2})
    assert refused(setup, table, "play GE-THF Bob") == "GE-46: Bob has no nesting stone to lose"
    assert refused(setup, table, "play GE-SEA Cy") == "GE-46: Cy has no penguin to lose"
    assert "name the player" in refused(setup, table, "play GE-THF")
    assert {RULES.text(setup, m) for m in RULES.legal(setup, table) if m["type"] == "play"} == {
        "play GE-THF Cy",
        "play GE-SEA Bob",
    }


def test_ge_40_a_card_with_nothing_to_act_on_may_still_be_played() -> None:
    setup = make(2)
    table = arrange(setup, ann={"in_play": (SKUA, THIEF, SEAL, THAW)}, bob={"stones": 0})
    for card in (SKUA, THIEF, SEAL, THAW):
        after = play(setup, table, f"play {card}")
        assert discard(after) == (card,)
        assert [p.stones for p in seats(after)] == [3, 0]


def test_ge_30_leopard_seal_sends_a_penguin_back_to_the_supply() -> None:
    setup = make(2)
    table = arrange(setup, ann={"in_play": (SEAL,)}, bob={"penguins": 3})
    after = play(setup, table, "play GE-SEA Bob")
    assert seat(after, 1).penguins == 2
    assert supply(after, "penguin") == supply(table, "penguin") + 1


def peck_table(setup):
    return arrange(setup, ann={"in_play": (THIEF,)}, bob={"in_play": (VPECK, SNOW)})


def test_ge_31_a_vicious_peck_blocks_the_stone_thief_out_of_turn() -> None:
    setup = make(3)
    table = play(setup, peck_table(setup), "play GE-THF Bob")
    prompt = RULES.prompt(setup, table)
    assert table.step == PECK and prompt.actors == ("Bob",)
    session = Session(setup)
    session._steps[-1] = replace(session._steps[-1], state=table)
    with pytest.raises(MoveRefused, match="GE-35"):
        session.submit(session.parse("Cy: allow"))
    session.submit(session.parse("Bob: play GE-PCK"))
    after = session.state
    assert [p.stones for p in seats(after)] == [3, 3, 3]
    assert discard(after) == (THIEF, VPECK) and after.seat == 1
    assert session.events[-1]["text"] == "Bob: play GE-PCK"


def test_ge_31_the_victim_may_let_the_thief_have_the_stone() -> None:
    setup = make(3)
    table = play(setup, peck_table(setup), "play GE-THF Bob", "allow")
    assert [p.stones for p in seats(table)] == [4, 2, 3]
    assert VPECK in seat(table, 1).in_play


def test_ge_31_without_a_peck_in_play_the_theft_is_immediate() -> None:
    setup = make(3)
    table = arrange(setup, ann={"in_play": (THIEF,)}, bob={"used": (VPECK,)})
    after = play(setup, table, "play GE-THF Bob")
    assert after.step != PECK and seat(after, 1).stones == 2


def test_ge_42_a_peck_is_never_the_turns_play_nor_played_without_a_thief() -> None:
    setup = make(3)
    table = arrange(setup, ann={"in_play": (VPECK,)}, bob={"in_play": (VPECK,)})
    assert refused(setup, table, "play GE-PCK").startswith("GE-42")
    bob_peck = RULES.parse(setup, table, "Bob: play GE-PCK")
    assert str(RULES.check(setup, table, bob_peck)).startswith("GE-42")


def test_ge_35_only_the_expected_player_moves() -> None:
    setup = make(3)
    table = arrange(setup, ann={"in_play": (BLIZZARD,)})
    move = RULES.parse(setup, table, "Bob: play GE-BLZ")
    assert str(RULES.check(setup, table, move)) == "GE-35: it is Ann's move, not Bob's"
    assert RULES.check(setup, table, RULES.parse(setup, table, "Ann: play GE-BLZ")).ok


def test_ge_32_confusing_blizzard_reverses_the_direction_of_play() -> None:
    setup = make(3)
    table = play(setup, arrange(setup, ann={"in_play": (BLIZZARD,)}), "play GE-BLZ")
    assert table.direction == -1 and table.seat == 2


def test_ge_33_and_50_gone_fishing_costs_the_next_player_their_turn() -> None:
    """GE-33 the next player loses a turn; GE-50 their area is untouched, play goes on."""
    setup = make(3)
    table = arrange(setup, ann={"in_play": (FISHING,)})
    after = play(setup, table, "play GE-FSH")
    assert after.seat == 2 and after.lost == 1
    assert seat(after, 1) == seat(table, 1)
    assert "lost this turn" in RULES.describe(setup, after)


def test_ge_39_the_next_player_follows_the_direction_of_play() -> None:
    setup = make(3)
    table = replace(arrange(setup, ann={"in_play": (FISHING,)}), direction=-1)
    assert play(setup, table, "play GE-FSH").seat == 1
    two = make(2)
    again = play(two, arrange(two, ann={"in_play": (FISHING,)}), "play GE-FSH")
    assert again.seat == 0 and again.lost == 1


def test_ge_34_thaw_melts_a_snow_in_play() -> None:
    setup = make(2)
    after = play(setup, arrange(setup, ann={"in_play": (SNOW, THAW, SNOW)}), "play GE-THW")
    assert seat(after, 0).in_play == (SNOW,) and discard(after) == (THAW, SNOW)


def test_ge_41_a_good_nesting_site_is_not_played() -> None:
    setup = make(2)
    table = arrange(setup, ann={"in_play": (SITE,)})
    assert refused(setup, table, "play GE-GNS").startswith("GE-41")


def test_ge_37_a_card_chosen_this_turn_and_flipped_after_a_reshuffle_waits() -> None:
    setup = make(2)
    table = arrange(setup, step=CHOOSE, choice=ROW, ann={"pile": Pool(), "in_play": (EGG4,)})
    table = play(setup, table, "choose GE-HAT")
    assert table.reshuffled and current(table).pile == Pool().holding((HATCH,))
    table = play(setup, table, "flip GE-HAT")
    assert table.barred == HATCH and table.step == PLAY
    assert refused(setup, table, "hatch GE-EG4 Bob").startswith("GE-37")
    assert "hatch" not in {m["type"] for m in RULES.legal(setup, table)}
    assert play(setup, table, "pass").seat == 1


def test_ge_37_an_older_copy_in_play_is_not_held_back() -> None:
    setup = make(2)
    table = arrange(
        setup,
        step=CHOOSE,
        choice=ROW,
        ann={"pile": Pool(), "in_play": (EGG4, HATCH), "used": (HATCH,)},
    )
    table = play(setup, table, "choose GE-HAT", "flip GE-HAT")
    assert table.barred == HATCH
    assert seat(play(setup, table, "hatch GE-EG4 Bob"), 0).in_play == (HATCH,)
