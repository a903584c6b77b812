"""Arctic's table as data (`Rules.table`): landscape, River, power cards, and each seat."""

from __future__ import annotations

from typing import Any

from pnpkit.referee.api import Setup, card, cards, sees
from pnpkit.referee.api import hand as hand_data
from pnpkit.referee.games.arctic.facts import Power, facts
from pnpkit.referee.games.arctic.state import HIDDEN, State


def power_cards(setup: Setup, state: State) -> list[tuple[str, str, int | None, Power]]:
    """Each animal's power card once the sides are chosen (public, AR-7): the animal, the side
    shown, the seat holding it (None: still on the table) and that side's power."""
    if state.sides is None:
        return []
    table = facts(setup.game)
    return [
        (animal, side, owner, table.powers[(animal, side)])
        for animal, side, owner in zip(table.animals, state.sides, state.owners, strict=True)
    ]


def arctic_zones(setup: Setup, state: State, viewer: str | None) -> dict[str, Any]:
    """The landscape in track order with the animal tokens on each card, the River, the piles'
    sizes, the power cards, and each seat: hand (its size, and the cards known: at the table
    those everyone has seen; in digital mode the dealt hand, its owner's secret, AR-3), penalty
    pile, named discards (their owner's), totem and personal pile bottom to top (AR-45: another
    player's totem and face-down cards are hidden until the end, their named discards always)."""
    table = facts(setup.game)
    landscape = [
        {
            "position": position,
            "card": card(setup.game, card_id),
            "value": value,
            "tokens": [a for i, a in enumerate(table.animals) if state.tokens[i] == position],
        }
        for position, (card_id, value) in enumerate(table.landscape)
    ]
    powers = [
        {
            "card": card(setup.game, power.card),
            "animal": animal,
            "side": side.upper(),
            "title": power.title,
            "holder": None if owner is None else setup.players[owner],
        }
        for animal, side, owner, power in power_cards(setup, state)
    ]
    seats, game = [], setup.game
    dealt = state.totems()
    for index, player in enumerate(setup.players):
        secret = not sees(viewer, player) and state.turn.step != "over"
        totem = None if dealt is None or secret else card(setup.game, dealt[index])
        stack = [
            {"face_down": down, **({} if down and secret else {"card": card(game, c or HIDDEN)})}
            for c, down in state.pile(index).cards
        ]
        held = state.hand(index)
        named = state.penalty(index).known
        seats.append(
            {
                "player": player,
                "hand": hand_data(game, len(held), held.known, not (secret and setup.digital)),
                "penalty": state.penalties(index),
                "named": cards(setup.game, named if sees(viewer, player) else ()),
                "totem": totem,
                "pile": stack,
            }
        )
    return {
        "landscape": landscape,
        "river": cards(setup.game, state.river),
        "draw_pile": state.deck.count,
        "reserve": state.reserve,
        "ending": ["", "triggered", "last turns"][state.ending],
        "powers": powers,
        "seats": seats,
    }
