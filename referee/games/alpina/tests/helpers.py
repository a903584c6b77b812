"""Building Alpina sessions and grids for tests."""

from __future__ import annotations

from dataclasses import replace

from pnpkit.components import load_game
from pnpkit.referee.api import Hand, Pool
from pnpkit.referee.engine.session import Session
from pnpkit.referee.engine.verdict import MoveRefused
from pnpkit.referee.games.alpina.grid import SIZE
from pnpkit.referee.games.alpina.scoring import Card, cards_of
from pnpkit.referee.games.alpina.state import Alpina
from pnpkit.referee.log.store import make_setup

GAME = load_game("alpina")
CARDS = cards_of(GAME)


def table(players: int = 2, moves: tuple[str, ...] = ()) -> Session:
    """A table-mode game with `moves` entered (start AL-20 and first P1 come first)."""
    session = Session(make_setup(GAME, [f"P{n + 1}" for n in range(players)]))
    session.advance()
    for text in ("start AL-20", "first P1", *moves):
        session.submit(session.parse(text))
    return session


def refusal(session: Session, text: str) -> str:
    """The refusal of `text` as "RULE: reason"; AssertionError if it is accepted."""
    try:
        session.submit(session.parse(text))
    except MoveRefused as exc:
        return str(exc)
    raise AssertionError(f"{text!r} was accepted")


def grid(rows: list[str]) -> dict[int, Card]:
    """A grid from rows of card IDs ('.' for an empty space), top left at a1."""
    placed = {}
    for r, row in enumerate(rows):
        for c, card in enumerate(row.split()):
            if card != ".":
                placed[r * SIZE + c] = CARDS[card]
    return placed


def at(name: str) -> int:
    """The space index of a1-style names in the test grids."""
    return (int(name[1:]) - 1) * SIZE + ord(name[0]) - ord("a")


# --- the table's blocks, read by seat (the state keeps them by block name) ----------------------


def known(state: Alpina) -> tuple[frozenset[str], ...]:
    """The cards the referee knows in each hand, in seat order."""
    return tuple(frozenset(b.known) for _, b in state.table.blocks if isinstance(b, Hand))


def hand_sizes(state: Alpina) -> tuple[int, ...]:
    """The number of cards in each hand, in seat order."""
    return tuple(len(b) for _, b in state.table.blocks if isinstance(b, Hand))


def hikers_left(state: Alpina) -> tuple[int, ...]:
    """Each seat's hikers not yet placed."""
    return tuple(sum(n for _, n in b.counts) for _, b in state.table.blocks if isinstance(b, Pool))


def pool(state: Alpina) -> frozenset[str]:
    """The cards the referee has not seen (the draw pile; at the table the hands' too)."""
    return frozenset(state.deck.unseen)


def at_step(state: Alpina, step: str) -> Alpina:
    """The same table at another step of the same player's turn."""
    return replace(state, turn=state.turn.to(step))


def without_hikers(state: Alpina, player: str) -> Alpina:
    """The same table, `player` having no hikers left (as if placed outside the grid)."""
    return replace(state, table=state.table.put(f"{player}'s hikers", Pool()))
