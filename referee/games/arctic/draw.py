"""Step D, drawing from the River (AR-19, AR-20), with the moose's adjustment (AR-25), the orca's
draws (AR-29, AR-30) and the polar bear's (AR-33); then the hand limit (AR-21)."""

from __future__ import annotations

from pnpkit.referee.api import ACCEPTED, Move, Setup, Verdict, counted, evolve, refuse
from pnpkit.referee.games.arctic import hidden
from pnpkit.referee.games.arctic.place import hand_choices
from pnpkit.referee.games.arctic.powers import DRAW_HINTS, check_deep, check_penalty_draw
from pnpkit.referee.games.arctic.situation import held_effects, power_hints, value_range
from pnpkit.referee.games.arctic.state import HAND_LIMIT, HIDDEN, State, sorted_hand


def draw_text(setup: Setup, state: State) -> str:
    """Step D's prompt: how many cards are left to draw, and the powers' moves."""
    low, high = value_range(setup, state, "draw")
    left = counted(high - state.taken, "more card")
    hints = power_hints(setup, state, DRAW_HINTS)
    up_to = "" if low == high else "up to "
    return f"draw {up_to}{left} from the River: take CARD{hints}"


def draw_sources(setup: Setup, state: State) -> list[Move]:
    """One `take` move per place a card may be drawn from now."""
    moves: list[Move] = [{"type": "take", "card": c} for c in sorted(set(state.river))]
    held = held_effects(setup, state)
    if state.deck.count and "orca-draw-blind" in held:
        moves.append({"type": "take", "from": "deep"})
    if "bear-draw-penalty" in held and state.penalties():
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
        place = hidden.where(setup, state, card, state.turn.seat)
        return refuse("AR-19", f"{card} is not in the River: {place}")
    return ACCEPTED


def check_done(setup: Setup, state: State, move: Move) -> Verdict:
    low, _ = value_range(setup, state, "draw")
    if state.taken < low:
        return refuse("AR-19", f"draw {counted(low - state.taken, 'more card')} first")
    return ACCEPTED


def apply_take(setup: Setup, state: State, move: Move) -> State:
    """A River card into the hand (AR-19), or a card drawn unshown (AR-30, AR-33): at the table
    one more unseen hand card; in digital mode the referee deals it next (step `deal`)."""
    source = move.get("from")
    state = evolve(state, taken=state.taken + 1)
    if source == "deep":
        state = state.put(unseen=state.deck.draw_unseen())
    if source and setup.digital:
        return state.at("deal", dealing=source)
    if source == "deep":
        return state.put(hand=state.hand().add_unknown())
    if source == "penalty":
        state = hidden.penalty_unshown(setup, state, state.turn.seat)
        named = state.penalty()
        held = state.hand().add_unknown()
        return state.put(hand=held, penalty=named.add_unknown(-1))
    card = move["card"]
    held = sorted_hand(state.hand(), card)
    state = state.put(hand=held, river=state.table["river"].lose(card))
    if "orca-refill-each" in held_effects(setup, state):
        return state.at("refill", orca_refill=True)
    return state


def check_deal(setup: Setup, state: State, move: Move) -> Verdict:
    """Digital mode: the card dealt unshown is one of those it may be (AR-30, AR-33, AR-45)."""
    card = move["card"]
    if card not in hidden.deal_source(setup, state):
        place = "the draw pile" if state.dealing == "deep" else "the penalty pile"
        return refuse(
            "AR-45", f"{card} cannot come from {place}: {hidden.where(setup, state, card)}"
        )
    return ACCEPTED


def apply_deal(setup: Setup, state: State, move: Move) -> State:
    card = move["card"]
    if state.dealing == "deep":
        state = state.put(unseen=state.deck.reveal(card))
    else:
        state = hidden.without_penalty(setup, state, state.turn.seat, card)
    state = state.put(hand=sorted_hand(state.hand(), card))
    return state.at("draw", dealing="")


def deal_moves(setup: Setup, state: State) -> list[Move]:
    """Every card the one being dealt may be."""
    return [{"type": "deal", "card": c} for c in sorted(set(hidden.deal_source(setup, state)))]


def apply_done(setup: Setup, state: State, move: Move) -> State:
    return state.at("discard")


def legal_draw(setup: Setup, state: State) -> list[Move]:
    moves = draw_sources(setup, state)
    low, _ = value_range(setup, state, "draw")
    if state.taken >= low:
        moves.append({"type": "done"})
    return moves


# --- the hand limit -------------------------------------------------------------------------
def discard_text(setup: Setup, state: State) -> str:
    excess = len(state.hand()) - HAND_LIMIT
    return f"discard {counted(excess, 'card')}: discard CARD|? …"


def check_discard(setup: Setup, state: State, move: Move) -> Verdict:
    excess = len(state.hand()) - HAND_LIMIT
    if len(move["cards"]) != excess:
        return refuse(
            "AR-21", f"discard exactly {counted(excess, 'card')} to get down to {HAND_LIMIT}"
        )
    problem = hidden.removal_problem(setup, state, move["cards"])
    return refuse("AR-21", problem) if problem else ACCEPTED


def apply_discard(setup: Setup, state: State, move: Move) -> State:
    """AR-21: the excess goes face down onto the penalty pile (named cards are known there, to
    their owner)."""
    cards: list[str] = move["cards"]
    state = hidden.remove(setup, state, cards)
    named = [c for c in cards if c != HIDDEN]
    fines = sorted_hand(state.penalty(), *named)
    fines = fines.add_unknown(len(cards) - len(named))
    return state.put(penalty=fines).at("blame")


def legal_discard(setup: Setup, state: State) -> list[Move]:
    excess = len(state.hand()) - HAND_LIMIT
    choices = hand_choices(setup, state)
    moves: list[Move] = [{"type": "discard", "cards": [HIDDEN] * excess}]
    for first in choices:
        cards = [first, *[c for c in choices if c != first][: excess - 1]]
        moves.append({"type": "discard", "cards": cards})
    return [m for m in moves if check_discard(setup, state, m).ok]
