"""Gentoo's setup (rulebook "Setup", steps 1–8; GE-1 … GE-8): the Player Piles, the supplies,
then the Choice Cards turned over one `flip` at a time and the first player named."""

from __future__ import annotations

from collections.abc import Sequence

from pnpkit.referee.api import Move, PnpError, Setup, evolve
from pnpkit.referee.games.gentoo.moves import KEYWORDS
from pnpkit.referee.games.gentoo.state import DRAW, Catalog, Player, Pool, Table

SNOW_PER_PLAYER = 6
CARDS_IN_PLAY_AT_START = 3
FISH_AT_START = 5
CHOICE_CARDS = 4
STONES_AT_START = 3
"""Nesting stones each player starts with; afterwards they only change hands (GE-28, GE-51)."""


def check_names(players: Sequence[str]) -> None:
    """Refuse a name the move syntax cannot tell apart from its keywords (GE-1)."""
    for name in players:
        if name.strip().lower() in KEYWORDS:
            raise PnpError(f"{name!r} cannot be a Gentoo player's name: moves use that word")


def initial(setup: Setup) -> Table:
    """Setup steps 1–7: Player Piles of six Snow, three flipped; stones and fish handed out.

    The Choice Cards are turned over next, one `flip` at a time (GE-3).
    """
    catalog = Catalog.of(setup.game)
    snow, n = catalog.snow, len(setup.players)
    player = Player(
        pile=Pool.of({snow: SNOW_PER_PLAYER - CARDS_IN_PLAY_AT_START}),
        in_play=(snow,) * CARDS_IN_PLAY_AT_START,
        used=(),
        stones=STONES_AT_START,
        fish=FISH_AT_START,
    )
    rest = {c.id: c.count for c in catalog.cards.values() if c.id != snow}
    return Table(
        players=(player,) * n,
        draw_pile=Pool.of(rest),
        choice=(),
        discard=(),
        box=Pool.of({snow: catalog.cards[snow].count - SNOW_PER_PLAYER * n}),
        stones_left=catalog.token("nesting-stone").count - STONES_AT_START * n,
        penguin_supply=catalog.token("penguin").count,
        fish_supply=catalog.token("fish").count - FISH_AT_START * n,
    )


def apply_first(setup: Setup, state: Table, move: Move) -> Table:
    """The first player's turn begins with Phase I's draw."""
    seat = setup.players.index(move["name"])
    return evolve(state, first=seat, turn=seat, turns=1, step=DRAW)
