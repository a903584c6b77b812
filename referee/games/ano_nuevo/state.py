"""Año Nuevo's table: the immutable game state (seals, piles, Locations, the Posture and the
Mating under way) and the small helpers every step of the turn reads it with."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from pnpkit.referee.api import LotHand, Lots, Setup, Table, evolve

Items = tuple[str, ...]
"""Cards as sorted IDs; Prey cards at the table also lot tags ("?0": an unseen card, `Lots`)."""

LOCATION, FILL, TRAVEL, PAY, POSTURE, HUNT, MATE, TIE, OVER = (
    "location", "fill", "travel", "pay", "posture", "hunt", "mate", "tie", "over",
)  # fmt: skip
OCEAN = "ocean"
POOL = 5
"""Cards in a new Pool (advanced Hunting)."""
ADVANCED = "advanced-hunting"
HAREM_DECK, HAREM_DISCARD = "harem deck", "harem discard"
"""The blocks of the face-down Harem deck (a Deck) and its discard pile (a Pile)."""
PREY_DECK, PREY_DISCARD, UNSEEN = "prey deck", "prey discard", "unseen"
"""The blocks of the Prey deck and discard pile (`LotHand`s) and of the unseen Prey cards, in
lots at the table (AN-65, AN-66), none in digital mode where the referee deals (`Lots`)."""
HAND, ASIDE, POOL_CARDS, DISPLAYED = "hand", "aside", "pool", "displayed"
"""A seal's Prey cards (`LotHand`s, block `KIND:PLAYER`): its hand; set aside in the Ocean and
its Pool (advanced Hunting; a Pool passed on just as it was is seen by its passer too); the
cards displayed face down in digital mode (AN-31) until revealed or taken back."""
SEAL_PILES = (HAND, ASIDE, POOL_CARDS, DISPLAYED)
SEALS = len(SEAL_PILES)
"""The table's last blocks are the seals', SEALS each in seat order (SEAL_PILES order)."""
PREY_DECK_AT, PREY_DISCARD_AT, UNSEEN_AT, HAREM_DECK_AT, HAREM_DISCARD_AT, BEACH_AT = range(6)
"""The fixed places of the piles in `table.blocks` (setup.initial), and of Location 1's block
(`beach_of`; Location n's is n - 1 places after it), read there at every move."""
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
    face_down: bool = False
    """Digital mode: the displayed cards are face down in the seals' DISPLAYED blocks, chosen
    and committed at display (AN-31); at the table the referee does not see them."""

    def displayed(self, seal: str) -> int:
        """How many cards `seal` displayed."""
        return (self.shown or ())[self.seals.index(seal)]

    def to_reveal(self) -> tuple[str, ...]:
        """Fighters with displayed cards not yet revealed."""
        return tuple(
            f
            for f, cards in zip(self.fighters, self.revealed, strict=True)
            if len(cards) < self.displayed(f)
        )


@dataclass(frozen=True)
class Seal:
    """One player's seal: where it is, its role there and its score (its Prey cards are blocks
    of the table, `pile_of`)."""

    place: int | None = None
    """Index of the Location it is on; None in the Ocean."""
    role: str = ""
    vp: int = 0
    mated: tuple[str, ...] = ()
    """Harem cards taken (the cards themselves went to the discard pile), for the score sheet."""


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
    table: Table
    """The cards as the kit's blocks: the Prey deck, discard pile and lots, the Harem deck
    (HAREM_DECK) and discard pile (HAREM_DISCARD), the cards face up on each Location in play
    (`beach_of`), then each seal's Prey cards (`pile_of`); piles sorted."""
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

    def held(self, setup: Setup, kind: str, player: str) -> LotHand:
        """A seal's Prey cards of one kind (SEAL_PILES), read at their place in the table."""
        at = SEALS * (setup.players.index(player) - len(setup.players)) + SEAL_PILES.index(kind)
        return self.table.blocks[at][1]  # type: ignore[return-value]

    def hand(self, setup: Setup, player: str) -> Items:
        """A seal's hand."""
        at = SEALS * (setup.players.index(player) - len(setup.players))  # HAND's place
        return self.table.blocks[at][1].items  # type: ignore[union-attr]

    def prey_count(self, setup: Setup, player: str) -> int:
        """Prey cards the seal owns: its hand and the cards it set aside."""
        blocks, at = self.table.blocks, SEALS * (setup.players.index(player) - len(setup.players))
        return len(blocks[at][1].items) + len(blocks[at + 1][1].items)  # type: ignore[union-attr]

    @property
    def lots(self) -> Lots:
        """The unseen Prey cards (none in digital mode)."""
        return self.table.blocks[UNSEEN_AT][1]  # type: ignore[return-value]

    def prey_left(self) -> Items:
        """The Prey cards to draw next: the deck's, or once it is empty the discard pile's."""
        blocks = self.table.blocks
        return blocks[PREY_DECK_AT][1].items or blocks[PREY_DISCARD_AT][1].items  # type: ignore[union-attr]

    def beach(self, place: int) -> Items:
        """The Harem cards face up on Location `place`."""
        return self.table.blocks[BEACH_AT + place][1].cards  # type: ignore[union-attr]

    def harem_left(self) -> Items:
        """The Harem cards to turn up next: the deck's, or once it is empty the discard pile's
        (shuffled to make a new deck, AN-7)."""
        blocks = self.table.blocks
        return blocks[HAREM_DECK_AT][1].unseen or blocks[HAREM_DISCARD_AT][1].cards  # type: ignore[union-attr]


def role_holder(setup: Setup, state: AnoNuevo, place: int, role: str) -> str:
    """The player holding `role` on Location `place` ("" if none)."""
    for p, seal in zip(setup.players, state.seals, strict=True):
        if seal.place == place and seal.role == role:
            return p
    return ""


def roles_by_place(setup: Setup, state: AnoNuevo) -> list[dict[str, str]]:
    """The seals on each Location in play and their roles, in seat order."""
    found: list[dict[str, str]] = [{} for _ in state.places]
    for p, seal in zip(setup.players, state.seals, strict=True):
        if seal.place is not None:
            found[seal.place][p] = seal.role
    return found


def added(cards: Items, *more: str) -> Items:
    """`cards` with `more` added, sorted (as the piles are kept)."""
    return tuple(sorted((*cards, *more)))


@functools.cache
def pile_of(kind: str, player: str) -> str:
    """The block of a seal's Prey cards of one kind (its knowledge zone's name too)."""
    return f"{kind}:{player}"


@functools.cache
def beach_of(place: int) -> str:
    """The block of the Harem cards on Location `place` (its knowledge zone's name too)."""
    return f"location {place + 1}"


def place_name(index: int) -> str:
    """How a Location is named in prompts and refusals."""
    return f"Location {index + 1}"


def set_contest(state: AnoNuevo, contest: Contest) -> AnoNuevo:
    """The table with the Posture under way replaced."""
    return evolve(state, contests=(contest, *state.contests[1:]))
