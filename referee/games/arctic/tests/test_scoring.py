"""Arctic's end of game, final scoring, the position file and the table views (AR-35 … AR-47)."""

from __future__ import annotations

import itertools
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.errors import PnpError
from pnpkit.referee.games.arctic import RULES
from pnpkit.referee.games.arctic.scoring import best_runs, longest_runs, run_points, variety_points
from pnpkit.referee.games.arctic.tests.helpers import (
    GAME,
    check,
    draw_pile,
    owning,
    play,
    seats,
    setup,
    started,
    unseen,
    with_draw_pile,
    with_penalty,
    with_pile,
    with_river,
    with_totems,
)

ANIMALS = ("fox", "moose", "walrus", "orca", "puffin", "polar-bear")
EXAMPLE = Path(__file__).resolve().parents[4] / "docs" / "examples" / "arctic-position.txt"
TOKENS = "tokens F=0 M=0 W=0 O=0 P=0 B=1\n"


def test_ar_35_an_empty_draw_pile_at_a_refill_brings_in_the_reserve() -> None:
    game = setup()
    state = with_draw_pile(with_river(started().state, ("AR-1F1",)), 0)
    state = state.at("refill")
    assert RULES.forced(game, state) == {"type": "reserve"}
    assert check(game, state, "river AR-2F1").rule == "AR-35"
    after = RULES.apply(game, state, {"type": "reserve"})
    assert (draw_pile(after), after.reserve, after.ending) == (5, 0, 1)


def test_ar_36_ar_37_ar_38_finish_the_round_then_one_turn_each_without_drawing() -> None:
    game = setup()
    state = with_pile(started().state, 0, "AR-1O5")
    state = with_river(state, state.river[:5]).at("refill", ending=1)
    state = play(game, state, "river AR-2F1")
    # AR-36: Bob's normal turn
    assert (state.turn.seat, state.turn.step, state.ending) == (1, "place", 1)
    state = play(game, state, "place AR-2O1", "tokens orca left")
    assert state.turn.step == "draw"  # Bob still draws
    state = play(game, state, "take AR-1F1", "river AR-2M1")
    assert (state.turn.seat, state.ending) == (0, 2)  # AR-37: the extra turn each
    river = state.river
    state = play(game, state, "place AR-2W5", "tokens walrus left")
    assert (state.turn.seat, state.turn.step, state.river) == (1, "place", river)  # no step D
    state = play(game, state, "place AR-1F1 AR-2P5 AR-2P4")
    assert seats(state)[1].penalty == 2  # AR-11 still applies in the last turn
    state = play(game, state, *(["tokens puffin left"] if state.turn.step == "tokens" else []))
    assert state.turn.step == "reveal" and RULES.prompt(game, state).kind == "simultaneous"
    over = play(game, state, "totems ann=walrus bob=puffin")
    assert RULES.prompt(game, over).kind == "over"
    assert check(game, over, "place AR-2F2").rule == "AR-47"


def test_ar_39_longest_run_per_animal() -> None:
    assert longest_runs(["fox", "fox", "moose", "fox", "fox", "fox"]) == {"fox": 3, "moose": 1}
    assert [run_points(n) for n in range(1, 9)] == [0, 1, 3, 6, 10, 15, 15, 15]
    runs = best_runs(["fox", "fox", "moose", "fox", "fox", "fox"], ANIMALS)
    assert runs.runs == 3 and runs.variety == 0


def test_ar_40_variety_counts_animals_with_a_run_of_two() -> None:
    assert [variety_points(n) for n in range(7)] == [0, 0, 1, 3, 6, 10, 15]
    pile = ["fox", "fox", "moose", "moose", "orca", "walrus", "walrus"]
    assert best_runs(pile, ANIMALS).variety == 3  # the lone orca adds nothing


def test_ar_41_ar_42_totem_and_penalties() -> None:
    game = setup()
    state = started().state
    tokens = (5, 0, 2, 2, 2, 2)
    state = with_totems(replace(state, tokens=tokens), ("AR-TMF", "AR-TMM"))
    state = with_penalty(state, 1, 3)
    sheet = RULES.score(game, state)
    assert sheet.points["Ann"]["totem"] == 15 and sheet.points["Bob"]["totem"] == 0
    assert sheet.points["Bob"]["penalties"] == -3


def test_ar_43_a_tie_goes_to_the_earliest_seat() -> None:
    sheet = RULES.score(setup(players=3), started(players=3).state)
    assert sheet.winners == ("Ann",) and "earliest" in sheet.tiebreak


def test_ar_44_a_face_down_card_counts_as_the_best_animal() -> None:
    pile = ["fox", "fox", None, "moose", "moose"]
    runs = best_runs(pile, ANIMALS)
    assert (runs.runs, runs.variety) == (3 + 1, 1)  # the wild joins either run
    assert best_runs([None, None], ANIMALS).runs == 1


def _brute(pile: list[str | None]) -> int:
    wild = [i for i, a in enumerate(pile) if a is None]
    best = -1
    for choice in itertools.product(ANIMALS, repeat=len(wild)):
        filled = list(pile)
        for i, animal in zip(wild, choice, strict=True):
            filled[i] = animal
        longest = longest_runs(filled)
        scoring = [n for n in longest.values() if n >= 2]
        best = max(best, sum(map(run_points, scoring)) + variety_points(len(scoring)))
    return best


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from([*ANIMALS[:4], None]), max_size=10).filter(
    lambda p: p.count(None) <= 3
))  # fmt: skip
def test_ar_44_best_choice_matches_trying_every_animal(pile: list[str | None]) -> None:
    """AR-39, AR-40, AR-44: the exact search equals brute force over the face-down cards."""
    runs = best_runs(pile, ANIMALS)
    assert runs.runs + runs.variety == _brute(pile)


def test_position_example_scores_with_the_tie_break() -> None:
    """AR-43: Ann and Cy tie on 23; Ann sits first."""
    sheet = RULES.score_position(GAME, EXAMPLE.read_text(encoding="utf-8"), str(EXAMPLE))
    assert {p: sheet.total(p) for p in ("Ann", "Bob", "Cy")} == {"Ann": 23, "Bob": 18, "Cy": 23}
    assert sheet.winners == ("Ann",)
    assert sheet.notes == ("Bob's face-down card counts as puffin, the best choice (AR-44)",)


def test_ar_44_the_score_sheet_says_what_each_face_down_card_counts_as() -> None:
    """Top first: ? then five foxes, orca, moose ? moose; B's lone ? makes no run at all."""
    pile = "? AR-1F5 AR-1F4 AR-1F3 AR-1F2 AR-1F1 AR-1O1 AR-1M1 ? AR-1M2"
    text = TOKENS + f"player A\ntotem fox\npile {pile}\nplayer B\ntotem orca\npile ?\n"
    sheet = RULES.score_position(GAME, text, "f.txt")
    assert sheet.points["A"]["runs"] == 15 + 3 and sheet.points["A"]["variety"] == 1
    assert sheet.notes == (
        "A's face-down cards count as moose, fox (bottom to top), the best choice (AR-44)",
        "B's face-down card counts as any animal (no run needs it), the best choice (AR-44)",
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("player Ann\ntotem fox\nplayer Bob\ntotem orca\n", "f.txt:1: no 'tokens' line"),
        ("tokens fox=10\n", "f.txt:1: tokens: give every animal's place"),
        ("tokens F=0 M=0 W=0 O=0 P=0 B=7\n", "f.txt:1: 'B=7': expected ANIMAL=LABEL"),
        ("pile AR-1F1\n", "f.txt:1: pile before the first 'player NAME' line"),
        ("tokens F=0 M=0 W=0 O=0 P=0 B=1\nplayer A\ntotem fox\npile AR-1F1 AR-1F1\n",
         "f.txt:4: AR-1F1 is already in a pile"),
        ("tokens F=0 M=0 W=0 O=0 P=0 B=1\nplayer A\ntotem fox\nplayer B\ntotem fox\n",
         "f.txt:5: B's totem fox is already A's"),
        ("tokens F=0 M=0 W=0 O=0 P=0 B=1\nplayer A\ntotem fox\nplayer B\ntotem orca\npile AR-4F1",
         "f.txt:6: AR-4F1 is from deck 4"),
        ("tokens F=0 M=0 W=0 O=0 P=0 B=1\nplayer A\npenalty x\n", "f.txt:3: expected: penalty N"),
        ("tokens F=0 M=0 W=0 O=0 P=0 B=1\nplayer A\npenalty ²\n", "f.txt:3: expected: penalty N"),
        ("tokens F=0 M=0 W=0 O=0 P=0 B=1\nplayer A\npenalty ١\n", "f.txt:3: expected: penalty N"),
        ("oops\n", "f.txt:1: unknown line 'oops'"),
        (TOKENS + "player A\ntotem fox\npenalty 1\ntotem orca\n",
         "f.txt:5: a second 'totem' line for A (the first is line 3)"),
        (TOKENS + "player A\npenalty 1\npenalty 2\n",
         "f.txt:4: a second 'penalty' line for A (the first is line 3)"),
        (TOKENS + "player A\n" + TOKENS, "f.txt:3: a second 'tokens' line (the first is line 1)"),
        ("tokens F=0 M=0 W=0 O=0 P=0 B=1 fox=15\n", "f.txt:1: tokens: fox is given twice"),
        ("tokens F=0 M=0 W=0 O=0 P=0 B=2\n", "f.txt:1: 'B=2': expected ANIMAL=LABEL, a label "
         "being one of 0, 1, 3, 6, 10, 15, AR-L0, AR-L1"),
    ],
)  # fmt: skip
def test_position_file_errors_name_file_and_line(text: str, message: str) -> None:
    with pytest.raises(PnpError, match="^" + re.escape(message)):
        RULES.score_position(GAME, text, "f.txt")


def test_ar_1_a_position_holds_no_more_cards_than_the_game_uses() -> None:
    """Two players use decks 1 and 2: 60 cards in piles and penalty piles at most."""
    two = TOKENS + "player A\ntotem fox\n{a}player B\ntotem orca\n{b}"
    full = two.format(a="pile " + "? " * 30 + "\n", b="penalty 28\npile AR-1F1 AR-1F2\n")
    assert RULES.score_position(GAME, full, "f.txt").points["B"]["penalties"] == -28  # all 60
    cases = [
        (two.format(a="pile " + "? " * 72 + "\n", b=""), "f.txt:4: the piles and penalty piles "
         "hold 72 cards by this line, but a 2-player game uses only 60 animal cards "
         "(decks 1 to 2)"),
        (two.format(a="penalty 500\n", b=""), "f.txt:4: the piles and penalty piles hold 500"),
        (two.format(a="pile ? ?\n", b="penalty 58\npile AR-1F1\n"), "f.txt:8: the piles and "
         "penalty piles hold 61 cards"),
    ]  # fmt: skip
    for text, message in cases:
        with pytest.raises(PnpError, match="^" + re.escape(message)):
            RULES.score_position(GAME, text, "f.txt")


def test_ar_45_visible_cards_are_identified_and_the_census_is_kept() -> None:
    game = setup()
    state = started().state
    census = RULES.census(game, state)
    after = play(game, state, "place AR-2F1")
    assert RULES.census(game, after) == census
    refill = with_river(after, after.river[1:]).at("refill")
    assert "in Ann's pile" in check(game, refill, "river AR-2F1").reason
    assert sum(s.hidden for s in seats(after)) + draw_pile(after) + after.reserve == len(
        unseen(after)
    )


def test_describe_and_svg_show_the_table() -> None:
    game = setup()
    state = play(game, started().state, "place AR-2F1")
    text = RULES.describe(game, state)
    assert "River      AR-1F1" in text and "pile (bottom → top, ▼ face down): AR-2F1" in text
    svg = RULES.svg(game, state, lambda _: None)
    assert svg.startswith("<svg") and "AR-2F1" in svg and "AR-L15" in svg


def test_ar_45_a_players_view_hides_the_others_totems_and_face_down_cards() -> None:
    game = setup(sides="a")
    state = owning(with_pile(started(sides="a").state, 0, "AR-1M5"), 0, 0)  # Ann holds the fox
    state = play(game, state, "place tuck AR-2W1")
    state = with_totems(state, ("AR-TMF", "AR-TMO"))
    whole = RULES.describe(game, state)
    assert "▼AR-2W1" in whole and "totem AR-TMO" in whole
    assert (
        "powers     fox A (Ann), moose A (Ann), walrus A, orca A, puffin A, polar-bear A" in whole
    )
    bob = RULES.view(game, state, "Bob")
    assert bob.startswith("Bob's view") and "▼?" in bob and "▼AR-2W1" not in bob
    assert "totem AR-TMO" in bob and "AR-TMF" not in bob and "totem secret" in bob
    assert "▼AR-2W1" in RULES.view(game, state, "Ann")
    over = RULES.view(game, state.at("over"), "Bob")
    assert "AR-TMF" in over and "▼AR-2W1" in over  # the end shows everything (AR-38)


def test_stats_and_bounds() -> None:
    game = setup()
    state = started().state
    figures = RULES.stats(game, state)
    assert figures["turns"] == 1 and "runs (average)" in figures
    assert RULES.score_bounds(game) == (-60, 6 * 15 + 15 + 15)
