"""Alpina's moves as typed at the table and as logged: their syntax, text and JSON shape."""

from __future__ import annotations

from pnpkit.referee.api import (
    Move,
    MoveSyntaxError,
    Setup,
    Syntax,
    find_player,
    pairs,
    space,
    space_name,
    words,
)
from pnpkit.referee.games.alpina import grid

SYNTAX_RULE = "AL-28"
SYNTAX = (
    Syntax("start CARD", "the chamois card drawn to start the grid (placed at e5)", "AL-2"),
    Syntax("first PLAYER", "the player drawn to go first", "AL-5"),
    Syntax("play CARD SPACE", "play a card from your hand, e.g. play AL-17 e4", "AL-8"),
    Syntax("hiker SPACE", "place a hiker on the card just played or one beside it", "AL-13"),
    Syntax("pass", "place no hiker this turn", "AL-13"),
    Syntax("draw [CARD]", "draw back up to 6 (the referee does this itself)", "AL-16"),
    Syntax("deal [P=CARD,… …]", "deal 6 cards each (the referee does this itself)", "AL-3"),
)
STEP_RULES = {"start": "AL-2", "first": "AL-5", "deal": "AL-3", "play": "AL-8",
              "hiker": "AL-13", "pass": "AL-13", "draw": "AL-16"}  # fmt: skip
"""The rule each kind of move is refused under when its JSON is malformed."""
_ARGUMENTS: dict[str, dict[str, type]] = {
    "start": {"card": str},
    "first": {"seat": int},
    "play": {"card": str, "at": str},
    "hiker": {"at": str},
}
SPACE_NAMES = tuple(space_name(*grid.column_row(i)) for i in range(grid.SIZE**2))
"""Each space's name (a1 … i9) by its index in the frame."""
_SPACE_INDEX = {name: i for i, name in enumerate(SPACE_NAMES)}


def parse(setup: Setup, text: str) -> Move | None:
    """The move `text` spells, or None when it spells no Alpina move."""
    w = words(text)
    if not w:
        raise MoveSyntaxError("empty move; `pnp referee rules alpina` lists the moves")
    kind, args = w[0], w[1:]
    if kind == "start" and len(args) == 1:
        return {"type": "start", "card": args[0].upper()}
    if kind == "first" and args:
        return {"type": "first", "seat": _seat(setup, " ".join(args))}
    if kind == "play" and len(args) == 2:
        return {"type": "play", "card": args[0].upper(), "at": _space_word(args[1])}
    if kind == "hiker" and len(args) == 1:
        return {"type": "hiker", "at": _space_word(args[0])}
    if kind == "pass" and not args:
        return {"type": "pass"}
    if kind == "draw" and len(args) <= 1:
        return {"type": "draw", **({"card": args[0].upper()} if args else {})}
    if kind == "deal":
        hands = pairs(args, setup.players)
        return {
            "type": "deal",
            **({"hands": {p: c.upper().split(",") for p, c in hands.items()}} if hands else {}),
        }
    return None


def text(setup: Setup, move: Move) -> str:
    """A move as typed at the table."""
    kind = move["type"]
    if kind == "start":
        return f"start {move['card']}"
    if kind == "first":
        return f"first {setup.players[move['seat']]}"
    if kind == "play":
        return f"play {move['card']} {move['at']}"
    if kind == "hiker":
        return f"hiker {move['at']}"
    if kind in ("draw", "deal") and ("card" in move or "hands" in move):
        if kind == "draw":
            return f"draw {move['card']}"
        return "deal " + " ".join(f"{p}={','.join(c)}" for p, c in move["hands"].items())
    return kind


def malformed(move: Move) -> str:
    """What is wrong with the shape of a move's JSON (as a damaged log may hold), or ""."""
    for key, kind in _ARGUMENTS.get(move["type"], {}).items():
        if type(move.get(key)) is not kind:  # `is`: a bool is no seat number
            return f"{key!r} should be a {kind.__name__}, not {move.get(key)!r}"
    if "card" in move and not isinstance(move["card"], str):
        return f"'card' should be a str, not {move['card']!r}"
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


def _seat(setup: Setup, name: str) -> int:
    player = find_player(name, setup.players)
    if player is None:
        raise MoveSyntaxError(f"{name!r} is not a player ({', '.join(setup.players)})")
    return setup.players.index(player)


def _space_word(word: str) -> str:
    space(word)
    return word.lower()
