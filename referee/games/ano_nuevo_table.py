"""Año Nuevo's table: the immutable game state, and the component data the rules read."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from pnpkit.components.model import Game
from pnpkit.referee.games.ano_nuevo_cards import Items, PreyCards
from pnpkit.referee.games.ano_nuevo_posture import Contest
from pnpkit.referee.rules import Setup

LOCATION, FILL, TRAVEL, PAY, POSTURE, HUNT, MATE, TIE, OVER = (
    "location", "fill", "travel", "pay", "posture", "hunt", "mate", "tie", "over",
)  # fmt: skip
OCEAN = "ocean"
POOL = 5
"""Cards in a new Pool (advanced Hunting)."""
ADVANCED = "advanced-hunting"


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
    harem_deck: Items
    harem_discard: Items = ()
    places: tuple[str, ...] = ()
    """Location cards in play; Location n is places[n - 1]."""
    beaches: tuple[Items, ...] = ()
    """Harem cards face up on each Location."""
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

    def with_seal(self, setup: Setup, player: str, seal: Seal) -> AnoNuevo:
        """The table with a player's seal replaced."""
        i = setup.players.index(player)
        return replace(self, seals=(*self.seals[:i], seal, *self.seals[i + 1 :]))


@dataclass(frozen=True)
class Data:
    """The component values the rules need, read from the game's data."""

    prey_copies: Mapping[str, int]
    food: Mapping[str, int]
    fight: Mapping[str, int]
    harem_copies: Mapping[str, int]
    vp: Mapping[str, int]
    harem_names: Mapping[str, str]
    refill: Mapping[str, int]
    capacity: Mapping[str, int]
    effects: Mapping[str, Mapping[str, object]]
    location_names: Mapping[str, str]
    tracker_first: int
    tracker_last: int
    tracker_start: int
    lap: int
    colours: tuple[tuple[str, str], ...] = field(default=())
    """(colour name, printed colour) per seat."""

    @property
    def locations(self) -> tuple[str, ...]:
        """Every Location card ID."""
        return tuple(self.capacity)

    def free_arrival(self, location: str) -> bool:
        """AN-14: coming here costs no Prey card."""
        return self.effects[location]["kind"] == "free-arrival"

    def fight_bonus(self, location: str) -> int:
        """AN-44: what the defending Alpha adds in a Fight here."""
        effect = self.effects[location]
        return int(effect["amount"]) if effect["kind"] == "fight-bonus" else 0  # type: ignore[call-overload]

    def refills(self, harem: str, location: str) -> int:
        """AN-60: Harem cards turned up when `harem` is taken from `location`."""
        effect = self.effects[location]
        extra = int(effect["amount"]) if effect["kind"] == "extra-harem" else 0  # type: ignore[call-overload]
        return self.refill[harem] + extra if self.refill[harem] else 0


def fight_totals(data: Data, state: AnoNuevo, contest: Contest) -> dict[str, int]:
    """AN-41, AN-44: each fighter's total so far: its revealed cards, plus the bonus of a
    fight-bonus Location for the defender."""
    bonus = data.fight_bonus(state.places[contest.place])
    return {
        f: sum(data.fight[c] for c in shown) + (bonus if f == contest.defender else 0)
        for f, shown in zip(contest.fighters, contest.revealed, strict=True)
    }


_LOADED: dict[int, tuple[Game, Data]] = {}


def data_of(game: Game) -> Data:
    """The values of the Año Nuevo data (kept per loaded game)."""
    found = _LOADED.get(id(game))
    if found is None or found[0] is not game:
        found = _LOADED[id(game)] = (game, _read(game))
    return found[1]


def _read(game: Game) -> Data:
    prey = game.group("prey").components
    harem = game.group("harem").components
    locations = game.group("locations").components
    turn = game.group("turn-tracker")
    vp = game.group("vp-tracker")
    oceans = [c for c in game.group("player-tokens").components if c.fields["role"] == "ocean"]
    return Data(
        prey_copies={c.id: c.count for c in prey},
        food={c.id: int(c.fields["food"]) for c in prey},
        fight={c.id: int(c.fields["fight"]) for c in prey},
        harem_copies={c.id: c.count for c in harem},
        vp={c.id: int(c.fields["vp"]) for c in harem},
        harem_names={c.id: c.name for c in harem},
        refill={c.id: int(c.fields.get("refills", 0)) for c in harem},
        capacity={c.id: int(c.fields["capacity"]) for c in locations},
        effects={c.id: c.fields["effect"] for c in locations},
        location_names={c.id: c.name for c in locations},
        tracker_first=int(turn.spec["spaces"]["first"]),
        tracker_last=int(turn.spec["spaces"]["last"]),
        tracker_start=int(turn.components[0].fields["start"]),
        lap=int(vp.components[0].fields["lap"]),
        colours=tuple((c.fields["colour"], c.fields["hex"]) for c in oceans),
    )
