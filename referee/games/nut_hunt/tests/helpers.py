"""Reading and placing Nut Hunt's objective cards for tests, as the fields the tests were written
with (the state keeps them in kit blocks on its `table`)."""

from __future__ import annotations

from typing import NamedTuple

from pnpkit.referee.api import Deck, Hand, Pile, Turn
from pnpkit.referee.games.nut_hunt.state import Hunt, UnderDeck, evolve


class Cards(NamedTuple):
    """Where every objective card lies: `pool` the cards whose place the referee does not know,
    `fresh` the deck's cards never looked at, above the `bottom` ones (None: unseen), each put
    there by the seat in `bottom_from`."""

    pool: frozenset[str]
    fresh: int
    bottom: tuple[str | None, ...]
    bottom_from: tuple[int, ...]
    hand_known: tuple[tuple[str, ...], ...]
    hand_hidden: tuple[int, ...]
    drawn: tuple[str, ...]
    automa_hand: tuple[str, ...]
    aside: tuple[str, ...]


def cards(state: Hunt) -> Cards:
    under = state.under.cards
    return Cards(
        frozenset(state.deck.unseen),
        state.deck.count,
        tuple(c for c, _ in under),
        tuple(s for _, s in under),
        tuple(h.known for h in state.hands),
        tuple(h.unknown for h in state.hands),
        state.drawn,
        state.automa("hand").cards,
        state.automa("aside").cards,
    )


def placed(state: Hunt, **changes: object) -> Hunt:
    """`state` with the objective cards placed as `changes` (fields of `Cards`) say."""
    now = cards(state)._replace(**changes)
    blocks = {
        state.hand_name(n): Hand(h.owner, now.hand_known[n], now.hand_hidden[n], h.shown)
        for n, h in enumerate(state.hands)
    }
    under = tuple(zip(now.bottom, now.bottom_from, strict=True))
    blocks |= {
        "objective deck": Deck(tuple(sorted(now.pool)), now.fresh),
        "under the deck": UnderDeck(state.under.players, under),
        "drawn": state.table["drawn"].holding(now.drawn),
        "automa hand": Pile(now.automa_hand),
        "automa aside": Pile(now.aside),
    }
    return evolve(state, table=state.table.put_all(blocks))


def at(state: Hunt, step: str | None = None, seat: int | None = None, **changes: object) -> Hunt:
    """`state` at `step` of `seat`'s turn (None: as it is), with `changes` to its fields, as the
    tests' `step` and `active` fields said (the state keeps them in a kit `Turn`)."""
    now = state.turn
    turn = Turn(now.seat if seat is None else seat, now.step if step is None else step, now.number)
    return evolve(state, turn=turn, **changes)
