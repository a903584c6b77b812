"""Alpina's component data: counts, card families, the rulebook's example conditions, pawns."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from pnpkit.components import Component, Game, load_game
from pnpkit.components.catalog import GAMES_DIR
from pnpkit.components.model import thaw
from pnpkit.errors import DefinitionError

ANIMALS = {"nutcracker", "chamois", "frog"}
LANDSCAPES = {"mountain", "lake", "forest"}
SCOPES = {
    "row",
    "column",
    "row-and-column",
    "left",
    "right",
    "above",
    "below",
    "orthogonal",
    "surrounding",
    "connected",
    "grid",
}
COLOURS = {"red", "yellow", "purple", "light-blue"}
# What each animal's condition may count, and the match key a "cards" count must filter on.
FAMILY = {
    "nutcracker": {"cards": "animal", "distinct-animals": None},
    "chamois": {"hikers": "any"},
    "frog": {"cards": "landscape", "distinct-landscapes": None},
}


def condition(per, counts, scope, match=None, base=0, include_self=False) -> dict[str, Any]:
    return {
        "base": base,
        "per": per,
        "counts": counts,
        "match": match or {},
        "scope": scope,
        "include_self": include_self,
    }


# The eleven example conditions of the rulebook, in the order it shows them, with the animal
# whose family they belong to.
EXAMPLES = [
    ("nutcracker", 1, condition(1, "cards", "row-and-column", {"animal": "nutcracker"})),
    ("nutcracker", 0, condition(2, "distinct-animals", "right")),
    ("frog", 0, condition(2, "distinct-landscapes", "left")),
    ("nutcracker", 0, condition(2, "cards", "row", {"animal": "nutcracker"})),
    ("nutcracker", 0, condition(2, "cards", "column", {"animal": "nutcracker"})),
    ("nutcracker", 2, condition(1, "cards", "surrounding", {"animal": "chamois"})),
    ("frog", 0, condition(2, "cards", "orthogonal", {"landscape": "lake"})),
    ("chamois", 0, condition(2, "hikers", "below")),
    ("chamois", 0, condition(1, "hikers", "grid", {"animal": "chamois"}, include_self=True)),
    ("chamois", 0, condition(1, "hikers", "grid", {"landscape": "forest"})),
    ("nutcracker", 0, condition(1, "cards", "connected", {"animal": "nutcracker"})),
]
"""Each rulebook example: its animal, its tape (the example's flat amount), its condition."""


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("alpina")


@pytest.fixture(scope="module")
def cards(game: Game) -> tuple[Component, ...]:
    return game.group("cards").components


def full_condition(card: Component) -> dict[str, Any]:
    """The card's condition with the schema's defaults filled in."""
    return {"base": 0, "include_self": False, **thaw(card.fields["condition"])}


def test_manifest(game: Game) -> None:
    assert (game.id, game.name, game.prefix) == ("alpina", "Alpina", "AL")
    assert game.designer == "Luc Rémond"
    assert (game.players_min, game.players_max) == (2, 4)
    assert game.manifest["rules"] == "alpina"
    assert re.fullmatch(r"#[0-9a-f]{6}", game.manifest["color"])


def test_fifty_six_single_portrait_cards_with_stable_ids(game: Game, cards) -> None:
    deck = game.group("cards")
    assert deck.kind == "deck"
    assert deck.spec["orientation"] == "portrait"
    assert deck.total == 56
    assert [c.id for c in cards] == [f"AL-{n:02d}" for n in range(1, 57)]
    assert all(c.count == 1 for c in cards)


def test_component_ids_are_unique_across_groups(game: Game) -> None:
    ids = [c.id for c in game.components()]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"AL-[A-Z0-9]{2,6}", i) for i in ids)


def test_cards_spread_evenly_over_animals_and_landscapes(cards) -> None:
    animals = Counter(c.fields["animal"] for c in cards)
    landscapes = Counter(c.fields["landscape"] for c in cards)
    pairs = Counter((c.fields["animal"], c.fields["landscape"]) for c in cards)
    assert set(animals) == ANIMALS and set(landscapes) == LANDSCAPES
    assert max(animals.values()) - min(animals.values()) <= 1
    assert max(landscapes.values()) - min(landscapes.values()) <= 1
    assert len(pairs) == 9
    assert max(pairs.values()) - min(pairs.values()) <= 2


@pytest.mark.parametrize("number", range(1, 57))
def test_card_condition_belongs_to_its_animals_family(game: Game, number: int) -> None:
    card = game.component(f"AL-{number:02d}")
    assert card is not None
    animal = card.fields["animal"]
    cond = full_condition(card)
    assert cond["scope"] in SCOPES
    assert cond["per"] >= 1, "a card whose condition pays nothing per unit is a blank"
    assert card.fields["tape"] >= 0 and cond["base"] >= 0
    allowed = FAMILY[animal]
    assert cond["counts"] in allowed, f"a {animal} card may not count {cond['counts']}"
    needs = allowed[cond["counts"]]
    if needs is None:
        assert cond["match"] == {}
    elif needs != "any":
        assert set(cond["match"]) == {needs}
    if cond["scope"] == "connected":
        assert cond["match"], "a connected scope needs a filter for its path"


def test_include_self_is_only_set_where_this_card_can_count(cards) -> None:
    for card in cards:
        cond = full_condition(card)
        if cond["include_self"] and cond["counts"] != "hikers":
            own = {"animal": card.fields["animal"], "landscape": card.fields["landscape"]}
            assert all(own[k] == v for k, v in cond["match"].items()), card.id


def test_each_rulebook_example_is_on_a_card_of_its_family(cards) -> None:
    found = {}
    for index, (animal, tape, example) in enumerate(EXAMPLES):
        holders = [c for c in cards if full_condition(c) == example]
        assert holders, f"rulebook example {index + 1} is on no card: {example}"
        assert all(c.fields["animal"] == animal for c in holders)
        assert all(c.fields["tape"] == tape for c in holders), "the example's flat amount"
        found[index] = holders
    assert len(found) == 11


def test_only_example_cards_keep_their_condition_and_tape_unassumed(cards) -> None:
    examples = [e for _, _, e in EXAMPLES]
    for card in cards:
        assert "landscape" in card.assumed, card.id
        is_example = full_condition(card) in examples
        assert ("condition" in card.assumed) is not is_example, card.id
        assert ("animal" in card.assumed) is not is_example, card.id
        assert ("tape" in card.assumed) is not is_example, card.id
        if is_example:
            assert full_condition(card)["base"] == 0, f"{card.id}: the flat amount is the tape"


def test_every_scope_count_and_include_self_value_is_used(cards) -> None:
    conditions = [full_condition(c) for c in cards]
    assert {c["scope"] for c in conditions} == SCOPES
    assert {c["counts"] for c in conditions} == {
        "cards",
        "distinct-animals",
        "distinct-landscapes",
        "hikers",
    }
    assert {c["include_self"] for c in conditions} == {True, False}
    for animal in ANIMALS:
        family = [full_condition(c) for c in cards if c.fields["animal"] == animal]
        assert len({c["scope"] for c in family}) >= 8, f"{animal} cards lack variety"


def test_every_chamois_card_and_no_other_may_start_the_grid(cards) -> None:
    for card in cards:
        assert card.fields["starter"] is (card.fields["animal"] == "chamois"), card.id
    assert sum(c.fields["starter"] for c in cards) >= 2


def test_printed_text_is_short_and_names_what_is_counted(cards) -> None:
    texts = [c.fields["text"] for c in cards]
    for card in cards:
        text = card.fields["text"].lower()
        cond = full_condition(card)
        assert len(text) <= 60, card.id
        assert f"{cond['per']} per" in text, card.id
        for value in cond["match"].values():
            assert value in text, card.id
        if cond["base"]:
            assert text.startswith(f"{cond['base']} +"), card.id
        assert ("incl. this card" in text) is cond["include_self"], card.id
    assert len(set(texts)) == len(texts), "two cards print the same condition"


def test_hikers_are_eight_round_pawns_in_each_of_four_colours(game: Game) -> None:
    hikers = game.group("hikers")
    assert hikers.kind == "tokens" and hikers.spec["shape"] == "round"
    assert hikers.total == 32
    per_colour = Counter()
    for pawn in hikers.components:
        per_colour[pawn.fields["colour"]] += pawn.count
    assert per_colour == dict.fromkeys(COLOURS, 8)


def test_one_victory_pawn_per_colour(game: Game) -> None:
    pawns = game.group("victory-pawns").components
    assert sum(p.count for p in pawns) == 4
    assert {p.fields["colour"] for p in pawns} == COLOURS


def lightness(hex_colour: str) -> float:
    """CIE L* of an sRGB colour: how light it prints in greyscale."""
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    y = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return 116 * y ** (1 / 3) - 16 if y > 0.008856 else 903.3 * y


def test_player_colours_differ_in_greyscale_and_match_between_pawns(game: Game) -> None:
    hexes = {p.fields["colour"]: p.fields["hex"] for p in game.group("hikers").components}
    for pawn in game.group("victory-pawns").components:
        assert hexes[pawn.fields["colour"]] == pawn.fields["hex"]
    levels = sorted(lightness(h) for h in hexes.values())
    assert all(b - a >= 15 for a, b in pairwise(levels)), levels


def test_score_track_covers_a_two_player_game(game: Game) -> None:
    track = game.group("score-track")
    assert track.kind == "track" and track.total == 1
    spaces = track.spec["spaces"]
    assert spaces["first"] == 0 and spaces["last"] >= 60
    assert track.spec["columns"] == 10


# The field schema itself must refuse cards that break the contract.


def broken_copy(tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> Path:
    """A copy of the Alpina directory whose first card has been changed."""
    target = tmp_path / "alpina"
    shutil.copytree(GAMES_DIR / "alpina", target)
    manifest = json.loads((target / "game.json").read_text(encoding="utf-8"))
    change(manifest["components"][0]["cards"][0]["fields"])
    (target / "game.json").write_text(json.dumps(manifest), encoding="utf-8")
    return target


def set_condition(**values: Any) -> Callable[[dict[str, Any]], None]:
    return lambda fields: fields["condition"].update(values)


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(set_condition(counts="hikers"), id="nutcracker-counting-hikers"),
        pytest.param(
            set_condition(match={"landscape": "lake"}), id="nutcracker-matching-landscape"
        ),
        pytest.param(
            set_condition(counts="distinct-landscapes"), id="nutcracker-distinct-landscapes"
        ),
        pytest.param(
            set_condition(counts="distinct-animals", match={"animal": "frog"}),
            id="distinct-with-filter",
        ),
        pytest.param(set_condition(scope="diagonal"), id="unknown-scope"),
        pytest.param(
            set_condition(match={"animal": "frog", "landscape": "lake"}), id="two-filters"
        ),
        pytest.param(set_condition(per=-1), id="negative-per"),
        pytest.param(set_condition(radius=2), id="unknown-key"),
        pytest.param(lambda f: f.update(starter=True), id="nutcracker-starter"),
        pytest.param(lambda f: f.update(animal="frog"), id="frog-counting-animals"),
        pytest.param(lambda f: f.update(animal="chamois"), id="chamois-counting-cards"),
        pytest.param(lambda f: f.update(tape=-1), id="negative-tape"),
        pytest.param(lambda f: f["condition"].pop("scope"), id="no-scope"),
    ],
)
def test_field_schema_rejects_broken_cards(tmp_path: Path, change) -> None:
    with pytest.raises(DefinitionError) as caught:
        load_game(broken_copy(tmp_path, change))
    places = [p.where for p in caught.value.problems]
    assert places and all(w.startswith("#/components/0/cards/0/fields") for w in places), places


def test_connected_scope_needs_a_filter(tmp_path: Path) -> None:
    def change(fields: dict[str, Any]) -> None:
        fields.update(animal="chamois", starter=True)
        fields["condition"].update(counts="hikers", match={}, scope="connected")

    with pytest.raises(DefinitionError):
        load_game(broken_copy(tmp_path, change))


def test_unbroken_copy_loads(tmp_path: Path) -> None:
    assert load_game(broken_copy(tmp_path, lambda fields: None)).component("AL-01") is not None
