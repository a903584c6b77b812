"""Nut Hunt's final scoring (NH-27 … NH-32): nests, objectives with the distance bonus, ties."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pnpkit.components.model import Component
from pnpkit.referee.games import nut_hunt_board as board
from pnpkit.referee.rules import ScoreSheet

NEST_POINTS = 2
FAILED_PENALTY = 2
CATEGORIES = ("nests", "objectives", "distance bonus", "failed objectives")


@dataclass(frozen=True)
class Holding:
    """One seat at the end: its pieces by space and the objectives it is scored with."""

    name: str
    squirrels: Mapping[int, int]
    nests: Mapping[int, int]
    objectives: tuple[Component, ...]

    def territory(self) -> frozenset[int]:
        """The spaces holding at least one of this seat's squirrels or nests."""
        pieces = {s for s, n in self.squirrels.items() if n} | {
            s for s, n in self.nests.items() if n
        }
        return frozenset(pieces)

    @property
    def nest_count(self) -> int:
        """Nests built."""
        return sum(self.nests.values())

    @property
    def squirrel_count(self) -> int:
        """Squirrels on the board."""
        return sum(self.squirrels.values())


def completed(holding: Holding, start: int, end: int) -> bool:
    """NH-28: both end points in one connected territory that holds a nest of the seat."""
    region = board.connected(start, holding.territory())
    return end in region and any(holding.nests.get(s, 0) for s in region)


def distance_bonus(start: int, end: int) -> int:
    """NH-30: the tiles between the end points on the shortest path (Frog Pond included)."""
    return board.distance(start, end) - 1


def score_holdings(layout: Sequence[str], holdings: Sequence[Holding]) -> ScoreSheet:
    """The score sheet of a finished forest; `layout` gives the tile ID of each space."""
    where = {tile: space for space, tile in enumerate(layout)}
    points: dict[str, dict[str, int]] = {}
    notes: list[str] = []
    for holding in holdings:
        sheet = dict.fromkeys(CATEGORIES, 0)
        sheet["nests"] = NEST_POINTS * holding.nest_count
        for card in holding.objectives:
            start, end = where[card.fields["from"]], where[card.fields["to"]]
            if completed(holding, start, end):
                bonus = distance_bonus(start, end)
                sheet["objectives"] += card.fields["points"]
                sheet["distance bonus"] += bonus
                notes.append(
                    f"{holding.name}: {card.id} {card.name} completed, "
                    f"{card.fields['points']} + {bonus}"
                )
            else:
                sheet["failed objectives"] -= FAILED_PENALTY
                notes.append(f"{holding.name}: {card.id} {card.name} failed, -{FAILED_PENALTY}")
        points[holding.name] = sheet
    winners, tiebreak = _winners(holdings, points)
    return ScoreSheet(CATEGORIES, points, winners, tiebreak, tuple(notes))


def _winners(
    holdings: Sequence[Holding], points: Mapping[str, Mapping[str, int]]
) -> tuple[tuple[str, ...], str]:
    """NH-32: most points, then most nests, then most squirrels; still tied: shared."""
    best = max(sum(points[h.name].values()) for h in holdings)
    tied = [h for h in holdings if sum(points[h.name].values()) == best]
    if len(tied) == 1:
        return (tied[0].name,), ""
    for label, key in (("most nests", "nest_count"), ("most squirrels", "squirrel_count")):
        top = max(getattr(h, key) for h in tied)
        tied = [h for h in tied if getattr(h, key) == top]
        if len(tied) == 1:
            return (tied[0].name,), f"tied on points; {label} wins"
    return tuple(h.name for h in tied), "tied on points, nests and squirrels: a shared victory"
