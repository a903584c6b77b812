"""Phase II of a Gentoo turn, the Personal Area (rulebook "Phase II", GE-18 … GE-23): after the
flip (piles.py), play one Card in Play or hatch an Egg (cards.py), or else move a card to the
Used Pile when more than three are in play; then the turn passes on. A `pass` also declines
Phase I's choice (GE-12). The moves each step offers are listed here."""

from __future__ import annotations

from pnpkit.referee.api import ACCEPTED, Move, Setup, Verdict, refuse
from pnpkit.referee.games.gentoo import cards
from pnpkit.referee.games.gentoo.state import (
    CHOOSE,
    DISCARD,
    PLAY,
    Catalog,
    GentooState,
)
from pnpkit.referee.games.gentoo.turn import CARDS_IN_PLAY_KEPT, end_turn


def check_used(setup: Setup, state: GentooState, move: Move) -> Verdict:
    """A Card in Play moves to the Used Pile only from more than three (GE-23)."""
    catalog, card, in_play = Catalog.of(setup.game), move["card"], state.in_play(state.turn.seat)
    if card not in in_play:
        return refuse("GE-23", f"you have no {card} {catalog.name(card)} in your Cards in Play")
    if len(in_play) <= CARDS_IN_PLAY_KEPT:
        return refuse(
            "GE-23", "a card moves to your Used Pile only when you have more than three in play"
        )
    return ACCEPTED


def apply_used(setup: Setup, state: GentooState, move: Move) -> GentooState:
    """The card to the Used Pile; the turn ends."""
    area = state.areas[state.turn.seat]
    return end_turn(state, (move["card"], area.in_play, area.used))


def check_pass(setup: Setup, state: GentooState, move: Move) -> Verdict:
    """Passing ends Phase II only with three or fewer Cards in Play (GE-47)."""
    if state.turn.step == PLAY and len(state.in_play(state.turn.seat)) > CARDS_IN_PLAY_KEPT:
        return refuse(
            "GE-47",
            "with more than three Cards in Play you must play a card or move one to your "
            "Used Pile (used CARD)",
        )
    return ACCEPTED


def apply_pass(setup: Setup, state: GentooState, move: Move) -> GentooState:
    """Nothing chosen (on to the discard), or the turn ended without playing."""
    return state.at(DISCARD) if state.turn.step == CHOOSE else end_turn(state)


def answers(setup: Setup, state: GentooState) -> list[Move]:
    """A Stone Thief's victim: allow, or play one of their Vicious Pecks."""
    held = cards.pecks(state, state.victim or 0, Catalog.of(setup.game))
    return [{"type": "allow"}, *({"type": "play", "card": c} for c in held)]


def plays(setup: Setup, state: GentooState) -> list[Move]:
    """Every play and hatch, then the ways to end the turn without one."""
    catalog, players = Catalog.of(setup.game), setup.players
    return [
        *cards.play_moves(state, catalog, players),
        *cards.hatch_moves(state, catalog, players),
        *endings(state),
    ]


def endings(state: GentooState) -> list[Move]:
    """The ways to end the turn without playing: pass, or else move a card to the Used Pile."""
    cards_in_play = filing(state.in_play(state.turn.seat))
    if not cards_in_play:
        return [{"type": "pass"}]
    return [{"type": "used", "card": c} for c in cards_in_play]


def filing(in_play: tuple[str, ...]) -> list[str]:
    """The cards one of which must move to the Used Pile to end the turn: each of the Cards in
    Play when more than three are; none when the turn may end with a pass (GE-23)."""
    return sorted(set(in_play)) if len(in_play) > CARDS_IN_PLAY_KEPT else []
