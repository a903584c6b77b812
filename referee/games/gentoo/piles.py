"""Turning cards over and reshuffling: the Choice Cards set out (setup step 2), Phase I's draw
(GE-10, GE-11) and Phase II's flip (GE-18, GE-19). Each card turned face up is a chance move
`flip CARD`, checked against the pool of the face-down pile it comes from (GE-36)."""

from __future__ import annotations

import random

from pnpkit.referee.api import ACCEPTED, Move, Pile, Pool, Setup, Verdict, refuse
from pnpkit.referee.games.gentoo.setup import FISH_AT_START
from pnpkit.referee.games.gentoo.state import (
    CHOICES,
    DISCARD_PILE,
    DRAW,
    DRAW_PILE,
    FISH_SUPPLY,
    FLIP,
    PLAY,
    Catalog,
    GentooState,
    draw,
    pool_text,
)

RESHUFFLE_DISCARD: Move = {"type": "reshuffle", "pile": "discard"}
RESHUFFLE_USED: Move = {"type": "reshuffle", "pile": "used"}


def forced(setup: Setup, state: GentooState) -> Move | None:
    """The reshuffle the rules make when a pile runs out (GE-11, GE-19), else None."""
    turn = state.turn
    if turn.step == DRAW:
        if not state.middle(DRAW_PILE).counts and state.cards(DISCARD_PILE):
            return dict(RESHUFFLE_DISCARD)
    elif turn.step == FLIP and not state.pile(turn.seat).counts and state.used(turn.seat):
        return dict(RESHUFFLE_USED)
    return None


def source(state: GentooState) -> Pool:
    """The face-down pile the next card is turned from: the Player Pile in Phase II's flip, the
    Draw Pile otherwise."""
    turn = state.turn
    return state.pile(turn.seat) if turn.step == FLIP else state.middle(DRAW_PILE)  # type: ignore[return-value]


def check_flip(setup: Setup, state: GentooState, move: Move) -> Verdict:
    """Whether the card turned over can come from its pile now (GE-36)."""
    if forced(setup, state) is not None:
        return refuse("GE-11", "the pile is empty: it must be reshuffled first")
    card, catalog = move["card"], Catalog.of(setup.game)
    pile = source(state)
    if pile[card]:
        return ACCEPTED
    where = "your Player Pile" if state.turn.step == FLIP else "the Draw Pile"
    return refuse(
        "GE-36", f"{where} cannot hold another {card} {catalog.name(card)}: {pool_text(pile)}"
    )


def apply_flip(setup: Setup, state: GentooState, move: Move) -> GentooState:
    """A Choice Card added from the Draw Pile, or the Player Pile's top card put in play; a card
    flipped from a Used Pile reshuffled this turn may be the one chosen this turn (GE-37)."""
    card = move["card"]
    if state.turn.step != FLIP:
        return state.move((card, DRAW_PILE, CHOICES))
    barred = card if state.reshuffled and card == state.chosen else None
    area = state.areas[state.turn.seat]
    return state.move((card, area.pile, area.in_play), step=PLAY, barred=barred)


def flips(state: GentooState) -> list[Move]:
    """Every card the next flip may turn over."""
    return [{"type": "flip", "card": c} for c, _ in source(state).counts]


def chance(setup: Setup, state: GentooState, rng: random.Random) -> Move:
    """Digital mode: the card turned over, each copy in the pile equally likely."""
    return {"type": "flip", "card": draw(source(state), rng)}


def check_reshuffle(setup: Setup, state: GentooState, move: Move) -> Verdict:
    """Only the referee reshuffles, and only the pile that ran out (GE-11, GE-19)."""
    if forced(setup, state) == {"type": "reshuffle", "pile": move["pile"]}:
        return ACCEPTED
    rule = "GE-19" if move["pile"] == "used" else "GE-11"
    return refuse(rule, "the referee reshuffles by itself, and only when that pile runs out")


def apply_reshuffle(setup: Setup, state: GentooState, move: Move) -> GentooState:
    """The Discard Pile becomes the Draw Pile; or the Used Pile the Player Pile, with the fish
    back up to five (GE-19)."""
    if move["pile"] == "discard":
        return state.put(
            {DRAW_PILE: Pool().holding(state.cards(DISCARD_PILE)), DISCARD_PILE: Pile()}
        )
    fish, seat = Catalog.of(setup.game).fish, state.turn.seat
    area = state.areas[seat]
    refill = FISH_AT_START - state.tokens(seat)[fish]
    shuffled = state.put({area.pile: Pool().holding(state.used(seat)), area.used: Pile()})
    return shuffled.move((fish, FISH_SUPPLY, area.tokens, refill), reshuffled=True)
