"""Nut Hunt's state: where every piece and card is, and the pure steps that move pieces.

Seats are numbered in seat order; in solo play the Automa is the seat after the player. The
scattering still to resolve is a stack of frames (NH-18): the frame on top is resolved first,
and when it is done the referee works back to the one below.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pnpkit.referee.games import nut_hunt_board as board

LAYOUT, FIRST, DEAL, PLACE, AUTOMA_DEAL, TURN, AUTOMA, SHOW, OVER = (
    "layout", "first", "deal", "place", "automa setup", "turn", "automa", "show", "over",
)  # fmt: skip
ROLL, FORAGE, ACTION, HASSLE_FORAGE, SCOUT, SCOUT_KEEP, REVEAL, DONE = (
    "roll", "forage", "action", "hassle forage", "scout", "scout keep", "reveal", "done",
)  # fmt: skip
NESTS_TO_END = 4


@dataclass(frozen=True)
class Frame:
    """Squirrels scattering from one space: from the fox (`vacated` is the space it left) or
    from a new nest (`vacated` is None). `waiting` are the seats still to scatter, in turn
    order; `rolled` the Automa destinations the die has given so far; `rerolled` where the
    last roll pointed when no squirrel may go there (the die is rolled again, NH-37)."""

    space: int
    vacated: int | None
    waiting: tuple[int, ...]
    rolled: tuple[int, ...] = ()
    rerolled: int | None = None


@dataclass(frozen=True)
class Hunt:
    """The whole table. Piece counts are indexed [space][seat]; nuts [player][nut type].

    Objective cards: `pool` holds the cards whose place the referee does not know (the
    unseen part of the deck, hidden hand cards, cards put to the bottom unseen); `fresh` cards
    of the deck have never been looked at and lie above the `bottom` cards (None: unseen).
    """

    phase: str
    layout: tuple[str, ...]
    squirrels: tuple[tuple[int, ...], ...]
    nests: tuple[tuple[int, ...], ...]
    squirrel_supply: tuple[int, ...]
    nest_supply: tuple[int, ...]
    nuts: tuple[tuple[int, ...], ...]
    nut_supply: tuple[int, ...]
    pool: frozenset[str]
    fresh: int
    bottom: tuple[str | None, ...]
    hand_known: tuple[tuple[str, ...], ...]
    hand_hidden: tuple[int, ...]
    step: str = ""
    fox: int | None = None
    drawn: tuple[str, ...] = ()
    automa_hand: tuple[str, ...] = ()
    aside: tuple[str, ...] = ()
    first: int = 0
    active: int = 0
    order: tuple[int, ...] = ()
    stack: tuple[Frame, ...] = ()
    ending: bool = False
    turns: int = 0
    note: str = ""

    @property
    def deck_size(self) -> int:
        """Cards left in the objective deck."""
        return self.fresh + len(self.bottom)

    def count(self, space: int, seat: int) -> int:
        """Squirrels of `seat` on `space`."""
        return self.squirrels[space][seat]

    def nest_total(self, seat: int) -> int:
        """Nests `seat` has built."""
        return sum(row[seat] for row in self.nests)


def _set(grid: tuple[tuple[int, ...], ...], space: int, seat: int, delta: int):
    row = list(grid[space])
    row[seat] += delta
    return (*grid[:space], tuple(row), *grid[space + 1 :])


def _bump(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    return (*values[:index], values[index] + delta, *values[index + 1 :])


def add_squirrels(state: Hunt, space: int, seat: int, n: int) -> Hunt:
    """Move `n` squirrels of `seat` from its supply to `space` (negative: back to the supply)."""
    return replace(
        state,
        squirrels=_set(state.squirrels, space, seat, n),
        squirrel_supply=_bump(state.squirrel_supply, seat, -n),
    )


def turn_order(seats: int, start: int) -> tuple[int, ...]:
    """Every seat in turn order, beginning with `start` (NH-17)."""
    return tuple((start + i) % seats for i in range(seats))


def build_nests(state: Hunt, spaces: list[int], seat: int, competitive: bool) -> Hunt:
    """NH-19: on each space (in order) three squirrels of `seat` become a nest at once; every
    new nest makes the other seats' squirrels there scatter (NH-15), resolved first listed
    first. In the competitive variant (NH-33) one squirrel of each other seat goes first."""
    frames: list[Frame] = []
    seats = len(state.squirrel_supply)
    for space in dict.fromkeys(spaces):
        built = state.count(space, seat) // 3
        if not built:
            continue
        state = add_squirrels(state, space, seat, -3 * built)
        state = replace(
            state,
            nests=_set(state.nests, space, seat, built),
            nest_supply=_bump(state.nest_supply, seat, -built),
        )
        others = tuple(s for s in turn_order(seats, state.active) if s != seat)
        if competitive:
            for other in others:
                state = add_squirrels(state, space, other, -min(built, state.count(space, other)))
        frames.append(Frame(space, None, others))
        if state.nest_total(seat) >= NESTS_TO_END:
            state = replace(state, ending=True)
    return replace(state, stack=state.stack + tuple(reversed(frames)))


def scatter(state: Hunt, seat: int, destinations: list[int], competitive: bool) -> Hunt:
    """`seat` scatters all its squirrels from the top frame's space, one to each destination;
    its turn in that frame is over, and nests that result are built at once (NH-16, NH-18)."""
    frame = state.stack[-1]
    state = add_squirrels(state, frame.space, seat, -len(destinations))
    for space in destinations:
        state = add_squirrels(state, space, seat, 1)
    done = replace(frame, waiting=frame.waiting[1:], rolled=())
    state = replace(state, stack=(*state.stack[:-1], done))
    return build_nests(state, destinations, seat, competitive)


def settle(state: Hunt) -> Hunt:
    """Skip seats with nothing left to scatter and drop frames that are done."""
    stack = list(state.stack)
    while stack:
        frame = stack[-1]
        waiting = frame.waiting
        while waiting and state.count(frame.space, waiting[0]) == 0:
            waiting = waiting[1:]
        if waiting:
            stack[-1] = replace(frame, waiting=waiting)
            break
        stack.pop()
    return replace(state, stack=tuple(stack))


def scatter_targets(state: Hunt, frame: Frame, frog: int) -> list[int]:
    """Where a squirrel scattering in `frame` may go (NH-8, NH-14, NH-15)."""
    banned = {state.fox, frog, frame.vacated}
    return sorted(s for s in board.neighbours(frame.space) if s not in banned)
