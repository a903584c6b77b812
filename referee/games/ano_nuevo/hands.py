"""Prey cards drawn (AN-45, AN-46: the discard pile reshuffled when the deck runs out) and shown
from a seal's hand (AN-15, AN-40, AN-55, AN-66): whether the card could be there, and its discard
to the Prey discard pile. At the table the referee knows unseen cards as lots (`Lots`)."""

from __future__ import annotations

from typing import Any

from pnpkit.referee.api import ACCEPTED, LotHand, Setup, Table, Verdict, evolve, refuse
from pnpkit.referee.games.ano_nuevo.data import data_of
from pnpkit.referee.games.ano_nuevo.state import (
    HAND,
    PREY_DECK,
    PREY_DECK_AT,
    PREY_DISCARD,
    PREY_DISCARD_AT,
    UNSEEN,
    UNSEEN_AT,
    AnoNuevo,
    pile_of,
)


def check_shown(setup: Setup, state: AnoNuevo, player: str, card: str, rule: str) -> Verdict:
    """A card `player` shows must be a Prey card that hand holds (or, at the table, could)."""
    if card not in data_of(setup.game).prey_copies:
        return refuse(rule, f"{card} is not a Prey card")
    if not state.lots.can_show(state.hand(setup, player), card):
        if setup.digital:
            return refuse(rule, f"{player} does not hold {card}")
        return refuse("AN-66", f"{player} cannot hold {card}: every copy is accounted for")
    return ACCEPTED


def discard(setup: Setup, state: AnoNuevo, player: str, card: str, **changes: Any) -> AnoNuevo:
    """`player` discards a shown `card` from the hand (and other fields change by `changes`)."""
    table, name = state.table, pile_of(HAND, player)
    hand: LotHand = table[name]
    lots, item = state.lots.show(hand.items, card)
    pile = table.blocks[PREY_DISCARD_AT][1].add(card)
    blocks = {UNSEEN: lots, name: hand.without(item), PREY_DISCARD: pile}
    return evolve(state, table=table.put_all(blocks), **changes)


def draw(table: Table, into: str, card: str | None = None) -> tuple[Table, str | None]:
    """One Prey card drawn into the block `into` (`card` names it in digital mode, else it is
    unseen: a lot tag); the discard pile is shuffled into a new deck first if the deck is empty
    (at the table, a new lot); None when no card is left anywhere."""
    deck: LotHand = table.blocks[PREY_DECK_AT][1]
    if not deck.items:
        pile: LotHand = table.blocks[PREY_DISCARD_AT][1]
        if not pile.items:
            return table, None
        lots = table.blocks[UNSEEN_AT][1]
        if lots:
            lots, tag = lots.reshuffled(pile.items)
            deck = LotHand((tag,) * len(pile))
        else:
            deck = LotHand(pile.items)
        table = table.put_all({UNSEEN: lots, PREY_DISCARD: pile.emptied(), PREY_DECK: deck})
    item = deck.items[0] if card is None else card
    return table.carry((item, PREY_DECK, into)), item
