"""Arctic's move syntax: parsing what players type, and each move's one-line text form."""

from __future__ import annotations

from collections.abc import Sequence

from pnpkit.referee.api import Move, MoveSyntaxError, pairs, player_named, words
from pnpkit.referee.games.arctic.facts import Facts
from pnpkit.referee.games.arctic.state import HIDDEN

DIRECTIONS = ("left", "right")
FORMS = (
    "place CARD …, swap CARD CARD, takeback, tokens [ANIMAL left] [extra left|right], "
    "take CARD|deep|penalty, done, discard CARD|? …, blame NAME, pass, river CARD, deal CARD, "
    "sides LETTERS, totems NAME=ANIMAL …"
)


def parse(table: Facts, players: Sequence[str], pair: tuple[str, str] | None, text: str) -> Move:
    """The move typed; `pair` is the main and companion animal of step C, if under way."""
    parts = words(text)
    if not parts:
        raise MoveSyntaxError(f"type a move: {FORMS}")
    head, rest = parts[0], parts[1:]
    if head in ("takeback", "done", "pass", "reserve") and not rest:
        return {"type": head}
    if head == "place":
        return _place(table, rest)
    if head == "tokens":
        return _tokens(table, pair, rest)
    if head == "take" and len(rest) == 1:
        if rest[0] in ("deep", "penalty"):
            return {"type": "take", "from": rest[0]}
        return {"type": "take", "card": _card(table, rest[0])}
    if head == "discard" and rest:
        return {"type": "discard", "cards": [_card(table, w, hidden=True) for w in rest]}
    if head in ("river", "power", "deal") and len(rest) == 1:
        return {"type": head, "card": _card(table, rest[0], power=head == "power")}
    if head == "swap" and len(rest) == 2:
        return {"type": "swap", "card": _card(table, rest[0]), "river": _card(table, rest[1])}
    if head == "blame" and len(rest) == 1:
        return {"type": "blame", "to": player_named(rest[0], players)}
    if head == "sides" and len(rest) == 1:
        return {"type": "sides", "sides": rest[0]}
    if head == "totems" and rest:
        return _totems(table, players, rest)
    raise MoveSyntaxError(f"{text.strip()!r} is not a move; expected one of: {FORMS}")


def text(move: Move) -> str:
    """The text form of a move (parse gives the move back)."""
    kind = move["type"]
    if kind == "place":
        cards = list(move["cards"])
        fox = move.get("fox")
        if fox:
            cards[-1:] = [fox, cards[-1]]
        return " ".join(["place", *cards])
    if kind == "tokens":
        parts = ["tokens"]
        if move.get("left"):
            parts += [move["left"], "left"]
        if move.get("extra"):
            parts += ["extra", move["extra"]]
        return " ".join(parts)
    if kind == "take":
        return f"take {move.get('card') or move['from']}"
    if kind == "discard":
        return " ".join(["discard", *move["cards"]])
    if kind in ("river", "power", "deal"):
        return f"{kind} {move['card']}"
    if kind == "swap":
        return f"swap {move['card']} {move['river']}"
    if kind == "blame":
        return f"blame {move['to']}"
    if kind == "sides":
        return f"sides {move['sides']}"
    if kind == "totems":
        return "totems " + " ".join(f"{p}={t}" for p, t in move["totems"].items())
    return kind


def _card(table: Facts, word: str, hidden: bool = False, power: bool = False) -> str:
    if hidden and word == HIDDEN:
        return HIDDEN
    card = word.upper()
    known = table.power_cards if power else table.cards
    if card not in known:
        kind = "a power card (AR-PWF …)" if power else "an animal card ID such as AR-1F3"
        raise MoveSyntaxError(f"{card!r} is not {kind}" + (" or ?" if hidden else ""))
    return card


def _place(table: Facts, rest: list[str]) -> Move:
    if rest and rest[-1] in ("tuck", "bottom"):
        raise MoveSyntaxError(f"name the card after {rest[-1]}: place CARD … {rest[-1]} CARD")
    fox = None
    if len(rest) >= 2 and rest[-2] in ("tuck", "bottom"):
        fox = rest[-2]
        rest = rest[:-2] + rest[-1:]
    cards = [
        _card(table, w, hidden=fox == "tuck" and i == len(rest) - 1) for i, w in enumerate(rest)
    ]
    move: Move = {"type": "place", "cards": cards}
    if fox:
        move["fox"] = fox
    return move


def _tokens(table: Facts, pair: tuple[str, str] | None, rest: list[str]) -> Move:
    move: Move = {"type": "tokens"}
    if len(rest) >= 2 and rest[-2] == "extra":
        if rest[-1] not in DIRECTIONS:
            raise MoveSyntaxError(f"extra {rest[-1]!r}: expected extra left or extra right")
        move["extra"] = rest[-1]
        rest = rest[:-2]
    if not rest:
        return move
    if len(rest) != 2 or rest[1] not in DIRECTIONS:
        raise MoveSyntaxError("expected: tokens ANIMAL left (the other token goes right)")
    animal = table.animal_of(rest[0])
    if animal is None:
        raise MoveSyntaxError(f"{rest[0]!r} is not an animal: {', '.join(table.animals)}")
    if rest[1] == "right":
        if pair is None or animal not in pair:
            raise MoveSyntaxError("say which token goes left: tokens ANIMAL left")
        animal = pair[1] if animal == pair[0] else pair[0]
    move["left"] = animal
    return {
        "type": "tokens",
        "left": animal,
        **({"extra": move["extra"]} if "extra" in move else {}),
    }


def _totems(table: Facts, players: Sequence[str], rest: list[str]) -> Move:
    chosen = pairs(rest, players)
    totems = {}
    for player in players:
        if player not in chosen:
            raise MoveSyntaxError(f"name {player}'s totem too: totems NAME=ANIMAL …")
        animal = table.animal_of(chosen[player])
        if animal is None:
            raise MoveSyntaxError(
                f"{chosen[player]!r} is not an animal: {', '.join(table.animals)}"
            )
        totems[player] = table.totem_of(animal)
    return {"type": "totems", "totems": totems}
