"""Hunting (AN-45 … AN-49): each seal in the Ocean draws a Prey card (basic) or, with advanced
Hunting, sets one card of its Pool aside and passes the rest on. At the table the draws stay
unseen (`hunt`); in digital mode the referee deals them (`draw NAME CARD`, `keep NAME CARD`)."""

from __future__ import annotations

from pnpkit.referee.api import ACCEPTED, Move, Setup, Verdict, evolve, refuse, without
from pnpkit.referee.games.ano_nuevo import prey_cards as cards
from pnpkit.referee.games.ano_nuevo.prey_cards import Items, PreyCards
from pnpkit.referee.games.ano_nuevo.state import ADVANCED, HUNT, MATE, POOL, AnoNuevo, Seal


def start_hunt(setup: Setup, state: AnoNuevo) -> AnoNuevo:
    """AN-45, AN-47: who hunts; with advanced Hunting, hands in the Ocean are set aside."""
    seals = list(state.seals)
    ocean = tuple(p for p, s in zip(setup.players, seals, strict=True) if s.place is None)
    if setup.variant == ADVANCED:
        for i, seal in enumerate(seals):
            if seal.place is None and seal.hand:
                seals[i] = evolve(seal, hand=(), aside=cards.pile((*seal.aside, *seal.hand)))
    hunters, keepers = ocean, ()
    if setup.variant == ADVANCED:
        hunters = tuple(p for p in ocean if not state.seal(setup, p).pool)
        keepers = ocean
    return evolve(state, step=HUNT, seals=tuple(seals), hunters=hunters, keepers=keepers)


def next_hunt(setup: Setup, state: AnoNuevo) -> AnoNuevo | None:
    """Digital mode: skip draws when no Prey card is left; pass on once all have kept."""
    if state.hunters:
        if state.prey.deck or state.prey.discard:
            return None
        return evolve(state, hunters=())
    keepers = tuple(p for p in state.keepers if state.seal(setup, p).pool)
    if keepers != state.keepers:
        return evolve(state, keepers=keepers)
    if keepers:
        return None
    return evolve(state, step=MATE, mating=None)


def check_draw(setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
    """AN-45, AN-71: the next hunter draws a card still in the Prey deck."""
    if move["seal"] != state.hunters[0]:
        return refuse("AN-45", f"{state.hunters[0]} draws now")
    source = state.prey.deck or state.prey.discard
    if move["card"] not in source:
        return refuse("AN-71", f"{move['card']} is not in the Prey deck")
    return ACCEPTED


def check_keep(setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
    """AN-47: a hunter sets aside a card of its own Pool."""
    if move["seal"] not in state.keepers:
        return refuse("AN-47", f"{move['seal']} has no Pool card to set aside now")
    if move["card"] not in state.seal(setup, move["seal"]).pool:
        return refuse("AN-47", f"{move['card']} is not in {move['seal']}'s Pool")
    return ACCEPTED


def apply_hunt(setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
    """Table mode: every seal in the Ocean hunts unseen (AN-45, AN-47)."""
    prey, seals = state.prey, list(state.seals)
    hunters = [i for i, s in enumerate(seals) if s.place is None]
    for i in hunters:
        if setup.variant != ADVANCED:
            prey, item = cards.draw(prey)
            if item is not None:
                seals[i] = evolve(seals[i], hand=cards.added(seals[i].hand, item))
            continue
        if not seals[i].pool:
            prey, pool = draw_pool(prey)
            seals[i] = evolve(seals[i], pool=pool)
        if seals[i].pool:
            prey, item = cards.any_hidden(prey, seals[i].pool)
            seal = seals[i]
            aside = cards.added(seal.aside, item)
            seals[i] = evolve(seal, pool=without(seal.pool, item), aside=aside, pool_from="")
    if setup.variant == ADVANCED:
        seals = pass_pools(setup, seals, hunters)
    return evolve(
        state, prey=prey, seals=tuple(seals), step=MATE, mating=None, hunters=(), keepers=()
    )


def apply_draw(setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
    """Digital mode: the card dealt goes to the hunter's hand (basic) or Pool (advanced)."""
    prey, item = cards.draw(state.prey, move["card"])
    player = move["seal"]
    seal = state.seal(setup, player)
    if setup.variant == ADVANCED:
        seal = evolve(seal, pool=cards.added(seal.pool, item))  # type: ignore[arg-type]
        full = len(seal.pool) >= POOL
    else:
        seal = evolve(seal, hand=cards.added(seal.hand, item))  # type: ignore[arg-type]
        full = True
    hunters = state.hunters[1:] if full else state.hunters
    return state.with_seal(setup, player, seal, prey=prey, hunters=hunters)


def apply_keep(setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
    """AN-47: the card set aside; once every hunter has kept one, the Pools pass on."""
    player = move["seal"]
    seal = state.seal(setup, player)
    seal = evolve(
        seal,
        pool=without(seal.pool, move["card"]),
        aside=cards.added(seal.aside, move["card"]),
        pool_from="",
    )
    state = state.with_seal(setup, player, seal)
    keepers = tuple(p for p in state.keepers if p != player)
    if keepers:
        return evolve(state, keepers=keepers)
    hunters = [i for i, s in enumerate(state.seals) if s.place is None]
    seals = pass_pools(setup, list(state.seals), hunters)
    return evolve(state, seals=tuple(seals), keepers=(), step=MATE, mating=None)


def draw_pool(prey: PreyCards) -> tuple[PreyCards, Items]:
    """AN-47: a new Pool of up to five unseen cards."""
    pool: list[str] = []
    while len(pool) < POOL:
        prey, item = cards.draw(prey)
        if item is None:
            break
        pool.append(item)
    return prey, cards.pile(pool)


def pass_pools(setup: Setup, seals: list[Seal], hunters: list[int]) -> list[Seal]:
    """AN-47: each hunter's remaining Pool goes to the next hunter on the left (seat order); the
    hunter who passed it knows its cards."""
    if len(hunters) < 2:
        return seals
    pools = [(seals[i].pool, setup.players[i]) for i in hunters]
    for k, i in enumerate(hunters):
        pool, passer = pools[k - 1]
        seals[i] = evolve(seals[i], pool=pool, pool_from=passer if pool else "")
    return seals
