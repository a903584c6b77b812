"""Gentoo's setup (rulebook "Setup", steps 1–8; GE-1 … GE-8): the Player Piles, the supplies,
then the Choice Cards turned over one `flip` at a time and the first player named."""

from __future__ import annotations

from collections.abc import Sequence

from pnpkit.referee.api import Move, Pile, PnpError, Pool, Setup, Table, Turn, evolve
from pnpkit.referee.games.gentoo.moves import KEYWORDS
from pnpkit.referee.games.gentoo.state import (
    BOX,
    CHOICES,
    DISCARD_PILE,
    DRAW,
    DRAW_PILE,
    SETUP,
    SUPPLY,
    Area,
    Catalog,
    GentooState,
)

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


def initial(setup: Setup) -> GentooState:
    """Setup steps 1–7: Player Piles of six Snow, three flipped; stones and fish handed out.

    The Choice Cards are turned over next, one `flip` at a time (GE-3).
    """
    catalog = Catalog.of(setup.game)
    snow, n, token = catalog.snow, len(setup.players), catalog.token
    areas = tuple(map(Area.of, setup.players))
    rest = [c.id for c in catalog.cards.values() if c.id != snow for _ in range(c.count)]
    supplies = {
        "nesting-stone": token("nesting-stone").count - STONES_AT_START * n,
        "penguin": token("penguin").count,
        "fish": token("fish").count - FISH_AT_START * n,
    }
    blocks: dict[str, Pool | Pile] = {
        DRAW_PILE: Pool().holding(tuple(rest)),
        CHOICES: Pile(),
        DISCARD_PILE: Pile(),
        BOX: Pool().holding((snow,) * (catalog.cards[snow].count - SNOW_PER_PLAYER * n)),
        **{
            SUPPLY[icon]: Pool().holding((token(icon).id,) * left)
            for icon, left in supplies.items()
        },
    }
    tokens = (catalog.stone,) * STONES_AT_START + (catalog.fish,) * FISH_AT_START
    for area in areas:
        blocks[area.pile] = Pool().holding((snow,) * (SNOW_PER_PLAYER - CARDS_IN_PLAY_AT_START))
        blocks[area.in_play] = Pile((snow,) * CARDS_IN_PLAY_AT_START)
        blocks[area.used] = Pile()
        blocks[area.tokens] = Pool().holding(tokens)
    return GentooState(Table.of(blocks), Turn(0, SETUP, 0), areas)


def apply_first(setup: Setup, state: GentooState, move: Move) -> GentooState:
    """The first player's turn begins with Phase I's draw."""
    seat = setup.players.index(move["name"])
    return evolve(state, first=seat, turn=Turn(seat, DRAW, 1))
