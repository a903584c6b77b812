"""Gentoo's table as data (`Rules.table`): Choice Cards, the middle piles, each player's area."""

from __future__ import annotations

from typing import Any

from pnpkit.referee.games.gentoo_table import Table
from pnpkit.referee.rules import Setup
from pnpkit.referee.table_data import cards


def gentoo_zones(setup: Setup, state: Table) -> dict[str, Any]:
    """Everything face up, for every viewer alike (face-down piles only counted): the Choice
    Cards, the Draw and Discard Piles, the direction of play, the supplies, and each player's
    cards in play, Used Pile, Player Pile size, penguins, nesting stones and fish."""
    return {
        "choice": cards(setup.game, state.choice),
        "draw_pile": len(state.draw_pile),
        "discard": cards(setup.game, state.discard),
        "direction": "seat order" if state.direction > 0 else "reverse seat order",
        "supply": {
            "nesting_stones": state.stones_left,
            "penguins": state.penguin_supply,
            "fish": state.fish_supply,
        },
        "seats": [
            {
                "player": name,
                "in_play": cards(setup.game, player.in_play),
                "used": cards(setup.game, player.used),
                "pile": len(player.pile),
                "penguins": player.penguins,
                "nesting_stones": player.stones,
                "fish": player.fish,
            }
            for name, player in zip(setup.players, state.players, strict=True)
        ],
    }
