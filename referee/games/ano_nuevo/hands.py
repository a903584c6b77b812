"""Prey cards shown from a seal's hand (AN-15, AN-40, AN-55, AN-66): whether the card could be
there, and its discard to the Prey discard pile."""

from __future__ import annotations

from typing import Any

from pnpkit.referee.api import ACCEPTED, Setup, Verdict, evolve, refuse
from pnpkit.referee.games.ano_nuevo import prey_cards as cards
from pnpkit.referee.games.ano_nuevo.data import data_of
from pnpkit.referee.games.ano_nuevo.state import AnoNuevo


def check_shown(setup: Setup, state: AnoNuevo, player: str, card: str, rule: str) -> Verdict:
    """A card `player` shows must be a Prey card that hand holds (or, at the table, could)."""
    if card not in data_of(setup.game).prey_copies:
        return refuse(rule, f"{card} is not a Prey card")
    hand = state.seal(setup, player).hand
    if not cards.can_show(state.prey, hand, card):
        if setup.digital:
            return refuse(rule, f"{player} does not hold {card}")
        return refuse("AN-66", f"{player} cannot hold {card}: every copy is accounted for")
    return ACCEPTED


def discard(setup: Setup, state: AnoNuevo, player: str, card: str, **changes: Any) -> AnoNuevo:
    """`player` discards a shown `card` from the hand (and other fields change by `changes`)."""
    seal = state.seal(setup, player)
    prey, hand = cards.show(state.prey, seal.hand, card)
    prey = evolve(prey, discard=cards.added(prey.discard, card))
    return state.with_seal(setup, player, evolve(seal, hand=hand), prey=prey, **changes)
