"""Año Nuevo's table as data (`Rules.table`): Locations with their Harems, seals, piles."""

from __future__ import annotations

from typing import Any

from pnpkit.referee.api import LotHand, Setup, card, cards, hand, sees, unseen
from pnpkit.referee.games.ano_nuevo.state import (
    ASIDE,
    HAND,
    HAREM_DECK,
    HAREM_DISCARD,
    POOL_CARDS,
    POSTURE,
    PREY_DECK,
    PREY_DISCARD,
    AnoNuevo,
)


def _items(setup: Setup, held: LotHand, visible: bool) -> dict[str, Any]:
    """A hand or pile: its size, and the cards known (not the unseen ones) when visible."""
    return hand(setup.game, len(held), list(held.known()), visible)


def ano_nuevo_zones(setup: Setup, state: AnoNuevo, viewer: str | None) -> dict[str, Any]:
    """The turn and tracker, each Location (its card, its Harem face up, the seals there and
    their roles), the Ocean, each seal (VP, hand, cards set aside and Pool: AN-68, the others'
    only counted), the Posture under way, and the piles' sizes."""
    seals = list(zip(setup.players, state.seals, strict=True))
    locations = [
        {
            "number": i + 1,
            "card": card(setup.game, place),
            "harem": cards(setup.game, [c for c in state.beach(i) if not unseen(c)]),
            "seals": [{"player": p, "role": s.role} for p, s in seals if s.place == i],
        }
        for i, place in enumerate(state.places)
    ]
    contest = None
    if state.step == POSTURE and state.contests:
        first = state.contests[0]
        contest = {
            "location": first.place + 1,
            "round": first.round,
            "seals": list(first.seals),
            "displayed": None if first.shown is None else list(first.shown),
            "fighters": list(first.fighters),
            "revealed": [cards(setup.game, r) for r in first.revealed],
        }
    return {
        "turn": state.turn,
        "tracker": state.tracker,
        "locations": locations,
        "ocean": [p for p, s in seals if s.place is None],
        "seals": [
            {
                "player": p,
                "vp": s.vp,
                "location": None if s.place is None else s.place + 1,
                "role": s.role,
                "hand": _items(setup, state.held(setup, HAND, p), sees(viewer, p)),
                "aside": _items(setup, state.held(setup, ASIDE, p), sees(viewer, p)),
                "pool": _items(setup, state.held(setup, POOL_CARDS, p), sees(viewer, p)),
            }
            for p, s in seals
        ],
        "posture": contest,
        "piles": {
            "prey_deck": len(state.table[PREY_DECK]),
            "prey_discard": len(state.table[PREY_DISCARD]),
            "harem_deck": len(state.table[HAREM_DECK]),
            "harem_discard": len(state.table[HAREM_DISCARD]),
        },
    }
