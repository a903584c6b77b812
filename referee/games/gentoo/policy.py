"""A simulated Gentoo player with a little sense, for `simulate` and the play-throughs.

Uniformly random moves make a deck-builder crawl (cards pile up in the players' decks and the
Choice Cards run dry), so the simulated player: always hatches when it can and always pecks a
Stone Thief; takes whichever of Egg or Hatch its deck holds fewer of, more often than another
Choice Card; plays its action cards
more often than it files them; never sends a Skua after its own Eggs and keeps a lone Egg or
Hatch in play, when it has another way.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pnpkit.referee.games.gentoo.state import CHOOSE, PECK, PLAY, Catalog, Table
from pnpkit.referee.moves import Move

HALVES = ("egg", "hatch")
TAKE_HALF, TAKE_OTHER, PLAY_ACTION = 0.8, 0.3, 0.7


def sensible_move(
    table: Table, moves: Sequence[Move], catalog: Catalog, me: str, rng: random.Random
) -> Move:
    """One of `moves` (the legal ones), picked as described above."""
    by_type: dict[str, list[Move]] = {}
    for move in moves:
        by_type.setdefault(move["type"], []).append(move)
    if "hatch" in by_type:
        return rng.choice(by_type["hatch"])
    if table.step == PECK:
        return rng.choice(by_type.get("play", list(moves)))
    if table.step == CHOOSE:
        return _choose(table, by_type, catalog, rng)
    if table.step == PLAY:
        return _play(table, by_type, catalog, me, rng)
    return rng.choice(list(moves))


def _choose(
    table: Table, by_type: dict[str, list[Move]], catalog: Catalog, rng: random.Random
) -> Move:
    offers = by_type.get("choose", [])
    kinds = [catalog.kind(m["card"]) for m in offers]
    halves: list[Move] = []
    if any(kind in HALVES for kind in kinds):
        eggs, hatches = _owned(table, "egg", catalog), _owned(table, "hatch", catalog)
        wanted = "egg" if eggs <= hatches else "hatch"
        halves = [m for m, kind in zip(offers, kinds, strict=True) if kind == wanted]
    others = [m for m, kind in zip(offers, kinds, strict=True) if kind not in HALVES]
    if halves and rng.random() < TAKE_HALF:
        return rng.choice(halves)
    if others and rng.random() < TAKE_OTHER:
        return rng.choice(others)
    return by_type["pass"][0]


def _owned(table: Table, kind: str, catalog: Catalog) -> int:
    """Cards of `kind` in the deck of the player whose turn it is: pile, in play and used."""
    player = table.current
    count = player.pile.count
    in_play, used = player.in_play, player.used
    return sum(count(c) + in_play.count(c) + used.count(c) for c in catalog.of_kind(kind))


def _play(
    table: Table, by_type: dict[str, list[Move]], catalog: Catalog, me: str, rng: random.Random
) -> Move:
    actions = [m for m in by_type.get("play", []) if m.get("owner") != me]
    if actions and rng.random() < PLAY_ACTION:
        return rng.choice(actions)
    in_play = table.current.in_play
    filed = [
        m
        for m in by_type.get("used", [])
        if not (
            catalog.kind(m["card"]) in HALVES
            and sum(in_play.count(c) for c in catalog.of_kind(catalog.kind(m["card"]))) == 1
        )
    ]
    endings = filed or by_type.get("used", []) or by_type.get("pass", [])
    return rng.choice(endings or actions or by_type["play"])
