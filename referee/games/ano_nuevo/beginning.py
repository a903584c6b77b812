"""The Beginning of Turn (AN-5 … AN-8): the tracker moves up; back on 1, the Harem cards on the
Locations are replaced (`flip CARD`, one at a time); the first five turns are only the Hunt."""

from __future__ import annotations

from pnpkit.referee.api import ACCEPTED, Deck, Move, Pile, Setup, Verdict, evolve, refuse
from pnpkit.referee.games.ano_nuevo.data import Data, data_of
from pnpkit.referee.games.ano_nuevo.hunt import start_hunt
from pnpkit.referee.games.ano_nuevo.state import (
    FILL,
    HAREM_DECK,
    HAREM_DECK_AT,
    HAREM_DISCARD,
    HAREM_DISCARD_AT,
    TRAVEL,
    AnoNuevo,
    added,
    beach_of,
)


def begin_turn(setup: Setup, state: AnoNuevo) -> AnoNuevo:
    """AN-5, AN-6, AN-8."""
    data = data_of(setup.game)
    tracker = data.tracker_first if state.tracker == data.tracker_last else state.tracker + 1
    new_turn = {"turn": state.turn + 1, "tracker": tracker, "moved": (), "mating": None}
    if tracker == data.tracker_first:
        beaches = [beach_of(n) for n in range(len(state.places))]
        on_beaches = [c for beach in beaches for c in state.table[beach].cards]
        discard = Pile(added(state.table[HAREM_DISCARD].cards, *on_beaches))
        table = state.table.put_all({HAREM_DISCARD: discard, **{b: Pile() for b in beaches}})
        return evolve(state, **new_turn, step=FILL, fill=0, dealt=True, table=table)
    if state.dealt:
        return evolve(state, **new_turn, step=TRAVEL)
    return start_hunt(setup, evolve(state, **new_turn))


def next_fill(setup: Setup, state: AnoNuevo, data: Data) -> AnoNuevo | None:
    """AN-6, AN-7: on past each Location that is full (every one once no Harem card is left),
    then Travel; None while a card is to be turned up."""
    places, fill = state.places, state.fill
    cards_left = state.harem_left()
    while fill < len(places) and (
        not cards_left or len(state.beach(fill)) >= data.capacity[places[fill]]
    ):
        fill += 1
    if fill == len(places):
        return evolve(state, fill=fill, step=TRAVEL)
    return None if fill == state.fill else evolve(state, fill=fill)


def check_flip(setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
    """AN-71: the card turned up must be in the Harem deck (or its discard, reshuffled: AN-7)."""
    source = state.harem_left()
    if move["card"] not in source:
        left = ", ".join(sorted(set(source))) or "none"
        return refuse("AN-71", f"{move['card']} cannot be turned up: the Harem deck has {left}")
    return ACCEPTED


def apply_flip(setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
    """A Harem card onto the Location being filled (AN-6) or mated on (a Matron's, AN-60)."""
    card, table, mating = move["card"], state.table, state.mating
    deck, blocks = table.blocks[HAREM_DECK_AT][1], {}
    if not deck.count:
        deck, blocks[HAREM_DISCARD] = Deck.of(table.blocks[HAREM_DISCARD_AT][1].cards), Pile()
    if state.step == FILL:
        place = state.fill
    else:  # a Matron's, while Mating
        assert mating is not None
        place, mating = mating.place, evolve(mating, flips=mating.flips - 1)
    blocks[HAREM_DECK] = deck.take(card)
    blocks[beach_of(place)] = Pile(added(state.beach(place), card))
    return evolve(state, table=table.put_all(blocks), mating=mating)
