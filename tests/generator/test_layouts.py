"""Layout templates: schema errors name file and place; `extends` merges by element id."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnpkit.errors import DefinitionError
from pnpkit.layouts import TEMPLATES_DIR, load_template


def _write(game: Path, name: str, data: dict) -> None:
    """Template `name` in the game folder `game`'s own layouts folder."""
    (game / "layouts").mkdir(exist_ok=True)
    (game / "layouts" / f"{name}.json").write_text(json.dumps(data), encoding="utf-8")


def test_every_bundled_template_is_valid() -> None:
    names = [p.relative_to(TEMPLATES_DIR).with_suffix("").as_posix()
             for p in TEMPLATES_DIR.rglob("*.json")]  # fmt: skip
    assert len(names) >= 12
    for name in names:
        assert "elements" in load_template(name)


def test_a_bad_value_names_the_file_and_the_json_pointer(tmp_path: Path) -> None:
    _write(tmp_path, "bad", {"elements": [{"type": "text", "x": "four mm"}]})
    with pytest.raises(DefinitionError) as caught:
        load_template("bad", tmp_path)
    problem = caught.value.problems[0]
    assert problem.file.endswith("bad.json") and problem.where == "#/elements/0/x"


def test_extends_merges_elements_by_id_and_removes(tmp_path: Path) -> None:
    _write(tmp_path, "base", {
        "bleed": "3mm",
        "vars": {"a": "#111111"},
        "elements": [
            {"id": "bg", "type": "rect", "fill": "$a"},
            {"id": "title", "type": "text", "text": "{name}", "size": 9},
            {"id": "gone", "type": "icon", "name": "fish"},
        ],
    })  # fmt: skip
    _write(tmp_path, "child", {
        "extends": "base",
        "vars": {"b": "#222222"},
        "elements": [
            {"id": "title", "type": "text", "size": 12},
            {"id": "gone", "type": "remove"},
            {"id": "new", "type": "ellipse"},
        ],
    })  # fmt: skip
    merged = load_template("child", tmp_path)
    assert [e["id"] for e in merged["elements"]] == ["bg", "title", "new"]
    assert merged["elements"][1] == {"id": "title", "type": "text", "text": "{name}", "size": 12}
    assert merged["vars"] == {"a": "#111111", "b": "#222222"} and merged["bleed"] == "3mm"


def test_a_loop_of_extends_is_reported(tmp_path: Path) -> None:
    _write(tmp_path, "a", {"extends": "b"})
    _write(tmp_path, "b", {"extends": "a"})
    with pytest.raises(DefinitionError, match="loop"):
        load_template("a", tmp_path)
