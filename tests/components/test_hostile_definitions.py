"""Hostile definitions (huge numbers, deep nesting, $ref loops, random text) give the project's own
errors naming file and place, never a traceback. The fuzz tests run a few examples in `make test`
and many more in `make soak`."""

from __future__ import annotations

import contextlib
import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnpkit.components.jsonread import MAX_DEPTH, parse_json
from pnpkit.components.loader import validate_game
from pnpkit.errors import DefinitionError, PnpError
from pnpkit.generator.faces.groups import GroupFaces
from pnpkit.referee.checks.harness import fuzz_examples

FIXTURES = Path(__file__).parent / "fixtures"
HUGE = "9" * 5000
FUZZ = settings(
    max_examples=fuzz_examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture()
def game(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    """A copy of a small game: tiny-csv (a CSV deck), or the fixture named by indirect param."""
    folder = tmp_path / "tiny"
    shutil.copytree(FIXTURES / getattr(request, "param", "tiny-csv"), folder)
    return folder


def _problems(game: Path) -> list[str]:
    with pytest.raises(DefinitionError) as caught:
        validate_game(game)
    return [str(p).removeprefix(str(game) + "/") for p in caught.value.problems]


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_huge_integer_in_game_json_is_a_definition_error(game: Path) -> None:
    _edit(game / "game.json", '"max": 2', f'"max": {HUGE}')
    assert _problems(game) == [
        "game.json:line 9, column 12: malformed JSON: a number of 5000 characters; "
        "at most 100 are read"
    ]


def test_a_number_too_large_for_a_float_is_a_definition_error(game: Path) -> None:
    _edit(game / "game.json", '"max": 2', '"max": 1e999')
    assert _problems(game) == [
        "game.json:line 9, column 12: malformed JSON: 1e999 is too large for a number"
    ]


def test_deep_nesting_is_a_definition_error(game: Path) -> None:
    _edit(game / "game.json", '"designer": "Test"', '"designer": ' + "[" * 100_000)
    (problem,) = _problems(game)
    assert (
        problem.startswith("game.json:line 6, column") and f"more than {MAX_DEPTH} deep" in problem
    )


def test_a_huge_integer_in_a_csv_cell_is_a_definition_error(game: Path) -> None:
    _edit(game / "cards.csv", "Sun One,2,,sun,1", f"Sun One,{HUGE},,sun,{HUGE}")
    assert _problems(game) == [
        "cards.csv:line 2, column 3 (count): expected a whole number, "
        "got '999999999999999999999999999999'… (5000 characters)",
        "cards.csv:line 2, column 6 (value): expected a whole number, "
        "got '999999999999999999999999999999'… (5000 characters)",
    ]


def test_json_in_a_csv_cell_has_the_same_bounds(game: Path) -> None:
    schema = json.loads((game / "card.schema.json").read_text())
    schema["properties"]["extra"] = {"type": "object"}
    (game / "card.schema.json").write_text(json.dumps(schema))
    rows = (game / "cards.csv").read_text().splitlines()
    rows[0] += ",extra"
    rows[1] += ',"{""a"": ' + HUGE + '}"'
    rows[2] += ',"' + "[" * 50_000 + '"'
    rows[3] += ","
    (game / "cards.csv").write_text("\n".join(rows) + "\n")
    problems = _problems(game)
    assert len(problems) == 2
    assert problems[0].startswith("cards.csv:line 2, column 10 (extra): expected a JSON object")
    assert problems[1].startswith("cards.csv:line 3, column 10 (extra): expected a JSON object")


@pytest.mark.parametrize(
    ("schema", "where"),
    [
        ({"$ref": "#"}, "#/$ref"),
        ({"$ref": ""}, "#/$ref"),
        ({"$id": "https://example.org/card.schema.json", "$ref": "card.schema.json"}, "#/$ref"),
        ({"allOf": [{"$ref": "#"}]}, "#/allOf/0/$ref"),
        ({"$dynamicAnchor": "x", "$dynamicRef": "#x"}, "#/$dynamicRef"),
        (
            {
                "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"anyOf": [{"$ref": "#/$defs/a"}]}},
                "properties": {"suit": {"$ref": "#/$defs/a"}},
            },
            None,
        ),
    ],
)
@pytest.mark.parametrize("game", ["tiny-csv", "tiny-json"], indirect=True)
def test_a_ref_loop_is_a_definition_error(game: Path, schema: dict, where: str | None) -> None:
    (game / "card.schema.json").write_text(json.dumps({**schema, "additionalProperties": False}))
    problems = _problems(game)
    loops = [p for p in problems if "leads back to itself" in p]
    assert loops and all(p.startswith("card.schema.json:#/") for p in loops), problems
    if where:
        assert loops[0].startswith(f"card.schema.json:{where}:")


def test_a_recursive_schema_that_reaches_values_is_fine(game: Path) -> None:
    schema = json.loads((game / "card.schema.json").read_text())
    schema["$defs"] = {
        "tree": {"type": "object", "properties": {"child": {"$ref": "#/$defs/tree"}}}
    }
    schema["properties"]["bonus"]["properties"]["when"] = {"$ref": "#/$defs/tree"}
    (game / "card.schema.json").write_text(json.dumps(schema))
    assert any("(bonus.when)" in p for p in _problems(game))  # "night" is not an object


def test_a_layout_with_a_huge_number_is_a_definition_error(game: Path) -> None:
    (game / "layouts").mkdir()
    (game / "layouts" / "cards-front.json").write_text('{"elements": [], "bleed": ' + HUGE + "}")
    loaded = validate_game(game)
    group = loaded.groups[0]
    with pytest.raises(DefinitionError, match=r"cards-front.json:line 1, column 27: malformed"):
        GroupFaces(loaded, group).front(group.components[0])


# --- fuzz: random text and random JSON into every kind of definition file ---------------------

NUMBERS = st.one_of(
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([10**400, -(10**120), 1e308]),
)
HUGE_MARK = "<huge number>"
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    NUMBERS,
    st.text(),
    st.sampled_from(["#", "", "card.schema.json", HUGE_MARK]),
)
KEYS = st.one_of(
    st.sampled_from(["$ref", "$id", "type", "properties", "allOf", "items", "elements", "id"]),
    st.text(max_size=6),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=25,
)
NOISE = st.text(alphabet=st.characters(codec="utf-8"), max_size=200)


def _json_text(value: object) -> str:
    """JSON text of `value`, with an integer beyond Python's own limit wherever HUGE_MARK is."""
    return json.dumps(value).replace(json.dumps(HUGE_MARK), HUGE)


def _nested(depth: int, inner: str) -> str:
    return "[" * depth + inner + "]" * depth


TEXTS = st.one_of(
    NOISE,
    VALUES.map(_json_text),
    st.builds(_nested, st.integers(0, 3000), VALUES.map(_json_text)),
)


def _splice(original: str, data: st.DataObject) -> str:
    """`original` with a random piece of text put in at a random place (or in place of it)."""
    text = data.draw(TEXTS)
    if data.draw(st.booleans()):
        return text
    at = data.draw(st.integers(0, len(original)))
    return original[:at] + text + original[at + data.draw(st.integers(0, 20)) :]


def _only_own_errors(action) -> None:
    with contextlib.suppress(PnpError):
        action()


@FUZZ
@given(data=st.data())
def test_fuzz_game_json(game: Path, data: st.DataObject) -> None:
    original = (FIXTURES / "tiny-csv" / "game.json").read_text()
    (game / "game.json").write_text(_splice(original, data), encoding="utf-8")
    _only_own_errors(lambda: validate_game(game))


@FUZZ
@given(data=st.data())
def test_fuzz_csv_deck(game: Path, data: st.DataObject) -> None:
    original = (FIXTURES / "tiny-csv" / "cards.csv").read_text()
    (game / "cards.csv").write_text(_splice(original, data), encoding="utf-8")
    _only_own_errors(lambda: validate_game(game))


@pytest.mark.parametrize("game", ["tiny-csv", "tiny-json"], indirect=True)
@FUZZ
@given(data=st.data())
def test_fuzz_field_schema(game: Path, data: st.DataObject) -> None:
    original = (FIXTURES / "tiny-json" / "card.schema.json").read_text()
    (game / "card.schema.json").write_text(_splice(original, data), encoding="utf-8")
    _only_own_errors(lambda: validate_game(game))


@FUZZ
@given(data=st.data())
def test_fuzz_layout(game: Path, data: st.DataObject) -> None:
    (game / "layouts").mkdir(exist_ok=True)
    original = (Path(__file__).parents[2] / "layouts" / "templates" / "deck-front.json").read_text()
    (game / "layouts" / "cards-front.json").write_text(_splice(original, data), encoding="utf-8")
    loaded = validate_game(game)
    group = loaded.groups[0]
    _only_own_errors(lambda: GroupFaces(loaded, group).front(group.components[0]))


@FUZZ
@given(text=TEXTS)
def test_fuzz_json_reader(text: str) -> None:
    value, problems = parse_json(text, "f.json")
    assert problems or value is not None or text.strip() == "null"
    assert all(p.file == "f.json" for p in problems)


LENGTHS = st.builds(
    "{}{}{}".format,
    st.sampled_from(["", "-"]),
    st.one_of(st.integers(0, 10**6).map(str), st.sampled_from(["0.5", "99999999.25"])),
    st.sampled_from(["mm", "cm", "in", "pt", "%"]),
)
COORDS = st.lists(LENGTHS, min_size=1, max_size=3).map(
    lambda parts: parts[0] + "".join(p if p.startswith("-") else "+" + p for p in parts[1:])
)
LAYOUT_VALUES = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["{name}", "{suit}", "{value}", "[fish]", "{tags|lines}", "#ff0000", "$x"]),
    st.integers(-(10**9), 10**9),
    st.floats(allow_nan=False, allow_infinity=False),
    st.booleans(),
    st.none(),
    st.builds(lambda f: {"field": f}, st.sampled_from(["suit", "value", "tags", "nope"])),
    st.builds(lambda c: {"contrast": c}, st.sampled_from(["#000000", "red", "", "{suit}"])),
)
ELEMENTS = st.fixed_dictionaries(
    {"type": st.sampled_from(["rect", "ellipse", "shape", "icon", "text", "image", "track"])},
    optional={
        **{key: COORDS for key in ("x", "y", "w", "h", "radius", "stroke_width")},
        **{key: LAYOUT_VALUES for key in ("fill", "stroke", "shape", "name", "color", "text")},
        "repeat": LAYOUT_VALUES,
        "src": LAYOUT_VALUES,
        "size": st.floats(min_value=1e-9, max_value=1e9),
        "min_size": st.floats(min_value=1e-9, max_value=1e9),
        "line_height": st.floats(min_value=0.8, max_value=3),
        "align": st.sampled_from(["left", "center", "right"]),
        "valign": st.sampled_from(["top", "middle", "bottom"]),
        "when": st.sampled_from(["suit", "!suit", ["value"], {"field": "suit", "in": ["sun"]}]),
        "bleed": st.booleans(),
        "upper": st.booleans(),
    },
)
TEMPLATES = st.fixed_dictionaries(
    {"elements": st.lists(ELEMENTS, max_size=4)},
    optional={
        "shape": st.sampled_from(["rect", "rounded", "circle", "hex", "hex-flat"]),
        "radius": LENGTHS.filter(lambda t: not t.endswith("%")),
        "bleed": LENGTHS.filter(lambda t: not t.endswith("%")),
        "safe": LENGTHS.filter(lambda t: not t.endswith("%")),
        "vars": st.dictionaries(st.sampled_from(["x", "y"]), LAYOUT_VALUES, max_size=2),
        "size": st.one_of(
            st.sampled_from(["poker", "mini", "jumbo"]),
            st.builds(
                lambda w, h: {"width": w, "height": h},
                LENGTHS.filter(lambda t: not t.endswith("%")),
                LENGTHS.filter(lambda t: not t.endswith("%")),
            ),
        ),
    },
)


@FUZZ
@given(template=TEMPLATES)
def test_fuzz_layout_structure(game: Path, template: dict) -> None:
    (game / "layouts").mkdir(exist_ok=True)
    (game / "layouts" / "cards-front.json").write_text(json.dumps(template), encoding="utf-8")
    loaded = validate_game(game)
    group = loaded.groups[0]
    for component in group.components:
        _only_own_errors(lambda c=component: GroupFaces(loaded, group).front(c))


@pytest.mark.parametrize(
    ("template", "message"),
    [
        ({"elements": [{"type": "track"}]}, "only the faces of a track group"),
        ({"vars": {"x": {"contrast": "red"}}, "elements": []}, "expected a colour"),
        ({"size": {"width": "0mm", "height": "1cm"}, "elements": []}, "cards-front.json:#/size:"),
        ({"size": {"width": "-0mm", "height": "1cm"}, "elements": []}, "cards-front.json:#/size:"),
        ({"bleed": "-3mm", "elements": []}, "cards-front.json:#/bleed:"),
        ({"elements": [{"type": "icon", "name": "fish", "repeat": "x"}]}, "icon repeat 'x'"),
        ({"elements": [{"type": "icon", "name": "fish", "repeat": 10**9}]}, "from 0 to 100"),
        ({"elements": [{"type": "icon", "name": "fish", "repeat": 1.5}]}, "from 0 to 100"),
        ({"elements": [{"type": "text", "text": "x", "size": 1e9}]}, "elements/0/size"),
    ],
)
def test_layout_mistakes_found_by_the_fuzz_are_clear_errors(
    game: Path, template: dict, message: str
) -> None:
    (game / "layouts").mkdir()
    (game / "layouts" / "cards-front.json").write_text(json.dumps(template))
    loaded = validate_game(game)
    group = loaded.groups[0]
    with pytest.raises(PnpError, match=message):
        GroupFaces(loaded, group).front(group.components[0])


@pytest.mark.parametrize("width", ["0mm", "0.0in", "9999999mm", "2000mm"])
def test_a_face_of_no_size_or_of_a_huge_size_is_refused(game: Path, width: str) -> None:
    _edit(game / "game.json", '"size": "poker"', f'"size": {{"width": "{width}", "height": "8cm"}}')
    loaded = validate_game(game)
    group = loaded.groups[0]
    with pytest.raises(PnpError, match="each side must be more than 0 and at most 1500 mm"):
        GroupFaces(loaded, group).front(group.components[0])
