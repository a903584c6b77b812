"""Gentoo's move syntax: the text a player types and the move (JSON object) it stands for.

    flip CARD                     a card turned face up (Choice Card or Player Pile), GE-36
    first NAME                    the table's first player, GE-8
    choose CARD [site]            Phase I choose, with a Good Nesting Site for an Egg, GE-12/15
    discard CARD                  Phase I discard down to four Choice Cards, GE-17
    play CARD [TARGET]            Phase II play, GE-20; TARGET: a player (Stone Thief, Leopard
                                  Seal), or for a Skua an Egg and where it lies:
                                  `choice`, `NAME` (Cards in Play) or `NAME used` (Used Pile top)
    hatch EGG [NAME]              hatch, giving a nesting stone to NAME, GE-21/22
    used CARD                     Phase II move to Used, GE-23
    pass                          choose nothing, or end a turn without playing
    allow                         let a Stone Thief take the stone, GE-31
    reshuffle discard|used        the referee's own reshuffle, GE-11/19
A leading `NAME:` marks a move made out of turn (a Vicious Peck); NAME may have several words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pnpkit.referee.api import Move, MoveSyntaxError, Syntax, player_named, split_actor
from pnpkit.referee.games.gentoo.state import Catalog

FORMS = (
    "flip CARD",
    "first NAME",
    "choose CARD [site]",
    "discard CARD",
    "play CARD [NAME | EGG choice | EGG NAME [used]]",
    "hatch EGG [NAME]",
    "used CARD",
    "pass",
    "allow",
)
SYNTAX = (
    Syntax("flip CARD", "the card turned face up (Choice Card or your Player Pile)", "GE-36"),
    Syntax("first NAME", "the player who goes first", "GE-8"),
    Syntax("choose CARD", "Phase I: take a Choice Card into your Used Pile", "GE-12"),
    Syntax("choose EGG site", "… an Egg, with a Good Nesting Site in play", "GE-15"),
    Syntax("discard CARD", "Phase I: discard a Choice Card down to four", "GE-17"),
    Syntax("play CARD", "Phase II: play a Card in Play (Blizzard, Gone Fishing, Thaw)", "GE-20"),
    Syntax("play GE-THF NAME", "Stone Thief: take a nesting stone from NAME", "GE-28"),
    Syntax("play GE-SEA NAME", "Leopard Seal: NAME loses a penguin", "GE-30"),
    Syntax("play GE-SKU EGG choice", "Skua: discard an Egg among the Choice Cards", "GE-27"),
    Syntax("play GE-SKU EGG NAME", "Skua: discard an Egg in NAME's Cards in Play", "GE-27"),
    Syntax("play GE-SKU EGG NAME used", "Skua: the Egg on top of NAME's Used Pile", "GE-27"),
    Syntax("hatch EGG NAME", "hatch with a Hatch, giving NAME a nesting stone", "GE-21"),
    Syntax("hatch EGG", "hatch when you have no nesting stone to give", "GE-22"),
    Syntax("used CARD", "Phase II: move a Card in Play to your Used Pile", "GE-23"),
    Syntax("pass", "choose nothing; or end the turn with three or fewer in play", "GE-12"),
    Syntax("NAME: play GE-PCK", "out of turn: a Vicious Peck blocks the Stone Thief", "GE-31"),
    Syntax("allow", "let the Stone Thief take the stone", "GE-31"),
)
"""The forms `referee rules` prints, each with the rule it follows (the rules index's table)."""
SYNTAX_RULE = "GE-53"
"""The rule cited for typed text that is no Gentoo move."""
CHOICE, IN_PLAY, USED = "choice", "play", "used"
KEYWORDS = (CHOICE, USED)
"""Words a Skua's target uses, so no player may be called so."""
NAME_MARK = "\x00"


def _card(word: str, catalog: Catalog) -> str:
    card = word.upper()
    if card not in catalog.cards:
        raise MoveSyntaxError(f"{word!r} is not a Gentoo card ID ({', '.join(catalog.cards)})")
    return card


def _name(word: str, players: Sequence[str]) -> str:
    if word.startswith(NAME_MARK):
        return players[int(word[1:])]
    return player_named(word, players)


def _play(args: list[str], catalog: Catalog, players: Sequence[str]) -> Move:
    if not args:
        raise MoveSyntaxError("expected: play CARD, e.g. play GE-BLZ")
    card = _card(args[0], catalog)
    move: Move = {"type": "play", "card": card}
    rest = args[1:]
    if not rest:
        return move
    kind = catalog.kind(card)
    if kind in ("stone-thief", "leopard-seal") and len(rest) == 1:
        move["target"] = _name(rest[0], players)
    elif kind == "skua" and len(rest) in (2, 3):
        move["egg"] = _card(rest[0], catalog)
        move.update(_place(rest[1:], players))
    else:
        raise MoveSyntaxError(
            f"{card} {catalog.name(card)} takes "
            + {
                "stone-thief": "one player's name: play CARD NAME",
                "leopard-seal": "one player's name: play CARD NAME",
                "skua": "an Egg and where it lies: play CARD EGG choice | EGG NAME [used]",
            }.get(kind, "nothing after it")
        )
    return move


def _place(args: list[str], players: Sequence[str]) -> Move:
    if [a.lower() for a in args] == [CHOICE]:
        return {"from": CHOICE}
    if len(args) == 2 and args[1].lower() != USED:
        raise MoveSyntaxError(f"expected `NAME used` for the top of a Used Pile, not {args[1]!r}")
    return {"from": USED if len(args) == 2 else IN_PLAY, "owner": _name(args[0], players)}


def parse(text: str, catalog: Catalog, players: Sequence[str]) -> Move:
    """The move typed; MoveSyntaxError saying what was expected if it is not one."""
    actor, rest = split_actor(text, players)
    if NAME_MARK in rest:
        raise MoveSyntaxError("a move holds no NUL character")
    move = _parse_bare(_mark_names(rest, players).split(), catalog, players)
    if actor is not None:
        move["player"] = actor
    return move


def well_formed(move: Move, catalog: Catalog, players: Sequence[str]) -> bool:
    """Whether `move` is exactly what some typed text parses to (a logged move may be damaged).

    Moves found well formed are remembered (there are a few hundred per table of players); a
    move equal to one of them (`==`, as the check compares) is well formed too."""
    key: tuple[object, ...] | None = (id(catalog), tuple(players), tuple(move.items()))
    try:
        if key in _WELL_FORMED:
            return True
    except TypeError:  # a value that is no JSON scalar: checked afresh, never remembered
        key = None
    try:
        ok = parse(text(move), catalog, players) == move
    except (MoveSyntaxError, KeyError, TypeError, AttributeError):
        return False
    if ok and key is not None:
        if len(_WELL_FORMED) >= WELL_FORMED_KEPT:
            _WELL_FORMED.clear()
        _WELL_FORMED.add(key)
    return ok


WELL_FORMED_KEPT = 100_000
_WELL_FORMED: set[tuple[object, ...]] = set()


def _mark_names(text: str, players: Sequence[str]) -> str:
    """Names of several words (`seat 1`) become one marked word each."""
    for seat, name in enumerate(players):
        if len(name.split()) > 1:
            pattern = r"(?<!\S)" + r"\s+".join(map(re.escape, name.split())) + r"(?!\S)"
            text = re.sub(pattern, f"{NAME_MARK}{seat}", text, flags=re.IGNORECASE)
    return text


def _parse_bare(w: list[str], catalog: Catalog, players: Sequence[str]) -> Move:
    """The move of words `w` as typed: keywords in any case, the rest echoed as typed."""
    head, args = (w[0].lower(), w[1:]) if w else ("", [])
    if head in ("flip", "discard", "used") and len(args) == 1:
        return {"type": head, "card": _card(args[0], catalog)}
    if head == "first" and len(args) == 1:
        return {"type": "first", "name": _name(args[0], players)}
    if head == "choose" and len(args) in (1, 2):
        move: Move = {"type": "choose", "card": _card(args[0], catalog)}
        if [a.lower() for a in args[1:]] == ["site"]:
            move["site"] = True
        elif args[1:]:
            raise MoveSyntaxError("expected: choose CARD, or choose EGG site")
        return move
    if head == "play":
        return _play(args, catalog, players)
    if head == "hatch" and len(args) in (1, 2):
        move = {"type": "hatch", "egg": _card(args[0], catalog)}
        if args[1:]:
            move["to"] = _name(args[1], players)
        return move
    if head in ("pass", "allow") and not args:
        return {"type": head}
    if head == "reshuffle" and [a.lower() for a in args] in (["discard"], ["used"]):
        return {"type": "reshuffle", "pile": args[0].lower()}
    raise MoveSyntaxError("expected one of: " + "; ".join(FORMS))


def text(move: Move) -> str:
    """The one-line text form of a move: `parse(text(m)) == m`."""
    kind = move["type"]
    if kind == "first":
        body = f"first {move['name']}"
    elif kind == "choose":
        body = f"choose {move['card']}" + (" site" if move.get("site") else "")
    elif kind == "play":
        body = " ".join(
            [
                "play",
                move["card"],
                *[move[k] for k in ("target", "egg") if k in move],
                *_place_words(move),
            ]
        )
    elif kind == "hatch":
        body = " ".join(["hatch", move["egg"], *([move["to"]] if "to" in move else [])])
    elif kind == "reshuffle":
        body = f"reshuffle {move['pile']}"
    elif "card" in move:
        body = f"{kind} {move['card']}"
    else:
        body = kind
    return f"{move['player']}: {body}" if "player" in move else body


def _place_words(move: Move) -> list[str]:
    where = move.get("from")
    if where == CHOICE:
        return [CHOICE]
    if where == USED:
        return [move["owner"], USED]
    return [move["owner"]] if where == IN_PLAY else []
