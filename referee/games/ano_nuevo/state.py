"""Año Nuevo's table: the immutable game state (seals, piles, Locations, the Posture and the
Mating under way) and the small helpers every step of the turn reads it with."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from pnpkit.referee.api import Pile, Setup, Table, evolve
from pnpkit.referee.games.ano_nuevo.prey_cards import Items, PreyCards

LOCATION, FILL, TRAVEL, PAY, POSTURE, HUNT, MATE, TIE, OVER = (
    "location", "fill", "travel", "pay", "posture", "hunt", "mate", "tie", "over",
)  # fmt: skip
OCEAN = "ocean"
POOL = 5
"""Cards in a new Pool (advanced Hunting)."""
ADVANCED = "advanced-hunting"
HAREM_DECK, HAREM_DISCARD = "harem deck", "harem discard"
"""The blocks of the face-down Harem deck (a Deck) and its discard pile (a Pile)."""
ALPHA, BETA, BACHELOR, NONE = "alpha", "beta", "bachelor", ""
"""Roles on a Location (AN-20); NONE in the Ocean, or just arrived and not yet Postured."""


@dataclass(frozen=True)
class Contest:
    """A round of Posturing (and maybe a Fight) on Location `place` (AN-30 … AN-44): round 1
    decides the Alpha, round 2 (among the other posturers) the Beta."""

    place: int
    round: int
    seals: tuple[str, ...]
    defender: str | None = None
    """The Alpha of the Location before this turn's Posturing (for a fight-bonus)."""
    beta_held: bool = False
    """Round 1: the Location has a Beta who does not Posture."""
    shown: tuple[int, ...] | None = None
    """Prey cards each seal displays, once entered (public)."""
    fighters: tuple[str, ...] = ()
    revealed: tuple[tuple[str, ...], ...] = ()
    bellows: tuple[str, ...] = ()
    face_down: tuple[Items, ...] = ()
    """Digital mode: each seal's displayed cards not yet revealed, chosen and committed at
    display (AN-31), known only to that seal; empty at the table, where the referee does not
    see them."""

    def displayed(self, seal: str) -> int:
        """How many cards `seal` displayed."""
        return (self.shown or ())[self.seals.index(seal)]

    def hidden_cards(self, seal: str) -> Items:
        """Digital mode: the cards `seal` displayed face down and has not revealed yet."""
        return self.face_down[self.seals.index(seal)] if self.face_down else ()

    def to_reveal(self) -> tuple[str, ...]:
        """Fighters with displayed cards not yet revealed."""
        return tuple(
            f
            for f, cards in zip(self.fighters, self.revealed, strict=True)
            if len(cards) < self.displayed(f)
        )


@dataclass(frozen=True)
class Seal:
    """One player's seal: where it is, its role there, its Prey cards and its score."""

    place: int | None = None
    """Index of the Location it is on; None in the Ocean."""
    role: str = ""
    hand: Items = ()
    aside: Items = ()
    """Advanced Hunting: Prey cards set aside in the Ocean (the seal's own)."""
    pool: Items = ()
    """Advanced Hunting: the Pool in front of the seal (not yet its own)."""
    vp: int = 0
    mated: tuple[str, ...] = ()
    """Harem cards taken (the cards themselves went to the discard pile), for the score sheet."""
    pool_from: str = ""
    """Advanced Hunting: the seal who passed this Pool on just as it is (and so knows its
    cards); "" once the holder has set a card of it aside, or for a Pool it drew itself."""

    def prey_count(self) -> int:
        """Prey cards the seal owns: its hand and the cards it set aside."""
        return len(self.hand) + len(self.aside)


@dataclass(frozen=True)
class Mating:
    """Mating on one Location: discards still due, then the Alpha's and the Beta's picks."""

    place: int
    discarders: tuple[str, ...]
    food: tuple[int, int] = (0, 0)
    """Food of the Alpha's and of the Beta's discard."""
    taker: int = 0
    """0 while the Alpha takes, 1 while the Alpha gives to the Beta."""
    left: int = 0
    flips: int = 0
    """Harem cards to turn onto the Location before the next pick (after a Matron)."""


@dataclass(frozen=True)
class AnoNuevo:
    """The whole table."""

    step: str
    tracker: int
    seals: tuple[Seal, ...]
    prey: PreyCards
    table: Table
    """The Harem cards as the kit's blocks: the deck (HAREM_DECK), its discard pile
    (HAREM_DISCARD) and the cards face up on each Location in play (`beach_of`), piles sorted."""
    places: tuple[str, ...] = ()
    """Location cards in play; Location n is places[n - 1]."""
    turn: int = 0
    dealt: bool = False
    """Whether the Harem cards have been dealt once (the first five turns are over)."""
    fill: int = 0
    moved: tuple[str, ...] = ()
    payers: tuple[str, ...] = ()
    contests: tuple[Contest, ...] = ()
    hunters: tuple[str, ...] = ()
    keepers: tuple[str, ...] = ()
    mating: Mating | None = None
    bellow: str | None = None
    fights: int = 0

    def seal(self, setup: Setup, player: str) -> Seal:
        """A player's seal."""
        return self.seals[setup.players.index(player)]

    def beach(self, place: int) -> Items:
        """The Harem cards face up on Location `place`."""
        pile: Pile = self.table[beach_of(place)]
        return pile.cards

    def harem_left(self) -> Items:
        """The Harem cards to turn up next: the deck's, or once it is empty the discard pile's
        (shuffled to make a new deck, AN-7)."""
        return self.table[HAREM_DECK].unseen or self.table[HAREM_DISCARD].cards  # type: ignore[no-any-return]

    def with_seal(self, setup: Setup, player: str, seal: Seal, **changes: Any) -> AnoNuevo:
        """The table with a player's seal replaced (and other fields changed by `changes`)."""
        i = setup.players.index(player)
        return evolve(self, seals=(*self.seals[:i], seal, *self.seals[i + 1 :]), **changes)


def role_holder(setup: Setup, state: AnoNuevo, place: int, role: str) -> str:
    """The player holding `role` on Location `place` ("" if none)."""
    for p, seal in zip(setup.players, state.seals, strict=True):
        if seal.place == place and seal.role == role:
            return p
    return ""


def roles_at(setup: Setup, state: AnoNuevo, place: int) -> dict[str, str]:
    """The seals on Location `place` and their roles, in seat order."""
    return {
        p: seal.role
        for p, seal in zip(setup.players, state.seals, strict=True)
        if seal.place == place
    }


def roles_by_place(setup: Setup, state: AnoNuevo) -> list[dict[str, str]]:
    """`roles_at` of every Location in play, in order."""
    found: list[dict[str, str]] = [{} for _ in state.places]
    for p, seal in zip(setup.players, state.seals, strict=True):
        if seal.place is not None:
            found[seal.place][p] = seal.role
    return found


@functools.cache
def beach_of(place: int) -> str:
    """The block of the Harem cards on Location `place` (its knowledge zone's name too)."""
    return f"location {place + 1}"


def place_name(index: int) -> str:
    """How a Location is named in prompts and refusals."""
    return f"Location {index + 1}"


def names(players: tuple[str, ...] | list[str]) -> str:
    """Players as a list in text."""
    return ", ".join(players)


def set_contest(state: AnoNuevo, contest: Contest) -> AnoNuevo:
    """The table with the Posture under way replaced."""
    return evolve(state, contests=(contest, *state.contests[1:]))
