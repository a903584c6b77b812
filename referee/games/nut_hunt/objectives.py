"""The objective deck (NH-3, NH-23, NH-38): cards turned over for a digital deal, a digital scout
and the Automa, and the cards a player keeps of them; the rest go to the bottom of the deck.

The referee knows a card's place only once it has seen it: the deck's `unseen` cards are the
others. Cards go under the deck in the order they are put back, and come up again once the
unseen cards above them are gone.
"""

from __future__ import annotations

from itertools import combinations

from pnpkit.referee.api import ACCEPTED, Hand, Move, Setup, Verdict, refuse
from pnpkit.referee.games.nut_hunt import end, turn
from pnpkit.referee.games.nut_hunt import state as st
from pnpkit.referee.games.nut_hunt.setup import start_placing
from pnpkit.referee.games.nut_hunt.state import KEPT, Hunt, UnderDeck, evolve

SCOUTED = 2
"""Cards a scout looks at (NH-23)."""


DRAWS = (st.DEAL, st.AUTOMA_DEAL, st.SCOUT, st.REVEAL)
"""The steps a card is turned over at: a deal, the Automa's starting hand, a scout, the Automa's
turn."""
KEEPS = (st.DEAL_KEEP, st.SCOUT_KEEP)
"""The steps a player keeps cards drawn for them at: a digital deal, a digital scout."""


def top_card(state: Hunt) -> str | None:
    """The top card of the objective deck when the referee knows it."""
    if state.deck.count or not state.under:
        return None
    return state.under.cards[0][0]


def check_draw(setup: Setup, state: Hunt, move: Move) -> Verdict:
    """NH-23, NH-38: the top card, which may be any card the referee has not seen."""
    if turn.now(setup, state)[0] not in DRAWS:
        return refuse("NH-3", "no objective card is to be turned over now")
    card = move["card"]
    top = top_card(state)
    if state.deck_size == 0:
        return refuse("NH-23", "the objective deck is empty")
    if top is not None:
        if card == top:
            return ACCEPTED
        return refuse("NH-23", f"the top card is {top}, which went to the bottom earlier")
    if card not in state.deck.unseen:
        return refuse("NH-38", f"{card} cannot be in the deck: {end.where(state, card)}")
    return ACCEPTED


def check_keep(setup: Setup, state: Hunt, move: Move) -> Verdict:
    """NH-3, NH-23: 2 of the 3 cards dealt, or at most 1 of the cards scouted."""
    cards = move["cards"]
    if turn.now(setup, state)[0] not in KEEPS:
        return refuse("NH-3", "there are no cards to choose from now")
    wanted = KEPT if state.phase == st.DEAL else None
    if wanted is not None and len(cards) != wanted:
        return refuse("NH-3", f"keep exactly {wanted} of the 3 cards dealt")
    if wanted is None and len(cards) > 1:
        return refuse("NH-23", "a scout keeps at most one card")
    stray = [c for c in cards if c not in state.drawn]
    if stray or len(set(cards)) != len(cards):
        return refuse("NH-3", f"choose among {', '.join(state.drawn)}")
    return ACCEPTED


def apply_draw(setup: Setup, state: Hunt, move: Move) -> Hunt:
    """The top card is turned over, for the player it is drawn for, else for all; a scout has
    seen its cards after 2 (or the last one)."""
    card, deck, under = move["card"], state.deck, state.under
    step, seat = turn.now(setup, state)
    owner = setup.players[seat] if step in (st.DEAL, st.SCOUT) else ""  # "": the Automa's, shown
    drawn = Hand(owner, (*state.drawn, card), 0, not owner)
    if deck.count:
        blocks = {"objective deck": deck.take(card), "drawn": drawn}
    else:
        blocks = {"under the deck": UnderDeck(under.players, under.cards[1:]), "drawn": drawn}
        if card in deck.unseen:
            blocks["objective deck"] = deck.reveal(card)
    seen = len(drawn.known) == SCOUTED or state.deck_size <= 1  # the deck is empty after it
    after = state.turn.to(st.SCOUT_KEEP) if step == st.SCOUT and seen else state.turn
    return evolve(state, table=state.table.put_all(blocks), turn=after)


def apply_keep(setup: Setup, state: Hunt, move: Move) -> Hunt:
    """The cards kept join the hand; the others go under the deck, remembered as put there by
    this seat. After the last deal, the starting squirrels."""
    seat = state.order[0] if state.phase == st.DEAL else state.turn.seat
    kept = tuple(move["cards"])
    rest = tuple(c for c in state.drawn if c not in kept)
    hand = state.hands[seat]
    blocks = {
        state.hand_name(seat): hand.holding(hand.known + kept),
        "under the deck": state.under.put(rest, seat),
        "drawn": Hand(""),
    }
    state = evolve(state, table=state.table.put_all(blocks))
    if state.phase != st.DEAL:
        return evolve(state, turn=state.turn.to(st.DONE))
    if len(state.order) > 1:
        return evolve(state, order=state.order[1:])
    return start_placing(setup, state)


def draws(setup: Setup, state: Hunt) -> list[Move]:
    """Every card that may be turned over: the top one when the referee knows it."""
    top = top_card(state)
    return [{"type": "draw", "card": c} for c in ([top] if top else state.deck.unseen)]


def keeps(setup: Setup, state: Hunt) -> list[Move]:
    """Every choice of cards to keep: 2 of a deal, at most 1 of a scout."""
    sizes = (KEPT,) if state.phase == st.DEAL else (0, 1)
    choices = (c for k in sizes for c in combinations(state.drawn, k))
    return [{"type": "keep", "cards": sorted(c)} for c in choices]
