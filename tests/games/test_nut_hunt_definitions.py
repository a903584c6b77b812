"""Nut Hunt's component data: the counts, tiles, objectives, compass and pieces the referee uses."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from pnpkit.components import Component, Game, load_game
from pnpkit.components.catalog import GAMES_DIR
from pnpkit.errors import DefinitionError

NUTS = {"acorn", "hazelnut", "hickory", "walnut"}
DIRECTIONS = {"east", "north-east", "north-west", "west", "south-west", "south-east"}
RULEBOOK_TILES = {
    "Willow Wallow",
    "Muckville Marsh",
    "Mouse Meadow",
    "Hickory Haunt",
    "Heart of the Wood",
    "Pine Barrens",
    "The Tangle",
    "Frog Pond",
    "Rabbit Patch",
    "Birch Grove",
}
COLOURS = {"white", "yellow", "green", "blue", "black"}
SQUIRRELS_PER_COLOUR = 17  # the documented reading of "75 (17 in each of 5 colours)"
PINE_BARRENS_WEIGHT = 4  # objective scheme: reachable only by scattering
DOC = Path(__file__).resolve().parents[2] / "docs" / "games" / "nut-hunt.md"


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("nut-hunt")


def tiles(game: Game) -> list[Component]:
    return list(game.group("locations").components)


def by_name(game: Game) -> dict[str, Component]:
    return {t.name: t for t in tiles(game)}


def objectives(game: Game) -> list[Component]:
    return list(game.group("objectives").components)


def pair(game: Game, a: str, b: str) -> Component | None:
    """The objective joining the tiles named a and b, either way round."""
    names = by_name(game)
    wanted = {names[a].id, names[b].id}
    found = [o for o in objectives(game) if {o.fields["from"], o.fields["to"]} == wanted]
    assert len(found) <= 1
    return found[0] if found else None


def weight(tile: Component) -> int:
    if tile.fields.get("special") == "pine-barrens":
        return PINE_BARRENS_WEIGHT
    return sum(tile.fields["cost"].values())


def test_manifest(game: Game) -> None:
    assert (game.id, game.name, game.prefix) == ("nut-hunt", "Nut Hunt", "NH")
    assert game.designer == "Jasper Burch"
    assert (game.players_min, game.players_max, game.solo) == (2, 5, True)
    assert game.manifest["rules"] == "nut-hunt"


def test_nineteen_pointy_hex_tiles(game: Game) -> None:
    group = game.group("locations")
    assert group.kind == "tiles"
    assert (group.spec["shape"], group.spec["orientation"]) == ("hex", "pointy")
    assert len(group.components) == 19
    assert group.total == 19
    assert len({t.name for t in group.components}) == 19


def test_rulebook_tile_names_present_and_others_marked_assumed(game: Game) -> None:
    names = by_name(game)
    assert names.keys() >= RULEBOOK_TILES
    for name, tile in names.items():
        assert ("name" in tile.assumed) == (name not in RULEBOOK_TILES), name


def test_exactly_one_frog_pond_and_one_pine_barrens(game: Game) -> None:
    specials = Counter(t.fields.get("special") for t in tiles(game))
    assert specials == {None: 17, "frog-pond": 1, "pine-barrens": 1}
    names = by_name(game)
    assert names["Frog Pond"].fields["special"] == "frog-pond"
    assert names["Pine Barrens"].fields["special"] == "pine-barrens"


def test_recruit_costs(game: Game) -> None:
    for tile in tiles(game):
        if "special" in tile.fields:
            assert "cost" not in tile.fields, tile.name
            continue
        cost = tile.fields["cost"]
        assert set(cost) <= NUTS, tile.name
        assert all(n >= 1 for n in cost.values()), tile.name
        assert sum(cost.values()) in (2, 3), tile.name
        assert not set(cost) & set(tile.fields["forage"]), f"{tile.name} charges its own nut"


def test_forage_is_one_or_two_types_and_balanced(game: Game) -> None:
    per_type: Counter[str] = Counter()
    for tile in tiles(game):
        forage = tile.fields["forage"]
        assert 1 <= len(forage) <= 2 and len(set(forage)) == len(forage), tile.name
        assert set(forage) <= NUTS, tile.name
        per_type.update(forage)
    assert per_type == dict.fromkeys(NUTS, 7)
    assert by_name(game)["Frog Pond"].fields["forage"], "the fox can land on the Frog Pond"


def test_starting_tiles(game: Game) -> None:
    starts = [t for t in tiles(game) if t.fields["start"]]
    # Ten: a 5-player setup puts 10 squirrels on empty starting tiles (see the docs).
    assert len(starts) == 10
    assert not any("special" in t.fields for t in starts)
    assert set().union(*(t.fields["forage"] for t in starts)) == NUTS


def test_nut_deck(game: Game) -> None:
    group = game.group("nuts")
    assert group.kind == "deck"
    assert len(group.components) == 4
    assert {c.fields["nut"] for c in group.components} == NUTS
    assert all(c.count == 25 for c in group.components)
    assert group.total == 100


def test_objective_deck_size_and_endpoints(game: Game) -> None:
    cards = objectives(game)
    assert len(cards) == 45
    assert all(c.count == 1 for c in cards)
    for card in cards:
        ends = [game.component(card.fields[k]) for k in ("from", "to")]
        assert all(e is not None and e.group == "locations" for e in ends), card.id
        assert ends[0].id != ends[1].id, card.id
        assert all(e.fields.get("special") != "frog-pond" for e in ends), card.id
        assert card.name == f"{ends[0].name} to {ends[1].name}"


def test_objective_pairs_are_distinct(game: Game) -> None:
    pairs = Counter(frozenset((c.fields["from"], c.fields["to"])) for c in objectives(game))
    assert max(pairs.values()) == 1


def test_every_holdable_tile_ends_five_objectives(game: Game) -> None:
    ends = Counter(c.fields[k] for c in objectives(game) for k in ("from", "to"))
    holdable = {t.id for t in tiles(game) if t.fields.get("special") != "frog-pond"}
    assert ends == dict.fromkeys(holdable, 5)


def test_objective_base_points_follow_the_scheme(game: Game) -> None:
    for card in objectives(game):
        a, b = (game.component(card.fields[k]) for k in ("from", "to"))
        assert card.fields["points"] == weight(a) + weight(b), card.id


def test_rulebook_objectives_and_scoring_example(game: Game) -> None:
    meadow_haunt = pair(game, "Mouse Meadow", "Hickory Haunt")
    heart_barrens = pair(game, "Heart of the Wood", "Pine Barrens")
    meadow_tangle = pair(game, "Mouse Meadow", "The Tangle")
    assert pair(game, "Willow Wallow", "Muckville Marsh") is not None
    assert meadow_haunt is not None and meadow_haunt.fields["points"] == 4
    assert heart_barrens is not None and heart_barrens.fields["points"] == 6
    assert meadow_tangle is not None
    assert "points" not in meadow_haunt.assumed and "points" not in heart_barrens.assumed
    # Distance bonuses +2 and +0, three nests, one failed objective: 16 in the rulebook.
    total = meadow_haunt.fields["points"] + 2 + heart_barrens.fields["points"] + 0 + 3 * 2 - 2
    assert total == 16


def test_fox_die(game: Game) -> None:
    group = game.group("fox-die")
    assert group.kind == "dice" and group.total == 1
    (die,) = group.components
    assert [f["label"] for f in die.fields["faces"]] == ["1", "2", "3", "4", "5", "6"]


def test_compass_maps_each_face_to_a_distinct_direction(game: Game) -> None:
    group = game.group("compass")
    assert group.total == 1
    directions = group.components[0].fields["directions"]
    labels = {f["label"] for f in game.component("NH-DIE").fields["faces"]}
    assert set(directions) == labels == {"1", "2", "3", "4", "5", "6"}
    assert set(directions.values()) == DIRECTIONS


def test_fox_standee(game: Game) -> None:
    fox = game.component("NH-FOX")
    assert fox is not None and fox.kind == "standees" and fox.count == 1


def test_squirrels_and_nests(game: Game) -> None:
    squirrels = game.group("squirrels")
    nests = game.group("nests")
    assert squirrels.kind == nests.kind == "tokens"
    for group, each in ((squirrels, SQUIRRELS_PER_COLOUR), (nests, 5)):
        assert {c.fields["colour"] for c in group.components} == COLOURS
        assert all(c.count == each for c in group.components)
    assert squirrels.total == 5 * SQUIRRELS_PER_COLOUR
    assert nests.total == 25

    def looks(group):
        return {c.fields["colour"]: (c.fields["rgb"], c.fields["automa"]) for c in group.components}

    assert looks(squirrels) == looks(nests)
    assert [c.fields["colour"] for c in squirrels.components if c.fields["automa"]] == ["black"]


def test_colours_stay_apart_in_greyscale(game: Game) -> None:
    def luma(rgb: str) -> float:
        r, g, b = (int(rgb[i : i + 2], 16) for i in (1, 3, 5))
        return 0.299 * r + 0.587 * g + 0.114 * b

    greys = [luma(c.fields["rgb"]) for c in game.group("squirrels").components]
    assert min(abs(a - b) for a, b in combinations(greys, 2)) >= 40


def test_docs_tile_and_compass_tables_match_the_data(game: Game) -> None:
    text = DOC.read_text(encoding="utf-8")
    for tile in tiles(game):
        f = tile.fields
        cost = ", ".join(f"{k} {v}" for k, v in f["cost"].items()) if "cost" in f else "—"
        row = (
            f"| {tile.id} | {tile.name} | {', '.join(f['forage'])} | {cost} | "
            f"{'yes' if f['start'] else 'no'} | {f.get('special', '—')} |"
        )
        assert row in text, row
    compass = dict(re.findall(r"^\| ([1-6]) \| ([a-z-]+) \|$", text, re.MULTILINE))
    assert compass == dict(game.component("NH-CMP").fields["directions"])


def broken_copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """A copy of Nut Hunt's definitions with one line of one file changed."""
    target = tmp_path / "nut-hunt"
    shutil.copytree(GAMES_DIR / "nut-hunt", target)
    path = target / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return target


@pytest.mark.parametrize(
    ("name", "old", "new"),
    [
        # A special tile with a recruit cost.
        ("tiles.csv", "hickory,,,,,no,pine-barrens", "hickory,1,1,,,no,pine-barrens"),
        # An ordinary tile without one.
        ("tiles.csv", "acorn,,1,1,1,no,", "acorn,,,,,no,"),
        # The Frog Pond as a starting tile.
        ("tiles.csv", "walnut,,,,,no,frog-pond", "walnut,,,,,yes,frog-pond"),
        # An objective ending on the Frog Pond.
        ("objectives.csv", "NH-MOU,NH-TAN,5", "NH-MOU,NH-FRG,5"),
        # A fifth nut type.
        ("tiles.csv", "hazelnut;walnut,1,,1", "hazelnut;pecan,1,,1"),
    ],
)
def test_schemas_reject_broken_data(tmp_path: Path, name: str, old: str, new: str) -> None:
    with pytest.raises(DefinitionError):
        load_game(broken_copy(tmp_path, name, old, new))
