"""Año Nuevo's component values as the rules read them (Prey Food and Fight, Harem VP and
refills, Location capacities and effects, the trackers), kept per loaded game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from pnpkit.referee.api import Game, per_game


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


@per_game
def data_of(game: Game) -> Data:
    """The values of the Año Nuevo data (read once per loaded game)."""
    return _read(game)


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
