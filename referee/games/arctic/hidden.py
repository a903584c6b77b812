"""Hidden cards (rules index, "Hidden cards"; AR-45): where a card is, the cards a player gives
up from a hand only partly known, and cards moved unshown (drawn into a hand, into a penalty
pile, out of one).

`State.unseen` is the pool of every card whose place the referee does not know; the hidden
places (draw pile, Reserve; at the table also unseen hand cards and penalty piles) keep only
counts. In digital mode the referee deals each card moved unshown by name.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pnpkit.referee.api import Setup, counted, evolve, without
from pnpkit.referee.games.arctic.facts import facts
from pnpkit.referee.games.arctic.state import HIDDEN, Seat, State, including


def removal_problem(setup: Setup, state: State, cards: Sequence[str]) -> str:
    """Why the current player cannot give up `cards` from hand ("" if they can)."""
    named = [c for c in cards if c != HIDDEN]
    if len(set(named)) != len(named):
        return "a card can be named only once"
    seat = state.seat(state.turn)
    if len(cards) > seat.hand_size:
        return f"you hold only {counted(seat.hand_size, 'card')}"
    if HIDDEN in cards and setup.digital:
        return "in a digital game the referee knows your hand: name the card, not ?"
    unseen_needed = 0
    for card in named:
        if card in seat.hand:
            continue
        if seat.hidden and card in state.unseen:
            unseen_needed += 1
            continue
        return f"{card} is not in your hand: {where(setup, state, card, state.turn)}"
    if unseen_needed > seat.hidden:
        unseen = counted(unseen_needed, "unseen card")
        return f"you do not hold {unseen}: some named cards are elsewhere"
    return ""


def remove(state: State, cards: Sequence[str]) -> State:
    """The state after the current player gave up `cards` from hand (checked first).

    A named card leaves the hand (if it came from the unseen pool, out of the pool). A card
    given up unseen (HIDDEN) stays in the pool; the hand's seen cards are then no longer
    known to stay in hand, so they rejoin the pool (AR-45).
    """
    seat, unseen = state.seat(state.turn), state.unseen
    for card in (c for c in cards if c != HIDDEN):
        if card in seat.hand:
            seat = evolve(seat, hand=without(seat.hand, card))
        else:
            seat = evolve(seat, hidden=seat.hidden - 1)
            unseen = without(unseen, card)
    hidden = sum(1 for c in cards if c == HIDDEN)
    if hidden:
        unseen = including(unseen, *seat.hand)
        seat = evolve(seat, hand=(), hidden=seat.hidden + len(seat.hand) - hidden)
    return evolve(state.with_seat(state.turn, seat), unseen=unseen)


def where(setup: Setup, state: State, card: str, viewer: int | None = None) -> str:
    """Where a card a move names is, for a refusal's reason: as the referee knows it, or (with
    `viewer`, the seat whose move it is) only as far as that seat may see (AR-45)."""
    table = facts(setup.game)
    found = table.cards.get(card)
    if found is None:
        return "it is not an animal card"
    if found.deck > len(setup.players):
        return f"deck {found.deck} is not used with {len(setup.players)} players"
    if card in state.river:
        return "it is in the River"
    for index, seat in enumerate(state.seats):
        name = setup.players[index]
        sees = viewer is None or viewer == index
        if any(c == card and (sees or not down) for c, down in seat.pile):
            return f"it is in {name}'s pile"
        if card in seat.hand and (sees or not setup.digital):
            return f"it is in {name}'s hand"
        if card in seat.named and sees:
            return f"it was discarded to {name}'s penalty pile"
    if viewer is not None:
        return "it is not where you can see it"
    if card in state.unseen:
        return "nobody has seen it yet"
    if any(card in seat.blind for seat in state.seats):
        return "it is face down in a penalty pile"
    return "it is not there"


def unseen_to_hand(state: State, seat: Seat) -> State:
    """At the table, a card drawn unshown into the current player's hand: one more unseen card."""
    return state.with_seat(state.turn, evolve(seat, hidden=seat.hidden + 1))


def deal_source(state: State) -> tuple[str, ...]:
    """Digital mode, step `deal`: the cards the one being dealt may be (see `State.dealing`)."""
    if state.dealing == "deep":
        return state.unseen
    seat = state.seat(state.turn)
    return seat.named + seat.blind


def penalty_unshown(state: State, index: int) -> State:
    """At the table, the state once a card leaves a penalty pile unshown (AR-33, AR-34): the
    pile's named cards may be the one that left, so their place is no longer known and they
    rejoin the unseen pool."""
    seat = state.seat(index)
    if not seat.named:
        return state
    unseen = including(state.unseen, *seat.named)
    return evolve(state.with_seat(index, evolve(seat, named=())), unseen=unseen)


def from_penalty(setup: Setup, state: State, index: int, source: str) -> tuple[State, str]:
    """Digital mode: a card of seat `index`'s penalty pile, passed on unseen by anyone and dealt
    at random by the referee (the pile is face down), and the state without it (AR-34)."""
    seat = state.seat(index)
    pile = seat.named + seat.blind
    card = random.Random(f"{setup.seed}/{source}/{index}/{state.turns}/{pile}").choice(pile)
    return without_penalty(state, index, card), card


def without_penalty(state: State, index: int, card: str) -> State:
    """Digital mode: the state with `card` out of seat `index`'s penalty pile."""
    seat = state.seat(index)
    if card in seat.named:
        seat = evolve(seat, named=without(seat.named, card))
    else:
        seat = evolve(seat, blind=without(seat.blind, card))
    return state.with_seat(index, evolve(seat, penalty=seat.penalty - 1))


def dealt_unseen(setup: Setup, state: State, count: int, source: str) -> tuple[State, list[str]]:
    """Digital mode: `count` cards of the draw pile dealt at random by name, out of the pool."""
    rng = random.Random(f"{setup.seed}/{source}/{state.turn}/{state.draw_pile}/{state.unseen}")
    cards = rng.sample(state.unseen, count)
    unseen = state.unseen
    for card in cards:
        unseen = without(unseen, card)
    return evolve(state, unseen=unseen), cards
