"""What one seat cannot see, sampled again (`Rules.determinise`, for simulated players' search).

A seat sees the whole table (AN-68) but the other seals' Prey cards: their hands, the cards they
set aside and their Pools are only counted, and the Prey deck is face down. In digital mode
those cards, taken together, are the cards no seat has seen go elsewhere; they are shuffled with
`rng` and dealt back, each pile keeping its size, the rest forming the deck. The seat's own
cards, the Locations and Harem cards, the discard piles, the displayed counts and revealed cards
of a Fight, scores and roles are kept. The result is built from the sorted unseen cards, so it
depends on nothing the seat cannot see. At the table (no seed) the referee knows no hidden card
itself (unseen cards are lots, AN-65), so the state is already what every seat may know.
"""

from __future__ import annotations

import random

from pnpkit.referee.games.ano_nuevo import prey_cards as cards
from pnpkit.referee.games.ano_nuevo.state import AnoNuevo
from pnpkit.referee.immutable import evolve
from pnpkit.referee.rules import Setup

PILES = ("hand", "aside", "pool")
"""A seal's Prey cards that the other seats see only as counts."""


def determinise(setup: Setup, state: AnoNuevo, seat: str, rng: random.Random) -> AnoNuevo:
    """A state `seat` cannot tell from `state`: the other seals' Prey cards and the Prey deck
    dealt again from the cards `seat` has not seen."""
    if not setup.digital:
        return state
    others = [i for i, p in enumerate(setup.players) if p != seat]
    unseen = list(state.prey.deck)
    for i in others:
        for pile in PILES:
            unseen.extend(getattr(state.seals[i], pile))
    unseen.sort()
    rng.shuffle(unseen)
    seals = list(state.seals)
    for i in others:
        dealt = {}
        for pile in PILES:
            size = len(getattr(seals[i], pile))
            dealt[pile], unseen = cards.pile(unseen[:size]), unseen[size:]
        seals[i] = evolve(seals[i], **dealt)
    prey = evolve(state.prey, deck=cards.pile(unseen))
    return evolve(state, seals=tuple(seals), prey=prey)
