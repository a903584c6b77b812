"""The power cards: step B, taking your visible animal's power card (AR-13, AR-14), and the
powers' own moves: the puffin's swap and take-back (AR-31, AR-32), the walrus's extra space
(AR-27, AR-28), the orca's blind draw (AR-30), the polar bear's penalty draw and blame
(AR-33, AR-34). The moose's and fox's powers change steps A and D (place, draw)."""

from __future__ import annotations

from pnpkit.referee.api import ACCEPTED, Move, Pile, Setup, Verdict, evolve, refuse
from pnpkit.referee.games.arctic import hidden
from pnpkit.referee.games.arctic.facts import facts
from pnpkit.referee.games.arctic.situation import current_animal, held_effects
from pnpkit.referee.games.arctic.state import State, sorted_hand

PLACE_HINTS = {
    "puffin-swap-river": "puffin: swap HAND RIVER first",
    "puffin-take-back": "puffin: takeback first",
    "fox-face-down": "fox: … tuck CARD|? for the last card",
    "fox-under-pile": "fox: … bottom CARD for the last card",
}
"""Step A's power moves, as the prompt mentions them (AR-23, AR-24, AR-31, AR-32)."""
DRAW_HINTS = {
    "orca-draw-blind": "orca: take deep",
    "bear-draw-penalty": "polar bear: take penalty",
    "moose-draw-adjust": "moose: done to stop one early",
}
"""Step D's power moves, as the prompt mentions them (AR-25, AR-30, AR-33)."""


# --- step B: take the power card ------------------------------------------------------------
def power_move(setup: Setup, state: State) -> Move:
    """AR-13: the power card of the current player's visible animal, taken by the referee."""
    animal = current_animal(setup, state)
    return {"type": "power", "card": facts(setup.game).power_cards[animal]}


def check_power(setup: Setup, state: State, move: Move) -> Verdict:
    if move != power_move(setup, state):
        return refuse("AR-13", "take the power card of your visible animal")
    return ACCEPTED


def apply_power(setup: Setup, state: State, move: Move) -> State:
    owners = list(state.owners)
    owners[current_animal(setup, state)] = state.turn.seat
    return state.at("tokens", owners=tuple(owners))


# --- the puffin -----------------------------------------------------------------------------
def check_swap(setup: Setup, state: State, move: Move) -> Verdict:
    if "puffin-swap-river" not in held_effects(setup, state):
        return refuse("AR-31", "only the holder of the puffin power, side A, may swap")
    if "puffin-swap-river" in state.used:
        return refuse("AR-14", "the puffin swap is used once a turn")
    if move["river"] not in state.river:
        return refuse("AR-31", f"{move['river']} is not in the River")
    problem = hidden.removal_problem(setup, state, [move["card"]])
    return refuse("AR-31", problem) if problem else ACCEPTED


def check_takeback(setup: Setup, state: State, move: Move) -> Verdict:
    if "puffin-take-back" not in held_effects(setup, state):
        return refuse("AR-32", "only the holder of the puffin power, side B, may take back")
    if "puffin-take-back" in state.used:
        return refuse("AR-14", "the puffin take-back is used once a turn")
    if state.pile().top is None:
        return refuse("AR-32", "there is no visible animal card on your pile to take back")
    return ACCEPTED


def apply_swap(setup: Setup, state: State, move: Move) -> State:
    state = hidden.remove(setup, state, [move["card"]])
    river = Pile(tuple(move["card"] if c == move["river"] else c for c in state.river))
    held = sorted_hand(state.hand(), move["river"])
    state = state.put(hand=held, river=river)
    return evolve(state, used=state.used | {"puffin-swap-river"})


def apply_takeback(setup: Setup, state: State, move: Move) -> State:
    card, stack = state.pile().take()
    held = sorted_hand(state.hand(), card)
    state = state.put(pile=stack, hand=held)
    return evolve(state, used=state.used | {"puffin-take-back"})


# --- the walrus -----------------------------------------------------------------------------
def walrus(setup: Setup, state: State) -> str | None:
    """The current player's walrus effect (AR-27 main token, AR-28 companion), or None."""
    held = held_effects(setup, state)
    return next((e for e in ("walrus-main-extra", "walrus-companion-extra") if e in held), None)


def walrus_token(setup: Setup, pair: tuple[str, str] | None, effect: str) -> int:
    """The animal index of the token of step C's `pair` the walrus moves one space further."""
    pair = pair or ("", "")
    animal = pair[0] if effect == "walrus-main-extra" else pair[1]
    return facts(setup.game).animals.index(animal)


# --- the orca and the polar bear (step D and after) -----------------------------------------
def check_deep(setup: Setup, state: State) -> Verdict:
    """AR-30: orca side B draws the top card of the draw pile."""
    if "orca-draw-blind" not in held_effects(setup, state):
        return refuse("AR-30", "only the holder of the orca power, side B, draws blind")
    if state.deck.count == 0:
        return refuse("AR-30", "the draw pile is empty")
    return ACCEPTED


def check_penalty_draw(setup: Setup, state: State) -> Verdict:
    """AR-33: polar bear side A draws from the penalty pile."""
    if "bear-draw-penalty" not in held_effects(setup, state):
        return refuse("AR-33", "only the polar bear power, side A, draws from penalties")
    if state.penalties() == 0:
        return refuse("AR-33", "your penalty pile is empty")
    return ACCEPTED


def check_blame(setup: Setup, state: State, move: Move) -> Verdict:
    if move["to"] == setup.players[state.turn.seat]:
        return refuse("AR-34", "give the penalty card to another player")
    return ACCEPTED


def apply_blame(setup: Setup, state: State, move: Move) -> State:
    """AR-34: one penalty card passes, unshown, to another player. In digital mode the referee
    deals it from the pile; its owner no longer knows which of their discards are still there."""
    to = setup.players.index(move["to"])
    if setup.digital:
        state, card = hidden.from_penalty(setup, state, state.turn.seat, "blame")
        named = state.penalty()
        unseen = state.blind().shuffle_in(named.known)
        state = state.put(penalty=named.holding(()), blind=unseen)
        state = state.put(to, blind=state.blind(to).shuffle_in([card]))
    else:
        state = hidden.penalty_unshown(setup, state, state.turn.seat)
        state = state.put(penalty=state.penalty().add_unknown(-1))
        state = state.put(to, penalty=state.penalty(to).add_unknown())
    return state.at("refill")


def apply_pass(setup: Setup, state: State, move: Move) -> State:
    return state.at("refill")


def blame_moves(setup: Setup, state: State) -> list[Move]:
    others = [p for i, p in enumerate(setup.players) if i != state.turn.seat]
    return [{"type": "pass"}, *({"type": "blame", "to": p} for p in others)]
