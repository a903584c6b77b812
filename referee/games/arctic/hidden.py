"""Hidden cards (rules index, "Hidden cards"; AR-45): where a card is, the cards a player gives
up from a hand only partly known, cards drawn unshown, the piece count (the census), and a
seat's determinisation (the unseen sampled again, for simulated players).

`State.unseen` is the pool of every card whose place the referee does not know; the hidden
places (draw pile, Reserve, unseen hand cards, penalty piles) keep only counts.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from pnpkit.referee.games.arctic.facts import facts
from pnpkit.referee.games.arctic.state import HIDDEN, Seat, State, including
from pnpkit.referee.immutable import evolve, without
from pnpkit.referee.rules import Setup
from pnpkit.wording import counted


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
        if card not in state.unseen:
            return f"{card} is not in your hand: {where(setup, state, card)}"
        if not seat.hidden:
            return f"{card} is not in your hand"
        unseen_needed += 1
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


def where(setup: Setup, state: State, card: str) -> str:
    """Where a card the move names is, for a refusal's reason."""
    table = facts(setup.game)
    found = table.cards.get(card)
    if found is None:
        return "it is not an animal card"
    if found.deck > len(setup.players):
        return f"deck {found.deck} is not used with {len(setup.players)} players"
    if card in state.river:
        return "it is in the River"
    for index, seat in enumerate(state.seats):
        if any(c == card for c, _ in seat.pile):
            return f"it is in {setup.players[index]}'s pile"
        if card in seat.hand:
            return f"it is in {setup.players[index]}'s hand"
        if card in seat.named:
            return f"it was discarded to {setup.players[index]}'s penalty pile"
    if card in state.unseen:
        return "nobody has seen it yet"
    return "it is not there"


def to_hand(setup: Setup, state: State, seat: Seat, source: str) -> State:
    """A card drawn unshown into the current player's hand: at the table, one more unseen card;
    in digital mode the referee deals it (seeded by the seed and the state) and names it."""
    if not setup.digital:
        return state.with_seat(state.turn, evolve(seat, hidden=seat.hidden + 1))
    rng = random.Random(f"{setup.seed}/{source}/{state.turn}/{state.draw_pile}/{state.unseen}")
    card = rng.choice(state.unseen)
    seat = evolve(seat, hand=including(seat.hand, card))
    return evolve(state.with_seat(state.turn, seat), unseen=without(state.unseen, card))


def penalty_unshown(state: State, index: int) -> State:
    """The state once a card leaves a penalty pile unshown (AR-33, AR-34): the pile's named cards
    may be the one that left, so their place is no longer known and they rejoin the unseen pool."""
    seat = state.seat(index)
    if not seat.named:
        return state
    unseen = including(state.unseen, *seat.named)
    return evolve(state.with_seat(index, evolve(seat, named=())), unseen=unseen)


def census(setup: Setup, state: State) -> Counter[str]:
    """Every piece the referee can name: cards by place, power cards, totems, the rest."""
    table = facts(setup.game)
    pieces: Counter[str] = Counter(state.unseen)
    pieces.update(state.river)
    for seat in state.seats:
        pieces.update(seat.hand)
        pieces.update(seat.named)
        pieces.update(c for c, _ in seat.pile if c != HIDDEN)
    pieces.update(table.power_cards)
    pieces.update(table.totems)
    pieces.update(table.others)
    return pieces


def determinise(setup: Setup, state: State, viewer: str, rng: random.Random) -> State:
    """A state `viewer` cannot tell from `state` (Rules.determinise), for a simulated player.

    Kept: everything public and the viewer's own hand, pile and totem. Sampled with `rng`: the
    other seats' hands in digital mode (the referee dealt them: AR-3; at the table the state holds
    only the cards everyone saw), the cards face down in the other seats' piles (AR-45), the
    other seats' totems (AR-6), and so which cards stay unseen: all drawn from the cards the
    viewer cannot place, in the same numbers per place. Once the game is over everything is
    shown, and the state is returned as it is.
    """
    me = setup.players.index(viewer)
    if state.step == "over":
        return state
    pool = list(state.unseen)
    for index, seat in enumerate(state.seats):
        if index != me:
            pool += seat.hand if setup.digital else ()
            pool += (card for card, down in seat.pile if down and card != HIDDEN)
    pool.sort()
    rng.shuffle(pool)
    seats = []
    for index, seat in enumerate(state.seats):
        if index != me:
            if setup.digital:
                seat = evolve(seat, hand=including((), *(pool.pop() for _ in seat.hand)))
            pile = tuple(
                (pool.pop() if down and card != HIDDEN else card, down) for card, down in seat.pile
            )
            seat = evolve(seat, pile=pile)
        seats.append(seat)
    return evolve(
        state, seats=tuple(seats), unseen=tuple(sorted(pool)), totems=_totems(setup, state, me, rng)
    )


def _totems(setup: Setup, state: State, me: int, rng: random.Random) -> tuple[str, ...] | None:
    """The totems with the other seats' dealt again from those the viewer does not hold."""
    if state.totems is None:
        return None
    mine = state.totems[me]
    others = rng.sample([t for t in facts(setup.game).totems if t != mine], len(state.totems) - 1)
    return (*others[:me], mine, *others[me:])
