"""The cache of validated games gives back exactly what validation loaded, and is keyed by all it
depends on (the files' bytes and place, the schemas, the loading code), so that nothing stale is
ever given back."""

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pnpkit.components import bundled_game_ids, cache, load_game
from pnpkit.components.catalog import GAMES_DIR
from pnpkit.components.loader import validate_game
from pnpkit.errors import DefinitionError

FIXTURES = Path(__file__).parent / "fixtures"


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


@pytest.mark.parametrize("place", [".drafts/lamps", "home/.something/lamps", "a/b/.c/d/lamps"])
def test_a_game_under_a_hidden_folder_is_keyed_by_its_own_files(tmp_path: Path, place: str) -> None:
    game = tmp_path / place
    shutil.copytree(FIXTURES / "tiny-csv", game)
    assert next(c.name for c in load_game(game).components()) == "Sun One"
    deck = game / "cards.csv"
    deck.write_text(deck.read_text().replace("Sun One", "Sun Uno"))
    assert next(c.name for c in load_game(game).components()) == "Sun Uno"


def test_hidden_files_of_the_game_are_in_the_key(tmp_path: Path) -> None:
    game = tmp_path / "lamps"
    shutil.copytree(FIXTURES / "tiny-csv", game)
    (game / ".deck").mkdir()
    (game / ".deck" / "cards.csv").write_text((game / "cards.csv").read_text())
    key = cache.digest(game)
    (game / ".deck" / "cards.csv").write_text("id,name\n")
    assert cache.digest(game) != key


def test_repointing_a_symlink_changes_the_key(tmp_path: Path) -> None:
    game = tmp_path / "lamps"
    shutil.copytree(FIXTURES / "tiny-csv", game)
    shutil.copy(game / "cards.csv", game / "other.csv")
    (game / "deck.csv").symlink_to("cards.csv")
    key = cache.digest(game)
    (game / "deck.csv").unlink()
    (game / "deck.csv").symlink_to("other.csv")
    assert cache.digest(game) != key


def test_an_entry_whose_checksum_does_not_match_is_ignored(private_cache: Path) -> None:
    load_game("gentoo")
    (entry,) = private_cache.glob("*.json")
    text = entry.read_text(encoding="utf-8")
    assert text.split("\n", 1)[0] == hashlib.sha256(text.split("\n", 1)[1].encode()).hexdigest()
    real = next(load_game("gentoo").components()).name
    entry.write_text(text.replace(json.dumps(real), json.dumps("Forged")), encoding="utf-8")
    assert next(load_game("gentoo").components()).name == real


def test_a_pipe_in_the_game_folder_is_left_out_of_the_key(tmp_path: Path) -> None:
    game = tmp_path / "tiny"
    shutil.copytree(Path(__file__).parent / "fixtures" / "tiny-csv", game)
    os.mkfifo(game / "notes.pipe")
    done = subprocess.run(
        [sys.executable, "-m", "pnpkit", "validate", str(game)],
        capture_output=True, text=True, timeout=60, check=False,
        env={**os.environ, "PNPKIT_CACHE_DIR": str(tmp_path / "cache")},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
