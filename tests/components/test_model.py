"""The loaded model: IDs, lookups, immutability and the data hash."""

import pytest

from pnpkit.components import bundled_game_ids, load_game


@pytest.mark.parametrize("game_id", bundled_game_ids())
def test_every_bundled_game_validates(game_id: str) -> None:
    game = load_game(game_id)
    assert game.id == game_id
    ids = [c.id for c in game.components()]
    assert len(ids) == len(set(ids))
    assert all(i.startswith(game.prefix + "-") for i in ids)


def test_lookup_is_case_insensitive() -> None:
    game = load_game("gentoo")
    assert game.component("ge-snw") is game.component("GE-SNW")
    assert game.component("GE-NOPE") is None


def test_fields_are_read_only() -> None:
    card = load_game("gentoo").component("GE-SKU")
    with pytest.raises(TypeError):
        card.fields["cost"] = 9  # type: ignore[index]


def test_data_hash_is_stable_across_loads() -> None:
    assert load_game("gentoo").data_hash() == load_game("gentoo").data_hash()


def test_gentoo_counts() -> None:
    game = load_game("gentoo")
    cards = game.group("cards")
    assert cards.total == 90
    by_type: dict[str, int] = {}
    for card in cards.components:
        by_type[card.fields["type"]] = by_type.get(card.fields["type"], 0) + card.count
    assert len(by_type) == 11
    assert by_type["snow"] >= 6 * game.players_max
    tokens = {c.fields["icon"]: c.count for c in game.group("tokens").components}
    assert tokens == {"nesting-stone": 12, "penguin": 20, "fish": 20}
    assert 3 * game.players_max <= tokens["nesting-stone"]
