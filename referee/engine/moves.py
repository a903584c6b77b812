"""Moves: small JSON objects with a one-line text form, and helpers to parse that text.

Conventions shared by every game (docs/engine.md):
- words separated by spaces, the first word names the kind of move (`play AL-17 e4`);
- component IDs as printed, case-insensitive; board spaces as letter + number (`c3`);
- a leading `NAME:` says which player makes the move when it is not the expected one;
- simultaneous choices as `NAME=VALUE` pairs in one move (`travel ann=L2 bob=ocean`).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from pnpkit.referee.engine.verdict import MoveSyntaxError

Move = dict[str, Any]
"""A move: a JSON object whose "type" names it; other keys are the move's arguments."""

_SPACE = re.compile(r"([a-z])([1-9][0-9]?)")
MAX_DIGITS = 18
"""The most digits a number read from a move, a position file, a log or the command line may have:
far more than any count in a game, and within a 64-bit integer (Python refuses to read one of
more than 4,300 digits at all)."""


def words(text: str) -> list[str]:
    """The words of a move's text form, lower-cased."""
    return text.strip().lower().split()


def _name_key(name: str) -> str:
    return " ".join(name.split()).lower()


def find_player(name: str, players: Sequence[str]) -> str | None:
    """The player called `name` in any case and spacing (`ann  LEE` is Ann Lee), or None."""
    key = _name_key(name)
    if isinstance(players, tuple):  # a setup's players: their keys worked out once
        return _players_by_key(players).get(key)
    return next((player for player in players if _name_key(player) == key), None)


@functools.lru_cache(maxsize=64)
def _players_by_key(players: tuple[str, ...]) -> dict[str, str]:
    """Each player by the key of their name (the first of any two with one key)."""
    found: dict[str, str] = {}
    for player in players:
        found.setdefault(_name_key(player), player)
    return found


def player_named(name: str, players: Sequence[str]) -> str:
    """The player called `name` (as find_player); MoveSyntaxError if there is none."""
    player = find_player(name, players)
    if player is None:
        raise MoveSyntaxError(f"{name!r} is not a player of this game ({', '.join(players)})")
    return player


def split_actor(text: str, players: Sequence[str]) -> tuple[str | None, str]:
    """Split a leading `NAME:` off a move's text; the name must be a player's (any case, and any
    spacing for a name of several words: `ann  lee: pass`)."""
    head, sep, rest = text.partition(":")
    if not sep:
        return None, text
    name = " ".join(head.split())
    if " " in name and find_player(name, players) is None:
        return None, text
    return player_named(name, players), rest.strip()


def plain_digits(word: str) -> bool:
    """Whether `word` is a whole number in plain digits 0-9 (not ², not other scripts' digits), at
    most MAX_DIGITS of them: `int(word)` of such a word is safe and quick."""
    return len(word) <= MAX_DIGITS and word.isascii() and word.isdigit()


def space(word: str) -> tuple[int, int]:
    """A board space `c3` as (column, row), both from 0: c3 → (2, 2)."""
    match = _SPACE.fullmatch(word.lower())
    if not match:
        raise MoveSyntaxError(f"{word!r} is not a space: expected a letter and a number, like c3")
    return ord(match[1]) - ord("a"), int(match[2]) - 1


def space_name(column: int, row: int) -> str:
    """The text form of a space: (2, 2) → c3."""
    return f"{chr(ord('a') + column)}{row + 1}"


def pairs(items: Sequence[str], players: Sequence[str]) -> dict[str, str]:
    """Simultaneous choices `NAME=VALUE` keyed by player; every player at most once. A name may
    have several words (`ann lee=3`); a value is one word."""
    if not items:
        return {}
    parts = " ".join(items).split("=")  # name, "value name", …, "value name", value
    names = [parts[0], *(part.strip().partition(" ")[2] for part in parts[1:-1])]
    values = [part.strip().partition(" ")[0] for part in parts[1:]]
    if len(parts) < 2 or " " in parts[-1].strip() or not all(n.strip() for n in names):
        raise MoveSyntaxError(f"{' '.join(items)!r}: expected NAME=CHOICE …")
    chosen: dict[str, str] = {}
    for said, value in zip(names, values, strict=True):
        name = " ".join(said.split())
        player = player_named(name, players)
        if not value:
            raise MoveSyntaxError(f"{name}=: expected NAME=CHOICE")
        if player in chosen:
            raise MoveSyntaxError(f"{player} chose twice")
        chosen[player] = value
    return chosen


_CANONICAL = json.JSONEncoder(sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def canonical(move: Mapping[str, Any]) -> str:
    """A move's JSON with sorted keys: equal moves have equal canonical forms."""
    return _CANONICAL.encode(move)
