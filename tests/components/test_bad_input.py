"""Each kind of bad input has a fixture and an exact expected message (issue: Foundation)."""

import json
import shutil
from pathlib import Path

import pytest

from pnpkit.components import load_game
from pnpkit.errors import DefinitionError, PnpError

FIXTURES = Path(__file__).parent / "fixtures"


def problems(name: str) -> list[str]:
    """The problems reported for a fixture, with the fixture folder shortened to its name."""
    with pytest.raises(DefinitionError) as caught:
        load_game(FIXTURES / name)
    return [str(p).replace(str(FIXTURES) + "/", "") for p in caught.value.problems]


def test_malformed_json_gives_line_and_column() -> None:
    assert problems("malformed-json") == [
        "malformed-json/game.json:line 4, column 1: malformed JSON: "
        "Expecting property name enclosed in double quotes"
    ]


def test_a_key_given_twice_is_not_silently_dropped() -> None:
    assert problems("repeated-key") == [
        "repeated-key/game.json:#/components/0/tokens/0: key 'count' appears more than once; "
        "keep one"
    ]


def test_nan_and_infinity_are_not_json() -> None:
    assert problems("not-a-number") == [
        "not-a-number/game.json:line 6, column 32: malformed JSON: Infinity is not a JSON number"
    ]


def test_schema_violations_are_all_reported_with_json_pointers() -> None:
    assert problems("schema-violation") == [
        "schema-violation/game.json:#: unknown key(s) 'colour'; allowed keys: $schema, builds, "
        "color, components, description, designer, fonts, id, name, players, prefix, publisher, "
        "rules, sheets, "
        "year",
        'schema-violation/game.json:#/components/0/cards/0/id: "ty-1" is not valid: expected a '
        "short ID printed on the component and typed into the referee: a game prefix, a hyphen, "
        "up to six capitals or digits (e.g. AL-12).",
        'schema-violation/game.json:#/components/0/size: "huge" is not valid: expected a named '
        "size (poker, bridge, tarot, mini, square, mini-square, jumbo) or an object with a width "
        'and a height, e.g. {"width": "63mm", "height": "88mm"}.',
        'schema-violation/game.json:#/players/min: expected integer, got "one"',
    ]


def test_field_schema_violations_name_the_field() -> None:
    assert problems("field-violation") == [
        "field-violation/game.json:#/components/0/cards/0/fields: unknown key(s) 'extra'; "
        "allowed keys: bonus, suit, tags, value",
        'field-violation/game.json:#/components/0/cards/0/fields/suit: expected one of "sun", '
        '"moon", got "star"',
        "field-violation/game.json:#/components/0/cards/0/fields/value: 12 is more than the "
        "limit of 9",
    ]


def test_duplicate_ids_name_both_places() -> None:
    assert problems("duplicate-ids") == [
        "duplicate-ids/game.json:#/components/0/cards/1: duplicate component ID 'TY-1' "
        f"(first at {FIXTURES}/duplicate-ids/game.json:#/components/0/cards/0)".replace(
            str(FIXTURES) + "/", ""
        )
    ]


def test_missing_file_is_named() -> None:
    assert problems("missing-file") == [
        "missing-file/game.json:#/components/0/cards: references missing file 'nowhere.csv'"
    ]


def test_path_leaving_the_game_directory_is_rejected() -> None:
    assert problems("path-escape") == [
        "path-escape/game.json:#/components/0/cards: path '../tiny-csv/cards.csv' leaves the "
        "game's directory; keep files inside it"
    ]


def test_absurd_count_has_a_clear_limit() -> None:
    assert problems("absurd-count") == [
        "absurd-count/game.json:#/components/0/cards/0/count: 5000 is more than the limit of 1000"
    ]


def test_csv_errors_name_file_line_and_column() -> None:
    assert problems("bad-csv") == [
        "bad-csv/cards.csv:line 2, column 5 (value): expected a whole number, got 'one'",
        "bad-csv/cards.csv:line 3: expected 5 cells, found 4",
        "bad-csv/cards.csv:line 4, column 3 (count): expected a whole number, got 'x'",
        'bad-csv/cards.csv:line 5, column 4 (suit): expected one of "sun", "moon", got "star"',
    ]


def test_unreadable_csv_is_reported_not_raised() -> None:
    assert problems("binary-csv") == [
        "binary-csv/cards.csv:line 1: unreadable CSV: 'utf-8' codec can't decode byte 0xff in "
        "position 8: invalid start byte"
    ]


def test_unknown_game_lists_the_known_ones() -> None:
    with pytest.raises(PnpError) as caught:
        load_game("no-such-game")
    message = str(caught.value)
    assert message.startswith("unknown game 'no-such-game': give a bundled game (")
    assert "gentoo" in message
    assert message.endswith("or the path of a directory holding a game.json")


def test_directory_without_manifest_is_not_a_game(tmp_path: Path) -> None:
    with pytest.raises(PnpError, match="not a game directory"):
        load_game(tmp_path)


def test_field_schema_reference_to_nowhere_is_reported_once_without_follow_ons() -> None:
    """Two groups share the schema; each broken $ref is named once, and min > max as well."""
    assert problems("broken-ref") == [
        "broken-ref/card.schema.json:#/properties/suit/$ref: reference '#/$defs/suit' leads "
        "nowhere",
        "broken-ref/card.schema.json:#/properties/colour/$ref: reference "
        "'https://pnpkit.dev/schema/defs.schema.json#/$defs/colour' leads nowhere",
        "broken-ref/game.json:#/players: min must not be greater than max",
    ]


def test_field_schema_must_reject_unknown_fields() -> None:
    assert problems("open-fields") == [
        'open-fields/token.schema.json:#: must be an object with "additionalProperties": false, '
        "so that unknown fields are rejected"
    ]


@pytest.mark.parametrize("typed", ["GENTOO", " gentoo ", "Gentoo"])
def test_bundled_game_ids_forgive_case_and_spaces(typed: str) -> None:
    assert load_game(typed).id == "gentoo"


@pytest.mark.parametrize(
    ("typed", "game_id"),
    [("Año Nuevo", "ano-nuevo"), ("ano nuevo", "ano-nuevo"), ("nut_hunt", "nut-hunt")],
)
def test_bundled_games_can_be_named_as_their_names_are_written(typed: str, game_id: str) -> None:
    assert load_game(typed).id == game_id


def test_unknown_game_close_to_a_known_one_suggests_it() -> None:
    with pytest.raises(PnpError) as caught:
        load_game("gento")
    assert str(caught.value).startswith("unknown game 'gento' (did you mean 'gentoo'?): give a ")


def test_a_directory_where_a_file_is_expected_is_named_as_such(tmp_path: Path) -> None:
    game = tmp_path / "tiny"
    shutil.copytree(FIXTURES / "tiny-csv", game)
    (game / "cards.csv").unlink()
    (game / "cards.csv").mkdir()
    with pytest.raises(DefinitionError) as caught:
        load_game(game)
    assert [str(p) for p in caught.value.problems] == [
        f"{game}/game.json:#/components/0/cards: references 'cards.csv', a directory: "
        "expected a file"
    ]


@pytest.mark.parametrize("missing", ["designer", "players"])
def test_manifest_and_csv_problems_are_reported_in_one_run(tmp_path: Path, missing: str) -> None:
    game = tmp_path / "bad-csv"
    shutil.copytree(FIXTURES / "bad-csv", game)
    manifest = json.loads((game / "game.json").read_text())
    del manifest[missing]
    (game / "game.json").write_text(json.dumps(manifest))
    with pytest.raises(DefinitionError) as caught:
        load_game(game)
    found = [str(p) for p in caught.value.problems]
    assert any(f"missing required key '{missing}'" in p for p in found)
    assert any("cards.csv:line" in p for p in found)
