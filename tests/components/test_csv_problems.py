"""A CSV deck's problems name the file, the line and the column, in the order of the file."""

import shutil
from pathlib import Path

import pytest

from pnpkit.components import load_game
from pnpkit.components.csvrows import MAX_PROBLEMS
from pnpkit.errors import DefinitionError

TINY = Path(__file__).parent / "fixtures" / "tiny-csv"


def csv_problems(tmp_path: Path, text: str) -> list[str]:
    """The problems of the tiny CSV game with `text` as its cards.csv, the folder left out."""
    game = tmp_path / "tiny"
    shutil.copytree(TINY, game)
    (game / "cards.csv").write_text(text, encoding="utf-8")
    with pytest.raises(DefinitionError) as caught:
        load_game(game)
    return [str(p).removeprefix(str(tmp_path) + "/") for p in caught.value.problems]


def test_problems_come_in_line_order_with_their_columns(tmp_path: Path) -> None:
    text = (
        "id,name,count,suit,value\n"
        "TY-1,One,1,Sun,1\n"
        "XX-2,Two,1,sun,2\n"
        "ty-3,Three,1,sun,3\n"
        "TY-4,Four,1,sun,\n"
        "TY-5,,1,sun,5\n"
        "TY-6,Six,0,sun,6\n"
    )
    assert csv_problems(tmp_path, text) == [
        'tiny/cards.csv:line 2, column 4 (suit): expected one of "sun", "moon", got "Sun"',
        "tiny/cards.csv:line 3, column 1 (id): ID 'XX-2' must start with the game's prefix 'TY-'",
        'tiny/cards.csv:line 4, column 1 (id): "ty-3" is not valid: expected a short ID printed '
        "on the component and typed into the referee: a game prefix, a hyphen, up to six "
        "capitals or digits (e.g. AL-12).",
        "tiny/cards.csv:line 5, column 5 (value): empty cell: 'value' is required",
        "tiny/cards.csv:line 6, column 2 (name): empty cell: 'name' is required",
        "tiny/cards.csv:line 7, column 3 (count): 0 is less than the minimum of 1",
    ]


def test_a_required_field_without_a_column_is_reported_once(tmp_path: Path) -> None:
    text = "id,name,suit\nTY-1,One,sun\nTY-2,Two,moon\n"
    assert csv_problems(tmp_path, text) == [
        "tiny/cards.csv:line 1: missing column 'value': the field schema needs it"
    ]


def test_a_header_without_rows_is_not_an_empty_deck(tmp_path: Path) -> None:
    """An inline list needs at least one component; so does a CSV deck."""
    assert csv_problems(tmp_path, "id,name,suit,value\n\n") == [
        "tiny/cards.csv:line 2: no rows: expected at least one component"
    ]


def test_a_repeated_column_is_an_error(tmp_path: Path) -> None:
    text = "id,name,suit,value,value\nTY-1,One,sun,1,2\n"
    assert csv_problems(tmp_path, text) == [
        "tiny/cards.csv:line 1, column 5 (value): repeats column 4 (value)"
    ]


def test_an_unclosed_quote_is_reported_at_its_row(tmp_path: Path) -> None:
    text = 'id,name,suit,value\nTY-1,One,sun,1\nTY-2,"Two,moon,2\nTY-3,Three,sun,3\n'
    assert csv_problems(tmp_path, text) == [
        'tiny/cards.csv:line 3: unreadable CSV: a quoted cell starting on this row has no closing "'
    ]


def test_another_separator_is_named(tmp_path: Path) -> None:
    assert csv_problems(tmp_path, "id;name;suit;value\nTY-1;One;sun;1\n") == [
        "tiny/cards.csv:line 1: columns must be separated by commas, not ';'"
    ]


def test_a_column_in_the_wrong_case_is_pointed_out(tmp_path: Path) -> None:
    assert csv_problems(tmp_path, "ID,name,suit,value\nTY-1,One,sun,1\n") == [
        "tiny/cards.csv:line 1: missing column 'id' (found 'ID': column names are case-sensitive)"
    ]


def test_a_header_of_200000_columns_is_checked_in_one_pass_with_its_problems_capped(
    tmp_path: Path,
) -> None:
    """Each column repeats one before it: one problem per column, told for the first few."""
    names = [f"c{n}" for n in range(100_000)]
    problems = csv_problems(tmp_path, "id,name," + ",".join(names + names) + "\nTY-1,One\n")
    assert len(problems) == MAX_PROBLEMS + 1
    assert problems[0].startswith("tiny/cards.csv:line 1, column 100003 (c0): repeats column 3")
    assert problems[-1] == (
        "tiny/cards.csv:line 1, column 100053 (c50): and more problems from here; "
        f"fix the first {MAX_PROBLEMS}"
    )


def test_rows_with_problems_are_told_up_to_the_cap(tmp_path: Path) -> None:
    text = "id,name,suit,value\n" + "TY-1,One,sun\n" * 5000
    problems = csv_problems(tmp_path, text)
    assert len(problems) == MAX_PROBLEMS + 1
    assert problems[0] == "tiny/cards.csv:line 2: expected 4 cells, found 3"
    assert problems[-1] == (
        f"tiny/cards.csv:line 52: and more problems from here; fix the first {MAX_PROBLEMS}"
    )
