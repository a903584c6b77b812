"""Gentoo's table read and arranged by seat, for tests: the state keeps its cards and tokens on
the kit's blocks by name (state.py), and the tests read a player's area, the middle piles and
the supplies as the rulebook speaks of them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from pnpkit.components import load_game
from pnpkit.referee.api import Pile, Pool, Setup, Turn, evolve
from pnpkit.referee.games.gentoo import RULES
from pnpkit.referee.games.gentoo.state import (
    BOX,
    CHOICES,
    DISCARD_PILE,
    DRAW_PILE,
    PLAY,
    SUPPLY,
    Catalog,
    GentooState,
)

GAME = load_game("gentoo")
CAT = Catalog.of(GAME)
NAMES = ("Ann", "Bob", "Cy", "Dee")
TOKEN = {"stones": CAT.stone, "fish": CAT.fish, "penguins": CAT.penguin}
"""Each token a player holds, by the field of `Seat` that counts it."""


def pool(counts: Mapping[str, int]) -> Pool:
    """The pool holding `counts` of each piece (none of a piece counted 0)."""
    return Pool().holding(tuple(Counter(counts).elements()))


@dataclass(frozen=True)
class Seat:
    """One player's area: Player Pile, Cards in Play, Used Pile and tokens."""

    pile: Pool
    in_play: tuple[str, ...]
    used: tuple[str, ...]
    stones: int
    fish: int
    penguins: int = 0


def seat(state: GentooState, n: int) -> Seat:
    """The area of the player in seat `n`."""
    tokens = state.tokens(n)
    counts = {field: tokens[piece] for field, piece in TOKEN.items()}
    return Seat(state.pile(n), state.in_play(n), state.used(n), **counts)


def seats(state: GentooState) -> list[Seat]:
    """Every player's area in seat order."""
    return [seat(state, n) for n in range(len(state.areas))]


def current(state: GentooState) -> Seat:
    """The area of the player whose turn it is."""
    return seat(state, state.seat)


def choice(state: GentooState) -> tuple[str, ...]:
    return state.cards(CHOICES)


def discard(state: GentooState) -> tuple[str, ...]:
    return state.cards(DISCARD_PILE)


def draw_pile(state: GentooState) -> Pool:
    return state.table[DRAW_PILE]  # type: ignore[no-any-return]


def box(state: GentooState) -> Pool:
    return state.table[BOX]  # type: ignore[no-any-return]


def supply(state: GentooState, icon: str) -> int:
    """The tokens left in a supply ("nesting-stone", "penguin", "fish")."""
    return state.table[SUPPLY[icon]][CAT.token(icon).id]  # type: ignore[no-any-return]


def middle(
    state: GentooState,
    draw: Pool | None = None,
    discarded: tuple[str, ...] | None = None,
    boxed: Pool | None = None,
) -> GentooState:
    """The same table with the Draw Pile, the Discard Pile or the box changed."""
    blocks: dict[str, Pool | Pile] = {}
    if draw is not None:
        blocks[DRAW_PILE] = draw
    if discarded is not None:
        blocks[DISCARD_PILE] = Pile(discarded)
    if boxed is not None:
        blocks[BOX] = boxed
    return state.put(blocks)


def arrange(
    setup: Setup, step: str = PLAY, turn: int = 0, choice: tuple[str, ...] = (), **areas: dict
) -> GentooState:
    """A table at `step` with Ann's (Bob's …) areas as given; every other card stays in the piles.

    `areas` maps a lower-case name to `Seat` fields; `pile` may be a tuple of cards.
    """
    table = RULES.initial(setup)
    found = seats(table)
    for name, fields in areas.items():
        at = NAMES.index(name.capitalize())
        if isinstance(fields.get("pile"), tuple):
            fields = {**fields, "pile": Pool().holding(fields["pile"])}
        found[at] = evolve(found[at], **fields)
    placed = Counter(choice)
    for p in found:
        placed += Counter(dict(p.pile.counts)) + Counter(p.in_play) + Counter(p.used)
    everything = Counter({c.id: c.count for c in CAT.cards.values()})
    left = everything - placed
    snow_left = left.pop(CAT.snow, 0)
    blocks: dict[str, Pool | Pile] = {
        DRAW_PILE: pool(left),
        CHOICES: Pile(tuple(choice)),
        BOX: pool({CAT.snow: snow_left}),
    }
    for icon, field in (("nesting-stone", "stones"), ("fish", "fish"), ("penguin", "penguins")):
        held = sum(getattr(p, field) for p in found)
        blocks[SUPPLY[icon]] = pool({CAT.token(icon).id: CAT.token(icon).count - held})
    for area, p in zip(table.areas, found, strict=False):
        blocks[area.pile] = p.pile
        blocks[area.in_play] = Pile(p.in_play)
        blocks[area.used] = Pile(p.used)
        blocks[area.tokens] = pool({TOKEN[f]: getattr(p, f) for f in TOKEN})
    return evolve(table.put(blocks), turn=Turn(turn, step, 1), first=0)
