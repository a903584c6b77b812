"""Component definitions: the bundled games, their schemas, and the loader that validates them.

Importing this package is cheap: JSON Schema validation (and jsonschema itself) is loaded only
when a game is not in the cache of validated games.
"""

from __future__ import annotations

from pathlib import Path

from pnpkit.components import cache
from pnpkit.components.catalog import bundled_game_ids, resolve_game
from pnpkit.components.model import Component, Game, Group

__all__ = ["Component", "Game", "Group", "bundled_game_ids", "load_game", "resolve_game"]


def load_game(name_or_dir: str | Path) -> Game:
    """Load and validate a bundled game (by ID) or a game directory; DefinitionError lists all."""
    directory = resolve_game(name_or_dir)
    key = cache.digest(directory)
    cached = cache.read(key, directory)
    if cached is not None:
        return cached
    from pnpkit.components.loader import validate_game

    game = validate_game(directory)
    cache.write(key, game)
    return game
