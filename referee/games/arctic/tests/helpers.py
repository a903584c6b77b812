"""Helpers for Arctic's tests: a table-mode game, typed moves, and hand-made situations."""

from __future__ import annotations

from dataclasses import replace

from pnpkit.components import load_game
from pnpkit.referee.checks import harness
from pnpkit.referee.engine.immutable import without
from pnpkit.referee.engine.rules import Setup
from pnpkit.referee.engine.session import Session
from pnpkit.referee.engine.verdict import Verdict
from pnpkit.referee.games.arctic import RULES
from pnpkit.referee.games.arctic.state import State, including
from pnpkit.referee.log.store import make_setup

GAME = load_game("arctic")
RIVER = ("AR-1F1", "AR-1M1", "AR-1W1", "AR-1O1", "AR-1P1", "AR-1B1")


def setup(players: int = 2, sides: str = "a", seed: int | None = None) -> Setup:
    """A game of `players` (Ann, Bob, Cy, Di) with every power card on `sides`."""
    names = ["Ann", "Bob", "Cy", "Di"][:players]
    return make_setup(GAME, names, "", {"sides": sides}, seed)


def started(players: int = 2, sides: str = "a") -> Session:
    """A table-mode session with the River turned over (RIVER) and Ann to place."""
    session = Session(setup(players, sides))
    session.advance()
    for card in RIVER:
        enter(session, f"river {card}")
    return session


def enter(session: Session, *texts: str) -> None:
    """Submit moves typed at the table (each must be accepted)."""
    for text in texts:
        session.submit(session.parse(text))


def verdict(session: Session, text: str) -> Verdict:
    """What the referee says about a typed move, without entering it."""
    return session.check(session.parse(text))


def _from_pool(state: State, cards: tuple[str, ...]) -> State:
    unseen = state.unseen
    for card in cards:
        unseen = without(unseen, card)
    return replace(state, unseen=unseen, draw_pile=state.draw_pile - len(cards))


def give(state: State, seat: int, *cards: str) -> State:
    """`state` with seen `cards` taken from the draw pile into a player's hand."""
    state = _from_pool(state, cards)
    hand = including(state.seats[seat].hand, *cards)
    return state.with_seat(seat, replace(state.seats[seat], hand=hand))


def with_pile(state: State, seat: int, *cards: str) -> State:
    """`state` with a player's pile (bottom first) made of `cards` from the draw pile."""
    state = _from_pool(state, cards)
    pile = tuple((c, False) for c in cards)
    return state.with_seat(seat, replace(state.seats[seat], pile=pile))


def owning(state: State, seat: int, *animals: int) -> State:
    """`state` with the power cards of these animal indexes held by `seat`."""
    owners = list(state.owners)
    for animal in animals:
        owners[animal] = seat
    return replace(state, owners=tuple(owners))


def check(game: Setup, state: State, text: str) -> Verdict:
    """The verdict on a typed move in a hand-made state."""
    return RULES.check(game, state, RULES.parse(game, state, text))


def play(game: Setup, state: State, *texts: str) -> State:
    """Apply typed moves (each must be accepted) and the referee's own moves after them."""
    return harness.enter(game, state, *texts)
