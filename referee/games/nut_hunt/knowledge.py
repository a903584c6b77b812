"""Who sees which Nut Hunt card (NH-3, NH-23, NH-38), who decides each move, and what the others
read of a move that moved an objective card they cannot see.

Zones: the forest's tiles, the squirrels, nests and nut cards are public, and so are the Automa's
cards (turned over for all). The objective deck is face down (nobody); a player's dealt or kept
objectives are theirs alone, and so are the cards they put under the deck and those drawn for
them (their deal, their scout) until they keep or put them back. At the table the referee knows
only the objectives shown (public), the others lie in the deck's zone, seen by nobody.
"""

from __future__ import annotations

from collections import Counter

from pnpkit.referee.api import Knowledge, Move, Setup, Zone, counted, private, public
from pnpkit.referee.games.nut_hunt import seats
from pnpkit.referee.games.nut_hunt import state as st
from pnpkit.referee.games.nut_hunt.data import data_of
from pnpkit.referee.games.nut_hunt.state import Hunt, evolve


def pieces(setup: Setup, state: Hunt) -> Counter[str]:
    """The tiles, every squirrel and nest (in supply or in the forest) and every nut card."""
    data = data_of(setup.game)
    count: Counter[str] = Counter(list(data.tiles))
    for seat, colour in enumerate(seats.colours(setup)):
        count[data.squirrel_ids[colour]] += state.squirrel_supply[seat] + sum(
            row[seat] for row in state.squirrels
        )
        count[data.nest_ids[colour]] += state.nest_supply[seat] + state.nest_total(seat)
    for i, card in enumerate(data.nut_cards):
        count[card] += state.nut_supply[i] + sum(n[i] for n in state.nuts)
    return count


def drawn_for(setup: Setup, state: Hunt) -> str | None:
    """The player the cards drawn now are for (their deal, their scout); None: the Automa's,
    turned over for all."""
    if state.phase == st.DEAL:
        return setup.players[state.order[0]]
    if state.step in (st.SCOUT, st.SCOUT_KEEP) and state.active < len(setup.players):
        return setup.players[state.active]
    return None


def knowledge(setup: Setup, state: Hunt) -> Knowledge:
    """Every component by zone, with who sees it."""
    owner = drawn_for(setup, state)
    zones: list[Zone] = [
        public("pieces", sorted(pieces(setup, state).elements())),
        private("objective deck", sorted(state.pool)),
        private("drawn", state.drawn, owner) if owner else public("drawn", state.drawn),
        public("automa hand", state.automa_hand),
        public("automa aside", state.aside),
    ]
    for seat, player in enumerate(setup.players):
        put = [c for c, s in zip(state.bottom, state.bottom_from, strict=True) if c and s == seat]
        hand = state.hand_known[seat]
        shown = not setup.digital  # at the table the referee knows only the cards shown to all
        zones += [
            public(f"hand:{player}", hand) if shown else private(f"hand:{player}", hand, player),
            private(f"under the deck:{player}", put, player),
        ]
    return Knowledge(tuple(zones))


def rebuild(setup: Setup, state: Hunt, known: Knowledge) -> Hunt:
    """`state` with the objective cards where `known` puts them."""
    zone = {z.name: z.cards for z in known.zones}
    put = {seat: iter(zone[f"under the deck:{p}"]) for seat, p in enumerate(setup.players)}
    bottom = tuple(
        next(put[s]) if card and s in put else card
        for card, s in zip(state.bottom, state.bottom_from, strict=True)
    )
    return evolve(
        state,
        pool=frozenset(zone["objective deck"]),
        drawn=zone["drawn"],
        hand_known=tuple(zone[f"hand:{p}"] for p in setup.players),
        bottom=bottom,
    )


def actor(setup: Setup, state: Hunt, move: Move) -> str | None:
    """Who decides `move`: the player named by a trade (NH-24) or an objective shown before the
    end (NH-3), whoever's turn it is; the player prompted otherwise; nobody for the Automa's moves,
    the die, the cards turned over, and the starting player the table agrees on (NH-4)."""
    if move.get("type") == "automa" or move.get("automa"):
        return None
    named = move.get("player")
    if isinstance(named, str) and named in setup.players:
        return named
    prompt = setup.rules.prompt(setup, state)
    if prompt.kind != "move" or len(prompt.actors) != 1:
        return None
    return prompt.actors[0] if prompt.actors[0] in setup.players else None


def hidden_text(setup: Setup, move: Move) -> str:
    """What a player who may not see a move's objective cards reads of it: a card drawn face down,
    or how many of the cards drawn were kept; every other move names nothing secret."""
    kind = move["type"]
    if kind == "draw":
        return "an objective card is drawn face down"
    if kind == "keep":
        return f"keep {counted(len(move['cards']), 'objective card')} (face down)"
    return setup.rules.text(setup, move)
