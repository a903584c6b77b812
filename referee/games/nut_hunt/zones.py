"""Nut Hunt's table as data (`Rules.table`): the forest with its pieces, and each seat."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnpkit.referee.api import Setup, card, cards, hand, sees
from pnpkit.referee.games.nut_hunt import forest
from pnpkit.referee.games.nut_hunt.data import data_of
from pnpkit.referee.games.nut_hunt.seats import colours as seat_colours
from pnpkit.referee.games.nut_hunt.seats import seat_names

if TYPE_CHECKING:
    from pnpkit.referee.games.nut_hunt.state import Hunt


def _by_colour(counts: tuple[int, ...], colours: tuple[str, ...]) -> dict[str, int]:
    return {colours[seat]: n for seat, n in enumerate(counts) if n}


def nut_hunt_zones(setup: Setup, state: Hunt, viewer: str | None) -> dict[str, Any]:
    """The tiles laid (space in reading order, row and place in it from 1, axial q and r, the
    fox, squirrels and nests by colour), each seat (the Automa's too) with nests, nuts and
    objectives (NH-3: the others' only counted), and the objective deck's size."""
    colours, names = seat_colours(setup), seat_names(setup)
    data = data_of(setup.game)
    laid = []
    for space, tile in enumerate(state.layout):
        row, column = forest.row_column(space)
        q, r = forest.coordinates()[space]
        laid.append(
            {
                "space": space + 1,
                "row": row + 1,
                "column": column + 1,
                "q": q,
                "r": r,
                "tile": card(setup.game, tile),
                "fox": space == state.fox,
                "squirrels": _by_colour(state.squirrels[space], colours),
                "nests": _by_colour(state.nests[space], colours),
            }
        )
    seats = []
    for seat, name in enumerate(names):
        entry: dict[str, Any] = {
            "player": name,
            "colour": colours[seat],
            "nests": state.nest_total(seat),
        }
        if seat < len(state.nuts):
            entry["nuts"] = dict(zip(data.nut_types, state.nuts[seat], strict=True))
            held = state.hands[seat]
            entry["objectives"] = hand(setup.game, len(held), held.known, sees(viewer, name))
        else:
            automa = state.automa("hand").cards
            entry["objectives"] = {"count": len(automa), "cards": cards(setup.game, automa)}
        seats.append(entry)
    return {
        "forest": laid,
        "tiles_laid": len(state.layout),
        "seats": seats,
        "objective_deck": state.deck_size,
        "last": state.note,
    }
