"""Año Nuevo's move syntax (AN-72): every move's text form, read and written."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pnpkit.referee.api import (
    Move,
    MoveSyntaxError,
    Setup,
    pairs,
    plain_digits,
    player_named,
    words,
)
from pnpkit.referee.games.ano_nuevo.state import OCEAN

STAY = {"stay": True, "up": True, "fight": True, "back": False, "down": False}
NO_CARDS = ("none", "0")
"""What a posturer displaying no card types in digital mode."""


def _args(args: Sequence[str], n: int, form: str) -> Sequence[str]:
    if len(args) != n:
        raise MoveSyntaxError(f"expected: {form}")
    return args


def _card(kind: str) -> Callable[[Setup, Sequence[str]], Move]:
    def parse(setup: Setup, args: Sequence[str]) -> Move:
        (card,) = _args(args, 1, f"{kind} CARD")
        return {"type": kind, "card": card.upper()}

    return parse


def _seal_card(kind: str) -> Callable[[Setup, Sequence[str]], Move]:
    def parse(setup: Setup, args: Sequence[str]) -> Move:
        name, card = _args(args, 2, f"{kind} NAME CARD")
        return {"type": kind, "seal": player_named(name, setup.players), "card": card.upper()}

    return parse


def _bare(kind: str) -> Callable[[Setup, Sequence[str]], Move]:
    def parse(setup: Setup, args: Sequence[str]) -> Move:
        _args(args, 0, kind)
        return {"type": kind}

    return parse


def _bellow(setup: Setup, args: Sequence[str]) -> Move:
    (name,) = _args(args, 1, "bellow NAME")
    return {"type": "bellow", "seal": player_named(name, setup.players)}


def _travel(setup: Setup, args: Sequence[str]) -> Move:
    chosen: dict[str, Any] = {}
    for player, value in pairs(args, setup.players).items():
        if value in (OCEAN, "o"):
            chosen[player] = OCEAN
        elif plain_digits(value):
            chosen[player] = int(value)
        else:
            raise MoveSyntaxError(f"{player}={value}: expected a Location number or ocean")
    return {"type": "travel", "to": chosen}


def _display(setup: Setup, args: Sequence[str]) -> Move:
    """At the table, how many cards each posturer displays (`display Ann=2 Bob=0`); in digital
    mode, which (`display Ann=AN-SQ1+AN-CR3 Bob=none`)."""
    chosen = pairs(args, setup.players)
    if not setup.digital:
        counts = {}
        for player, value in chosen.items():
            if not plain_digits(value):
                raise MoveSyntaxError(f"{player}={value}: expected how many cards, like {player}=2")
            counts[player] = int(value)
        return {"type": "display", "counts": counts}
    shown: dict[str, list[str]] = {}
    for player, value in chosen.items():
        parts = value.split("+")
        if value in NO_CARDS:
            shown[player] = []
        elif all(part.startswith("an-") and len(part) > 3 for part in parts):
            shown[player] = sorted(part.upper() for part in parts)
        else:
            raise MoveSyntaxError(
                f"{player}={value}: expected the cards displayed face down, like "
                f"{player}=AN-SQ1+AN-CR3, or {player}=none"
            )
    return {"type": "display", "cards": shown}


def _stand(setup: Setup, args: Sequence[str]) -> Move:
    stays = {}
    for player, value in pairs(args, setup.players).items():
        if value not in STAY:
            raise MoveSyntaxError(f"{player}={value}: expected stay or back")
        stays[player] = STAY[value]
    return {"type": "stand", "stays": stays}


PARSERS: dict[str, Callable[[Setup, Sequence[str]], Move]] = {
    "location": _card("location"),
    "flip": _card("flip"),
    "travel": _travel,
    "pay": _seal_card("pay"),
    "display": _display,
    "stand": _stand,
    "reveal": _seal_card("reveal"),
    "bellow": _bellow,
    "hunt": _bare("hunt"),
    "draw": _seal_card("draw"),
    "keep": _seal_card("keep"),
    "mate": _seal_card("mate"),
    "take": _card("take"),
    "give": _card("give"),
    "done": _bare("done"),
}
KINDS = ", ".join(PARSERS)


def parse(setup: Setup, text: str) -> Move:
    """A move from its text form; MoveSyntaxError if it is not one."""
    w = words(text)
    if not w:
        raise MoveSyntaxError("expected a move; `pnp referee rules ano-nuevo` lists them")
    kind, args = w[0], w[1:]
    parser = PARSERS.get(kind)
    if parser is None:
        raise MoveSyntaxError(f"{kind!r} is not a move of Año Nuevo; expected one of: {KINDS}")
    return parser(setup, args)


def text(move: Move) -> str:
    """A move's text form (`parse` reads it back)."""
    kind = move["type"]
    if kind in ("travel", "display", "stand"):
        key = pair_key(move)
        values = " ".join(f"{p}={pair_text(kind, v)}" for p, v in move[key].items())
        return f"{kind} {values}"
    if kind in ("pay", "reveal", "draw", "keep", "mate"):
        return f"{kind} {move['seal']} {move['card']}"
    if kind == "bellow":
        return f"bellow {move['seal']}"
    if kind in ("location", "flip", "take", "give"):
        return f"{kind} {move['card']}"
    return kind


_PAIR_KEY = {"travel": "to", "display": "counts", "stand": "stays"}


def pair_key(move: Move) -> str:
    """The key of a move made together that holds each player's choice."""
    if move["type"] == "display" and "cards" in move:
        return "cards"
    return _PAIR_KEY[move["type"]]


def pair_text(kind: str, value: Any) -> str:
    """One player's choice in a move made together (`NAME=VALUE`)."""
    if kind == "stand":
        return "stay" if value else "back"
    if isinstance(value, list | tuple):
        return "+".join(value) or NO_CARDS[0]
    return str(value)
