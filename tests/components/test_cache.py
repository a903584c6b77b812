"""The cache of validated games gives back exactly what validation loaded, and is keyed by the
files' bytes, so an edited game is validated again."""

import shutil
from pathlib import Path

import pytest

from pnpkit.components import bundled_game_ids, cache, load_game
from pnpkit.components.catalog import GAMES_DIR
from pnpkit.components.loader import validate_game
from pnpkit.errors import DefinitionError


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("PNPKIT_CACHE_DIR", str(folder))
    monkeypatch.delenv("PNPKIT_NO_CACHE", raising=False)
    return folder


@pytest.mark.parametrize("game_id", bundled_game_ids())
def test_cached_game_equals_the_validated_one(game_id: str, private_cache: Path) -> None:
    fresh = validate_game(GAMES_DIR / game_id)
    load_game(game_id)  # validates and fills the cache
    assert len(list(private_cache.glob("*.json"))) == 1
    cached = load_game(game_id)
    assert cached == fresh
    assert cached.data_hash() == fresh.data_hash()
    assert [c.source for c in cached.components()] == [c.source for c in fresh.components()]


def test_an_edited_game_is_validated_again(tmp_path: Path) -> None:
    game = tmp_path / "gentoo"
    shutil.copytree(GAMES_DIR / "gentoo", game)
    key = cache.digest(game)
    load_game(game)
    manifest = game / "game.json"
    manifest.write_text(manifest.read_text().replace('"max": 4', '"max": "four"'))
    assert cache.digest(game) != key
    with pytest.raises(DefinitionError, match="expected integer"):
        load_game(game)


def test_caching_can_be_turned_off(monkeypatch: pytest.MonkeyPatch, private_cache: Path) -> None:
    monkeypatch.setenv("PNPKIT_NO_CACHE", "1")
    load_game("gentoo")
    assert not private_cache.exists()
