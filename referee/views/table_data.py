"""The table as data (`Rules.table`): what `show --json` prints and a web page draws.

Every game's table has the same frame — the game, its players in seat order with their colours
and running scores, whose turn, the prompt and the score sheet — and its own `zones` (grid,
forest, piles, River, Locations, hands). A card is `{"id", "name"}`; a hand is `{"count"}` with
`"cards"` only when the viewer may see them. The JSON Schemas: `table.schema.json` beside
this module, and each bundled game's own `table.schema.json` in its folder.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from pnpkit.components.model import Game

if TYPE_CHECKING:
    from pnpkit.referee.engine.rules import Rules, Setup, State

PALETTE = (
    ("red", "#c8362f"),
    ("blue", "#2f62c8"),
    ("green", "#2e8b47"),
    ("orange", "#d9801a"),
    ("purple", "#7c4bb8"),
    ("teal", "#17878c"),
)
"""Seat colours of a game whose pieces have none of their own."""


def sees(viewer: str | None, owner: str) -> bool:
    """Whether `viewer` may see `owner`'s secrets: the referee's whole view (None) or the owner."""
    return viewer is None or viewer == owner


def card(game: Game, card_id: str) -> dict[str, str]:
    """A card (or tile, or token) as data: its printed ID and its name."""
    component = game.component(card_id)
    return {"id": card_id, "name": component.name if component else card_id}


def cards(game: Game, ids: Iterable[str]) -> list[dict[str, str]]:
    """Several cards as data, in the order given."""
    return [card(game, i) for i in ids]


def hand(game: Game, count: int, known: Iterable[str], visible: bool) -> dict[str, Any]:
    """A hand: always its size; the cards the referee knows only when the viewer may see them."""
    return {"count": count, "cards": cards(game, known)} if visible else {"count": count}


def table_of(rules: Rules, setup: Setup, state: State, viewer: str | None) -> dict[str, Any]:
    """The frame every game shares, with the game's own `zones` (see `Rules.table`)."""
    from pnpkit.referee.views.gate import (  # the gate needs the rules, loaded first
        prompt_line,
        score_for,
    )

    prompt = rules.prompt(setup, state)
    score = score_for(setup, state, viewer)
    colours = rules.seat_colours(setup)
    players = [
        {
            "name": name,
            "seat": seat + 1,
            "colour": colours[seat][0],
            "rgb": colours[seat][1],
            "score": score["players"][name]["total"] if name in score["players"] else 0,
            "turn": name in prompt.actors,
        }
        for seat, name in enumerate(setup.players)
    ]
    return {
        "game": setup.game.id,
        "name": setup.game.name,
        "variant": setup.variant,
        "digital": setup.digital,
        "viewer": viewer,
        "players": players,
        "turn": list(prompt.actors),
        "prompt": {
            "kind": prompt.kind,
            "actors": list(prompt.actors),
            "text": prompt_line(setup, state, prompt, viewer),
        },
        "score": score,
        "zones": rules.zones(setup, state, viewer),
    }
