"""A deck from CSV validates and loads exactly like the same deck written inline."""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.components import load_game
from pnpkit.components.csvrows import convert_cell
from pnpkit.components.validation import registry

FIXTURES = Path(__file__).parent / "fixtures"


def test_csv_and_json_decks_load_identically() -> None:
    from_json = load_game(FIXTURES / "tiny-json")
    from_csv = load_game(FIXTURES / "tiny-csv")
    as_data = [
        {k: v for k, v in c.to_json().items() if k != "source"} for c in from_json.components()
    ]
    assert as_data == [c.to_json() for c in from_csv.components()]
    assert from_json.data_hash() == from_csv.data_hash()


def test_csv_row_keeps_non_ascii_text() -> None:
    assert load_game(FIXTURES / "tiny-csv").component("TY-3").name == "Año ñ"


@settings(max_examples=200)
@given(st.integers(min_value=-(10**9), max_value=10**9))
def test_integer_cells_round_trip(value: int) -> None:
    assert convert_cell(str(value), {"type": "integer"}, {}, registry()) == value


@settings(max_examples=100)
@given(st.lists(st.text(alphabet="abcxyz", min_size=1, max_size=5), max_size=5))
def test_list_cells_split_on_semicolons(items: list[str]) -> None:
    schema = {"type": "array", "items": {"type": "string"}}
    assert convert_cell(";".join(items), schema, {}, registry()) == items


@pytest.mark.parametrize("text", ["nan", "inf", "-Infinity", "x"])
def test_number_cells_must_be_finite_numbers(text: str) -> None:
    """Python's float() takes "nan" and "inf"; JSON, and so a card's data, has no such numbers."""
    with pytest.raises(ValueError, match=f"expected a number, got '{text}'"):
        convert_cell(text, {"type": "number"}, {}, registry())
