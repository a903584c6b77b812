"""Phase I of a Gentoo turn, the Common Area (rulebook "Phase I", GE-10 … GE-17): after the draw
(piles.py), choose a Choice Card — paying its fish, holding an Egg's nesting stones, perhaps
with a Good Nesting Site — then discard down to four Choice Cards."""

from __future__ import annotations

import random

from pnpkit.referee.api import ACCEPTED, Move, Setup, Verdict, refuse
from pnpkit.referee.games.gentoo.cards import usable_of
from pnpkit.referee.games.gentoo.state import (
    CHOICES,
    DISCARD,
    DISCARD_PILE,
    FISH_SUPPLY,
    FLIP,
    Catalog,
    GentooState,
)


def site(state: GentooState, catalog: Catalog) -> str | None:
    """A Good Nesting Site the player whose turn it is may use now, if any (GE-15)."""
    sites = usable_of(state, state.turn.seat, "good-nesting-site", catalog)
    return sites[0] if sites else None


def check_choose(setup: Setup, state: GentooState, move: Move) -> Verdict:
    """Whether the player may take this Choice Card (GE-12 … GE-15)."""
    catalog, card = Catalog.of(setup.game), move["card"]
    tokens = state.tokens(state.turn.seat)
    fish, stones = tokens[catalog.fish], tokens[catalog.stone]
    if card not in state.cards(CHOICES):
        return refuse("GE-12", f"{card} {catalog.name(card)} is not among the Choice Cards")
    cost, need, egg = catalog.price(card)
    if fish < cost:
        return refuse("GE-13", f"{catalog.name(card)} costs {cost} fish and you have {fish}")
    with_site = bool(move.get("site"))
    if with_site and not egg:
        return refuse("GE-15", "a Good Nesting Site only helps when you choose an Egg")
    if with_site and not site(state, catalog):
        return refuse("GE-15", "you have no Good Nesting Site in your Cards in Play")
    need -= with_site
    if stones < need:
        even = " even with a Good Nesting Site" if with_site else ""
        return refuse(
            "GE-15" if with_site else "GE-14",
            f"{catalog.name(card)} needs {need} nesting stones{even}; you have {stones}",
        )
    return ACCEPTED


def apply_choose(setup: Setup, state: GentooState, move: Move) -> GentooState:
    """The card to the Used Pile, its fish paid; a Good Nesting Site used is discarded."""
    catalog, card, area = Catalog.of(setup.game), move["card"], state.areas[state.turn.seat]
    paid = [
        (card, CHOICES, area.used),
        (catalog.fish, area.tokens, FISH_SUPPLY, catalog.cost(card)),
    ]
    if move.get("site"):
        paid.append((site(state, catalog) or "", area.in_play, DISCARD_PILE))
    return state.move(*paid, step=DISCARD, chosen=card)


def choices(setup: Setup, state: GentooState) -> list[Move]:
    """Every Choice Card the player may take now, with and without a Good Nesting Site: those
    `check_choose` accepts."""
    catalog, tokens = Catalog.of(setup.game), state.tokens(state.turn.seat)
    fish, stones = tokens[catalog.fish], tokens[catalog.stone]
    with_site: bool | None = None
    moves: list[Move] = []
    for card in sorted(set(state.cards(CHOICES))):
        cost, need, egg = catalog.price(card)
        if fish < cost:
            continue
        if stones >= need:
            moves.append({"type": "choose", "card": card})
        if egg and stones >= need - 1:
            if with_site is None:
                with_site = site(state, catalog) is not None
            if with_site:
                moves.append({"type": "choose", "card": card, "site": True})
    return moves


def check_discard(setup: Setup, state: GentooState, move: Move) -> Verdict:
    """The card discarded is one of the Choice Cards (GE-17)."""
    if move["card"] in state.cards(CHOICES):
        return ACCEPTED
    return refuse("GE-17", f"{move['card']} is not among the Choice Cards")


def apply_discard(setup: Setup, state: GentooState, move: Move) -> GentooState:
    """The Choice Card to the Discard Pile; Phase II begins."""
    return state.move((move["card"], CHOICES, DISCARD_PILE), step=FLIP)


def discards(state: GentooState) -> list[Move]:
    """Every Choice Card that may be discarded."""
    return [{"type": "discard", "card": c} for c in sorted(set(state.cards(CHOICES)))]


def random_discard(state: GentooState, rng: random.Random) -> Move:
    """`rng.choice(discards(state))`, without building the moves not drawn."""
    return {"type": "discard", "card": rng.choice(sorted(set(state.cards(CHOICES))))}
