"""The optional action (NH-21 … NH-24): recruit a squirrel, hassle the fox, scout an objective,
or pass; and trading three nuts of a kind for one of another, at any time.
"""

from __future__ import annotations

from pnpkit.referee.api import ACCEPTED, Move, Setup, Verdict, refuse
from pnpkit.referee.games.nut_hunt import forest, scattering, seats, turn
from pnpkit.referee.games.nut_hunt import state as st
from pnpkit.referee.games.nut_hunt.data import data_of
from pnpkit.referee.games.nut_hunt.objectives import SCOUTED
from pnpkit.referee.games.nut_hunt.state import Frame, Hunt, UnderDeck, evolve


def check_recruit(setup: Setup, state: Hunt, move: Move) -> Verdict:
    """NH-21 (NH-8, NH-9): pay a tile's cost and place a squirrel there, not on the fox's tile,
    the Frog Pond or the Pine Barrens."""
    verdict = turn.expect(setup, state, (st.ACTION,), "recruiting")
    if not verdict.ok:
        return verdict
    data = data_of(setup.game)
    tile = data.tiles[move["tile"]]
    special = tile.fields.get("special")
    if special:
        rule = "NH-8" if special == "frog-pond" else "NH-9"
        return refuse(rule, f"no squirrel may be recruited onto {tile.name}")
    if seats.space(state, tile.id) == state.fox:
        return refuse("NH-21", "no squirrel may be recruited onto the fox's tile")
    short = data.shortfall(state.nuts[state.turn.seat], tile.fields["cost"])
    if short:
        return refuse("NH-21", f"{tile.name} costs {data.cost_text(tile)}; you lack {short}")
    return ACCEPTED


def apply_recruit(setup: Setup, state: Hunt, move: Move) -> Hunt:
    """The cost paid, a squirrel placed; three squirrels there become a nest (NH-19)."""
    data = data_of(setup.game)
    tile = data.tiles[move["tile"]]
    cost = data.costs[tile.id]
    assert cost is not None, "check_recruit refuses the tiles no squirrel is recruited onto"
    seat, space = state.turn.seat, seats.space(state, tile.id)
    nuts = st.payment(state, seat, cost)
    note = f"recruited on {tile.name}"
    state = st.add_squirrels(
        state, seat, {space: 1}, turn=state.turn.to(st.DONE), note=note, **nuts
    )
    return scattering.build_nests(state, [space], seat, seats.competitive(setup))


def check_hassle(setup: Setup, state: Hunt, move: Move) -> Verdict:
    """NH-22: pull the fox onto a tile next to it where the player has a squirrel or nest."""
    verdict = turn.expect(setup, state, (st.ACTION,), "hassling the fox")
    if not verdict.ok:
        return verdict
    space = seats.space(state, move["tile"])
    if space not in forest.neighbours(state.fox or 0):
        return refuse("NH-22", "the fox can only be pulled onto a tile next to it")
    if not (state.count(space, state.turn.seat) or state.nests[space][state.turn.seat]):
        return refuse("NH-22", "you need a squirrel or nest on that tile to hassle the fox")
    return ACCEPTED


def apply_hassle(setup: Setup, state: Hunt, move: Move) -> Hunt:
    """The fox moves; the squirrels there scatter; then a forage of 1 nut (or pass)."""
    space = seats.space(state, move["tile"])
    frame = Frame(space, state.fox, st.turn_order(seats.seats(setup), state.turn.seat))
    note = f"the fox is pulled onto {seats.tile_name(setup, state, space)}"
    stack = scattering.settled(state, (frame,))
    return evolve(state, fox=space, turn=state.turn.to(st.HASSLE_FORAGE), stack=stack, note=note)


def check_scout(setup: Setup, state: Hunt, move: Move) -> Verdict:
    """NH-23: look at the top 2 objectives (the referee shows them in digital mode)."""
    verdict = turn.expect(setup, state, (st.ACTION,), "scouting")
    if not verdict.ok:
        return verdict
    if state.deck_size == 0:
        return refuse("NH-23", "the objective deck is empty")
    if setup.digital == ("keep" in move):
        how = "scout (then keep CARD)" if setup.digital else "scout keep or scout none"
        return refuse("NH-23", f"enter it as {how}")
    return ACCEPTED


def apply_scout(setup: Setup, state: Hunt, move: Move) -> Hunt:
    """Digital: the referee turns the cards over next. At the table: the player looked at up to
    2 cards unseen by the referee, kept one or none, and put the rest under the deck."""
    if setup.digital:
        return evolve(state, turn=state.turn.to(st.SCOUT))
    looked = min(SCOUTED, state.deck_size)
    fresh = min(looked, state.deck.count)
    deck, under = state.deck.draw_unseen(fresh), state.under
    seen = [c for c, _ in under.cards[: looked - fresh] if c]  # known ones, now unknown again
    under = UnderDeck(under.players, under.cards[looked - fresh :])
    kept = min(move["keep"], looked)
    blocks = {
        "objective deck": deck.holding((*deck.unseen, *seen)),
        "under the deck": under.put((None,) * (looked - kept), state.turn.seat),
        state.hand_name(state.turn.seat): state.hands[state.turn.seat].add_unknown(kept),
    }
    return evolve(state, table=state.table.put_all(blocks), turn=state.turn.to(st.DONE))


def check_pass(setup: Setup, state: Hunt, move: Move) -> Verdict:
    """NH-10, NH-22: no optional action, or no nut after a hassle."""
    return turn.expect(setup, state, (st.ACTION, st.HASSLE_FORAGE), "passing")


def apply_pass(setup: Setup, state: Hunt, move: Move) -> Hunt:
    """The turn is done."""
    return evolve(state, turn=state.turn.to(st.DONE))


def check_trade(setup: Setup, state: Hunt, move: Move) -> Verdict:
    """NH-24: three nuts of one kind for one of another, any time during the game (while a move
    or a chance is awaited)."""
    kind = setup.rules.prompt_kind(setup, state)
    if kind not in ("move", "chance") or state.phase in (st.LAYOUT, st.FIRST, st.SHOW):
        return refuse("NH-24", "no trading before the forest is laid out or after the game")
    if move["give"] == move["get"]:
        return refuse("NH-24", "trade three of one nut for one of another kind")
    data = data_of(setup.game)
    seat = setup.players.index(move["player"])
    if state.nuts[seat][data.nut_types.index(move["give"])] < 3:
        return refuse("NH-24", f"{move['player']} has fewer than 3 {move['give']}")
    return ACCEPTED


def apply_trade(setup: Setup, state: Hunt, move: Move) -> Hunt:
    """Three nuts back to the supply, one taken."""
    types = data_of(setup.game).nut_types
    cost = [0] * len(types)
    cost[types.index(move["give"])] = 3
    cost[types.index(move["get"])] = -1
    seat = setup.players.index(move["player"])
    return evolve(state, **st.payment(state, seat, tuple(cost)))


def recruits(setup: Setup, state: Hunt) -> list[Move]:
    """NH-21 (NH-8, NH-9): the tiles the active player may recruit onto now, in box order: what
    `check_recruit` accepts in the action step, without wording its refusals."""
    fox = state.layout[state.fox]  # type: ignore[index]
    tiles = data_of(setup.game).affordable(state.nuts[state.turn.seat])
    return [{"type": "recruit", "tile": t} for t in tiles if t != fox]


def hassles(setup: Setup, state: Hunt) -> list[Move]:
    """The tiles next to the fox where the active player has a squirrel or a nest."""
    seat = state.turn.seat
    return [
        {"type": "hassle", "tile": state.layout[s]}
        for s in forest.neighbours(state.fox or 0)
        if state.squirrels[s][seat] or state.nests[s][seat]
    ]


def scouts(setup: Setup, state: Hunt) -> list[Move]:
    """A scout while the deck lasts (at the table: keeping one card or none)."""
    if not state.deck_size:
        return []
    return [{"type": "scout"}] if setup.digital else [{"type": "scout", "keep": k} for k in (1, 0)]


def passes(setup: Setup, state: Hunt) -> list[Move]:
    return [{"type": "pass"}]


def trade_count(setup: Setup, state: Hunt) -> int:
    """How many trades `trades` lists, without listing them."""
    if state.phase in (st.LAYOUT, st.FIRST, st.SHOW):
        return 0
    threes = [n for held in state.nuts for n in held if n >= 3]
    return len(threes) * (len(state.nut_supply) - 1)


def trades(setup: Setup, state: Hunt) -> list[Move]:
    """Every trade any player may make now."""
    if state.phase in (st.LAYOUT, st.FIRST, st.SHOW) or max(map(max, state.nuts)) < 3:
        return []
    types = data_of(setup.game).nut_types
    return [
        {"type": "trade", "player": player, "give": give, "get": get}
        for seat, player in enumerate(setup.players)
        for i, give in enumerate(types)
        if state.nuts[seat][i] >= 3
        for get in types
        if get != give
    ]
