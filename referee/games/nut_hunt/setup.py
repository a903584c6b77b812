"""Setting up (NH-1 … NH-7): the forest laid out, the starting player, each player's objectives
(dealt by the referee in digital mode, objectives.py), then the starting squirrels placed in a
snake order, each with 2 nuts from its tile.
"""

from __future__ import annotations

from collections import Counter

from pnpkit.referee.api import (
    ACCEPTED,
    Deck,
    Hand,
    Move,
    Pile,
    Pool,
    Setup,
    Table,
    Turn,
    Verdict,
    refuse,
)
from pnpkit.referee.games.nut_hunt import forest, seats, turn
from pnpkit.referee.games.nut_hunt import state as st
from pnpkit.referee.games.nut_hunt.data import data_of
from pnpkit.referee.games.nut_hunt.state import DEALT, KEPT, NOBODY, Hunt, UnderDeck, evolve


def initial(setup: Setup) -> Hunt:
    """The box opened: every piece in its supply, every objective unseen (at the table, each
    player's dealt cards are counted but not known to the referee, the third put under the
    deck)."""
    data = data_of(setup.game)
    n, everyone = len(setup.players), seats.seats(setup)
    table = not setup.digital
    pieces = Counter(list(data.tiles))
    for colour in seats.colours(setup):
        pieces[data.squirrel_ids[colour]] += data.squirrels_per_colour
        pieces[data.nest_ids[colour]] += data.nests_per_colour
    pieces.update(dict(zip(data.nut_cards, data.nut_counts, strict=True)))
    deck = Deck.of(data.objectives)
    blocks = {
        "pieces": Pool(tuple(sorted(pieces.items()))),
        "objective deck": deck.draw_unseen(DEALT * n) if table else deck,
        "drawn": Hand(""),
        "automa hand": Pile(),
        "automa aside": Pile(),
        **{f"hand:{p}": Hand(p, (), KEPT * table, shown=table) for p in setup.players},
        "under the deck": UnderDeck(tuple(setup.players)).put((None,) * n * table, NOBODY),
    }
    return Hunt(
        phase=st.LAYOUT,
        layout=(),
        squirrels=((0,) * everyone,) * forest.SPACES,
        nests=((0,) * everyone,) * forest.SPACES,
        squirrel_supply=(data.squirrels_per_colour,) * everyone,
        nest_supply=(data.nests_per_colour,) * everyone,
        nuts=((0,) * len(data.nut_types),) * n,
        nut_supply=data.nut_counts,
        table=Table.of(blocks),
    )


def special_five(setup: Setup, state: Hunt) -> bool:
    """NH-7: five players and a starting tile in the centre."""
    centre = data_of(setup.game).tiles[state.layout[forest.CENTRE]]
    return len(setup.players) == 5 and bool(centre.fields.get("start"))


def check_layout(setup: Setup, state: Hunt, move: Move) -> Verdict:
    """NH-1: each of the 19 tiles laid once, row by row."""
    if state.phase != st.LAYOUT:
        return refuse("NH-1", "the forest is already laid out")
    tiles = move["tiles"]
    repeated = set(tiles) & set(state.layout) or {t for t in tiles if tiles.count(t) > 1}
    if repeated:
        return refuse("NH-1", f"each tile is laid once: {sorted(repeated)[0]} again")
    if len(state.layout) + len(tiles) > forest.SPACES:
        return refuse("NH-1", f"the forest has {forest.SPACES} tiles")
    return ACCEPTED


def check_first(setup: Setup, state: Hunt, move: Move) -> Verdict:
    """NH-4: the starting player, chosen once."""
    if state.phase != st.FIRST:
        return refuse("NH-4", "the starting player is chosen once, before the squirrels")
    return ACCEPTED


def check_place(setup: Setup, state: Hunt, move: Move) -> Verdict:
    """NH-5, NH-6: a starting squirrel on an unoccupied starting tile, with 2 of its nuts."""
    verdict = turn.expect(setup, state, (st.PLACE,), "placing a starting squirrel")
    if verdict.ok:
        verdict = _check_start(setup, state, move["tile"])
    if not verdict.ok:
        return verdict
    return turn.check_nuts(data_of(setup.game), move["tile"], move["nuts"], 2, "NH-6")


def _check_start(setup: Setup, state: Hunt, tile: str) -> Verdict:
    """NH-5: whether the next starting squirrel may go on `tile`, an unoccupied starting tile
    the fox is not on."""
    space = seats.space(state, tile)
    if space is None or not data_of(setup.game).tiles[tile].fields.get("start"):
        return refuse("NH-5", f"{tile} is not a green-bordered starting tile")
    if space == state.fox:
        return refuse("NH-5", "the fox occupies that tile")
    occupied = any(state.squirrels[space])
    if occupied and not (len(state.order) == 1 and special_five(setup, state)):
        return refuse("NH-5", "starting squirrels go on unoccupied starting tiles")
    return ACCEPTED


def apply_layout(setup: Setup, state: Hunt, move: Move) -> Hunt:
    """NH-1, NH-2: the tiles laid; once all are, the fox goes on the centre tile."""
    layout = state.layout + tuple(move["tiles"])
    if len(layout) < forest.SPACES:
        return evolve(state, layout=layout)
    state = evolve(state, layout=layout, fox=forest.CENTRE)
    if seats.solo(setup):
        return after_first(setup, state, 0)
    return evolve(state, phase=st.FIRST)


def apply_first(setup: Setup, state: Hunt, move: Move) -> Hunt:
    """NH-4: the starting player is chosen."""
    return after_first(setup, state, setup.players.index(move["name"]))


def after_first(setup: Setup, state: Hunt, first: int) -> Hunt:
    """In digital mode the referee deals the objectives next; at the table they are dealt
    already, and the squirrels are placed."""
    order = st.turn_order(len(setup.players), first)
    state = evolve(state, first=first, turn=Turn(first, state.turn.step, state.turn.number))
    if setup.digital:
        return evolve(state, phase=st.DEAL, order=order)
    return start_placing(setup, state)


def start_placing(setup: Setup, state: Hunt) -> Hunt:
    """NH-5, NH-7: starting squirrels in turn order, then back again (five players with a
    starting tile in the centre: the last player places both at the end)."""
    order = st.turn_order(len(setup.players), state.first)
    snake = order + order[::-1]
    if special_five(setup, state):
        snake = order + order[-2::-1] + order[-1:]
    return evolve(state, phase=st.PLACE, order=snake)


def apply_place(setup: Setup, state: Hunt, move: Move) -> Hunt:
    """A starting squirrel and its nuts; after the last one, the first turn (solo: the Automa's
    starting hand first, NH-34)."""
    seat = state.order[0]
    nuts = st.foraged(data_of(setup.game).nut_types, state, seat, move["nuts"])
    state = st.add_squirrels(state, seat, {seats.space(state, move["tile"]): 1}, **nuts)
    if len(state.order) > 1:
        return evolve(state, order=state.order[1:])
    if seats.solo(setup):
        automa = Turn(seats.automa(setup), state.turn.step, state.turn.number)
        return evolve(state, order=(), phase=st.AUTOMA_DEAL, turn=automa)
    first = Turn(state.first, st.ROLL, state.turn.number)
    return evolve(state, order=(), phase=st.TURN, turn=first)


def candidates(setup: Setup, state: Hunt) -> list[Move]:
    """Every tile still to lay, every player to start, or every legal starting squirrel."""
    data = data_of(setup.game)
    if state.phase == st.LAYOUT:
        return [{"type": "layout", "tiles": [t]} for t in data.tiles if t not in state.layout]
    if state.phase == st.FIRST:
        return [{"type": "first", "name": p} for p in setup.players]
    return [
        {"type": "place", "tile": t, "nuts": list(n)}
        for t in data.starts
        if _check_start(setup, state, t).ok
        for n in data.forage_choices(t, 2)
    ]
