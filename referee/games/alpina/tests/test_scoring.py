"""Alpina's final scoring and position files (rules index: alpina/rules-index.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.errors import PnpError
from pnpkit.referee.games.alpina import RULES
from pnpkit.referee.games.alpina.grid import SIZE
from pnpkit.referee.games.alpina.scoring import (
    condition_count,
    hiker_points,
    score_grid,
    winners_by_turn_order,
)
from pnpkit.referee.games.alpina.tests.helpers import CARDS, GAME, at, grid

ROOT = Path(__file__).resolve().parents[4]
EXAMPLE = ROOT / "docs" / "examples" / "alpina-position.txt"

SAMPLE = grid(["AL-03 AL-01 AL-20", "AL-06 AL-21 AL-40", "AL-04 AL-02 AL-39"])
HIKERS = {at("a1"): "red", at("a2"): "yellow", at("b3"): "red", at("c1"): "yellow",
          at("b2"): "red", at("c3"): "yellow", at("b1"): "red"}  # fmt: skip


def points(space: str) -> tuple[int, int]:
    return hiker_points(at(space), SAMPLE, HIKERS)


def test_al_18_al_19_each_hiker_scores_tape_plus_condition_summed_per_player() -> None:
    sheet = score_grid(SAMPLE, HIKERS, ["red", "yellow"])
    assert sheet.points["red"] == {"tape": 1, "conditions": 8}  # AL-01's tape 1 (b1)
    assert sheet.points["yellow"] == {"tape": 0, "conditions": 10}
    assert sheet.winners == ("yellow",) and sheet.tiebreak == ""


def test_al_20_the_card_under_the_hiker_is_left_out_unless_it_says_so() -> None:
    assert points("a1") == (0, 2)  # AL-03: one other nutcracker in its row, not itself
    lakes = grid(["AL-56 AL-21"])  # AL-56: 1 + 1 per lake in row and column, itself included
    assert hiker_points(at("a1"), lakes, {}) == (0, 1 + 2)


def test_al_21_nutcrackers_count_animals_chamois_hikers_frogs_landscapes() -> None:
    for card in CARDS.values():
        counts = card.condition["counts"]
        allowed = {"nutcracker": {"cards", "distinct-animals"}, "chamois": {"hikers"},
                   "frog": {"cards", "distinct-landscapes"}}[card.animal]  # fmt: skip
        assert counts in allowed, card.id
    assert points("b2") == (0, 2)  # AL-21: hikers on chamois (c1 and itself), any colour


def test_al_22_lines_reach_to_the_end_and_count_each_card_once() -> None:
    assert points("c1") == (0, 2)  # AL-20: 2 per hiker below in its column: only c3
    wide = grid(["AL-01 AL-02 AL-03", "AL-04 . .", "AL-05 . ."])
    assert condition_count(at("a1"), wide, {}) == 4  # AL-01: row and column nutcrackers


def test_al_23_orthogonal_and_surrounding() -> None:
    assert hiker_points(at("c2"), SAMPLE, {}) == (0, 4)  # AL-40: lakes at b2 and c3
    ring = grid(["AL-20 AL-21 AL-22", "AL-23 AL-05 AL-24", "AL-25 AL-01 AL-26"])
    assert condition_count(at("b2"), ring, {}) == 7  # AL-05: chamois all around, diagonals too


def test_al_24_connected_follows_paths_of_matching_cards() -> None:
    assert points("a2") == (0, 4)  # AL-06: a1, b1, a3, b3 joined through nutcrackers
    broken = grid(["AL-06 AL-20 AL-01"])
    assert condition_count(at("a1"), broken, {}) == 0


def test_al_25_distinct_counts_kinds_not_cards() -> None:
    assert points("c3") == (0, 4)  # AL-39: mountain and forest to its left
    same = grid(["AL-03 AL-04 AL-02"])  # AL-02 counts kinds of animal to its right
    assert condition_count(at("a1"), grid(["AL-02 AL-03 AL-04"]), {}) == 1
    assert condition_count(at("c1"), same, {}) == 0


RULEBOOK_EXAMPLES = [
    # card, grid, its space, hikers on (besides its own), the example's sentence worked out
    ("AL-01", ["AL-01 AL-02 AL-03", "AL-04 . .", "AL-05 . ."], "a1", (), 1 + 4),
    ("AL-02", ["AL-02 AL-03 AL-20 AL-39"], "a1", (), 2 * 3),
    ("AL-39", ["AL-01 AL-02 AL-03 AL-39"], "d1", (), 2 * 3),
    ("AL-03", ["AL-03 AL-01 AL-20 AL-02"], "a1", (), 2 * 2),
    ("AL-04", ["AL-04", "AL-01", "AL-20", "AL-02"], "a1", (), 2 * 2),
    ("AL-05", ["AL-20 AL-21 AL-22", "AL-23 AL-05 AL-24", "AL-25 AL-01 AL-26"], "b2", (), 2 + 7),
    ("AL-40", ["AL-03 AL-40 AL-21", ". AL-39 ."], "b1", (), 2 * 3),
    ("AL-20", ["AL-20", "AL-01", "AL-02"], "a1", ("a2", "a3"), 2 * 2),
    ("AL-21", ["AL-21 AL-20 AL-22 AL-01"], "a1", ("b1", "c1", "d1"), 1 * 3),
    ("AL-22", ["AL-22 AL-01 AL-04 AL-03"], "a1", ("b1", "c1", "d1"), 1 * 2),
    ("AL-06", ["AL-06 AL-01 AL-02", ". AL-20 AL-03"], "a1", (), 1 * 3),
]


@pytest.mark.parametrize(
    ("card", "rows", "space", "others", "example"), RULEBOOK_EXAMPLES, ids=lambda v: str(v)[:5]
)
def test_the_rulebook_example_cards_score_as_their_examples(
    card: str, rows: list[str], space: str, others: tuple[str, ...], example: int
) -> None:
    """The example's flat amount is the card's tape; nothing else is added (docs/games)."""
    placed = grid(rows)
    assert placed[at(space)].id == card
    hikers = {at(s): "red" for s in (space, *others)}
    tape, condition = hiker_points(at(space), placed, hikers)
    assert tape + condition == example


def test_al_26_al_27_highest_wins_and_ties_go_to_the_later_player() -> None:
    totals = {"red": 20, "yellow": 23, "purple": 23, "light-blue": 19}
    order = ["red", "yellow", "purple", "light-blue"]
    winner, tiebreak = winners_by_turn_order(totals, order)
    assert winner == "purple"
    assert "purple wins as the latest of them in turn order" in tiebreak
    assert winners_by_turn_order({"a": 3, "b": 9}, ["a", "b"]) == ("b", "")


@settings(max_examples=40, deadline=None)
@given(st.permutations(sorted(CARDS)), st.integers(0, 4), st.integers(0, 4), st.data())
def test_al_18_scores_do_not_depend_on_where_the_grid_sits(cards, dc, dr, data) -> None:
    """Scoring depends only on the cards' places relative to each other (AL-18, AL-22 … AL-25)."""
    hikered = data.draw(st.sets(st.integers(0, 24), max_size=12))
    colour = data.draw(st.sampled_from(["red", "yellow"]))

    def placed(offset_c: int, offset_r: int) -> tuple[dict, dict]:
        grid_ = {(r + offset_r) * SIZE + c + offset_c: CARDS[cards[r * 5 + c]]
                 for r in range(5) for c in range(5)}  # fmt: skip
        hikers = {(n // 5 + offset_r) * SIZE + n % 5 + offset_c: colour for n in hikered}
        return grid_, hikers

    here = score_grid(*placed(0, 0), ["red", "yellow"])
    there = score_grid(*placed(dc, dr), ["red", "yellow"])
    assert here.points == there.points
    low, high = RULES.score_bounds(type("S", (), {"game": GAME, "players": ("a", "b")})())
    assert all(low <= here.total(p) <= high for p in ("red", "yellow"))


def test_position_file_example_scores() -> None:
    sheet = RULES.score_position(GAME, EXAMPLE.read_text(), str(EXAMPLE))
    assert list(sheet.points) == ["red", "yellow", "purple", "light-blue"]
    assert len(sheet.notes) == 11
    assert sheet.winners[0] in sheet.points


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AL-01 AL-02", "no `order:` line"),
        ("order: red, green\n", ":1: unknown colour 'green'"),
        ("order: red, yellow\n" + "AL-01 AL-02 AL-03 AL-04 AL-05\n" * 5, ":3: AL-01 appears twice"),
        ("order: red, yellow\nAL-01 AL-02\n", ":2: the grid ends after 1 row"),
        ("order: red, yellow\n" + "AL-01 AL-02 AL-03 AL-04\n" * 5, ":2: 4 cards in this row"),
        ("order: red, yellow\nAL-01 AL-02 AL-03 AL-04 XX-1\n" + "AL-06\n" * 4, "not an Alpina"),
    ],
)
def test_position_file_errors_name_file_and_line(text: str, message: str) -> None:
    with pytest.raises(PnpError, match=message):
        RULES.score_position(GAME, text, "pos.txt")


GRID = [line for line in EXAMPLE.read_text().splitlines() if line.startswith("AL-")]
ORDER = "order: red, yellow, purple, light-blue"


def example_with(*changes: tuple[str, str], head: str = ORDER, tail: str = "") -> str:
    """The example position with some text of its first row replaced."""
    first = GRID[0]
    for old, new in changes:
        first = first.replace(old, new, 1)
    return "\n".join([head, first, *GRID[1:], tail])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (example_with(head=ORDER + "\norder: red, yellow"), r"pos\.txt:2: a second `order:` line"),
        (example_with(("AL-01 ", "AL-01* ")), r"pos\.txt:2: 'AL-01\*': a hiker is CARD\*COLOUR"),
        (example_with(("AL-01 ", "AL-01 *red ")), r"pos\.txt:2: '\*red': a hiker is CARD\*COLOUR"),
        (example_with(tail="AL-02 AL-04 AL-07 AL-08 AL-11"), r"pos\.txt:7: a 6th row of cards"),
        (
            example_with(("AL-01 ", "AL-01*red "), ("AL-05 ", "AL-05*red ")),
            r"pos\.txt:6: a 5th red hiker; each player has 4 with 4 players",
        ),
        (example_with(head="order: red"), r"pos\.txt:1: 1 colour; Alpina is for 2 to 4"),
        (example_with(("AL-22*yellow", "AL-22*green")), r"pos\.txt:2: AL-22\*green: after \*"),
    ],
)
def test_position_file_mistakes_name_the_line_and_what_is_expected(text, message) -> None:
    with pytest.raises(PnpError, match=message):
        RULES.score_position(GAME, text, "pos.txt")


def test_al_2_a_grid_without_a_chamois_cannot_have_been_played() -> None:
    """Every grid grows from the chamois drawn to start it: a grid without one is refused."""
    ids = [f"AL-{n:02d}" for n in (*range(1, 20), *range(39, 45))]  # no chamois (AL-20 … AL-38)
    rows = [" ".join(ids[r * 5 : r * 5 + 5]) for r in range(5)]
    with pytest.raises(PnpError, match=r"pos\.txt:2: no chamois card in the grid.*\(AL-2\)"):
        RULES.score_position(GAME, "\n".join(["order: red, yellow", *rows]), "pos.txt")


def test_position_file_saved_with_a_byte_order_mark_scores() -> None:
    """Windows editors may start a UTF-8 file with a BOM; it is not part of the first line."""
    plain = RULES.score_position(GAME, EXAMPLE.read_text(), "pos.txt")
    marked = RULES.score_position(GAME, "\ufeff" + EXAMPLE.read_text(), "pos.txt")
    assert marked == plain


def test_al_18_al_27_position_file_with_a_tie_goes_to_the_later_colour() -> None:
    """Two hikers worth the same tie; the colour later in the order line wins."""
    keep = {"AL-45*red", "AL-44*light-blue"}  # 2 tape + 2 per forest / mountain beside it
    tied = "\n".join(
        line if line.startswith("order") else _only_hikers(line, keep)
        for line in example_with(head="order: light-blue, red").splitlines()
    )
    sheet = RULES.score_position(GAME, tied, "pos.txt")
    assert sheet.total("red") == sheet.total("light-blue") == 2 + 2 * 2
    assert sheet.winners == ("red",) and "red wins as the latest" in sheet.tiebreak


def _only_hikers(line: str, keep: set[str]) -> str:
    return " ".join(c if c in keep else c.split("*")[0] for c in line.split())


def test_score_position_command() -> None:
    run = subprocess.run(
        [Path(sys.executable).parent / "pnp", "referee", "score", "alpina", "--position", EXAMPLE],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "winner:" in run.stdout and "tape" in run.stdout
