"""Mating (AN-55 … AN-62), Location by Location: every seal there discards a Prey card
(`mate NAME CARD`); the Alpha takes Harem cards up to its card's Food (`take CARD`), then picks
the Beta's (`give CARD`); a Matron taken turns up more cards at once (`flip CARD`)."""

from __future__ import annotations

from pnpkit.referee.api import ACCEPTED, Move, Pile, Setup, Verdict, evolve, refuse, without
from pnpkit.referee.games.ano_nuevo.data import data_of
from pnpkit.referee.games.ano_nuevo.hands import check_shown, discard
from pnpkit.referee.games.ano_nuevo.scoring import end_turn
from pnpkit.referee.games.ano_nuevo.state import (
    ALPHA,
    BACHELOR,
    BETA,
    HAREM_DISCARD,
    HAREM_DISCARD_AT,
    AnoNuevo,
    Mating,
    added,
    beach_of,
    place_name,
    role_holder,
)

MATING_ORDER = {ALPHA: 0, BETA: 1, BACHELOR: 2}
"""AN-55: the order in which the seals on a Location discard."""


def next_mate(setup: Setup, state: AnoNuevo) -> AnoNuevo | None:
    """The next step of the Mating that needs no entry; None while someone must act."""
    mating = state.mating
    if mating is None:
        return start_mating(setup, state, 0)
    if mating.flips:
        if state.harem_left():
            return None
        return evolve(state, mating=evolve(mating, flips=0))
    if mating.discarders or _picks_left(setup, state, mating.place, mating.taker, mating.left):
        return None
    if mating.taker == 0 and _picks_left(setup, state, mating.place, 1, mating.food[1]):
        # AN-57: now the Beta
        return evolve(state, mating=evolve(mating, taker=1, left=mating.food[1]))
    return start_mating(setup, state, mating.place + 1)


def _picks_left(setup: Setup, state: AnoNuevo, place: int, taker: int, left: int) -> bool:
    """AN-56, AN-57: whether the taker (0 the Alpha, 1 the Beta) may still pick on Location
    `place` with `left` Food: Food left, Harem cards there, and a seal in the taker's role."""
    return bool(
        left > 0
        and state.beach(place)
        and role_holder(setup, state, place, ALPHA if taker == 0 else BETA)
    )


def start_mating(setup: Setup, state: AnoNuevo, place: int) -> AnoNuevo:
    """AN-55: the next Location with seals; after the last, the end of the turn."""
    seals = state.seals
    ahead = [s.place for s in seals if s.place is not None and s.place >= place]
    if not ahead:
        return end_turn(setup, state)
    place = min(ahead)
    here = sorted(  # the seals there with a Prey card, in the order they discard
        (MATING_ORDER.get(s.role, 3), i)
        for i, (p, s) in enumerate(zip(setup.players, seals, strict=True))
        if s.place == place and state.hand(setup, p)
    )
    return evolve(state, mating=Mating(place, tuple(setup.players[i] for _, i in here)))


def check_mate(setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
    """AN-55, AN-62: a seal on the Location, with a Prey card, discards one, once."""
    mating = state.mating
    assert mating is not None
    player = move["seal"]
    if player not in mating.discarders:
        seal = state.seal(setup, player)
        where = place_name(mating.place)
        if seal.place != mating.place:
            now = "is in the Ocean" if seal.place is None else "is not on it"
            return refuse("AN-55", f"the seals on {where} mate now; {player} {now}")
        if not state.hand(setup, player):
            return refuse("AN-62", f"{player} has no Prey card, so discards nothing")
        return refuse("AN-55", f"{player} has already discarded a Prey card on {where}")
    return check_shown(setup, state, player, move["card"], "AN-55")


def check_take(setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
    """AN-56, AN-57: a Harem card on this Location."""
    assert state.mating is not None
    beach = state.beach(state.mating.place)
    if move["card"] not in beach:
        here = ", ".join(beach) or "none"
        rule = "AN-56" if move["type"] == "take" else "AN-57"
        return refuse(rule, f"{move['card']} is not on this Location (it has {here})")
    return ACCEPTED


def check_done(setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
    """AN-56, AN-57: the Alpha may stop taking, but only the Beta stops being given cards."""
    mating = state.mating
    assert mating is not None
    alpha = role_holder(setup, state, mating.place, ALPHA)
    if mating.taker == 1 and move.get("player") == alpha:
        beta = role_holder(setup, state, mating.place, BETA)
        return refuse(
            "AN-57",
            f"{alpha} picks which Harem cards {beta} takes, not how many: "
            f"only {beta} may stop ({beta}: done)",
        )
    return ACCEPTED


def apply_mate(setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
    """AN-55 … AN-58: the discard; the Alpha's and the Beta's Food; the Alpha's picks next."""
    mating = state.mating
    assert mating is not None
    player = move["seal"]
    role = state.seal(setup, player).role
    food = data_of(setup.game).food[move["card"]]
    foods = (
        food if role == ALPHA else mating.food[0],
        food if role == BETA else mating.food[1],
    )
    discarders = tuple(p for p in mating.discarders if p != player)
    if discarders:
        mating = evolve(mating, discarders=discarders, food=foods)
    else:
        mating = evolve(mating, discarders=discarders, food=foods, taker=0, left=foods[0])
    return discard(setup, state, player, move["card"], mating=mating)


def apply_take(setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
    """AN-56, AN-57, AN-59, AN-60: the card scores for the Alpha (take) or the Beta (give) and
    goes to the discard pile; a Matron's refill is owed."""
    mating = state.mating
    assert mating is not None
    data = data_of(setup.game)
    card = move["card"]
    role = ALPHA if mating.taker == 0 else BETA
    i = setup.players.index(role_holder(setup, state, mating.place, role))
    seal = state.seals[i]
    seal = evolve(seal, vp=seal.vp + data.vp[card], mated=added(seal.mated, card))
    flips = data.refills(card, state.places[mating.place])  # AN-60
    table = {
        beach_of(mating.place): Pile(without(state.beach(mating.place), card)),
        HAREM_DISCARD: Pile(added(state.table.blocks[HAREM_DISCARD_AT][1].cards, card)),
    }
    mating = evolve(mating, left=mating.left - 1, flips=flips)
    seals = (*state.seals[:i], seal, *state.seals[i + 1 :])
    return evolve(state, seals=seals, table=state.table.put_all(table), mating=mating)


def apply_done(setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
    """AN-56, AN-57: no more cards for this taker."""
    assert state.mating is not None
    return evolve(state, mating=evolve(state.mating, left=0))
