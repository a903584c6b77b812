"""Helpers for Arctic's tests: a table-mode game, typed moves, and hand-made situations."""

from __future__ import annotations

from dataclasses import dataclass, replace

from pnpkit.components import load_game
from pnpkit.referee.api import Deck, Hand, Pile, Stack
from pnpkit.referee.checks import harness
from pnpkit.referee.engine.rules import Setup
from pnpkit.referee.engine.session import Session
from pnpkit.referee.engine.verdict import Verdict
from pnpkit.referee.games.arctic import RULES
from pnpkit.referee.games.arctic.state import HIDDEN, State, including
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
    deck = state.deck
    for card in cards:
        deck = deck.take(card)
    return state.put(unseen=deck)


def give(state: State, seat: int, *cards: str) -> State:
    """`state` with seen `cards` taken from the draw pile into a player's hand."""
    state = _from_pool(state, cards)
    name = f"hand:{_players(state)[seat]}"
    hand = state.table[name]
    return replace(state, table=state.table.put(name, hand.holding(including(hand.known, *cards))))


def with_pile(state: State, seat: int, *cards: str) -> State:
    """`state` with a player's pile (bottom first) made of `cards` from the draw pile."""
    state = _from_pool(state, cards)
    p = _players(state)[seat]
    stack = Stack(p, tuple((c, False) for c in cards), f"face-down:{p}")
    return replace(state, table=state.table.put(f"pile:{p}", stack))


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


# --- the table's blocks read and set as the tests speak of them -----------------------------
@dataclass(frozen=True)
class Seat:
    """One player's cards as the tests read them: `hand` the known hand cards, `hidden` the
    unknown ones, `pile` (card or HIDDEN, face down) bottom first, `penalty` the pile's size,
    `named` the known penalty cards, `blind` those dealt face down unseen (digital)."""

    hand: tuple[str, ...]
    hidden: int
    pile: tuple[tuple[str, bool], ...]
    penalty: int
    named: tuple[str, ...]
    blind: tuple[str, ...]

    @property
    def hand_size(self) -> int:
        return len(self.hand) + self.hidden

    @property
    def top(self) -> str | None:
        return None if not self.pile or self.pile[-1][1] else self.pile[-1][0]


def _players(state: State) -> list[str]:
    return [name[5:] for name, _ in state.table.blocks if name.startswith("hand:")]


def seats(state: State) -> list[Seat]:
    """Each player's cards, in seat order."""
    found = []
    for p in _players(state):
        hand, stack = state.table[f"hand:{p}"], state.table[f"pile:{p}"]
        named, blind = state.table[f"penalty:{p}"], state.table[f"penalty-blind:{p}"]
        pile = tuple((HIDDEN if c is None else c, down) for c, down in stack.cards)
        penalty = len(named) + len(blind)
        found.append(Seat(hand.known, hand.unknown, pile, penalty, named.known, blind.unseen))
    return found


def unseen(state: State) -> tuple[str, ...]:
    """Every card whose place the referee does not know."""
    return state.deck.unseen


def draw_pile(state: State) -> int:
    return state.deck.count


def totems(state: State) -> tuple[str, ...] | None:
    held = [state.table[f"totem:{p}"].known for p in _players(state)]
    return tuple(t[0] for t in held) if held[0] else None


def with_river(state: State, cards: tuple[str, ...]) -> State:
    """`state` with the River holding `cards` (the pool unchanged)."""
    return state.put(river=Pile(cards))


def with_draw_pile(state: State, count: int) -> State:
    return state.put(unseen=Deck(state.deck.unseen, count))


def with_totems(state: State, dealt: tuple[str, ...] | None) -> State:
    """`state` with each seat's totem `dealt` (None: not known)."""
    players = _players(state)
    blocks = {
        f"totem:{p}": Hand(p, () if dealt is None else (t,))
        for p, t in zip(players, dealt or players, strict=True)
    }
    return replace(state, table=state.table.put_all(blocks))


def with_penalty(state: State, seat: int, count: int, named: tuple[str, ...] = ()) -> State:
    """`state` with a player's penalty pile of `count` cards, `named` among them."""
    p = _players(state)[seat]
    return replace(state, table=state.table.put(f"penalty:{p}", Hand(p, named, count - len(named))))


def with_hidden(state: State, seat: int, hidden: int) -> State:
    """`state` with a player's hand holding `hidden` unknown cards."""
    p = _players(state)[seat]
    hand = state.table[f"hand:{p}"]
    return replace(
        state, table=state.table.put(f"hand:{p}", Hand(p, hand.known, hidden, hand.shown))
    )
