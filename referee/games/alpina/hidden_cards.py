"""What a seat cannot see in Alpina (AL-3): the other players' hands and the draw pile; and a
determinisation, for a simulated player who must decide from what its own seat sees."""

from __future__ import annotations

import random

from pnpkit.referee.games.alpina.state import Alpina
from pnpkit.referee.immutable import evolve
from pnpkit.referee.rules import Setup


def determinise(setup: Setup, state: Alpina, seat: str, rng: random.Random) -> Alpina:
    """The table as `seat` may imagine it: the other players' known hand cards dealt again at
    random from every card `seat` has not seen (those hands and the draw pile), each hand keeping
    its size; the grid, the hikers, the hand sizes, the turn and `seat`'s own hand are kept.

    The cards `seat` has not seen are all cards but the grid's and its own hand's, so the result
    depends on nothing it cannot see. The draw pile has no order to keep: each draw takes a card
    at random from what is left. Cards the referee has not seen itself (hands at the table) stay
    unseen, in the pool, as they are in the true state."""
    me = setup.players.index(seat)
    others = [s for s in range(len(setup.players)) if s != me]
    unseen = sorted(state.pool.union(*(state.known[s] for s in others)))
    rng.shuffle(unseen)
    known = list(state.known)
    for s in others:
        count = len(known[s])
        known[s], unseen = frozenset(unseen[:count]), unseen[count:]
    return evolve(state, known=tuple(known), pool=frozenset(unseen))
