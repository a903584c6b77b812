"""Nut Hunt's final scoring (NH-27 … NH-32): nests, objectives with the distance bonus, ties."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from pnpkit.referee.api import Component, ScoreSheet, Setup, counted
from pnpkit.referee.games.nut_hunt import forest, seats
from pnpkit.referee.games.nut_hunt.data import data_of
from pnpkit.referee.games.nut_hunt.state import Hunt

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
        pieces = (*self.squirrels.items(), *self.nests.items())
        return frozenset(space for space, n in pieces if n)

    @property
    def nest_count(self) -> int:
        """Nests built."""
        return sum(self.nests.values())

    @property
    def squirrel_count(self) -> int:
        """Squirrels on the forest."""
        return sum(self.squirrels.values())


def completed(holding: Holding, start: int, end: int) -> bool:
    """NH-28: both end points in one connected territory that holds a nest of the seat."""
    region = forest.connected(start, holding.territory())
    return end in region and any(holding.nests.get(s, 0) for s in region)


def distance_bonus(start: int, end: int) -> int:
    """NH-30: the tiles between the end points on the shortest path (Frog Pond included)."""
    return forest.distance(start, end) - 1


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


def score_table(setup: Setup, state: Hunt) -> ScoreSheet:
    """The scores of the table now: objectives the referee has not seen are not counted."""
    if len(state.layout) < forest.SPACES:
        return score_holdings(state.layout, [Holding(p, {}, {}, ()) for p in setup.players])
    sheet = score_holdings(state.layout, holdings(setup, state))
    hidden = sum(hand.unknown for hand in state.hands)
    if hidden:
        verb = "is" if hidden == 1 else "are"
        note = f"{counted(hidden, 'objective card')} not shown yet {verb} not scored"
        return replace(sheet, notes=(*sheet.notes, note))
    return sheet


def holdings(setup: Setup, state: Hunt) -> list[Holding]:
    """Every seat's pieces and known objectives (the Automa's: its starting hand, NH-39)."""
    data = data_of(setup.game)
    hands = [h.known for h in state.hands] + [state.automa("hand").cards] * seats.solo(setup)
    return [
        Holding(
            name,
            {s: state.squirrels[s][seat] for s in range(forest.SPACES)},
            {s: state.nests[s][seat] for s in range(forest.SPACES)},
            tuple(data.objectives[c] for c in hands[seat]),
        )
        for seat, name in enumerate(seats.seat_names(setup))
    ]


def figures(setup: Setup, state: Hunt, winners: Sequence[str]) -> dict[str, float]:
    """A finished game's own figures for `simulate`: turns, objectives completed, nests."""
    held = holdings(setup, state)
    found: dict[str, float] = {"turns": float(state.turn.number)}
    cards = [(h, c) for h in held for c in h.objectives]
    where = {t: s for s, t in enumerate(state.layout)}
    done = [completed(h, where[c.fields["from"]], where[c.fields["to"]]) for h, c in cards]
    found["objectives completed (rate)"] = sum(done) / len(done) if done else 0.0
    found["nests per seat"] = sum(h.nest_count for h in held) / len(held)
    for i, h in enumerate(held):
        label = "Automa" if h.name == seats.AUTOMA else f"seat {i + 1}"
        found[f"nests: {label}"] = float(h.nest_count)
        found[f"win rate: {label}"] = 1 / len(winners) if h.name in winners else 0.0
    return found
