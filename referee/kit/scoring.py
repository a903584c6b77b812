"""The score sheet most games end with: points by category, the highest total wins."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pnpkit.referee.engine.rules import ScoreSheet


def highest_total(
    categories: Sequence[str], points: Mapping[str, Mapping[str, int]], rule: str
) -> ScoreSheet:
    """A sheet whose winners are the players of the highest total; equal totals share the win
    (the tie-break line cites `rule`)."""
    totals = {p: sum(row.values()) for p, row in points.items()}
    best = max(totals.values())
    winners = tuple(p for p, total in totals.items() if total == best)
    shared = f"shared: equal totals share the win ({rule})" if len(winners) > 1 else ""
    return ScoreSheet(tuple(categories), points, winners, shared)
