"""The current player's situation, which every step reads: the visible animal card on top of the
pile (AR-9), its animal and companion, its values (how many cards to place and to draw), and the
powers held (AR-13, AR-14)."""

from __future__ import annotations

from collections.abc import Mapping

from pnpkit.referee.api import Setup
from pnpkit.referee.games.arctic.facts import Card, facts
from pnpkit.referee.games.arctic.state import NO_ANIMAL_VALUE, State

HELD_CACHE = 50_000
"""Entries kept in `Facts.held` before it starts afresh (a bound on memory in long simulations)."""


def current_card(setup: Setup, state: State) -> Card | None:
    """The current player's visible animal card (AR-9), or None."""
    top = state.pile().top
    return None if top is None else facts(setup.game).cards[top]


def current_animal(setup: Setup, state: State) -> int | None:
    """The index (in animal order) of the current player's visible animal, or None."""
    card = current_card(setup, state)
    return None if card is None else facts(setup.game).animals.index(card.animal)


def value_range(setup: Setup, state: State, value: str) -> tuple[int, int]:
    """How few and how many cards the current player may place (`value` "place": AR-9, AR-10,
    AR-26) or draw ("draw": AR-19, AR-25) this turn: the visible animal's value, one more or less
    with the moose's power."""
    card = current_card(setup, state)
    count = NO_ANIMAL_VALUE if card is None else getattr(card, value)
    if MOOSE[value] in held_effects(setup, state):
        return max(0, count - 1), count + 1
    return count, count


MOOSE = {"place": "moose-place-adjust", "draw": "moose-draw-adjust"}
"""The moose's effect that adjusts each value (AR-25, AR-26)."""


def token_pair(setup: Setup, state: State) -> tuple[str, str] | None:
    """The main and companion animals whose tokens move this turn (in step C)."""
    card = current_card(setup, state) if state.turn.step == "tokens" else None
    return None if card is None else (card.animal, card.companion)


def held_effects(setup: Setup, state: State) -> frozenset[str]:
    """The effects of the power cards the current player holds (AR-13)."""
    table = facts(setup.game)
    key = (state.owners, state.sides, state.turn.seat)
    held = table.held.get(key)
    if held is None:
        if len(table.held) >= HELD_CACHE:
            table.held.clear()
        held = table.held[key] = frozenset(
            table.powers[(animal, state.sides[index])].effect
            for index, animal in enumerate(table.animals)
            if state.owners[index] == state.turn.seat and state.sides is not None
        )
    return held


def power_hints(setup: Setup, state: State, hints: Mapping[str, str]) -> str:
    """The moves the current player's powers add to this step (if not used this turn)."""
    usable = held_effects(setup, state) - state.used
    return "".join(f"; {hint}" for effect, hint in hints.items() if effect in usable)
