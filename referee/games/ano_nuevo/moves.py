"""Año Nuevo's move syntax (AN-72): the game's own placeholders, which the move declarations of
rules.py read and write, the words of `display`, whose key depends on the setup, and those of
`travel` and `stand`, each seal's value written as typed (`NAME=N|ocean`)."""

from __future__ import annotations

from typing import Any

from pnpkit.referee.api import (
    Move,
    MoveSyntaxError,
    Setup,
    Word,
    counted,
    pairs,
    plain_digits,
    player_named,
)
from pnpkit.referee.games.ano_nuevo.state import OCEAN

STAY = {"stay": True, "up": True, "fight": True, "back": False, "down": False}
NO_CARDS = ("none", "0")
"""What a posturer displaying no card types in digital mode."""


def _card(setup: Setup, word: str) -> str:
    return word.upper()  # which card it may be is the move's check (AN-71, AN-15 …)


def _trip(setup: Setup, word: str) -> int | str:
    if word in (OCEAN, "o"):
        return OCEAN
    if plain_digits(word):
        return int(word)
    raise ValueError(word)


def _stays(setup: Setup, word: str) -> bool:
    if word not in STAY:
        raise ValueError(word)
    return STAY[word]


def _players(setup: Setup) -> str:
    return f"one of the players {', '.join(setup.players)}"


def trip_text(where: int | str) -> str:
    """A seal's trip as typed: a Location number or ocean."""
    return str(where)


def cards_text(cards: list[str] | tuple[str, ...]) -> str:
    """Cards displayed face down as typed: `AN-SQ1+AN-CR3`, or none."""
    return "+".join(cards) or NO_CARDS[0]


CARD = Word("CARD", "a card's ID as printed on it", _card)
NAME = Word("NAME", _players, lambda setup, word: player_named(word, setup.players), key="seal")
TRIP = Word("LOCATION", "a Location number or ocean", _trip, trip_text)
STAND = Word("STAND", "stay or back", _stays, lambda stays: "stay" if stays else "back")
WORDS = {word.name: word for word in (CARD, NAME, TRIP, STAND)}
"""The placeholders of Año Nuevo's move forms."""


def _each(setup: Setup, said: list[str], word: Word, form: str) -> dict[str, Any]:
    """Each seal's `NAME=VALUE` read as `word`, refused naming `form` as the syntax table does."""
    chosen = {}
    for player, typed in pairs(said, setup.players).items():
        try:
            chosen[player] = word.read(setup, typed)
        except (ValueError, MoveSyntaxError):
            raise MoveSyntaxError(
                f"{typed!r} is not a {word.name}: expected {word.expecting(setup)} ({form})"
            ) from None
    return chosen


def read_travel(setup: Setup, state: object, said: list[str]) -> Move:
    """Every seal's revealed token: `travel Ann=3 Bob=ocean`."""
    return {"type": "travel", "to": _each(setup, said, TRIP, "travel NAME=N|ocean …")}


def write_travel(move: Move) -> str:
    return "travel " + " ".join(f"{p}={trip_text(v)}" for p, v in move["to"].items())


def read_stand(setup: Setup, state: object, said: list[str]) -> Move:
    """Who stays and who backs down: `stand Ann=stay Bob=back`."""
    return {"type": "stand", "stays": _each(setup, said, STAND, "stand NAME=stay|back …")}


def write_stand(move: Move) -> str:
    return "stand " + " ".join(f"{p}={STAND.write(v)}" for p, v in move["stays"].items())


def read_display(setup: Setup, state: object, said: list[str]) -> Move:
    """At the table, how many cards each posturer displays (`display Ann=2 Bob=0`); in digital
    mode, which (`display Ann=AN-SQ1+AN-CR3 Bob=none`)."""
    chosen = pairs(said, setup.players)
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


def write_display(move: Move) -> str:
    """`display` as typed: each posturer's count, or in digital mode its cards."""
    if "cards" in move:
        return "display " + " ".join(f"{p}={cards_text(c)}" for p, c in move["cards"].items())
    return "display " + " ".join(f"{p}={n}" for p, n in move["counts"].items())


def hidden_text(setup: Setup, move: Move) -> str:
    """What a player who may not see a move's cards reads of it: a digital draw or a Pool card set
    aside without the card, a display as the counts of cards face down; "" for every other move,
    which names nothing secret (it moved a card unseen only as a side effect: a hand set aside on
    reaching the Ocean, displayed cards taken back), so it reads as it is."""
    kind = move["type"]
    if kind == "draw":
        return f"{move['seal']} draws a Prey card"
    if kind == "keep":
        return f"{move['seal']} sets a Pool card aside"
    if kind == "display" and "cards" in move:
        return "; ".join(
            f"{p} displays {counted(len(c), 'card')} face down" for p, c in move["cards"].items()
        )
    return ""
