"""Año Nuevo's setup (AN-1 … AN-4): the Prey and Harem decks, the seals, the tracker on 2, and
the Location cards turned over one by one (`location CARD`)."""

from __future__ import annotations

from pnpkit.referee.api import ACCEPTED, Deck, Move, Pile, Setup, Table, Verdict, evolve, refuse
from pnpkit.referee.games.ano_nuevo import prey_cards as cards
from pnpkit.referee.games.ano_nuevo.data import data_of
from pnpkit.referee.games.ano_nuevo.state import (
    HAREM_DECK,
    HAREM_DISCARD,
    LOCATION,
    AnoNuevo,
    Seal,
    beach_of,
)


def initial(setup: Setup) -> AnoNuevo:
    """The table before any Location card is turned over."""
    data = data_of(setup.game)
    harem = Deck.of(c for c, n in data.harem_copies.items() for _ in range(n))
    return AnoNuevo(
        step=LOCATION,
        tracker=data.tracker_start,
        seals=tuple(Seal() for _ in setup.players),
        prey=cards.new_prey(data.prey_copies, setup.digital),
        table=Table.of({HAREM_DECK: harem, HAREM_DISCARD: Pile()}),
    )


def check_location(setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
    """AN-2: a Location card not yet in play."""
    card = move["card"]
    if card not in data_of(setup.game).locations:
        return refuse("AN-2", f"{card} is not a Location card")
    if card in state.places:
        return refuse("AN-2", f"{card} is already in play")
    return ACCEPTED


def apply_location(setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
    """AN-2: the next Location, numbered in turn, with no Harem card yet."""
    table = Table.of({**dict(state.table.blocks), beach_of(len(state.places)): Pile()})
    return evolve(state, places=(*state.places, move["card"]), table=table)
