"""The key table of docs/defining-a-game.md is the one made from game.schema.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnpkit.components.catalog import SCHEMA_DIR
from pnpkit.components.schemadoc import BEGIN, END, manifest_keys_table, with_table

DOC = Path(__file__).resolve().parents[2] / "docs" / "defining-a-game.md"


def test_the_documented_keys_are_the_schemas() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert with_table(text) == text, "the key table is stale: run `make docs`"


def test_the_table_lists_every_key_and_marks_the_required_ones() -> None:
    schema = json.loads((SCHEMA_DIR / "game.schema.json").read_text(encoding="utf-8"))
    rows = manifest_keys_table().splitlines()[2:]
    keys = [row.split("`")[1] for row in rows]
    assert keys == list(schema["properties"])
    required = {row.split("`")[1] for row in rows if row.split("|")[2].strip() == "yes"}
    assert required == set(schema["required"]) and "designer" in required


def test_a_changed_schema_would_make_the_doc_fail() -> None:
    stale = f"{BEGIN}\n| `id` | yes | old |\n{END}\n"
    assert with_table(stale) != stale


def test_a_doc_without_markers_is_an_error() -> None:
    with pytest.raises(ValueError, match="markers"):
        with_table("no table here")
