"""What one seat cannot see of Nut Hunt's objective cards, dealt again at random (NH-3, NH-23).

A seat sees the table, its own objectives, the cards it put at the bottom of the deck, the cards
drawn for it (its deal, its scout) and everything the Automa turns over or holds (the Automa's
cards are public, as the rules index says). It cannot see the other players' objectives, the
cards they put at the bottom, the cards drawn for them, nor the deck. Those cards are pooled and
dealt back into the same places (every hand, bottom slot and draw keeps its size), the rest
becoming the unseen deck: a state the seat cannot tell from the true one.
"""

from __future__ import annotations

import random

from pnpkit.referee.games.nut_hunt import state as st
from pnpkit.referee.games.nut_hunt.state import Hunt, evolve


def drawn_seen_by(state: Hunt, seat: int) -> bool:
    """Whether `seat` sees the cards drawn now: its own deal or scout, or the Automa's cards."""
    if state.phase == st.DEAL:
        return state.order[0] == seat
    if state.step in (st.SCOUT, st.SCOUT_KEEP):
        return state.active == seat
    return True


def determinise(state: Hunt, seat: int, rng: random.Random) -> Hunt:
    """`state` with every objective card `seat` cannot see dealt again with `rng`: depends only
    on what `seat` sees (the unseen cards are gathered in sorted order before shuffling)."""
    others = [p for p in range(len(state.hand_known)) if p != seat]
    hidden_bottom = [
        i
        for i, (card, put) in enumerate(zip(state.bottom, state.bottom_from, strict=True))
        if card is not None and put != seat
    ]
    hide_drawn = not drawn_seen_by(state, seat)
    unseen = list(state.pool)
    unseen += [card for p in others for card in state.hand_known[p]]
    unseen += [state.bottom[i] for i in hidden_bottom]  # type: ignore[misc]
    if hide_drawn:
        unseen += state.drawn
    unseen.sort()
    rng.shuffle(unseen)
    deal = iter(unseen)
    hands = list(state.hand_known)
    for p in others:
        hands[p] = tuple(next(deal) for _ in hands[p])
    bottom = list(state.bottom)
    for i in hidden_bottom:
        bottom[i] = next(deal)
    drawn = tuple(next(deal) for _ in state.drawn) if hide_drawn else state.drawn
    return evolve(
        state,
        hand_known=tuple(hands),
        bottom=tuple(bottom),
        drawn=drawn,
        pool=frozenset(deal),
    )
