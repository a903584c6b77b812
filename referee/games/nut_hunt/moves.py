"""Nut Hunt's move words, and the syntaxes its placeholders cannot say: the moves are declared in
rules.py; here are the words they use, the reading and text of each move typed with a list, an
optional word or a word the table decides (a scatter's origin, a forage's nuts), and the shape a
logged move must have.

Tiles are typed by ID with or without the NH- prefix (NH-WIL or wil), nuts by name (walnut,
walnuts) or by the nut card's ID, objective cards by ID (NH-O05 or o05).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from pnpkit.referee.api import (
    Move,
    MoveSyntaxError,
    Setup,
    Word,
    counted,
    plain_digits,
    player_named,
)
from pnpkit.referee.games.nut_hunt import state as st
from pnpkit.referee.games.nut_hunt.data import NutData, data_of
from pnpkit.referee.games.nut_hunt.state import Hunt

EXPECTED = (
    "layout, first, draw, keep, place, roll, scatter, forage, recruit, hassle, scout, pass, "
    "trade, show"
)
"""The moves people type, named when a logged move is of no known type."""


def _known(found: str | None) -> str:
    if found is None:
        raise ValueError
    return found


def _die(setup: Setup, word: str) -> int:
    if not plain_digits(word):
        raise ValueError
    return int(word)


def _word(
    name: str,
    expected: str,
    read: Callable[[Setup, str], str | int],
    refusal: Callable[[Setup, str], str],
    key: str = "",
) -> Word:
    """A placeholder refused in its own words (`refusal`) when a typed word is not one; `key`:
    the move's key for its value (default: its name in lower case)."""

    def explained(setup: Setup, typed: str) -> str | int:
        try:
            return read(setup, typed)
        except (ValueError, MoveSyntaxError):
            raise MoveSyntaxError(refusal(setup, typed)) from None

    return Word(name, expected, explained, explains=True, key=key)


TILE = _word(
    "TILE",
    "a tile ID",
    lambda setup, word: _known(data_of(setup.game).tile_word(word)),
    lambda setup, typed: f"{typed!r} is not a tile ID (like NH-WIL or wil)",
)
NUT = _word(
    "NUT",
    "a nut",
    lambda setup, word: _known(data_of(setup.game).nut_word(word)),
    lambda setup, typed: f"{typed!r} is not a nut: {', '.join(data_of(setup.game).nut_types)}",
)
CARD = _word(
    "CARD",
    "an objective card",
    lambda setup, word: _known(data_of(setup.game).card_word(word)),
    lambda setup, typed: f"{typed!r} is not an objective card (NH-O01 … NH-O45)",
)
PLAYER = _word(
    "PLAYER",
    "a player's name",
    lambda setup, word: player_named(word, setup.players),
    lambda setup, typed: f"{typed!r} is not a player of this game ({', '.join(setup.players)})",
    key="name",
)
DIE = _word(
    "N", "a number", _die, lambda setup, typed: f"{typed!r} is not a number: roll N", key="value"
)
WORDS = {"TILE": TILE, "NUT": NUT, "CARD": CARD, "PLAYER": PLAYER, "N": DIE}
"""The placeholders of Nut Hunt's forms, by name."""


def _count(said: list[str], low: int, high: int | None, form: str) -> None:
    if len(said) < low or (high is not None and len(said) > high):
        raise MoveSyntaxError(f"expected: {form}")


def _nuts(setup: Setup, tile: str, said: list[str], n: int) -> list[str]:
    """Nuts named, or the only choice when the tile gives one kind and none are named."""
    data = data_of(setup.game)
    if not said:
        forage = data.tiles[tile].fields["forage"]
        if len(forage) == 1:
            return [forage[0]] * n
        raise MoveSyntaxError(f"name the {counted(n, 'nut')}: {' or '.join(forage)}")
    return sorted((NUT.read(setup, w) for w in said), key=data.nut_types.index)


def read_layout(setup: Setup, state: Hunt, said: list[str]) -> Move:
    _count(said, 1, None, "layout TILE … (row by row)")
    return {"type": "layout", "tiles": [TILE.read(setup, w) for w in said]}


def read_keep(setup: Setup, state: Hunt, said: list[str]) -> Move:
    _count(said, 1, None, "keep CARD … or keep none")
    if said == ["none"]:
        return {"type": "keep", "cards": []}
    return {"type": "keep", "cards": sorted(CARD.read(setup, w) for w in said)}


def read_place(setup: Setup, state: Hunt, said: list[str]) -> Move:
    _count(said, 1, 3, "place TILE NUT NUT")
    tile = TILE.read(setup, said[0])
    return {"type": "place", "tile": tile, "nuts": _nuts(setup, tile, said[1:], 2)}


def read_scatter(setup: Setup, state: Hunt, said: list[str]) -> Move:
    """`scatter FROM>TO …`, or only the destinations when the squirrels leave the tile
    scattering now; `scatter automa …` is the referee's, for the Automa's squirrels."""
    automa = bool(said) and said[0] == "automa"
    said = re.sub(r"\s*>\s*", ">", " ".join(said[1:] if automa else said).replace(",", " ")).split()
    _count(said, 1, None, "scatter TILE>TILE … (or just the destinations)")
    here = state.layout[state.stack[-1].space] if state.stack and state.layout else None
    sources, targets = set(), []
    for word in said:
        source, sep, target = word.partition(">")
        if sep:
            sources.add(TILE.read(setup, source))
        targets.append(TILE.read(setup, target if sep else source))
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


def read_forage(setup: Setup, state: Hunt, said: list[str]) -> Move:
    """The nuts named, or the fox's tile's only kind: 2 of them, 1 after hassling."""
    _count(said, 0, 2, "forage NUT NUT (after hassling: forage NUT)")
    n = 1 if state.turn.step == st.HASSLE_FORAGE else 2
    if state.fox is None or len(state.layout) <= state.fox:
        return {"type": "forage", "nuts": _nuts(setup, "", said, n) if said else []}
    return {"type": "forage", "nuts": _nuts(setup, state.layout[state.fox], said, n)}


def read_scout(setup: Setup, state: Hunt, said: list[str]) -> Move:
    _count(said, 0, 1, "scout keep, scout none (digital: scout)")
    if not said:
        return {"type": "scout"}
    if said[0] not in ("keep", "none"):
        raise MoveSyntaxError("expected: scout keep or scout none")
    return {"type": "scout", "keep": int(said[0] == "keep")}


def read_trade(setup: Setup, state: Hunt, said: list[str]) -> Move:
    """Two nuts, with or without `3`, `for` and `1` around them."""
    nuts = [w for w in said if w not in ("3", "for", "1")]
    _count(nuts, 2, 2, "trade NUT for NUT (three of the first for one of the second)")
    return {"type": "trade", "give": NUT.read(setup, nuts[0]), "get": NUT.read(setup, nuts[1])}


def read_automa(setup: Setup, state: Hunt, said: list[str]) -> Move:
    if "places" not in said:
        raise MoveSyntaxError("expected: automa CARD … places TILE …")
    cut = said.index("places")
    return {
        "type": "automa",
        "cards": [CARD.read(setup, w) for w in said[:cut]],
        "places": [TILE.read(setup, w) for w in said[cut + 1 :]],
    }


def scatter_text(move: Move) -> str:
    who = "automa " if move.get("automa") else ""
    return f"scatter {who}" + " ".join(f"{move['from']}>{t}" for t in move["to"])


def scout_text(move: Move) -> str:
    if "keep" not in move:
        return "scout"
    return "scout keep" if move["keep"] else "scout none"


def malformed(setup: Setup, move: Move, shapes: Mapping[str, Mapping[str, str]]) -> str:
    """What makes `move` no Nut Hunt move at all ('' if nothing): an unknown type, a missing or
    unexpected field, a tile, card, nut or player that does not exist (a damaged log, say).
    `shapes`: each kind of move's fields (key → what it must be, one of `_VALID`), by its type;
    besides them, a move may hold the optional fields of `_OPTIONAL`."""
    kind = move.get("type")
    fields = shapes.get(kind) if isinstance(kind, str) else None
    if fields is None:
        return f"unknown move {move.get('type')!r}; expected one of: {EXPECTED}"
    data, players = data_of(setup.game), setup.players
    for key, value in move.items():
        wanted = fields.get(key) or _OPTIONAL.get(key)
        if key != "type" and not (wanted and _VALID[wanted](data, players, value)):
            return f"{kind}: {key} {value!r} is not {wanted or 'a field of this move'}"
    missing = fields.keys() - move.keys()
    return f"{kind}: {min(missing)} is missing" if missing else ""


_Test = Callable[[NutData, tuple[str, ...], object], bool]


def _listing(kind: _Test) -> _Test:
    return lambda data, players, value: (
        isinstance(value, list) and all(kind(data, players, v) for v in value)
    )


_VALID: dict[str, _Test] = {
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
