"""What a rules module reads from a game's component data, read once per loaded game: the rules
ask for it at every move, and a simulation plays thousands of games of one loaded game."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

from pnpkit.components.model import Game

Facts = TypeVar("Facts")


def per_game(read: Callable[[Game], Facts]) -> Callable[[Game], Facts]:
    """`read(game)`, kept for as long as that loaded game lives (another game object, even of
    the same data, is read again)."""
    known: dict[int, tuple[Game, Facts]] = {}
    last_game: Game | None = None
    last_facts: Facts

    @functools.wraps(read)
    def facts(game: Game) -> Facts:
        nonlocal last_game, last_facts
        if game is last_game:  # the game of the last call: almost every call
            return last_facts
        found = known.get(id(game))
        if found is None or found[0] is not game:
            found = known[id(game)] = (game, read(game))
        last_game, last_facts = found
        return last_facts

    return facts
