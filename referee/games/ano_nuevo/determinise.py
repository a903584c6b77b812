"""What one seat cannot see, sampled again (`Rules.determinise`, for simulated players' search).

The Prey cards hidden from a seat by `knowledge` (the other seals' hands, set-aside cards, Pools
but one it passed on, cards displayed face down, and the Prey deck) are shuffled with `rng` and
dealt back, each pile keeping its size, the rest forming the deck; everything else is kept. The
result is built from the sorted unseen cards, so it depends on nothing the seat cannot see. At
the table (no seed) the referee knows no hidden card itself (unseen cards are lots, AN-65), so
the state is already what every seat may know.

The engine derives the same from `knowledge` and `rebuild` (a test checks that both hide and keep
the same cards); this is written out because a search samples at every iteration: 20 µs a sample
against 290 µs derived (3 seals, mid-game). The face-down Harem deck is left as it is: it is a
sorted pile the referee draws from at random, so dealing it again changes nothing.
"""

from __future__ import annotations

import random

from pnpkit.referee.api import Setup, evolve
from pnpkit.referee.games.ano_nuevo import prey_cards as cards
from pnpkit.referee.games.ano_nuevo.state import AnoNuevo

PILES = ("hand", "aside", "pool")
"""A seal's Prey cards that the other seats see only as counts."""


def determinise(setup: Setup, state: AnoNuevo, seat: str, rng: random.Random) -> AnoNuevo:
    """A state `seat` cannot tell from `state`: the other seals' Prey cards and the Prey deck
    dealt again from the cards `seat` has not seen."""
    if not setup.digital:
        return state
    others = [i for i, p in enumerate(setup.players) if p != seat]
    piles = {
        i: [p for p in PILES if p != "pool" or state.seals[i].pool_from != seat] for i in others
    }
    contests = [c for c in state.contests if c.face_down]
    hidden = [(c, k) for c in contests for k, p in enumerate(c.seals) if p != seat]
    unseen = list(state.prey.deck)
    for i in others:
        for pile in piles[i]:
            unseen.extend(getattr(state.seals[i], pile))
    for contest, k in hidden:
        unseen.extend(contest.face_down[k])
    unseen.sort()
    rng.shuffle(unseen)
    seals = list(state.seals)
    for i in others:
        dealt = {}
        for pile in piles[i]:
            size = len(getattr(seals[i], pile))
            dealt[pile], unseen = cards.pile(unseen[:size]), unseen[size:]
        seals[i] = evolve(seals[i], **dealt)
    face_down = {id(c): list(c.face_down) for c in contests}
    for contest, k in hidden:
        size = len(contest.face_down[k])
        face_down[id(contest)][k], unseen = cards.pile(unseen[:size]), unseen[size:]
    dealt_contests = tuple(
        evolve(c, face_down=tuple(face_down[id(c)])) if c.face_down else c for c in state.contests
    )
    prey = evolve(state.prey, deck=cards.pile(unseen))
    return evolve(state, seals=tuple(seals), prey=prey, contests=dealt_contests)
