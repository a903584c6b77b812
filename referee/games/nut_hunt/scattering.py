"""Scattering squirrels and building nests (NH-14 … NH-19, NH-33): the fox or a new nest sends
the other squirrels on its tile to the tiles around it, and three squirrels of a colour on a tile
become a nest at once, which may set off more scattering (a stack, resolved top first).
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from pnpkit.referee.api import ACCEPTED, Move, Setup, Verdict, counted, refuse
from pnpkit.referee.games.nut_hunt import forest, seats
from pnpkit.referee.games.nut_hunt import state as st
from pnpkit.referee.games.nut_hunt.data import data_of
from pnpkit.referee.games.nut_hunt.state import Frame, Hunt


def build_nests(state: Hunt, spaces: list[int], seat: int, competitive: bool) -> Hunt:
    """NH-19: on each space (in order) three squirrels of `seat` become a nest at once; every
    new nest makes the other seats' squirrels there scatter (NH-15), resolved first listed
    first. In the competitive variant (NH-33) one squirrel of each other seat goes first."""
    frames: list[Frame] = []
    everyone = len(state.squirrel_supply)
    for space in dict.fromkeys(spaces):
        built = state.count(space, seat) // 3
        if not built:
            continue
        state = st.add_squirrels(
            state,
            seat,
            {space: -3 * built},
            nests=st.grid_add(state.nests, space, seat, built),
            nest_supply=st.bump(state.nest_supply, seat, -built),
        )
        others = tuple(s for s in st.turn_order(everyone, state.turn.seat) if s != seat)
        if competitive:
            for other in others:
                state = st.add_squirrels(
                    state, other, {space: -min(built, state.count(space, other))}
                )
        frames.append(Frame(space, None, others))
    if not frames:
        return state
    ending = state.ending or state.nest_total(seat) >= st.NESTS_TO_END
    return st.evolve(state, stack=state.stack + tuple(reversed(frames)), ending=ending)


def settled(state: Hunt, stack: tuple[Frame, ...]) -> tuple[Frame, ...]:
    """`stack` settled on the pieces of `state`: the seats with nothing left to scatter skipped
    and the frames that are done dropped (`stack` itself when nothing changes)."""
    top = stack[-1]
    if top.waiting and state.count(top.space, top.waiting[0]):
        return stack
    frames = list(stack)
    while frames:
        frame = frames[-1]
        waiting = frame.waiting
        while waiting and state.count(frame.space, waiting[0]) == 0:
            waiting = waiting[1:]
        if waiting:
            if waiting != frame.waiting:
                frames[-1] = Frame(
                    frame.space, frame.vacated, waiting, frame.rolled, frame.rerolled
                )
            break
        frames.pop()
    if len(frames) == len(stack) and frames[-1] is stack[-1]:
        return stack
    return tuple(frames)


def scatter_targets(state: Hunt, frame: Frame, frog: int) -> list[int]:
    """Where a squirrel scattering in `frame` may go (NH-8, NH-14, NH-15)."""
    banned = {state.fox, frog, frame.vacated}
    return sorted(s for s in forest.neighbours(frame.space) if s not in banned)


def check(setup: Setup, state: Hunt, move: Move) -> Verdict:
    """NH-14, NH-16, NH-37: a scatter from the top frame's tile, one destination per squirrel."""
    if not state.stack:
        return refuse("NH-14", "no squirrels are scattering now")
    frame = state.stack[-1]
    seat = frame.waiting[0]
    by_automa = seat == seats.automa(setup)
    if bool(move.get("automa")) != by_automa:
        return refuse(
            "NH-16", f"it is {seats.seat_names(setup)[seat]}'s squirrels that scatter now"
        )
    here = seats.tile_id(state, frame.space)
    if move["from"] != here:
        return refuse("NH-14", f"the squirrels scatter from {here}, not {move['from']}")
    targets = [seats.space(state, t) for t in move["to"]]
    if by_automa:
        if targets != sorted(frame.rolled):
            return refuse("NH-37", "the Automa's squirrels go where the die sent them")
        return ACCEPTED
    n = state.count(frame.space, seat)
    if len(targets) != n:
        return refuse(
            "NH-16", f"give one destination per squirrel: {counted(n, 'squirrel')} to scatter"
        )
    data = data_of(setup.game)
    for tile, target in zip(move["to"], targets, strict=True):
        called = data.tiles[tile].name
        if target not in forest.neighbours(frame.space):
            return refuse("NH-16", f"squirrels scatter only to adjacent tiles; {called} is not")
        if tile == data.frog_pond:
            return refuse("NH-8", "no squirrel may scatter onto the Frog Pond")
        if target == state.fox:
            return refuse("NH-14", "no squirrel may scatter onto the fox's tile")
        if target == frame.vacated:
            return refuse("NH-14", f"the fox just left {called}: no scattering straight back there")
    return ACCEPTED


def apply(setup: Setup, state: Hunt, move: Move) -> Hunt:
    """The waiting seat scatters all its squirrels from the top frame's space, one to each tile
    the move names; its turn in that frame is over, and nests that result are built at once
    (NH-16, NH-18, NH-19)."""
    frame = state.stack[-1]
    seat = frame.waiting[0]
    destinations = [seats.space(state, t) for t in move["to"]]
    deltas = {frame.space: -len(destinations)}
    for space in destinations:
        deltas[space] = deltas.get(space, 0) + 1
    done = Frame(frame.space, frame.vacated, frame.waiting[1:], (), frame.rerolled)
    state = st.add_squirrels(state, seat, deltas, stack=(*state.stack[:-1], done))
    return build_nests(state, destinations, seat, seats.competitive(setup))


def candidates(setup: Setup, state: Hunt) -> list[Move]:
    """Every scatter the waiting player may make; all legal."""
    frame = state.stack[-1]
    seat = frame.waiting[0]
    here = seats.tile_id(state, frame.space)
    targets = [state.layout[s] for s in scatter_targets(state, frame, seats.frog(setup, state))]
    n = state.count(frame.space, seat)
    choices = combinations_with_replacement(targets, n)
    return [{"type": "scatter", "from": here, "to": list(c)} for c in choices]
