"""Arctic's component data against the facts table, recomputed here independently of the files."""

from __future__ import annotations

import csv
import shutil
from collections import Counter
from pathlib import Path

import pytest

from pnpkit.components import Game, load_game
from pnpkit.components.catalog import GAMES_DIR
from pnpkit.errors import DefinitionError

ANIMALS = ("fox", "moose", "walrus", "orca", "puffin", "polar-bear")
LETTERS = {"fox": "F", "moose": "M", "walrus": "W", "orca": "O", "puffin": "P", "polar-bear": "B"}
# Steps forward from the main animal to the companion, for draw values 1..5 of each deck.
COMPANION_OFFSETS = {
    1: (1, 2, 3, 4, 5),
    2: (2, 3, 4, 5, 1),
    3: (3, 4, 5, 1, 2),
    4: (4, 5, 1, 2, 3),
}
EFFECTS = {
    "fox": {"fox-face-down", "fox-under-pile"},
    "moose": {"moose-draw-adjust", "moose-place-adjust"},
    "walrus": {"walrus-main-extra", "walrus-companion-extra"},
    "orca": {"orca-refill-each", "orca-draw-blind"},
    "puffin": {"puffin-swap-river", "puffin-take-back"},
    "polar-bear": {"bear-draw-penalty", "bear-give-penalty"},
}
STEPS = {"place", "power", "tokens", "draw", "scoring"}


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("arctic")


def expected_cards() -> dict[str, dict[str, object]]:
    """The 120 animal cards as the facts table gives them, keyed by printed ID."""
    cards = {}
    for deck, offsets in COMPANION_OFFSETS.items():
        for index, animal in enumerate(ANIMALS):
            for draw, offset in enumerate(offsets, start=1):
                cards[f"AR-{deck}{LETTERS[animal]}{draw}"] = {
                    "deck": deck,
                    "animal": animal,
                    "companion": ANIMALS[(index + offset) % len(ANIMALS)],
                    "draw": draw,
                    "place": 6 - draw,
                }
    return cards


def animal_cards(game: Game) -> list:
    return [c for d in range(1, 5) for c in game.group(f"deck-{d}").components]


def test_manifest(game: Game) -> None:
    assert (game.id, game.name, game.prefix) == ("arctic", "Arctic", "AR")
    assert game.designer == "Cédric Lefebvre"
    assert game.manifest["publisher"] == "Ludonaute"
    assert (game.players_min, game.players_max, game.solo) == (2, 4, False)
    assert game.manifest["rules"] == "arctic"
    assert game.manifest["color"].startswith("#")


def test_four_decks_of_thirty_kept_in_csv_files(game: Game) -> None:
    for deck in range(1, 5):
        group = game.group(f"deck-{deck}")
        assert group.kind == "deck"
        assert group.total == 30
        assert len(group.components) == 30
        assert all(
            c.source.startswith(str(GAMES_DIR / "arctic" / f"cards-deck{deck}.csv"))
            for c in group.components
        )
        assert {c.fields["deck"] for c in group.components} == {deck}
        assert str(deck) in group.spec["back"]["title"]
    titles = {game.group(f"deck-{d}").spec["back"]["title"] for d in range(1, 5)}
    assert len(titles) == 4, "each deck needs its own back"


def test_every_deck_animal_draw_exactly_once(game: Game) -> None:
    keys = Counter(
        (c.fields["deck"], c.fields["animal"], c.fields["draw"]) for c in animal_cards(game)
    )
    assert len(keys) == 120
    assert set(keys.values()) == {1}
    assert set(keys) == {(d, a, v) for d in range(1, 5) for a in ANIMALS for v in range(1, 6)}


def test_cards_match_the_facts_table(game: Game) -> None:
    expected = expected_cards()
    found = {c.id: dict(c.fields) for c in animal_cards(game)}
    assert found == expected
    for card in animal_cards(game):
        assert card.fields["place"] == 6 - card.fields["draw"]
        assert card.fields["companion"] != card.fields["animal"]
        assert card.count == 1


def test_deck_one_fox_companions_follow_the_worked_example(game: Game) -> None:
    companions = [game.component(f"AR-1F{d}").fields["companion"] for d in range(1, 6)]
    assert companions == ["moose", "walrus", "orca", "puffin", "polar-bear"]


def test_each_animal_appears_as_companion_evenly(game: Game) -> None:
    for deck in range(1, 5):
        cards = game.group(f"deck-{deck}").components
        assert Counter(c.fields["companion"] for c in cards) == dict.fromkeys(ANIMALS, 5)


def test_power_cards_have_both_sides_and_twelve_effects(game: Game) -> None:
    group = game.group("powers")
    assert group.kind == "deck"
    assert "double-sided" in group.spec["description"]
    cards = group.components
    assert len(cards) == 6
    assert sorted(c.fields["animal"] for c in cards) == sorted(ANIMALS)
    effects = []
    for card in cards:
        sides = [card.fields["a"], card.fields["b"]]
        assert {s["effect"] for s in sides} == EFFECTS[card.fields["animal"]]
        for side in sides:
            assert side["title"].strip() and side["text"].strip()
            assert side["when"] in STEPS
        effects += [s["effect"] for s in sides]
    assert len(effects) == len(set(effects)) == 12


def test_power_steps(game: Game) -> None:
    when = {
        s["effect"]: s["when"]
        for c in game.group("powers").components
        for s in (c.fields["a"], c.fields["b"])
    }
    assert when["moose-draw-adjust"] == "draw"
    assert when["moose-place-adjust"] == "place"
    assert when["walrus-main-extra"] == when["walrus-companion-extra"] == "tokens"
    assert when["fox-face-down"] == when["fox-under-pile"] == "place"


def test_landscape_track(game: Game) -> None:
    cards = sorted(game.group("landscape").components, key=lambda c: c.fields["position"])
    assert [c.fields["position"] for c in cards] == [1, 2, 3, 4, 5, 6]
    assert [c.fields["value"] for c in cards] == [0, 1, 3, 6, 10, 15]
    assert [c.fields["value"] for c in game.group("landscape").components] == [0, 1, 3, 6, 10, 15]
    assert [c.fields["value"] for c in cards if c.fields["start"]] == [3]


def test_one_token_and_one_totem_per_animal(game: Game) -> None:
    tokens = game.group("tokens")
    totems = game.group("totems")
    assert tokens.kind == "tokens" and tokens.total == 6
    assert totems.kind == "deck" and totems.total == 6
    assert "back" in totems.spec, "totems are secret: they need a shared back"
    assert sorted(c.fields["animal"] for c in tokens.components) == sorted(ANIMALS)
    assert sorted(c.fields["animal"] for c in totems.components) == sorted(ANIMALS)


def test_ids_are_unique_and_carry_the_prefix(game: Game) -> None:
    ids = [c.id for c in game.components()]
    assert len(ids) == len(set(ids)) == 120 + 6 + 6 + 6 + 6
    assert all(i.startswith("AR-") for i in ids)


def copy_game(tmp_path: Path) -> Path:
    target = tmp_path / "arctic"
    shutil.copytree(GAMES_DIR / "arctic", target)
    return target


def rewrite_cell(path: Path, card_id: str, column: str, value: str) -> None:
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    for row in rows:
        if row["id"] == card_id:
            row[column] = value
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)


@pytest.mark.parametrize(
    ("column", "value", "expected"),
    [
        ("place", "4", "(place): expected 3, got 4"),
        ("companion", "fox", '(companion): expected one of "moose"'),
        ("animal", "seal", "(animal): expected one of"),
        ("draw", "6", "(draw)"),
    ],
)
def test_field_schema_rejects_a_wrong_card(
    tmp_path: Path, column: str, value: str, expected: str
) -> None:
    directory = copy_game(tmp_path)
    rewrite_cell(directory / "cards-deck1.csv", "AR-1F3", column, value)
    with pytest.raises(DefinitionError) as caught:
        load_game(directory)
    messages = [str(p) for p in caught.value.problems]
    assert any("cards-deck1.csv:line 4" in m and expected in m for m in messages), messages
