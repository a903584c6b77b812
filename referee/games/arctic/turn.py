"""The flow of a turn (AR-8): steps A–D in order, the River refill (AR-22), the Reserve and the
end of the game (AR-35–AR-38); what each step expects, and the steps that pass by themselves."""

from __future__ import annotations

from collections.abc import Callable

from pnpkit.referee.api import (
    ACCEPTED,
    Deck,
    Flow,
    Move,
    Setup,
    Step,
    Turn,
    Verdict,
    evolve,
    refuse,
)
from pnpkit.referee.games.arctic.draw import discard_text, draw_sources, draw_text
from pnpkit.referee.games.arctic.hidden import where
from pnpkit.referee.games.arctic.place import place_text
from pnpkit.referee.games.arctic.situation import current_animal, held_effects, value_range
from pnpkit.referee.games.arctic.state import HAND_LIMIT, RIVER_SIZE, State
from pnpkit.referee.games.arctic.tokens import tokens_text

FLOW = Flow(
    (
        # the setup (AR-6, AR-7) and the River refill between turns (AR-22), chance's
        Step(
            "sides",
            "chance",
            "turn each power card to side a or b: sides LETTERS (fox … polar bear)",
        ),
        Step("totems", "chance", "deal each player a secret totem"),
        Step(
            "refill", "chance", "turn over the top card of the draw pile into the River: river CARD"
        ),
        Step("deal", "chance", "deal the card drawn face down: deal CARD"),
        # a turn (AR-8): A place, B power, C tokens, D draw, then the hand limit and the polar
        # bear; steps A, C, D and the discard say the state's numbers (`TEXTS`)
        Step("place"),
        Step("power", text="{player}: take your animal's power card"),
        Step("tokens", text="{player}: move the two animal tokens: tokens ANIMAL left"),
        Step("draw"),
        Step("discard"),
        Step(
            "blame",
            text="{player}: pass a penalty card to another player (blame NAME) or keep it (pass)",
        ),
        # the end (AR-38): everyone shows their totem
        Step("reveal", "simultaneous", "all: reveal the totems (totems NAME=ANIMAL …)"),
    ),
    over="the game is over: score it",
)
"""The steps of the setup, of a turn and of the end, in the rulebook's order."""
STEP_RULES = {
    "sides": "AR-7",
    "totems": "AR-6",
    "refill": "AR-22",
    "deal": "AR-45",
    "place": "AR-9",
    "power": "AR-13",
    "tokens": "AR-15",
    "draw": "AR-19",
    "discard": "AR-21",
    "blame": "AR-34",
    "reveal": "AR-38",
}
"""The rule a move of the wrong kind for the step is refused under."""


TEXTS: dict[str, Callable[[Setup, State], str]] = {
    "place": place_text,
    "tokens": tokens_text,
    "draw": draw_text,
    "discard": discard_text,
}
"""The line of each step that says the state's numbers (how many cards to place, draw or
discard; which tokens move) and the powers' moves; the other steps read the flow's line."""


# --- the River refill and the Reserve -------------------------------------------------------
def check_river(setup: Setup, state: State, move: Move) -> Verdict:
    card = move["card"]
    if state.deck.count == 0:
        return refuse("AR-35", "the draw pile is empty: the Reserve becomes the draw pile")
    if card not in state.deck.unseen:
        place = where(setup, state, card)
        return refuse("AR-45", f"{card} cannot come from the draw pile: {place}")
    return ACCEPTED


def check_reserve(setup: Setup, state: State, move: Move) -> Verdict:
    if state.deck.count:
        return refuse("AR-35", "the Reserve is used only once the draw pile is empty")
    return ACCEPTED


def apply_river(setup: Setup, state: State, move: Move) -> State:
    return evolve(state, table=state.table.carry((move["card"], "unseen", "river")))


def apply_reserve(setup: Setup, state: State, move: Move) -> State:
    """AR-35: the Reserve becomes the draw pile, and the end is triggered."""
    return evolve(state.put(unseen=Deck(state.deck.unseen, state.reserve)), reserve=0, ending=1)


# --- steps that pass by themselves ----------------------------------------------------------
def settle(setup: Setup, state: State) -> State:
    """Move on through steps that need nobody's input, until someone must act: one copy of the
    state however many steps of a turn pass."""
    step = state.turn.step
    while (following := _follow(setup, state, step)) is not None:
        if isinstance(following, str):
            step = following
        else:
            state, step = following, following.turn.step
    return state if step == state.turn.step else state.at(step)


def _follow(setup: Setup, state: State, step: str) -> str | State | None:
    """The step after `step` (the state's, its turn aside) if it ends by itself, or the state
    after it if more changes; None if it waits for a move."""
    if step == "setup":
        if state.sides is None:
            return "sides"
        return "totems" if setup.digital and state.totems() is None else "refill"
    if step == "refill":
        return _after_refill(setup, state)
    if step == "power":
        animal = current_animal(setup, state)
        return "tokens" if animal is None or state.owners[animal] == state.turn.seat else None
    if step == "tokens" and current_animal(setup, state) is None:
        return "draw"
    if step == "draw":
        return _after_draw(setup, state)
    if step == "discard" and len(state.hand()) <= HAND_LIMIT:
        return "blame"
    if step == "blame" and not (
        "bear-give-penalty" in held_effects(setup, state) and state.penalties()
    ):
        return "refill"
    if step == "reveal" and state.totems() is not None:
        return "over"
    return None


def _after_refill(setup: Setup, state: State) -> str | State | None:
    full = len(state.river) >= RIVER_SIZE
    if not full and (state.deck.count or (state.reserve and state.ending == 0)):
        return None
    if not state.turn.number:
        return evolve(state, turn=Turn(state.turn.seat, "place", 1))
    if state.orca_refill:
        return state.at("draw", orca_refill=False)
    return _next_turn(setup, state)


def _after_draw(setup: Setup, state: State) -> str | State | None:
    if state.ending == 2:
        return _next_turn(setup, state)
    _, high = value_range(setup, state, "draw")
    if state.taken < high and (state.river or draw_sources(setup, state)):
        return None
    return "discard"


def _next_turn(setup: Setup, state: State) -> State:
    """AR-8, AR-36, AR-37: the next player's turn, the last round, or the end."""
    turn = state.turn.next(len(setup.players), "place")
    ending = state.ending
    if turn.seat == 0 and ending:
        if ending == 2:
            reveal = Turn(0, "reveal", state.turn.number)
            return evolve(state, turn=reveal, used=frozenset(), taken=0)
        ending = 2
    return evolve(state, turn=turn, ending=ending, taken=0, used=frozenset())
