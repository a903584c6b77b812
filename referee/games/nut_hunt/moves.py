"""Nut Hunt's move syntax: parsing what the table types, and each move's one-line text form.

Tiles are typed by ID with or without the NH- prefix (NH-WIL or wil), nuts by name (walnut,
walnuts) or by the nut card's ID, objective cards by ID (NH-O05 or o05).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pnpkit.referee.api import (
    Move,
    MoveSyntaxError,
    Setup,
    counted,
    plain_digits,
    player_named,
    split_actor,
)
from pnpkit.referee.games.nut_hunt import state as st
from pnpkit.referee.games.nut_hunt.data import NutData, data_of
from pnpkit.referee.games.nut_hunt.state import Hunt

EXPECTED = (
    "layout, first, draw, keep, place, roll, scatter, forage, recruit, hassle, scout, pass, "
    "trade, show"
)


def parse_move(setup: Setup, state: Hunt, text: str, actor: str | None) -> Move:
    """The move typed; `actor` is who trades when no NAME: prefix says otherwise."""
    player, rest = split_actor(text, setup.players)
    parts = rest.split()
    if not parts:
        raise MoveSyntaxError(f"type a move: {EXPECTED}")
    head, args = parts[0].lower(), parts[1:]
    parser = _PARSERS.get(head)
    if parser is None:
        raise MoveSyntaxError(f"unknown move {head!r}; expected one of: {EXPECTED}")
    move = parser(data_of(setup.game), state, args)
    if head == "first":
        move["name"] = player_named(move["name"], setup.players)
    if head == "trade":
        player = player or actor
        if player is None:
            raise MoveSyntaxError("say who trades: NAME: trade NUT for NUT")
    if head == "show" and state.phase != st.SHOW:
        player = player or actor  # shown before the end: whose objective it is
        if player is None:
            raise MoveSyntaxError("say whose objective it is: NAME: show CARD")
    if player is not None:
        move["player"] = player
    return move


def malformed(setup: Setup, move: Move) -> str:
    """What makes `move` no Nut Hunt move at all ('' if nothing): an unknown type, a missing or
    unexpected field, a tile, card, nut or player that does not exist (a damaged log, say)."""
    kind = move.get("type")
    shape = _SHAPES.get(kind) if isinstance(kind, str) else None
    if shape is None:
        return f"unknown move {move.get('type')!r}; expected one of: {EXPECTED}"
    data, players = data_of(setup.game), setup.players
    for key, value in move.items():
        if key == "type":
            continue
        wanted, valid = shape.get(key, _UNEXPECTED)
        if not valid(data, players, value):
            return f"{kind}: {key} {value!r} is not {wanted}"
    fields = _FIELDS[kind]
    if fields.keys() <= move.keys():
        return ""
    return f"{kind}: {min(fields.keys() - move.keys())} is missing"


def move_text(move: Move) -> str:
    """The one-line text form; parse_move of it gives the move back."""
    kind = move["type"]
    body = _TEXTS[kind](move)
    return f"{move['player']}: {body}" if "player" in move else body


def _tile(data: NutData, word: str) -> str:
    tile = data.tile_word(word)
    if tile is None:
        raise MoveSyntaxError(f"{word!r} is not a tile ID (like NH-WIL or wil)")
    return tile


def _nut(data: NutData, word: str) -> str:
    nut = data.nut_word(word)
    if nut is None:
        raise MoveSyntaxError(f"{word!r} is not a nut: {', '.join(data.nut_types)}")
    return nut


def _card(data: NutData, word: str) -> str:
    key = word.upper()
    key = key if key.startswith("NH-") else f"NH-{key}"
    if key not in data.objectives:
        raise MoveSyntaxError(f"{word!r} is not an objective card (NH-O01 … NH-O45)")
    return key


def _count(args: list[str], low: int, high: int | None, form: str) -> None:
    if len(args) < low or (high is not None and len(args) > high):
        raise MoveSyntaxError(f"expected: {form}")


def _nuts(data: NutData, tile: str, words: list[str], n: int) -> list[str]:
    """Nuts named, or the only choice when the tile gives one kind and none are named."""
    if not words:
        forage = data.tiles[tile].fields["forage"]
        if len(forage) == 1:
            return [forage[0]] * n
        raise MoveSyntaxError(f"name the {counted(n, 'nut')}: {' or '.join(forage)}")
    return sorted((_nut(data, w) for w in words), key=data.nut_types.index)


def _layout(data: NutData, state: Hunt, args: list[str]) -> Move:
    _count(args, 1, None, "layout TILE … (row by row)")
    return {"type": "layout", "tiles": [_tile(data, w) for w in args]}


def _first(data: NutData, state: Hunt, args: list[str]) -> Move:
    _count(args, 1, 1, "first PLAYER")
    return {"type": "first", "name": args[0]}


def _draw(data: NutData, state: Hunt, args: list[str]) -> Move:
    _count(args, 1, 1, "draw CARD")
    return {"type": "draw", "card": _card(data, args[0])}


def _keep(data: NutData, state: Hunt, args: list[str]) -> Move:
    _count(args, 1, None, "keep CARD … or keep none")
    if [a.lower() for a in args] == ["none"]:
        return {"type": "keep", "cards": []}
    return {"type": "keep", "cards": sorted(_card(data, a) for a in args)}


def _place(data: NutData, state: Hunt, args: list[str]) -> Move:
    _count(args, 1, 3, "place TILE NUT NUT")
    tile = _tile(data, args[0])
    return {"type": "place", "tile": tile, "nuts": _nuts(data, tile, args[1:], 2)}


def _roll(data: NutData, state: Hunt, args: list[str]) -> Move:
    _count(args, 1, 1, "roll N (1 to 6)")
    if not plain_digits(args[0]):
        raise MoveSyntaxError(f"{args[0]!r} is not a number: roll N")
    return {"type": "roll", "value": int(args[0])}


def _scatter(data: NutData, state: Hunt, args: list[str]) -> Move:
    automa = bool(args) and args[0].lower() == "automa"
    args = re.sub(r"\s*>\s*", ">", " ".join(args[1:] if automa else args).replace(",", " ")).split()
    _count(args, 1, None, "scatter TILE>TILE … (or just the destinations)")
    here = state.layout[state.stack[-1].space] if state.stack and state.layout else None
    sources, targets = set(), []
    for word in args:
        source, sep, target = word.partition(">")
        if sep:
            sources.add(_tile(data, source))
        targets.append(_tile(data, target if sep else source))
    if len(sources) > 1:
        raise MoveSyntaxError("all the squirrels of one scatter leave the same tile")
    origin = sources.pop() if sources else here
    if origin is None:
        raise MoveSyntaxError("say where the squirrels leave from: scatter FROM>TO …")
    if set(targets) <= set(state.layout):
        targets.sort(key=state.layout.index)
    move: Move = {"type": "scatter", "from": origin, "to": targets}
    if automa:
        move["automa"] = True
    return move


def _forage(data: NutData, state: Hunt, args: list[str]) -> Move:
    _count(args, 0, 2, "forage NUT NUT (after hassling: forage NUT)")
    n = 1 if state.step == st.HASSLE_FORAGE else 2
    if state.fox is None or len(state.layout) <= state.fox:
        return {"type": "forage", "nuts": _nuts(data, "", args, n) if args else []}
    return {"type": "forage", "nuts": _nuts(data, state.layout[state.fox], args, n)}


def _one_tile(kind: str) -> Callable[[NutData, Hunt, list[str]], Move]:
    def parse(data: NutData, state: Hunt, args: list[str]) -> Move:
        _count(args, 1, 1, f"{kind} TILE")
        return {"type": kind, "tile": _tile(data, args[0])}

    return parse


def _scout(data: NutData, state: Hunt, args: list[str]) -> Move:
    _count(args, 0, 1, "scout keep, scout none (digital: scout)")
    if not args:
        return {"type": "scout"}
    choice = args[0].lower()
    if choice not in ("keep", "none"):
        raise MoveSyntaxError("expected: scout keep or scout none")
    return {"type": "scout", "keep": int(choice == "keep")}


def _pass(data: NutData, state: Hunt, args: list[str]) -> Move:
    _count(args, 0, 0, "pass")
    return {"type": "pass"}


def _trade(data: NutData, state: Hunt, args: list[str]) -> Move:
    words = [a for a in args if a.lower() not in ("3", "for", "1")]
    _count(words, 2, 2, "trade NUT for NUT (three of the first for one of the second)")
    return {"type": "trade", "give": _nut(data, words[0]), "get": _nut(data, words[1])}


def _show(data: NutData, state: Hunt, args: list[str]) -> Move:
    _count(args, 1, 1, "show CARD")
    return {"type": "show", "card": _card(data, args[0])}


def _automa(data: NutData, state: Hunt, args: list[str]) -> Move:
    lowered = [a.lower() for a in args]
    if "places" not in lowered:
        raise MoveSyntaxError("expected: automa CARD … places TILE …")
    cut = lowered.index("places")
    cards = [_card(data, a) for a in args[:cut]]
    return {"type": "automa", "cards": cards, "places": [_tile(data, a) for a in args[cut + 1 :]]}


_PARSERS: dict[str, Callable[[NutData, Hunt, list[str]], Move]] = {
    "layout": _layout,
    "first": _first,
    "draw": _draw,
    "keep": _keep,
    "place": _place,
    "roll": _roll,
    "scatter": _scatter,
    "forage": _forage,
    "recruit": _one_tile("recruit"),
    "hassle": _one_tile("hassle"),
    "scout": _scout,
    "pass": _pass,
    "trade": _trade,
    "show": _show,
    "automa": _automa,
}


def _scatter_text(move: Move) -> str:
    who = "automa " if move.get("automa") else ""
    return f"scatter {who}" + " ".join(f"{move['from']}>{t}" for t in move["to"])


def _scout_text(move: Move) -> str:
    if "keep" not in move:
        return "scout"
    return "scout keep" if move["keep"] else "scout none"


_TEXTS: dict[str, Callable[[Move], str]] = {
    "layout": lambda m: "layout " + " ".join(m["tiles"]),
    "first": lambda m: f"first {m['name']}",
    "draw": lambda m: f"draw {m['card']}",
    "keep": lambda m: "keep " + (" ".join(m["cards"]) or "none"),
    "place": lambda m: f"place {m['tile']} " + " ".join(m["nuts"]),
    "roll": lambda m: f"roll {m['value']}",
    "scatter": _scatter_text,
    "forage": lambda m: "forage " + " ".join(m["nuts"]),
    "recruit": lambda m: f"recruit {m['tile']}",
    "hassle": lambda m: f"hassle {m['tile']}",
    "scout": _scout_text,
    "pass": lambda m: "pass",
    "trade": lambda m: f"trade {m['give']} for {m['get']}",
    "show": lambda m: f"show {m['card']}",
    "automa": lambda m: " ".join(["automa", *m["cards"], "places", *m["places"]]),
}


def _listing(kind: Callable[[NutData, tuple[str, ...], object], bool]):
    return lambda data, players, value: (
        isinstance(value, list) and all(kind(data, players, v) for v in value)
    )


_VALID: dict[str, Callable[[NutData, tuple[str, ...], object], bool]] = {
    "a tile": lambda data, players, value: isinstance(value, str) and value in data.tiles,
    "an objective card": lambda data, players, value: (
        isinstance(value, str) and value in data.objectives
    ),
    "a nut": lambda data, players, value: isinstance(value, str) and value in data.nut_types,
    "a player": lambda data, players, value: value in players,
    "a number": lambda data, players, value: type(value) is int,
    "true or false": lambda data, players, value: isinstance(value, bool),
    "0 or 1": lambda data, players, value: type(value) is int and value in (0, 1),
}
_VALID |= {
    "a list of tiles": _listing(_VALID["a tile"]),
    "a list of cards": _listing(_VALID["an objective card"]),
    "a list of nuts": _listing(_VALID["a nut"]),
}
_OPTIONAL = {"player": "a player", "automa": "true or false", "keep": "0 or 1"}
_FIELDS: dict[str, dict[str, str]] = {
    "layout": {"tiles": "a list of tiles"},
    "first": {"name": "a player"},
    "draw": {"card": "an objective card"},
    "keep": {"cards": "a list of cards"},
    "place": {"tile": "a tile", "nuts": "a list of nuts"},
    "roll": {"value": "a number"},
    "scatter": {"from": "a tile", "to": "a list of tiles"},
    "forage": {"nuts": "a list of nuts"},
    "recruit": {"tile": "a tile"},
    "hassle": {"tile": "a tile"},
    "scout": {},
    "pass": {},
    "trade": {"give": "a nut", "get": "a nut", "player": "a player"},
    "show": {"card": "an objective card"},
    "automa": {"cards": "a list of cards", "places": "a list of tiles"},
}
_Test = Callable[[NutData, tuple[str, ...], object], bool]
_SHAPES: dict[str, dict[str, tuple[str, _Test]]] = {
    kind: {key: (wanted, _VALID[wanted]) for key, wanted in (_OPTIONAL | fields).items()}
    for kind, fields in _FIELDS.items()
}
"""Each move's fields, the optional ones included: what each must be, and its test."""
_UNEXPECTED: tuple[str, _Test] = ("a field of this move", lambda data, players, value: False)
