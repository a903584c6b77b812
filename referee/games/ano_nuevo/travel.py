"""Travel (AN-10 … AN-15): every seal's token revealed together (`travel NAME=N|ocean …`), then
the Prey card each traveller discards (`pay NAME CARD`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pnpkit.referee.api import ACCEPTED, LotHand, Move, Setup, Verdict, evolve, refuse
from pnpkit.referee.games.ano_nuevo.data import data_of
from pnpkit.referee.games.ano_nuevo.hands import check_shown, discard
from pnpkit.referee.games.ano_nuevo.roles import departures
from pnpkit.referee.games.ano_nuevo.state import (
    ASIDE,
    HAND,
    NONE,
    OCEAN,
    PAY,
    POOL_CARDS,
    PREY_DISCARD,
    AnoNuevo,
    pile_of,
)


def travel_options(setup: Setup, state: AnoNuevo, player: str) -> list[Any]:
    """AN-10 … AN-14: where one seal may go."""
    data = data_of(setup.game)
    seal = state.seal(setup, player)
    options: list[Any] = [OCEAN]
    prey = state.prey_count(setup, player)
    for index, location in enumerate(state.places):
        if index == seal.place or prey or data.free_arrival(location):
            options.append(index + 1)
    return options


def check_travel(setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
    """AN-10, AN-13: every seal at once, each to a Location in play (with a Prey card to pay, or
    free to reach) or to the Ocean."""
    data = data_of(setup.game)
    choices: Mapping[str, Any] = move["to"]
    missing = [p for p in setup.players if p not in choices]
    if missing:
        return refuse("AN-10", f"every seal travels at once: add {', '.join(missing)}")
    for player, where in choices.items():
        if where != OCEAN and not 1 <= where <= len(state.places):
            return refuse(
                "AN-10", f"{player}: no Location {where}; choose 1–{len(state.places)} or ocean"
            )
        seal = state.seal(setup, player)
        index = None if where == OCEAN else where - 1
        if (
            index is not None
            and index != seal.place
            and not data.free_arrival(state.places[index])
            and not state.prey_count(setup, player)
        ):
            return refuse(
                "AN-13",
                f"{player} has no Prey card, so may go to the Ocean but not to a Location",
            )
    return ACCEPTED


def apply_travel(setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
    """AN-11, AN-12, AN-14, AN-48: the seals move; who moved owes a Prey card unless free; a
    seal leaving the Ocean takes its set-aside cards into its hand and discards its Pool."""
    data = data_of(setup.game)
    seals, payers, moved, carried = list(state.seals), [], [], []
    pools: dict[str, LotHand] = {}
    for i, player in enumerate(setup.players):
        where = move["to"][player]
        index = None if where == OCEAN else where - 1
        seal = seals[i]
        if index == seal.place:
            continue
        moved.append(player)
        seals[i] = evolve(seal, place=index, role=NONE)
        if seal.place is None and index is not None:  # AN-48: leaving the Ocean
            pool, aside = pile_of(POOL_CARDS, player), pile_of(ASIDE, player)
            carried += [(c, pool, PREY_DISCARD) for c in state.table[pool].items]
            carried += [(c, aside, pile_of(HAND, player)) for c in state.table[aside].items]
            pools[pool] = LotHand(seen_by=(player,))
        free = index is not None and data.free_arrival(state.places[index])
        if state.prey_count(setup, player) and not free:  # its set-aside cards join its hand
            payers.append(player)
    moved = tuple(moved)
    table = state.table.carry(*carried).put_all(pools) if pools else state.table
    return evolve(
        state,
        table=table,
        seals=departures(setup, state, seals, moved),
        payers=tuple(payers),
        moved=moved,
        step=PAY,
    )


def check_pay(setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
    """AN-12, AN-15: a traveller who owes a card shows one its hand could hold."""
    if move["seal"] not in state.payers:
        return refuse("AN-12", f"{move['seal']} owes no Prey card for Travelling")
    return check_shown(setup, state, move["seal"], move["card"], "AN-15")


def apply_pay(setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
    """AN-12: the card is discarded."""
    payers = tuple(p for p in state.payers if p != move["seal"])
    return discard(setup, state, move["seal"], move["card"], payers=payers)
