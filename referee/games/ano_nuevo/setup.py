"""Año Nuevo's setup (AN-1 … AN-4): the Prey and Harem decks, the seals, the tracker on 2, and
the Location cards turned over one by one (`location CARD`)."""

from __future__ import annotations

from pnpkit.referee.api import (
    ACCEPTED,
    Deck,
    LotHand,
    Lots,
    Move,
    Pile,
    Setup,
    Table,
    Verdict,
    evolve,
    refuse,
)
from pnpkit.referee.games.ano_nuevo.data import data_of
from pnpkit.referee.games.ano_nuevo.state import (
    HAREM_DECK,
    HAREM_DISCARD,
    LOCATION,
    PREY_DECK,
    PREY_DISCARD,
    SEAL_PILES,
    UNSEEN,
    AnoNuevo,
    Seal,
    beach_of,
    pile_of,
)


def initial(setup: Setup) -> AnoNuevo:
    """The table before any Location card is turned over: a shuffled Prey deck (at the table
    one lot of unseen cards, AN-65; in digital mode known to the referee), the Harem deck."""
    data = data_of(setup.game)
    harem = Deck.of(c for c, n in data.harem_copies.items() for _ in range(n))
    if setup.digital:
        lots, prey = Lots(), tuple(sorted(c for c, n in data.prey_copies.items() for _ in range(n)))
    else:
        lots, tag = Lots.of(data.prey_copies)
        prey = (tag,) * sum(data.prey_copies.values())
    seals = {pile_of(kind, p): LotHand(seen_by=(p,)) for p in setup.players for kind in SEAL_PILES}
    blocks = {PREY_DECK: LotHand(prey), PREY_DISCARD: LotHand(public=True), UNSEEN: lots}
    return AnoNuevo(
        step=LOCATION,
        tracker=data.tracker_start,
        seals=tuple(Seal() for _ in setup.players),
        table=Table.of({**blocks, HAREM_DECK: harem, HAREM_DISCARD: Pile(), **seals}),
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
    """AN-2: the next Location, numbered in turn, with no Harem card yet (its block after the
    others', before the seals')."""
    blocks = state.table.blocks
    at = len(blocks) - len(SEAL_PILES) * len(setup.players)
    table = Table((*blocks[:at], (beach_of(len(state.places)), Pile()), *blocks[at:]))
    return evolve(state, places=(*state.places, move["card"]), table=table)
