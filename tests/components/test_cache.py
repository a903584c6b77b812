"""The cache of validated games gives back exactly what validation loaded, and is keyed by all it
depends on (the files' bytes and place, the schemas, the loading code), so that nothing stale is
ever given back."""

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


def test_a_copy_elsewhere_has_its_own_entry_naming_its_own_files(tmp_path: Path) -> None:
    copy = tmp_path / "arctic"
    shutil.copytree(GAMES_DIR / "arctic", copy)
    assert cache.digest(copy) != cache.digest(GAMES_DIR / "arctic")
    load_game("arctic")
    for game, folder in ((load_game(copy), copy), (load_game("arctic"), GAMES_DIR / "arctic")):
        assert all(c.source.startswith(str(folder)) for c in game.components())


def test_a_change_to_the_loading_code_gives_new_keys(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code = tmp_path / "code"
    shutil.copytree(cache.CODE_DIR, code, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(cache, "CODE_DIR", code)
    cache.code_digest.cache_clear()
    before = cache.digest(GAMES_DIR / "gentoo")
    loader = code / "loader.py"
    loader.write_text(loader.read_text() + "\n# a change\n")
    cache.code_digest.cache_clear()
    try:
        assert cache.digest(GAMES_DIR / "gentoo") != before
    finally:
        monkeypatch.undo()
        cache.code_digest.cache_clear()


@pytest.mark.parametrize("entry", ["{}", '{"manifest": {}, "groups": [{"id": 1}]}', "[1]", "\x00"])
def test_a_damaged_entry_is_a_miss(entry: str, private_cache: Path) -> None:
    key = cache.digest(GAMES_DIR / "gentoo")
    private_cache.mkdir()
    (private_cache / f"{key}.json").write_text(entry)
    assert load_game("gentoo") == validate_game(GAMES_DIR / "gentoo")


def test_caching_can_be_turned_off(monkeypatch: pytest.MonkeyPatch, private_cache: Path) -> None:
    monkeypatch.setenv("PNPKIT_NO_CACHE", "1")
    load_game("gentoo")
    assert not private_cache.exists()
