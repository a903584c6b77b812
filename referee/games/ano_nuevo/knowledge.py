"""Who sees which Año Nuevo card (AN-65 … AN-68), who decides each move (AN-70), and what the
others read of a move that moved cards they cannot see.

Zones: the Prey and Harem decks are face down (nobody); the Prey and Harem discard piles and the
Harem cards on the Locations are face up (everyone). A seal's hand, the cards it set aside and
its Pool are its own; a Pool passed on just as it was is known to the seal who passed it too;
cards displayed face down (AN-31, digital mode) are their seal's until revealed. At the table the
referee knows no Prey card in a hand, a Pool or the deck: those are lots (prey_cards), which lie
in one zone nobody sees. Location cards are not counted (they are public once turned over and
the referee keeps no pile of the others).
"""

from __future__ import annotations

from pnpkit.referee.api import Knowledge, Move, Setup, Zone, counted, evolve, private, public
from pnpkit.referee.games.ano_nuevo import prey_cards as cards
from pnpkit.referee.games.ano_nuevo.state import ALPHA, BETA, AnoNuevo, role_holder

SEALS_OWN = ("hand", "aside", "pool", "displayed")
"""A seal's zones of Prey cards, each named `KIND:PLAYER`."""


def _known(items: cards.Items) -> list[str]:
    return [i for i in items if not cards.hidden(i)]


def knowledge(setup: Setup, state: AnoNuevo) -> Knowledge:
    """Every Prey and Harem card by zone, with who sees it."""
    prey = state.prey
    zones: list[Zone] = [
        private("prey deck", _known(prey.deck)),
        public("prey discard", _known(prey.discard)),
        private("unseen", sorted(prey.census().elements())),
        *state.table.knowledge().zones,
    ]
    displayed = {p: c for contest in state.contests for p, c in _face_down(contest)}
    for player, seal in zip(setup.players, state.seals, strict=True):
        passer = (seal.pool_from,) if seal.pool_from else ()
        zones += [
            private(f"hand:{player}", _known(seal.hand), player),
            private(f"aside:{player}", _known(seal.aside), player),
            private(f"pool:{player}", _known(seal.pool), player, *passer),
            private(f"displayed:{player}", displayed.get(player, ()), player),
        ]
    return Knowledge(tuple(zones))


def _face_down(contest):  # type: ignore[no-untyped-def]
    return zip(contest.seals, contest.face_down, strict=True) if contest.face_down else ()


def rebuild(setup: Setup, state: AnoNuevo, known: Knowledge) -> AnoNuevo:
    """`state` with the Prey cards where `known` puts them (digital mode: at the table the
    referee knows no hidden card, so there is nothing to place)."""
    if not setup.digital:
        return state
    zone = {z.name: z.cards for z in known.zones}
    seals = tuple(
        evolve(seal, **{pile: cards.pile(zone[f"{pile}:{p}"]) for pile in SEALS_OWN[:3]})
        for p, seal in zip(setup.players, state.seals, strict=True)
    )
    contests = tuple(
        evolve(c, face_down=tuple(cards.pile(zone[f"displayed:{p}"]) for p in c.seals))
        if c.face_down
        else c
        for c in state.contests
    )
    prey = evolve(state.prey, deck=cards.pile(zone["prey deck"]))
    table = state.table.rebuild(known)
    return evolve(state, seals=seals, contests=contests, prey=prey, table=table)


def actor(setup: Setup, state: AnoNuevo, move: Move) -> str | None:
    """AN-70: the seal a card shown or set aside belongs to; the Alpha who takes or gives; the
    Beta who stops being given cards. None for chance (Locations, Harem cards, digital draws),
    for the choices made together (travel, display, stand) and for a bellow, which the table
    judges (AN-43)."""
    kind = move.get("type")
    named = move.get("player")
    if kind in ("pay", "reveal", "mate", "keep"):
        return move.get("seal")
    mating = state.mating
    if kind in ("take", "give", "done") and mating is not None:
        if kind == "done" and named in setup.players:
            return named
        beta = kind == "done" and mating.taker == 1
        return role_holder(setup, state, mating.place, BETA if beta else ALPHA) or None
    return None


def hidden_text(setup: Setup, move: Move) -> str:
    """What a player who may not see a move's cards reads of it: a digital draw or a Pool card set
    aside without the card, a display as the counts of cards face down; "" for every other move,
    which names nothing secret (it moved a card unseen only as a side effect: a hand set aside on
    reaching the Ocean, displayed cards taken back), so it reads as it is."""
    kind = move["type"]
    if kind == "draw":
        return f"{move['seal']} draws a Prey card"
    if kind == "keep":
        return f"{move['seal']} sets a Pool card aside"
    if kind == "display" and "cards" in move:
        return "; ".join(
            f"{p} displays {counted(len(c), 'card')} face down" for p, c in move["cards"].items()
        )
    return ""
