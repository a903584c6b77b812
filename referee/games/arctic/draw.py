"""Step D, drawing from the River (AR-19, AR-20), with the moose's adjustment (AR-25), the orca's
draws (AR-29, AR-30) and the polar bear's (AR-33); then the hand limit (AR-21)."""

from __future__ import annotations

from pnpkit.referee.api import ACCEPTED, Move, Setup, Verdict, counted, evolve, refuse, without
from pnpkit.referee.games.arctic.hidden import (
    deal_source,
    penalty_unshown,
    removal_problem,
    remove,
    unseen_to_hand,
    where,
    without_penalty,
)
from pnpkit.referee.games.arctic.place import hand_choices
from pnpkit.referee.games.arctic.powers import DRAW_HINTS, check_deep, check_penalty_draw
from pnpkit.referee.games.arctic.situation import current_card, has_power, power_hints
from pnpkit.referee.games.arctic.state import HAND_LIMIT, HIDDEN, NO_ANIMAL_VALUE, State, including


def draw_range(setup: Setup, state: State) -> tuple[int, int]:
    """AR-19, AR-25: how few and how many cards may be drawn this turn."""
    card = current_card(setup, state)
    value = NO_ANIMAL_VALUE if card is None else card.draw
    if has_power(setup, state, "moose-draw-adjust"):
        return max(0, value - 1), value + 1
    return value, value


def draw_text(setup: Setup, state: State) -> str:
    """Step D's prompt: how many cards are left to draw, and the powers' moves."""
    low, high = draw_range(setup, state)
    left = counted(high - state.taken, "more card")
    hints = power_hints(setup, state, DRAW_HINTS)
    up_to = "" if low == high else "up to "
    return f"draw {up_to}{left} from the River: take CARD{hints}"


def draw_sources(setup: Setup, state: State) -> list[Move]:
    """One `take` move per place a card may be drawn from now."""
    moves: list[Move] = [{"type": "take", "card": c} for c in sorted(set(state.river))]
    if state.draw_pile and has_power(setup, state, "orca-draw-blind"):
        moves.append({"type": "take", "from": "deep"})
    if state.seat(state.turn).penalty and has_power(setup, state, "bear-draw-penalty"):
        moves.append({"type": "take", "from": "penalty"})
    return moves


def check_take(setup: Setup, state: State, move: Move) -> Verdict:
    source = move.get("from")
    if source == "deep":
        return check_deep(setup, state)
    if source == "penalty":
        return check_penalty_draw(setup, state)
    card = move["card"]
    if card not in state.river:
        place = where(setup, state, card, state.turn)
        return refuse("AR-19", f"{card} is not in the River: {place}")
    return ACCEPTED


def check_done(setup: Setup, state: State, move: Move) -> Verdict:
    low, _ = draw_range(setup, state)
    if state.taken < low:
        return refuse("AR-19", f"draw {counted(low - state.taken, 'more card')} first")
    return ACCEPTED


def apply_take(setup: Setup, state: State, move: Move) -> State:
    """A River card into the hand (AR-19), or a card drawn unshown (AR-30, AR-33): at the table
    one more unseen hand card; in digital mode the referee deals it next (step `deal`)."""
    seat = state.seat(state.turn)
    source = move.get("from")
    taken = state.taken + 1
    if source == "deep":
        state = evolve(state, draw_pile=state.draw_pile - 1, taken=taken)
        if setup.digital:
            return evolve(state, step="deal", dealing="deep")
        return unseen_to_hand(state, seat)
    if source == "penalty":
        state = evolve(state, taken=taken)
        if setup.digital:
            return evolve(state, step="deal", dealing="penalty")
        state = penalty_unshown(state, state.turn)
        seat = state.seat(state.turn)
        return unseen_to_hand(state, evolve(seat, penalty=seat.penalty - 1))
    card = move["card"]
    seat = evolve(seat, hand=including(seat.hand, card))
    state = evolve(state.with_seat(state.turn, seat), river=without(state.river, card), taken=taken)
    if has_power(setup, state, "orca-refill-each"):
        return evolve(state, step="refill", orca_refill=True)
    return state


def check_deal(setup: Setup, state: State, move: Move) -> Verdict:
    """Digital mode: the card dealt unshown is one of those it may be (AR-30, AR-33, AR-45)."""
    card = move["card"]
    if card not in deal_source(state):
        place = "the draw pile" if state.dealing == "deep" else "the penalty pile"
        return refuse("AR-45", f"{card} cannot come from {place}: {where(setup, state, card)}")
    return ACCEPTED


def apply_deal(setup: Setup, state: State, move: Move) -> State:
    card = move["card"]
    if state.dealing == "deep":
        state = evolve(state, unseen=without(state.unseen, card))
    else:
        state = without_penalty(state, state.turn, card)
    seat = state.seat(state.turn)
    seat = evolve(seat, hand=including(seat.hand, card))
    return evolve(state.with_seat(state.turn, seat), step="draw", dealing="")


def deal_moves(state: State) -> list[Move]:
    """Every card the one being dealt may be."""
    return [{"type": "deal", "card": c} for c in sorted(set(deal_source(state)))]


def apply_done(setup: Setup, state: State, move: Move) -> State:
    return evolve(state, step="discard")


def legal_draw(setup: Setup, state: State) -> list[Move]:
    moves = draw_sources(setup, state)
    low, _ = draw_range(setup, state)
    if state.taken >= low:
        moves.append({"type": "done"})
    return moves


# --- the hand limit -------------------------------------------------------------------------
def discard_text(setup: Setup, state: State) -> str:
    excess = state.seat(state.turn).hand_size - HAND_LIMIT
    return f"discard {counted(excess, 'card')}: discard CARD|? …"


def check_discard(setup: Setup, state: State, move: Move) -> Verdict:
    excess = state.seat(state.turn).hand_size - HAND_LIMIT
    if len(move["cards"]) != excess:
        return refuse(
            "AR-21", f"discard exactly {counted(excess, 'card')} to get down to {HAND_LIMIT}"
        )
    problem = removal_problem(setup, state, move["cards"])
    return refuse("AR-21", problem) if problem else ACCEPTED


def apply_discard(setup: Setup, state: State, move: Move) -> State:
    """AR-21: the excess goes face down onto the penalty pile (named cards are known there, to
    their owner)."""
    cards: list[str] = move["cards"]
    state = remove(state, cards)
    named = tuple(c for c in cards if c != HIDDEN)
    seat = state.seat(state.turn)
    seat = evolve(seat, penalty=seat.penalty + len(cards), named=including(seat.named, *named))
    return evolve(state.with_seat(state.turn, seat), step="blame")


def legal_discard(setup: Setup, state: State) -> list[Move]:
    excess = state.seat(state.turn).hand_size - HAND_LIMIT
    hand = hand_choices(setup, state)
    moves: list[Move] = [{"type": "discard", "cards": [HIDDEN] * excess}]
    for first in hand:
        cards = [first, *[c for c in hand if c != first][: excess - 1]]
        moves.append({"type": "discard", "cards": cards})
    return [m for m in moves if check_discard(setup, state, m).ok]
