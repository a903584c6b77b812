"""Gentoo's move words: what a typed word may be (a card, a player's name, a pile) and the forms
whose words the placeholders cannot say alone (`choose CARD [site]`, `hatch EGG [NAME]`, a
`play` whose target depends on the card). The forms themselves are declared in rules.py.

A leading `NAME:` marks a move made out of turn (a Vicious Peck); NAME may have several words,
so each such name is marked as one word before the move is read (`marked`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pnpkit.referee.api import (
    Move,
    MoveSyntaxError,
    Setup,
    State,
    Word,
    one_of,
    player_named,
)
from pnpkit.referee.games.gentoo.state import Catalog

CHOICE, IN_PLAY, USED = "choice", "play", "used"
KEYWORDS = (CHOICE, USED)
"""Words a Skua's target uses, so no player may be called so."""
NAME_MARK = "\x00"


def _card(setup: Setup, word: str) -> str:
    catalog = Catalog.of(setup.game)
    card = word.upper()
    if card not in catalog.cards:
        raise MoveSyntaxError(f"{word!r} is not a Gentoo card ID ({', '.join(catalog.cards)})")
    return card


def _name(setup: Setup, word: str) -> str:
    if word.startswith(NAME_MARK):
        return setup.players[int(word[1:])]
    return player_named(word, setup.players)


CARD = Word("CARD", "a Gentoo card ID", _card, explains=True)
NAME = Word("NAME", "a player's name", _name, explains=True)
PILE = one_of("PILE", "discard", "used")


def marked(text: str, players: Sequence[str]) -> str:
    """`text` with each name of several words (`seat 1`) made one marked word."""
    if NAME_MARK in text:
        raise MoveSyntaxError("a move holds no NUL character")
    for seat, name in enumerate(players):
        if len(name.split()) > 1:
            pattern = r"(?<!\S)" + r"\s+".join(map(re.escape, name.split())) + r"(?!\S)"
            text = re.sub(pattern, f"{NAME_MARK}{seat}", text, flags=re.IGNORECASE)
    return text


def read_choose(setup: Setup, state: State | None, said: list[str]) -> Move:
    """`choose CARD`, or `choose EGG site` with a Good Nesting Site (GE-15)."""
    if len(said) not in (1, 2):
        raise MoveSyntaxError("expected: choose CARD, or choose EGG site")
    card = _card(setup, said[0])
    if [a.lower() for a in said[1:]] not in ([], ["site"]):
        raise MoveSyntaxError("expected: choose CARD, or choose EGG site")
    return {"card": card, **({"site": True} if said[1:] else {})}


def write_choose(move: Move) -> str:
    return " ".join(["choose", move["card"], *(["site"] if move.get("site") else [])])


def read_hatch(setup: Setup, state: State | None, said: list[str]) -> Move:
    """`hatch EGG`, or `hatch EGG NAME` giving NAME a nesting stone (GE-21, GE-22)."""
    if len(said) not in (1, 2):
        raise MoveSyntaxError("expected: hatch EGG, or hatch EGG NAME")
    return {"egg": _card(setup, said[0]), **({"to": _name(setup, said[1])} if said[1:] else {})}


def write_hatch(move: Move) -> str:
    return " ".join(["hatch", move["egg"], *([move["to"]] if "to" in move else [])])


TARGETS = {
    "stone-thief": "one player's name: play CARD NAME",
    "leopard-seal": "one player's name: play CARD NAME",
    "skua": "an Egg and where it lies: play CARD EGG choice | EGG NAME [used]",
}
"""What each card that takes a target takes after it, for a refusal."""


def read_play(setup: Setup, state: State | None, said: list[str]) -> Move:
    """`play CARD`, a Stone Thief or Leopard Seal with a player's name, a Skua with an Egg and
    where it lies: `choice`, `NAME` (Cards in Play) or `NAME used` (the Used Pile's top)."""
    if not said:
        raise MoveSyntaxError("expected: play CARD, e.g. play GE-BLZ")
    catalog, card, rest = Catalog.of(setup.game), _card(setup, said[0]), said[1:]
    if not rest:
        return {"card": card}
    kind = catalog.kind(card)
    if kind in ("stone-thief", "leopard-seal") and len(rest) == 1:
        return {"card": card, "target": _name(setup, rest[0])}
    if kind == "skua" and len(rest) in (2, 3):
        return {"card": card, "egg": _card(setup, rest[0]), **_place(setup, rest[1:])}
    needs = TARGETS.get(kind, "nothing after it")
    raise MoveSyntaxError(f"{card} {catalog.name(card)} takes {needs}")


def _place(setup: Setup, said: list[str]) -> Move:
    if [a.lower() for a in said] == [CHOICE]:
        return {"from": CHOICE}
    if len(said) == 2 and said[1].lower() != USED:
        raise MoveSyntaxError(f"expected `NAME used` for the top of a Used Pile, not {said[1]!r}")
    return {"from": USED if len(said) == 2 else IN_PLAY, "owner": _name(setup, said[0])}


def write_play(move: Move) -> str:
    where = move.get("from")
    place = {CHOICE: [CHOICE], USED: [move.get("owner"), USED], IN_PLAY: [move.get("owner")]}
    said = [move["card"], *[move[k] for k in ("target", "egg") if k in move], *place.get(where, [])]
    return " ".join(["play", *said])
