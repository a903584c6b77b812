"""Hidden cards (rules index, "Hidden cards"; AR-45): where a card is, the cards a player gives
up from a hand only partly known, and cards moved unshown (drawn into a hand, into a penalty
pile, out of one).

The table's `unseen` deck is the pool of every card whose place the referee does not know; the
hidden places (draw pile; at the table also unseen hand cards and penalty cards) keep only
counts. In digital mode the referee deals each card moved unshown by name.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pnpkit.referee.api import Setup, counted, reveal
from pnpkit.referee.games.arctic.facts import facts
from pnpkit.referee.games.arctic.state import HIDDEN, State


def removal_problem(setup: Setup, state: State, cards: Sequence[str]) -> str:
    """Why the current player cannot give up `cards` from hand ("" if they can)."""
    hidden = cards.count(HIDDEN)
    if len(set(cards)) - (hidden > 0) != len(cards) - hidden:
        return "a card can be named only once"
    held = state.hand()
    if len(cards) > len(held):
        return f"you hold only {counted(len(held), 'card')}"
    if hidden and setup.digital:
        return "in a digital game the referee knows your hand: name the card, not ?"
    unseen_needed = 0
    for card in cards:
        if card == HIDDEN or card in held.known:
            continue
        if held.unknown and card in state.deck.unseen:
            unseen_needed += 1
            continue
        return f"{card} is not in your hand: {where(setup, state, card, state.turn.seat)}"
    if unseen_needed > held.unknown:
        unseen = counted(unseen_needed, "unseen card")
        return f"you do not hold {unseen}: some named cards are elsewhere"
    return ""


def remove(setup: Setup, state: State, cards: Sequence[str]) -> State:
    """The state after the current player gave up `cards` from hand (checked first).

    A named card leaves the hand (if it was unseen, out of the pool). A card given up unseen
    (HIDDEN) stays in the pool; the hand's seen cards are then no longer known to stay in hand,
    so they rejoin the pool (AR-45).
    """
    held, deck = state.hand(), state.deck
    for card in cards:
        if card != HIDDEN:
            held, deck = reveal(held, deck, card)
    hidden = cards.count(HIDDEN)
    if hidden:
        deck = deck.holding(deck.unseen + held.known)
        held = held.holding(()).add_unknown(len(held.known) - hidden)
    return state.put(hand=held, unseen=deck)


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
    for index, name in enumerate(setup.players):
        sees = viewer is None or viewer == index
        if any(c == card and (sees or not down) for c, down in state.pile(index).cards):
            return f"it is in {name}'s pile"
        if card in state.hand(index).known and (sees or not setup.digital):
            return f"it is in {name}'s hand"
        if card in state.penalty(index).known and sees:
            return f"it was discarded to {name}'s penalty pile"
    if viewer is not None:
        return "it is not where you can see it"
    if card in state.deck.unseen:
        return "nobody has seen it yet"
    if any(card in state.blind(i).unseen for i in range(len(setup.players))):
        return "it is face down in a penalty pile"
    return "it is not there"


def deal_source(setup: Setup, state: State) -> tuple[str, ...]:
    """Digital mode, step `deal`: the cards the one being dealt may be (see `State.dealing`)."""
    if state.dealing == "deep":
        return state.deck.unseen
    return state.penalty().known + state.blind().unseen


def penalty_unshown(setup: Setup, state: State, index: int) -> State:
    """At the table, the state once a card leaves a penalty pile unshown (AR-33, AR-34): the
    pile's named cards may be the one that left, so their place is no longer known and they
    rejoin the unseen pool."""
    named = state.penalty(index)
    if not named.known:
        return state
    deck = state.deck.holding(state.deck.unseen + named.known)
    unknown = named.holding(()).add_unknown(len(named.known))
    return state.put(index, penalty=unknown, unseen=deck)


def from_penalty(setup: Setup, state: State, index: int, source: str) -> tuple[State, str]:
    """Digital mode: a card of seat `index`'s penalty pile, passed on unseen by anyone and dealt
    at random by the referee (the pile is face down), and the state without it (AR-34)."""
    cards = state.penalty(index).known + state.blind(index).unseen
    card = random.Random(f"{setup.seed}/{source}/{index}/{state.turn.number}/{cards}").choice(cards)
    return without_penalty(setup, state, index, card), card


def without_penalty(setup: Setup, state: State, index: int, card: str) -> State:
    """Digital mode: the state with `card` out of seat `index`'s penalty pile."""
    named = state.penalty(index)
    if card in named.known:
        return state.put(index, penalty=named.lose(card))
    return state.put(index, blind=state.blind(index).take(card))


def dealt_unseen(setup: Setup, state: State, count: int, source: str) -> tuple[State, list[str]]:
    """Digital mode: `count` cards of the draw pile dealt at random by name, out of it."""
    deck = state.deck
    rng = random.Random(f"{setup.seed}/{source}/{state.turn.seat}/{deck.count}/{deck.unseen}")
    cards = rng.sample(deck.unseen, count)
    for card in cards:
        deck = deck.take(card)
    return state.put(unseen=deck), cards
