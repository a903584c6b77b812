"""Who sees which Alpina card (AL-3): the grid and the hikers are public, each hand is its
player's own, the draw pile nobody's; and a state rebuilt from those zones, for `determinise`.

In a digital game the referee deals and draws, so it knows every hand and the pile is exactly
the cards nobody has seen. At the table it knows only what was played: the hands' cards and the
pile lie together in one zone nobody sees (`state.pool`), and each hand's zone is empty."""

from __future__ import annotations

from pnpkit.referee.api import Game, Knowledge, Setup, Zone, evolve, per_game, private, public
from pnpkit.referee.games.alpina.setup import colours as hiker_colours
from pnpkit.referee.games.alpina.state import Alpina

GRID, ON_GRID = "grid", "hikers on the grid"


@per_game
def pawns(game: Game) -> dict[str, str]:
    """The hiker pawns' IDs by colour (AL-4)."""
    return {c.fields["colour"]: c.id for c in game.group("hikers").components}


def unseen(setup: Setup) -> str:
    """The zone of the cards the referee has not seen: the draw pile in a digital game; the
    draw pile and the hands at the table."""
    return "draw pile" if setup.digital else "draw pile and hands"


def hand(player: str) -> str:
    """The zone of a player's hand (the cards the referee knows to be in it)."""
    return f"{player}'s hand"


def knowledge(setup: Setup, state: Alpina) -> Knowledge:
    """Every card and hiker pawn of the game by zone, with who sees it (AL-3, AL-4)."""
    colours = hiker_colours(setup)
    pawn = pawns(setup.game)
    zones: list[Zone] = [
        public(GRID, (c for c in state.cards if c is not None)),
        public(ON_GRID, sorted(pawn[colours[h]] for h in state.hikers if h is not None)),
    ]
    for seat, player in enumerate(setup.players):
        zones.append(private(hand(player), sorted(state.known[seat]), player))
        zones.append(public(f"{player}'s hikers", (pawn[colours[seat]],) * state.hikers_left[seat]))
    zones.append(private(unseen(setup), sorted(state.pool)))
    return Knowledge(tuple(zones))


def rebuild(setup: Setup, state: Alpina, known: Knowledge) -> Alpina:
    """The state with the hands and the unseen cards `known` gives (the grid and the hikers are
    public, so a reshuffle leaves them where they are)."""
    cards = {zone.name: zone.cards for zone in known.zones}
    hands = tuple(frozenset(cards[hand(p)]) for p in setup.players)
    return evolve(state, known=hands, pool=frozenset(cards[unseen(setup)]))
