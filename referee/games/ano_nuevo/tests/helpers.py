"""Año Nuevo's state as its tests read and build it: each seal's Prey cards and the Prey deck and
discard pile are blocks of the table, read by name (`pile_of`)."""

from __future__ import annotations

from dataclasses import replace

from pnpkit.referee.engine.rules import Setup
from pnpkit.referee.games.ano_nuevo.state import (
    ASIDE,
    HAND,
    POOL_CARDS,
    PREY_DECK,
    PREY_DISCARD,
    AnoNuevo,
    pile_of,
)


def hand(state: AnoNuevo, player: str) -> tuple[str, ...]:
    return state.table[pile_of(HAND, player)].items


def aside(state: AnoNuevo, player: str) -> tuple[str, ...]:
    return state.table[pile_of(ASIDE, player)].items


def pool(state: AnoNuevo, player: str) -> tuple[str, ...]:
    return state.table[pile_of(POOL_CARDS, player)].items


def deck(state: AnoNuevo) -> tuple[str, ...]:
    return state.table[PREY_DECK].items  # type: ignore[no-any-return]


def discard(state: AnoNuevo) -> tuple[str, ...]:
    return state.table[PREY_DISCARD].items  # type: ignore[no-any-return]


def with_hand(state: AnoNuevo, player: str, items: tuple[str, ...]) -> AnoNuevo:
    """The state with `player`'s hand holding `items` (sorted)."""
    held = replace(state.table[pile_of(HAND, player)], items=tuple(sorted(items)))
    return put(state, {pile_of(HAND, player): held})


def with_seal(setup: Setup, state: AnoNuevo, player: str, **changes: object) -> AnoNuevo:
    """The state with `player`'s seal changed by `changes` (`hand=` its hand's cards)."""
    if "hand" in changes:
        state = with_hand(state, player, changes.pop("hand"))  # type: ignore[arg-type]
    i = setup.players.index(player)
    seal = replace(state.seals[i], **changes)
    return replace(state, seals=(*state.seals[:i], seal, *state.seals[i + 1 :]))


def put(state: AnoNuevo, blocks: dict[str, object]) -> AnoNuevo:
    """The state with the table's `blocks` replaced."""
    return replace(state, table=state.table.put_all(blocks))  # type: ignore[arg-type]
