"""Alpina's table as data (`Rules.table`): the grid with its hikers, hands and the draw pile."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnpkit.referee.games import alpina_grid as grid
from pnpkit.referee.moves import space_name
from pnpkit.referee.rules import Setup
from pnpkit.referee.table_data import card, hand, sees

if TYPE_CHECKING:
    from pnpkit.referee.games.alpina import Alpina


def alpina_zones(
    setup: Setup, state: Alpina, colours: tuple[str, ...], viewer: str | None
) -> dict[str, Any]:
    """The cards on the grid (space, card, hiker colour), each seat's hand (AL-3: counted for
    the others) and hikers left, and the draw pile's size."""
    placed = []
    for space, card_id in enumerate(state.cards):
        if card_id is None:
            continue
        column, row = grid.column_row(space)
        hiker = state.hikers[space]
        placed.append(
            {
                "space": space_name(column, row),
                "card": card(setup.game, card_id),
                "hiker": None if hiker is None else colours[hiker],
            }
        )
    seats = [
        {
            "player": player,
            "colour": colours[seat],
            "hand": hand(
                setup.game, state.hand_sizes[seat], sorted(state.known[seat]), sees(viewer, player)
            ),
            "hikers_left": state.hikers_left[seat],
        }
        for seat, player in enumerate(setup.players)
    ]
    return {"grid": placed, "seats": seats, "draw_pile": state.deck_size(), "placed": state.placed}
