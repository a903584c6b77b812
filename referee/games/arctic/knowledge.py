"""Who sees which card (AR-45), as the engine's `Knowledge`, and a state rebuilt from it.

Zones, per seat P: `hand:P` (its owner's in digital mode, where the referee dealt it, AR-3; public
at the table, where the referee knows only the cards everyone saw), `pile:P` (face-up pile
cards, public), `face-down:P` (named face-down pile cards, its owner's, AR-23), `penalty:P` (the
discards P named, P's, AR-21), `penalty-blind:P` (digital: penalty cards P has not seen, nobody's)
and `totem:P` (P's, AR-6). Shared: `river`, `powers`, `landscape` (the track and the tokens), all
public; `unseen` (the draw pile and the Reserve, and at the table every card whose place the
referee does not know) and `totems` (those dealt to nobody), nobody's. Once the game is over the
hands, face-down pile cards and totems are shown (AR-38).
"""

from __future__ import annotations

from pnpkit.referee.api import Knowledge, Setup, Zone, evolve, private, public
from pnpkit.referee.games.arctic.facts import facts
from pnpkit.referee.games.arctic.state import HIDDEN, State


def arctic_knowledge(setup: Setup, state: State) -> Knowledge:
    """Every card of the game in its zone, with who sees it now."""
    table = facts(setup.game)
    over = state.step == "over"

    def owners(name: str, cards: tuple[str, ...], player: str) -> Zone:
        return public(name, cards) if over else private(name, cards, player)

    zones = [public("river", state.river), private("unseen", state.unseen)]
    for index, player in enumerate(setup.players):
        seat = state.seats[index]
        hand = owners if setup.digital else lambda name, cards, _: public(name, cards)
        zones += [
            hand(f"hand:{player}", seat.hand, player),
            public(f"pile:{player}", (c for c, down in seat.pile if not down)),
            owners(
                f"face-down:{player}",
                tuple(c for c, down in seat.pile if down and c != HIDDEN),
                player,
            ),
            private(f"penalty:{player}", seat.named, player),
            private(f"penalty-blind:{player}", seat.blind),
            owners(
                f"totem:{player}",
                () if state.totems is None else (state.totems[index],),
                player,
            ),
        ]
    dealt = set(state.totems or ())
    zones += [
        private("totems", (t for t in table.totems if t not in dealt)),
        public("powers", table.power_cards),
        public("landscape", table.others),
    ]
    return Knowledge(tuple(zones))


def rebuilt(setup: Setup, state: State, known: Knowledge) -> State:
    """`state` with each seat's cards, the totems and the unseen pool as `known` places them."""
    cards = {zone.name: zone.cards for zone in known.zones}
    seats = []
    for index, player in enumerate(setup.players):
        seat = state.seats[index]
        face_down = iter(cards[f"face-down:{player}"])
        pile = tuple(
            (next(face_down) if down and card != HIDDEN else card, down) for card, down in seat.pile
        )
        seats.append(
            evolve(
                seat,
                hand=tuple(sorted(cards[f"hand:{player}"])),
                pile=pile,
                named=tuple(sorted(cards[f"penalty:{player}"])),
                blind=tuple(sorted(cards[f"penalty-blind:{player}"])),
            )
        )
    totems = state.totems
    if totems is not None:
        totems = tuple(cards[f"totem:{player}"][0] for player in setup.players)
    return evolve(state, seats=tuple(seats), unseen=tuple(sorted(cards["unseen"])), totems=totems)
