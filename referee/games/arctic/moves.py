"""Arctic's move words: the placeholders of its moves of fixed words (kit `Word`s), and how the
words of the others are read and written back (rules.py declares each move once with them, as kit
`MoveForm` parse hooks: lists of cards, the fox's optional last word, a token named by the side
it goes to)."""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from pnpkit.referee.api import PLAYER, Move, MoveSyntaxError, Setup, Word, pairs
from pnpkit.referee.games.arctic.facts import facts
from pnpkit.referee.games.arctic.situation import token_pair
from pnpkit.referee.games.arctic.state import HIDDEN, State

DIRECTIONS = ("left", "right")


def _card(setup: Setup, word: str, hidden: bool = False, power: bool = False) -> str:
    """The animal card (or `power` card) `word` names; with `hidden`, or ? for an unseen one."""
    if hidden and word == HIDDEN:
        return HIDDEN
    card = word.upper()
    table = facts(setup.game)
    known = table.power_cards if power else table.cards
    if card not in known:
        kind = "a power card (AR-PWF …)" if power else "an animal card ID such as AR-1F3"
        raise MoveSyntaxError(f"{card!r} is not {kind}" + (" or ?" if hidden else ""))
    return card


# --- the placeholders of moves of fixed words ---------------------------------------------
WORDS = {
    "CARD": Word("CARD", "an animal card ID", _card, explains=True),
    "HAND": Word("HAND", "an animal card ID", _card, explains=True, key="card"),
    "RIVER": Word("RIVER", "an animal card ID", _card, explains=True),
    "NAME": replace(PLAYER, name="NAME", explains=True, key="to"),
    "LETTERS": Word("LETTERS", "a or b for each power card", lambda setup, w: w, key="sides"),
}
"""The placeholders of Arctic's moves of fixed words (`swap HAND RIVER`): an animal card, a
player, the power cards' sides."""
POWER_CARD = {"CARD": Word("CARD", "a power card ID", partial(_card, power=True), explains=True)}
"""Step B's placeholder: a power card."""


# --- step A: place ----------------------------------------------------------------------------
def read_place(setup: Setup, state: State | None, said: list[str]) -> Move:
    """`place CARD …`, the fox's `tuck CARD|?` or `bottom CARD` before the last card."""
    if said and said[-1] in ("tuck", "bottom"):
        raise MoveSyntaxError(f"name the card after {said[-1]}: place CARD … {said[-1]} CARD")
    fox = None
    if len(said) >= 2 and said[-2] in ("tuck", "bottom"):
        fox = said[-2]
        said = said[:-2] + said[-1:]
    cards = [
        _card(setup, w, hidden=fox == "tuck" and i == len(said) - 1) for i, w in enumerate(said)
    ]
    move: Move = {"type": "place", "cards": cards}
    if fox:
        move["fox"] = fox
    return move


def write_place(move: Move) -> str:
    cards = list(move["cards"])
    fox = move.get("fox")
    if fox:
        cards[-1:] = [fox, cards[-1]]
    return " ".join(["place", *cards])


# --- step C: the tokens -----------------------------------------------------------------------
def read_tokens(setup: Setup, state: State | None, said: list[str]) -> Move:
    """`tokens [ANIMAL left|right] [extra left|right]`: the token named `right` is the other one
    of the pair this turn moves (its main and companion animal)."""
    table = facts(setup.game)
    move: Move = {"type": "tokens"}
    if len(said) >= 2 and said[-2] == "extra":
        if said[-1] not in DIRECTIONS:
            raise MoveSyntaxError(f"extra {said[-1]!r}: expected extra left or extra right")
        extra = said[-1]
        said = said[:-2]
    else:
        extra = None
    if said:
        if len(said) != 2 or said[1] not in DIRECTIONS:
            raise MoveSyntaxError("expected: tokens ANIMAL left (the other token goes right)")
        animal = table.animal_of(said[0])
        if animal is None:
            raise MoveSyntaxError(f"{said[0]!r} is not an animal: {', '.join(table.animals)}")
        if said[1] == "right":
            pair = None if state is None else token_pair(setup, state)
            if pair is None or animal not in pair:
                raise MoveSyntaxError("say which token goes left: tokens ANIMAL left")
            animal = pair[1] if animal == pair[0] else pair[0]
        move["left"] = animal
    if extra:
        move["extra"] = extra
    return move


def write_tokens(move: Move) -> str:
    parts = ["tokens"]
    if move.get("left"):
        parts += [move["left"], "left"]
    if move.get("extra"):
        parts += ["extra", move["extra"]]
    return " ".join(parts)


# --- step D: draw, then discard ---------------------------------------------------------------
def read_take(setup: Setup, state: State | None, said: list[str]) -> Move:
    """`take CARD`, or `take deep` (the orca) or `take penalty` (the polar bear)."""
    if len(said) != 1:
        raise MoveSyntaxError("expected: take CARD|deep|penalty")
    if said[0] in ("deep", "penalty"):
        return {"type": "take", "from": said[0]}
    return {"type": "take", "card": _card(setup, said[0])}


def write_take(move: Move) -> str:
    return f"take {move.get('card') or move['from']}"


def read_discard(setup: Setup, state: State | None, said: list[str]) -> Move:
    if not said:
        raise MoveSyntaxError("expected: discard CARD|? …")
    return {"type": "discard", "cards": [_card(setup, w, hidden=True) for w in said]}


def write_discard(move: Move) -> str:
    return " ".join(["discard", *move["cards"]])


# --- the end: the totems ----------------------------------------------------------------------
def read_totems(setup: Setup, state: State | None, said: list[str]) -> Move:
    """`totems NAME=ANIMAL …`, one for every player: each animal's totem card."""
    if not said:
        raise MoveSyntaxError("expected: totems NAME=ANIMAL …")
    table = facts(setup.game)
    chosen = pairs(said, setup.players)
    totems = {}
    for player in setup.players:
        if player not in chosen:
            raise MoveSyntaxError(f"name {player}'s totem too: totems NAME=ANIMAL …")
        animal = table.animal_of(chosen[player])
        if animal is None:
            raise MoveSyntaxError(
                f"{chosen[player]!r} is not an animal: {', '.join(table.animals)}"
            )
        totems[player] = table.totem_of(animal)
    return {"type": "totems", "totems": totems}


def write_totems(move: Move) -> str:
    return "totems " + " ".join(f"{p}={t}" for p, t in move["totems"].items())
