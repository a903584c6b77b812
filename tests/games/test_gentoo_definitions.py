"""Gentoo's component data: the rulebook's counts and costs; every other value is assumed."""

from __future__ import annotations

import pytest

from pnpkit.components import Game, load_game

RULEBOOK_COSTS = {
    "skua": 1,
    "stone-thief": 1,
    "good-nesting-site": 1,
    "hatch": 1,
    "leopard-seal": 2,
    "vicious-peck": 1,
}
TOKENS = {"nesting-stone": 12, "penguin": 20, "fish": 20}


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("gentoo")


def test_ninety_cards_of_the_eleven_types(game: Game) -> None:
    cards = game.group("cards").components
    assert sum(c.count for c in cards) == 90
    assert len({c.fields["type"] for c in cards}) == 11
    assert sorted(c.fields["stones"] for c in cards if c.fields["type"] == "egg") == [3, 4, 5]


def test_the_rulebooks_tokens(game: Game) -> None:
    tokens = {t.fields["icon"]: t.count for t in game.group("tokens").components}
    assert tokens == TOKENS


def test_printed_costs_kept_and_every_other_value_marked_assumed(game: Game) -> None:
    """The rulebook gives no card counts, and fish costs for six types only."""
    for card in game.group("cards").components:
        kind = card.fields["type"]
        assert "count" in card.assumed, card.id
        if kind in RULEBOOK_COSTS:
            assert card.fields["cost"] == RULEBOOK_COSTS[kind], card.id
            assert "cost" not in card.assumed, card.id
        else:
            assert ("cost" in card.assumed, card.fields["cost"]) == (True, 0), card.id
