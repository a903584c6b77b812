"""Alpina's moves as typed at the table and as logged: the placeholders its move forms use (the
forms themselves are declared once, in rules.py), the spaces' names, and what is wrong with the
shape of a damaged logged move."""

from __future__ import annotations

from pnpkit.referee.api import (
    Move,
    MoveForm,
    MoveSyntaxError,
    Setup,
    Word,
    find_player,
    space,
    space_name,
)
from pnpkit.referee.games.alpina import grid

SPACE_NAMES = tuple(space_name(*grid.column_row(i)) for i in range(grid.SIZE**2))
"""Each space's name (a1 … i9) by its index in the frame."""
_SPACE_INDEX = {name: i for i, name in enumerate(SPACE_NAMES)}


def _seat(setup: Setup, name: str) -> int:
    player = find_player(name, setup.players)
    if player is None:
        raise MoveSyntaxError(f"{name!r} is not a player ({', '.join(setup.players)})")
    return setup.players.index(player)


def _space(setup: Setup, word: str) -> str:
    space(word)  # a letter and a number; a space outside the frame is refused by the rules (AL-10)
    return word


WORDS = {
    word.name: word
    for word in (
        Word("CARD", "a card's ID", lambda setup, word: word.upper()),
        Word("SPACE", "a space such as e4", _space, key="at", explains=True),
        Word(
            "PLAYER",
            "a player's name",
            _seat,
            key="seat",
            explains=True,
            rest=True,
            spell=lambda setup, seat: setup.players[seat],
        ),
        Word(
            "CARD,…",
            "card IDs joined by commas",
            lambda setup, word: word.upper().split(","),
            write=",".join,
            key="hands",
        ),
    )
}
"""The words of Alpina's moves: a card is any ID and a space any letter and number (the rules
refuse one that is no card or off the frame, AL-8, AL-10), `first` names a player by the name
of several words and logs the seat, `deal` gives each player a list of cards."""
_LOGGED = {"card": str, "seat": int, "at": str}
"""The type each placeholder's value is logged as."""


def malformed(form: MoveForm, move: Move) -> str:
    """What is wrong with the shape of a move's JSON (as a damaged log may hold), or ""."""
    needed = form.required
    for key in [*needed, "card"] if "card" in move and "card" not in needed else needed:
        if type(move.get(key)) is not _LOGGED[key]:  # `is`: a bool is no seat number
            return f"{key!r} should be a {_LOGGED[key].__name__}, not {move.get(key)!r}"
    hands = move.get("hands")
    if hands is not None and not (
        isinstance(hands, dict)
        and all(isinstance(c, list) and all(isinstance(i, str) for i in c) for c in hands.values())
    ):
        return "'hands' should map each player to a list of card IDs"
    return ""


def not_a_card(setup: Setup, card: str) -> str:
    """Why `card` cannot be played: not an ID at all, or the ID of a pawn or the track."""
    component = setup.game.component(card)
    if component is None:
        return f"{card} is not an Alpina card (the cards are AL-01 … AL-56)"
    return f"{card} is a {component.name.lower()}, not a card"


def space_index(word: str) -> int | None:
    """The frame index of a space's name (a1 … i9), or None outside the frame."""
    found = _SPACE_INDEX.get(word)
    if found is not None:
        return found
    try:
        column, row = space(word)
    except MoveSyntaxError:
        return None
    return grid.index(column, row)
