"""Who sits where (NH-4, NH-34): the players' seats, the Automa's seat in solo play, the seats'
colours and names, and the laid-out forest's tiles by space.

Seats are numbered in seat order; in solo play the Automa is the seat after the player.
"""

from __future__ import annotations

from collections.abc import Mapping

from pnpkit.referee.api import Setup
from pnpkit.referee.games.nut_hunt.data import data_of
from pnpkit.referee.games.nut_hunt.state import Hunt

AUTOMA = "Automa"
DIFFICULTY = {"standard": 2, "advanced": 3, "expert": 4}
"""The Automa's starting objectives at each solo difficulty (NH-34)."""


def solo(setup: Setup) -> bool:
    """One player, against the Automa."""
    return len(setup.players) == 1


def seats(setup: Setup) -> int:
    """The seats at the table, the Automa's included."""
    return len(setup.players) + (len(setup.players) == 1)


def automa(setup: Setup) -> int | None:
    """The Automa's seat, or None when there is no Automa."""
    return 1 if len(setup.players) == 1 else None


def seat_of(setup: Setup, player: str) -> int:
    """The seat of `player`; -1 for any other name (the shared screen)."""
    return setup.players.index(player) if player in setup.players else -1


def seat_names(setup: Setup) -> tuple[str, ...]:
    """Every seat's name, in seat order."""
    return tuple(setup.players) + ((AUTOMA,) if solo(setup) else ())


def level(options: Mapping[str, str]) -> str:
    """The solo difficulty, whatever its case and spacing."""
    return options.get("difficulty", "standard").strip().lower()


def chosen(options: Mapping[str, str]) -> list[str]:
    """The colours chosen with -o colours=…, in seat order, whatever their case."""
    return [c.strip().lower() for c in options.get("colours", "").split(",")]


def competitive(setup: Setup) -> bool:
    """The competitive variant (NH-33)."""
    return setup.variant == "competitive"


def colours(setup: Setup) -> tuple[str, ...]:
    """Each seat's colour: chosen, else the first free one in box order with the Automa's
    colour last; the Automa plays its own colour unless someone else has it."""
    data = data_of(setup.game)
    picked = [c for c in chosen(setup.options) if c][: seats(setup)]
    box = sorted(data.colours, key=lambda c: c == data.automa_colour)
    for seat in range(len(picked), seats(setup)):
        free = [c for c in box if c not in picked]
        own = seat == automa(setup) and data.automa_colour in free
        picked.append(data.automa_colour if own else free[0])
    return tuple(picked)


def space(state: Hunt, tile: str) -> int:
    """The space a laid tile lies on."""
    return state.layout.index(tile)


def tile_id(state: Hunt, space: int | None) -> str:
    """The tile laid on a space."""
    assert space is not None
    return state.layout[space]


def tile_name(setup: Setup, state: Hunt, space: int) -> str:
    """The tile on a space in words: 'Willow (NH-WIL)'."""
    return data_of(setup.game).labels[state.layout[space]]


def frog(setup: Setup, state: Hunt) -> int:
    """The Frog Pond's space (NH-8)."""
    return space(state, data_of(setup.game).frog_pond)
