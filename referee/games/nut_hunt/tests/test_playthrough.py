"""Random play-throughs of Nut Hunt: 2–5 players, both variants, and solo at every difficulty."""

from __future__ import annotations

import pytest

from pnpkit.referee.checks.harness import Case, playthrough, playthrough_cases

TABLE = playthrough_cases("nut-hunt", players=[2, 3, 4, 5], games=1)
COMPETITIVE = playthrough_cases("nut-hunt", players=[2], variants=["competitive"], games=1)
SOLO = playthrough_cases(
    "nut-hunt",
    players=[1],
    options=[{"difficulty": d} for d in ("standard", "advanced", "expert")],
    games=1,
)


@pytest.mark.parametrize("case", TABLE + COMPETITIVE, ids=str)
def test_nut_hunt_playthrough_table(case: Case) -> None:
    """NH-10 … NH-33: whole games at every player count, at the table and digitally."""
    playthrough(case)


@pytest.mark.parametrize("case", SOLO, ids=lambda c: f"{c}-{c.options['difficulty']}")
def test_nut_hunt_playthrough_solo(case: Case) -> None:
    """NH-34 … NH-39: solo games against the Automa at each difficulty."""
    playthrough(case)
