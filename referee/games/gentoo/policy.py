"""A simulated Gentoo player with a little sense, for `simulate` and the play-throughs.

Uniformly random moves make a deck-builder crawl (cards pile up in the players' decks and the
Choice Cards run dry), so the simulated player: always hatches when it can and always pecks a
Stone Thief; takes whichever of Egg or Hatch its deck holds fewer of, more often than another
Choice Card; plays its action cards
more often than it files them; never sends a Skua after its own Eggs and keeps a lone Egg or
Hatch in play, when it has another way. At the other steps it takes any legal move.

It lists only the kinds of legal move it weighs, each in the order `Rules.legal` lists them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pnpkit.referee.api import Move, Setup
from pnpkit.referee.games.gentoo import cards, common_area, personal_area
from pnpkit.referee.games.gentoo.state import CHOOSE, PECK, PLAY, Catalog, GentooState

HALVES = ("egg", "hatch")
TAKE_HALF, TAKE_OTHER, PLAY_ACTION = 0.8, 0.3, 0.7
STEPS = (CHOOSE, PLAY, PECK)
"""The steps at which the simulated player prefers some legal moves to others."""


def sensible_move(setup: Setup, state: GentooState, rng: random.Random) -> Move:
    """A legal move at one of `STEPS`, picked as described above."""
    catalog, step = Catalog.of(setup.game), state.turn.step
    if step == CHOOSE:
        return _choose(state, common_area.choices(setup, state), catalog, rng)
    if step == PECK:
        answers = personal_area.answers(setup, state)
        return rng.choice(answers[1:] or answers)
    if cards.can_hatch(state, catalog):
        return rng.choice(cards.hatch_moves(state, catalog, setup.players))
    return _play(setup, state, catalog, rng)


def _choose(
    state: GentooState, offers: Sequence[Move], catalog: Catalog, rng: random.Random
) -> Move:
    halves: list[Move] = []
    others: list[Move] = []
    wanted = ""
    for offer in offers:
        kind = catalog.kind(offer["card"])
        if kind not in HALVES:
            others.append(offer)
            continue
        wanted = wanted or _wanted(state, catalog)
        if kind == wanted:
            halves.append(offer)
    if halves and rng.random() < TAKE_HALF:
        return rng.choice(halves)
    if others and rng.random() < TAKE_OTHER:
        return rng.choice(others)
    return {"type": "pass"}


def _wanted(state: GentooState, catalog: Catalog) -> str:
    """Egg or Hatch, whichever the deck of the player whose turn it is (pile, in play and used)
    holds fewer of: Egg on a tie."""
    seat, kind = state.turn.seat, catalog.kind
    kinds = [*map(kind, state.in_play(seat) + state.used(seat))]
    eggs, hatches = kinds.count("egg"), kinds.count("hatch")
    for card, n in state.pile(seat).counts:
        half = kind(card)
        if half == "egg":
            eggs += n
        elif half == "hatch":
            hatches += n
    return "egg" if eggs <= hatches else "hatch"


def _play(setup: Setup, state: GentooState, catalog: Catalog, rng: random.Random) -> Move:
    me = setup.players[state.turn.seat]
    plays = cards.play_moves(state, catalog, setup.players)
    actions = [m for m in plays if m.get("owner") != me]
    if actions and rng.random() < PLAY_ACTION:
        return rng.choice(actions)
    in_play = state.in_play(state.turn.seat)
    filing = personal_area.filing(in_play)
    if not filing:
        return rng.choice([{"type": "pass"}])  # `personal_area.endings`: the pass alone
    return {"type": "used", "card": rng.choice(_filed(in_play, filing, catalog) or filing)}


def _filed(in_play: tuple[str, ...], filing: list[str], catalog: Catalog) -> list[str]:
    """The cards among `filing` whose move to the Used Pile leaves no lone Egg or Hatch in play
    (the moves `personal_area.endings` lists, drawn from as that list)."""
    kinds = [*map(catalog.kind, in_play)]
    lone = [in_play[kinds.index(k)] for k in HALVES if kinds.count(k) == 1]
    return [c for c in filing if c not in lone] if lone else filing
