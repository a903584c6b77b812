"""Every place or card on the table that a legal move names can be tapped on the picture: the
table picture gives it a `data-id` holding the very word the move uses (a space, a tile, a card,
a pile, a player), so tap-to-play (static/tap.js) reaches every legal move from the picture, the
viewer's seat and the offered words."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from xml.etree import ElementTree

import pytest

from pnpkit.components import load_game
from pnpkit.referee.engine.rules import Setup
from pnpkit.referee.engine.session import Session
from pnpkit.referee.log.store import make_setup
from pnpkit.referee.views.faces import faces_of
from pnpkit.referee.views.gate import SHARED, Gate
from tests.referee.indistinguishable import random_step

MAX_STEPS = 400
EVERY = 4
"""Besides each position where a move of a new kind is legal, every EVERY-th one is checked."""


def _animals(setup: Setup) -> set[str]:
    return {token.fields["animal"] for token in setup.game.group("tokens").components}


PLACE_WORDS: dict[str, Callable[[Setup], Callable[[str], bool]]] = {
    "alpina": lambda setup: re.compile(r"[a-z][0-9]+").fullmatch,  # a grid space
    "gentoo": lambda setup: {"choice", "used"}.__contains__,  # the Choice Cards, a Used Pile
    "arctic": lambda setup: _animals(setup).__contains__,  # a token on the landscape
}
"""Words of a game's moves, other than a card's ID and a player's name, that name a place."""


def data_ids(svg: str) -> set[str]:
    root = ElementTree.fromstring(svg)
    return {node.attrib["data-id"] for node in root.iter() if "data-id" in node.attrib}


def untappable(session: Session, face: object, place: Callable[[str], bool]) -> list[str]:
    """The legal moves (of every page) with a word naming a place or a card on the table that
    neither the picture nor the page's seat offers to tap."""
    setup = session.setup
    svg = session.rules.svg(setup, session.state, face)
    ids = data_ids(svg)
    missing = []
    for viewer in (SHARED, *setup.players):
        gate = Gate(session, viewer)
        seat = {card["id"] for zone in gate.seat() for card in zone["cards"]}
        for move in gate.legal():
            for word in move.removeprefix(f"{viewer}: ").split()[1:]:
                names_place = (
                    setup.game.component(word) is not None or word in setup.players or place(word)
                )
                if names_place and word not in seat and word not in ids:
                    missing.append(f"{viewer or 'shared'}: {move!r}: {word}")
    return missing


@pytest.mark.parametrize(
    ("game", "players", "seed"),
    [("alpina", 2, 3), ("ano-nuevo", 3, 2), ("nut-hunt", 2, 4), ("gentoo", 3, 1), ("arctic", 2, 5)],
)
def test_every_place_a_legal_move_names_is_a_tap_target(game: str, players: int, seed: int) -> None:
    setup = make_setup(load_game(game), ["Ann", "Bob", "Cy"][:players], seed=seed)
    session = Session(setup)
    session.advance()
    face = faces_of(setup.game)
    place = PLACE_WORDS.get(game, lambda setup: lambda word: False)(setup)
    rng = random.Random(seed)
    kinds: set[str] = set()
    checked = 0
    for step in range(MAX_STEPS):
        if session.prompt().kind == "over":
            break
        new = {session.text(move).split()[0] for move in session.legal()} - kinds
        if new or step % EVERY == 0:
            kinds |= new
            assert untappable(session, face, place) == [], f"step {step}"
            checked += 1
        random_step(session, rng)
    assert checked >= 8


def test_the_legend_makes_each_player_a_tap_target_over_everything_else() -> None:
    setup = make_setup(load_game("nut-hunt"), ["Ann", "Bob"], seed=4)
    session = Session(setup)
    session.advance()
    svg = session.rules.svg(setup, session.state, faces_of(setup.game))
    assert {"Ann", "Bob"} <= data_ids(svg)
    last = list(ElementTree.fromstring(svg))[-1]  # drawn over everything, so nothing hides one
    assert last.attrib["class"] == "places"
    assert all(node.attrib.get("data-id") for node in last)
