"""The table as data (`Rules.table`, `show --json`): valid against each game's JSON Schema over
many states of random games, and keeping each player's secrets as the text view does."""

import json
import random
import re
from collections import Counter

import pytest

from pnpkit.components import load_game
from pnpkit.referee.checks.harness import Case, random_states, soak
from pnpkit.referee.log.store import make_setup
from pnpkit.referee.views.table_schema import schema_path, table_errors, table_validator

GAMES = {"alpina": 3, "ano-nuevo": 3, "nut-hunt": 2, "gentoo": 3, "arctic": 3}
SOLO = Case("nut-hunt", 1, 0)
WORD = re.compile(r"[\w-]+")


def _cases(digital: bool, seeds: tuple[int, ...] = (1, 2)) -> list[Case]:
    return [Case(g, n, seed, digital) for g, n in GAMES.items() for seed in seeds]


SCHEMA_SEEDS = (1, 2, 3, 4) if soak() else (1,)
"""One random game per game and mode under `make test` (jsonschema takes most of the time);
more under `make soak`."""


def _ids(known: set[str], text: str) -> Counter[str]:
    return Counter(w for w in WORD.findall(text) if w in known)


@pytest.mark.parametrize(
    "case", [*_cases(True, SCHEMA_SEEDS), *_cases(False, SCHEMA_SEEDS), SOLO], ids=str
)
def test_fuzz_every_view_of_the_table_fits_the_games_schema(case: Case) -> None:
    checked = 0
    for setup, state in random_states(case, every=6):
        for viewer in (None, "", *setup.players):
            table = setup.rules.table(setup, state, viewer)
            assert table["game"] == case.game
            assert table_errors(table) == [], (str(case), viewer)
            json.dumps(table)  # plain JSON data
            checked += 1
    assert checked > 12


@pytest.mark.parametrize("case", [*_cases(True), SOLO], ids=str)
def test_a_player_sees_no_card_the_text_view_keeps_from_them(case: Case) -> None:
    """Digital mode: an ID the whole table names but a player's own view does not is nowhere in
    that player's table data (but in the final scores), nor in the shared view or the picture
    (which shows the table to everyone)."""
    known = {c.id for c in load_game(case.game).components()}
    secrets_seen = 0
    for setup, state in random_states(case, every=3):
        rules = setup.rules
        everything = _ids(known, rules.describe(setup, state))
        hidden_from_someone: set[str] = set()
        for player in setup.players:
            secret = set(everything) - set(_ids(known, rules.view(setup, state, player)))
            hidden_from_someone |= secret
            secrets_seen += len(secret)
            table = rules.table(setup, state, player)
            if table["score"]["final"]:
                del table["score"]  # the final scoring shows every card scored, to everyone
            shown = set(_ids(known, json.dumps(table)))
            assert not secret & shown, (str(case), player, sorted(secret & shown))
        shared = rules.table(setup, state, "")
        if shared["score"]["final"]:
            del shared["score"]
        public = set(_ids(known, json.dumps(shared)))
        assert not hidden_from_someone & public, (str(case), sorted(hidden_from_someone & public))
        picture = set(_ids(known, rules.svg(setup, state, lambda _: None)))
        assert not hidden_from_someone & picture, (str(case), sorted(hidden_from_someone & picture))
    if case.game != "gentoo" and case.players > 1:
        assert secrets_seen, f"{case}: no secret was ever kept, so the test checked nothing"


def test_a_game_schema_refuses_a_table_that_breaks_it() -> None:
    case = Case("alpina", 2, 1)
    setup, state = next(iter(random_states(case, every=1)))
    table = setup.rules.table(setup, state, None)
    table["zones"]["seats"][0]["hand"]["cards"] = "AL-01"
    del table["zones"]["draw_pile"]
    table["players"][0]["rgb"] = "red"
    errors = table_errors(table)
    assert any(e.startswith("/zones/seats/0/hand/cards") for e in errors), errors
    assert any("draw_pile" in e for e in errors), errors
    assert any(e.startswith("/players/0/rgb") for e in errors), errors


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_ships_its_schema(game_id: str) -> None:
    schema = json.loads(schema_path(game_id).read_text(encoding="utf-8"))
    assert schema["properties"]["game"] == {"const": game_id}
    validating = json.dumps(table_validator(game_id).schema)
    assert '"$ref"' not in validating  # inlined once, not looked up on every table
    assert f'"const": "{game_id}"' in validating


def test_a_prompt_naming_a_secret_card_is_its_actors_only() -> None:
    """A Nut Hunt digital deal asks one player to keep 2 of 3 objectives, named in the prompt:
    the other players and the shared screen read only whose choice it is (as on the web page)."""
    setup = make_setup(load_game("nut-hunt"), ["Ann", "Bob"], seed=3)
    rules, rng = setup.rules, random.Random(1)
    state = rules.initial(setup)
    while not (prompt := rules.prompt(setup, state)).text.startswith(("Ann: keep", "Bob: keep")):
        move = rules.forced(setup, state)
        if move is None and prompt.kind == "chance":
            move = rules.chance(setup, state, rng)
        state = rules.apply(setup, state, move or rules.random_move(setup, state, rng))
    (actor,), other = prompt.actors, next(p for p in setup.players if p not in prompt.actors)
    assert "NH-O" in prompt.text
    assert rules.table(setup, state, actor)["prompt"]["text"] == prompt.text
    assert rules.table(setup, state, None)["prompt"]["text"] == prompt.text
    for viewer in (other, ""):
        shown = rules.table(setup, state, viewer)["prompt"]["text"]
        assert shown == f"{actor} to move, on their own page"
