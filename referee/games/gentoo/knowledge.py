"""Who sees which Gentoo card and token: everybody sees everything the state holds.

Face-up cards (Choice Cards, Cards in Play, the Used and Discard Piles) are in plain sight, and
each face-down pile, the Draw Pile or a Player Pile, is a known set of cards whose order nobody
knows (GE-36): what was shuffled into it less what has been turned over, all of it seen face up
before. The state holds no order, so no zone is hidden from any viewer; the unused Snow cards
in the box and the token supplies are counted in the open too."""

from __future__ import annotations

from pnpkit.referee.api import Knowledge, Setup, Zone, public
from pnpkit.referee.games.gentoo.state import TOKENS, Table


def knowledge(setup: Setup, state: Table) -> Knowledge:
    """Every card and token of the game in its pile, area or supply, each zone public."""
    token = {c.fields["icon"]: c.id for c in setup.game.group(TOKENS).components}
    stone, penguin, fish = token["nesting-stone"], token["penguin"], token["fish"]
    zones: list[Zone] = [
        public("Draw Pile", state.draw_pile),
        public("Choice Cards", state.choice),
        public("Discard Pile", state.discard),
        public("box", state.box),
        public("nesting stone supply", (stone,) * state.stones_left),
        public("penguin supply", (penguin,) * state.penguin_supply),
        public("fish supply", (fish,) * state.fish_supply),
    ]
    for name, player in zip(setup.players, state.players, strict=True):
        zones += [
            public(f"{name}'s Player Pile", player.pile),
            public(f"{name}'s Cards in Play", player.in_play),
            public(f"{name}'s Used Pile", player.used),
            public(f"{name}'s tokens", (stone,) * player.stones + (penguin,) * player.penguins
                   + (fish,) * player.fish),
        ]  # fmt: skip
    return Knowledge(tuple(zones))
