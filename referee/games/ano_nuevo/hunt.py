"""Hunting (AN-45 … AN-49): each seal in the Ocean draws a Prey card (basic) or, with advanced
Hunting, sets one card of its Pool aside and passes the rest on. At the table the draws stay
unseen (`hunt`); in digital mode the referee deals them (`draw NAME CARD`, `keep NAME CARD`)."""

from __future__ import annotations

from pnpkit.referee.api import ACCEPTED, LotHand, Move, Setup, Table, Verdict, evolve, refuse
from pnpkit.referee.games.ano_nuevo.hands import draw
from pnpkit.referee.games.ano_nuevo.state import (
    ADVANCED,
    ASIDE,
    HAND,
    HUNT,
    MATE,
    POOL,
    POOL_CARDS,
    UNSEEN,
    AnoNuevo,
    pile_of,
)


def start_hunt(setup: Setup, state: AnoNuevo) -> AnoNuevo:
    """AN-45, AN-47: who hunts; with advanced Hunting, hands in the Ocean are set aside."""
    ocean = tuple(p for p, s in zip(setup.players, state.seals, strict=True) if s.place is None)
    hunters, keepers = ocean, ()
    if setup.variant == ADVANCED:
        aside = [
            (c, pile_of(HAND, p), pile_of(ASIDE, p)) for p in ocean for c in state.hand(setup, p)
        ]
        state = evolve(state, table=state.table.carry(*aside))
        hunters = tuple(p for p in ocean if not state.held(setup, POOL_CARDS, p).items)
        keepers = ocean
    return evolve(state, step=HUNT, hunters=hunters, keepers=keepers)


def next_hunt(setup: Setup, state: AnoNuevo) -> AnoNuevo | None:
    """Digital mode: skip draws when no Prey card is left; pass on once all have kept."""
    if state.hunters:
        if state.prey_left():
            return None
        return evolve(state, hunters=())
    keepers = tuple(p for p in state.keepers if state.held(setup, POOL_CARDS, p).items)
    if keepers != state.keepers:
        return evolve(state, keepers=keepers)
    if keepers:
        return None
    return evolve(state, step=MATE, mating=None)


def check_draw(setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
    """AN-45, AN-71: the next hunter draws a card still in the Prey deck."""
    if move["seal"] != state.hunters[0]:
        return refuse("AN-45", f"{state.hunters[0]} draws now")
    if move["card"] not in state.prey_left():
        return refuse("AN-71", f"{move['card']} is not in the Prey deck")
    return ACCEPTED


def check_keep(setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
    """AN-47: a hunter sets aside a card of its own Pool."""
    if move["seal"] not in state.keepers:
        return refuse("AN-47", f"{move['seal']} has no Pool card to set aside now")
    if move["card"] not in state.held(setup, POOL_CARDS, move["seal"]).items:
        return refuse("AN-47", f"{move['card']} is not in {move['seal']}'s Pool")
    return ACCEPTED


def apply_hunt(setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
    """Table mode: every seal in the Ocean hunts unseen (AN-45, AN-47)."""
    table = state.table
    hunters = [p for p, s in zip(setup.players, state.seals, strict=True) if s.place is None]
    for p in hunters:
        if setup.variant != ADVANCED:
            table, _ = draw(table, pile_of(HAND, p))
            continue
        if not table[pile_of(POOL_CARDS, p)].items:
            table = draw_pool(table, p)
        pool: LotHand = table[pile_of(POOL_CARDS, p)]
        if pool.items:
            lots, item = table[UNSEEN].any_unseen(pool.items)
            aside = table[pile_of(ASIDE, p)].add(item)
            pool = LotHand(pool.without(item).items, (p,))
            blocks = {UNSEEN: lots, pile_of(POOL_CARDS, p): pool, pile_of(ASIDE, p): aside}
            table = table.put_all(blocks)
    if setup.variant == ADVANCED:
        table = pass_pools(setup, table, hunters)
    return evolve(state, table=table, step=MATE, mating=None, hunters=(), keepers=())


def apply_draw(setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
    """Digital mode: the card dealt goes to the hunter's hand (basic) or Pool (advanced)."""
    kind = POOL_CARDS if setup.variant == ADVANCED else HAND
    into = pile_of(kind, move["seal"])
    table, _ = draw(state.table, into, move["card"])
    full = kind == HAND or len(table[into].items) >= POOL
    hunters = state.hunters[1:] if full else state.hunters
    return evolve(state, table=table, hunters=hunters)


def apply_keep(setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
    """AN-47: the card set aside; once every hunter has kept one, the Pools pass on."""
    player, card = move["seal"], move["card"]
    pool = LotHand(state.held(setup, POOL_CARDS, player).without(card).items, (player,))
    aside = state.held(setup, ASIDE, player).add(card)
    table = state.table.put_all({pile_of(POOL_CARDS, player): pool, pile_of(ASIDE, player): aside})
    keepers = tuple(p for p in state.keepers if p != player)
    if keepers:
        return evolve(state, table=table, keepers=keepers)
    hunters = [p for p, s in zip(setup.players, state.seals, strict=True) if s.place is None]
    table = pass_pools(setup, table, hunters)
    return evolve(state, table=table, keepers=(), step=MATE, mating=None)


def draw_pool(table: Table, player: str) -> Table:
    """AN-47: a new Pool of up to five unseen cards."""
    for _ in range(POOL):
        table, item = draw(table, pile_of(POOL_CARDS, player))
        if item is None:
            break
    return table


def pass_pools(setup: Setup, table: Table, hunters: list[str]) -> Table:
    """AN-47: each hunter's remaining Pool goes to the next hunter on the left (seat order); the
    hunter who passed it knows its cards (it sees the Pool's block too)."""
    if len(hunters) < 2:
        return table
    pools = [table[pile_of(POOL_CARDS, p)].items for p in hunters]
    blocks = {}
    for k, p in enumerate(hunters):
        pool, passer = pools[k - 1], hunters[k - 1]
        blocks[pile_of(POOL_CARDS, p)] = LotHand(pool, (p, passer) if pool else (p,))
    return table.put_all(blocks)
