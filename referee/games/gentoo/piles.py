"""Turning cards over and reshuffling: the Choice Cards set out (setup step 2), Phase I's draw
(GE-10, GE-11) and Phase II's flip (GE-18, GE-19). Each card turned face up is a chance move
`flip CARD`, checked against the pool of the face-down pile it comes from (GE-36)."""

from __future__ import annotations

import random

from pnpkit.referee.api import ACCEPTED, Move, Setup, Verdict, refuse
from pnpkit.referee.games.gentoo.setup import FISH_AT_START
from pnpkit.referee.games.gentoo.state import (
    DRAW,
    FLIP,
    PLAY,
    Catalog,
    Pool,
    Table,
    evolve,
    pool_text,
)

RESHUFFLE_DISCARD: Move = {"type": "reshuffle", "pile": "discard"}
RESHUFFLE_USED: Move = {"type": "reshuffle", "pile": "used"}


def forced(setup: Setup, state: Table) -> Move | None:
    """The reshuffle the rules make when a pile runs out (GE-11, GE-19), else None."""
    step = state.step
    if step == DRAW and not state.draw_pile and state.discard:
        return dict(RESHUFFLE_DISCARD)
    if step == FLIP:
        player = state.players[state.turn]
        if not player.pile and player.used:
            return dict(RESHUFFLE_USED)
    return None


def source(state: Table) -> Pool:
    """The face-down pile the next card is turned from: the Player Pile in Phase II's flip, the
    Draw Pile otherwise."""
    return state.players[state.turn].pile if state.step == FLIP else state.draw_pile


def check_flip(setup: Setup, state: Table, move: Move) -> Verdict:
    """Whether the card turned over can come from its pile now (GE-36)."""
    if forced(setup, state) is not None:
        return refuse("GE-11", "the pile is empty: it must be reshuffled first")
    card, catalog = move["card"], Catalog.of(setup.game)
    pile = source(state)
    if card in pile:
        return ACCEPTED
    where = "your Player Pile" if state.step == FLIP else "the Draw Pile"
    return refuse(
        "GE-36", f"{where} cannot hold another {card} {catalog.name(card)}: {pool_text(pile)}"
    )


def apply_flip(setup: Setup, state: Table, move: Move) -> Table:
    """A Choice Card added from the Draw Pile, or the Player Pile's top card put in play; a card
    flipped from a Used Pile reshuffled this turn may be the one chosen this turn (GE-37)."""
    card = move["card"]
    if state.step != FLIP:
        return evolve(state, draw_pile=state.draw_pile.take(card), choice=(*state.choice, card))
    barred = card if state.reshuffled and card == state.chosen else None
    player = state.players[state.turn]
    flipped = evolve(player, pile=player.pile.take(card), in_play=(*player.in_play, card))
    return evolve(state, players=state.seated(flipped), barred=barred, step=PLAY)


def flips(state: Table) -> list[Move]:
    """Every card the next flip may turn over."""
    return [{"type": "flip", "card": c} for c in source(state).ids()]


def chance(setup: Setup, state: Table, rng: random.Random) -> Move:
    """Digital mode: the card turned over, each copy in the pile equally likely."""
    return {"type": "flip", "card": source(state).draw(rng)}


def check_reshuffle(setup: Setup, state: Table, move: Move) -> Verdict:
    """Only the referee reshuffles, and only the pile that ran out (GE-11, GE-19)."""
    if forced(setup, state) == {"type": "reshuffle", "pile": move["pile"]}:
        return ACCEPTED
    rule = "GE-19" if move["pile"] == "used" else "GE-11"
    return refuse(rule, "the referee reshuffles by itself, and only when that pile runs out")


def apply_reshuffle(setup: Setup, state: Table, move: Move) -> Table:
    """The Discard Pile becomes the Draw Pile; or the Used Pile the Player Pile, with the fish
    back up to five (GE-19)."""
    if move["pile"] == "discard":
        return evolve(state, draw_pile=Pool.of(state.discard), discard=())
    player = state.current
    shuffled = evolve(player, pile=Pool.of(player.used), used=(), fish=FISH_AT_START)
    refill = FISH_AT_START - player.fish
    return evolve(
        state,
        players=state.seated(shuffled),
        fish_supply=state.fish_supply - refill,
        reshuffled=True,
    )
