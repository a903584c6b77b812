"""Año Nuevo's component data: the rulebook's counts, and the fields the referee relies on."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from pnpkit.components import load_game
from pnpkit.components.model import Component, Game
from pnpkit.errors import DefinitionError

COLOURS = ("red", "blue", "green", "yellow", "purple", "black")
EFFECTS = {"none", "free-arrival", "extra-harem", "fight-bonus"}
WITH_AMOUNT = {"extra-harem", "fight-bonus"}


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("ano-nuevo")


def copies_by(components: tuple[Component, ...], field: str) -> Counter[str]:
    """Physical copies per value of one field."""
    tally: Counter[str] = Counter()
    for component in components:
        tally[component.fields[field]] += component.count
    return tally


def test_manifest(game: Game) -> None:
    assert game.id == "ano-nuevo"
    assert game.name == "Año Nuevo"
    assert game.prefix == "AN"
    assert game.designer == "Hutson Hall"
    assert (game.players_min, game.players_max) == (3, 6)
    assert game.manifest["rules"] == "ano-nuevo"
    assert game.manifest["color"].startswith("#")


def test_every_id_is_short_and_prefixed(game: Game) -> None:
    ids = [c.id for c in game.components()]
    assert len(ids) == len(set(ids))
    assert all(i.startswith("AN-") and len(i) <= 7 for i in ids)


def test_prey_deck_comes_from_csv_with_48_cards(game: Game) -> None:
    prey = game.group("prey")
    assert prey.kind == "deck"
    assert all(c.source.startswith(str(game.directory / "prey.csv")) for c in prey.components)
    assert prey.total == 48
    assert copies_by(prey.components, "prey") == {"crab": 16, "squid": 16, "shark": 8, "skate": 8}


def test_prey_values_make_the_rules_matter(game: Game) -> None:
    cards = game.group("prey").components
    for card in cards:
        assert 1 <= card.fields["food"] <= 3
        assert card.fields["fight"] >= 1
        assert {"food", "fight"} <= set(card.assumed)
    by_type: dict[str, set[tuple[int, int]]] = {}
    for card in cards:
        by_type.setdefault(card.fields["prey"], set()).add(
            (card.fields["food"], card.fields["fight"])
        )
    assert all(len(values) > 1 for values in by_type.values()), "vary values within each type"
    fight: Counter[str] = Counter()
    for card in cards:
        fight[card.fields["prey"]] += card.fields["fight"] * card.count
    average = {kind: fight[kind] / n for kind, n in copies_by(cards, "prey").items()}
    assert max(average, key=average.__getitem__) == "shark", "sharks are the strong fighters"
    food: Counter[int] = Counter()
    for card in cards:
        food[card.fields["food"]] += card.count
    assert food[1] and sum(n for f, n in food.items() if f > 1), "the Matron rule needs Food > 1"


def test_harem_deck(game: Game) -> None:
    harem = game.group("harem")
    assert harem.total == 60
    assert copies_by(harem.components, "harem") == {
        "prime-age": 20,
        "matron": 20,
        "primiparous": 20,
    }
    for card in harem.components:
        assert card.fields["vp"] >= 1
        assert "vp" in card.assumed


def test_only_matrons_refill_and_carry_text(game: Game) -> None:
    for card in game.group("harem").components:
        if card.fields["harem"] == "matron":
            assert card.fields["refills"] == 1
            assert card.fields["text"]
        else:
            assert "refills" not in card.fields
            assert "text" not in card.fields


def test_locations(game: Game) -> None:
    locations = game.group("locations")
    assert locations.total == 10
    assert len(locations.components) == 10
    for card in locations.components:
        effect = card.fields["effect"]
        assert effect["kind"] in EFFECTS
        assert ("amount" in effect) == (effect["kind"] in WITH_AMOUNT)
        assert ("text" in card.fields) == (effect["kind"] != "none")
        assert 2 <= card.fields["capacity"] <= 5
        assert {"name", "capacity", "effect"} <= set(card.assumed)
    assert {c.fields["effect"]["kind"] for c in locations.components} == EFFECTS


def test_location_tokens_are_square_and_numbered(game: Game) -> None:
    tokens = game.group("location-tokens")
    assert tokens.spec["shape"] == "square"
    assert sorted(c.fields["number"] for c in tokens.components) == [1, 2, 3, 4, 5]
    assert tokens.total == 5


def test_reference_cards(game: Game) -> None:
    reference = game.group("reference")
    assert reference.kind == "deck"
    assert reference.total == 6
    assert all(c.fields["steps"] for c in reference.components)


def test_six_player_sets(game: Game) -> None:
    tokens = [*game.group("player-tokens").components, *game.group("seal-tokens").components]
    assert {t.count for t in tokens} == {1}
    for colour in COLOURS:
        own = [t for t in tokens if t.fields["colour"] == colour]
        roles = Counter(t.fields["role"] for t in own)
        assert roles == {"travel": 5, "ocean": 1, "seal": 1, "vp-marker": 1}, colour
        numbers = sorted(t.fields["number"] for t in own if t.fields["role"] == "travel")
        assert numbers == [1, 2, 3, 4, 5], colour
        assert len({t.fields["hex"] for t in own}) == 1, colour
    assert {t.fields["colour"] for t in tokens} == set(COLOURS)


def test_seal_tokens_have_a_plus_25_back(game: Game) -> None:
    seals = game.group("seal-tokens")
    assert seals.spec["faces"] == 2
    assert game.group("player-tokens").spec["faces"] == 1
    assert seals.total == 6
    for seal in seals.components:
        assert seal.fields["role"] == "seal"
        assert (seal.fields["back_label"], seal.fields["back_bonus"]) == ("+25", 25)


def test_trackers(game: Game) -> None:
    turn = game.group("turn-tracker")
    vp = game.group("vp-tracker")
    assert (turn.kind, vp.kind) == ("track", "track")
    assert (turn.spec["spaces"]["first"], turn.spec["spaces"]["last"]) == (1, 7)
    assert (vp.spec["spaces"]["first"], vp.spec["spaces"]["last"]) == (1, 25)
    assert turn.components[0].fields == {"role": "turn", "start": 2}
    assert vp.components[0].fields["lap"] == vp.spec["spaces"]["last"]
    lap = vp.components[0].fields["lap"]
    assert {s.fields["back_bonus"] for s in game.group("seal-tokens").components} == {lap}


def test_one_seal_figurine(game: Game) -> None:
    figurine = game.group("figurine")
    assert figurine.kind == "standees"
    assert figurine.total == 1


def test_referee_ids_resolve(game: Game) -> None:
    assert game.component("an-l1").group == "locations"
    assert game.component("AN-RS").fields["colour"] == "red"
    assert game.component("AN-KV").fields["role"] == "vp-marker"
    assert game.component("AN-SH1").fields["prey"] == "shark"


@pytest.mark.parametrize(
    ("where", "change"),
    [
        ("harem", lambda cards: cards[1]["fields"].pop("refills")),
        ("harem", lambda cards: cards[0]["fields"].update(refills=1)),
        ("locations", lambda cards: cards[0]["fields"].update(effect={"kind": "teleport"})),
        ("locations", lambda cards: cards[1]["fields"]["effect"].pop("amount")),
        ("locations", lambda cards: cards[0]["fields"].update(text="A beach.")),
    ],
)
def test_field_schemas_reject_broken_cards(tmp_path: Path, game: Game, where, change) -> None:
    copy = tmp_path / "ano-nuevo"
    shutil.copytree(game.directory, copy)
    manifest = json.loads((copy / "game.json").read_text(encoding="utf-8"))
    group = next(g for g in manifest["components"] if g["id"] == where)
    change(group["cards"])
    (copy / "game.json").write_text(json.dumps(manifest, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(DefinitionError):
        load_game(copy)


def test_prey_csv_rejects_out_of_range_food(tmp_path: Path, game: Game) -> None:
    copy = tmp_path / "ano-nuevo"
    shutil.copytree(game.directory, copy)
    csv = copy / "prey.csv"
    lines = csv.read_text(encoding="utf-8").splitlines()
    cells = lines[1].split(",")
    cells[4] = "4"
    lines[1] = ",".join(cells)
    csv.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(DefinitionError, match=r"prey\.csv"):
        load_game(copy)
