"""Component definitions: the bundled games, their schemas, and the loader that validates them."""

from pnpkit.components.catalog import bundled_game_ids, resolve_game
from pnpkit.components.loader import load_game
from pnpkit.components.model import Component, Game, Group

__all__ = ["Component", "Game", "Group", "bundled_game_ids", "load_game", "resolve_game"]
