"""Año Nuevo: random play-throughs for 3–6 players with both Hunting variants (AN-1)."""

from __future__ import annotations

import pytest

from pnpkit.referee.checks.harness import playthrough, playthrough_cases, soak

VARIANTS = ("standard", "advanced-hunting")


@pytest.mark.parametrize(
    "case", playthrough_cases("ano-nuevo", players=[3, 4, 5], variants=VARIANTS, games=1)
)
def test_ano_nuevo_playthrough(case):
    playthrough(case)


@pytest.mark.slow
@pytest.mark.parametrize(
    "case",
    playthrough_cases(
        "ano-nuevo",
        players=[6],
        variants=VARIANTS if soak() else VARIANTS[:1],
        modes=(True,),
        games=1,
        soak_games=1,
    ),
)
def test_ano_nuevo_six_player_playthrough(case):
    """Six seals: digital mode only (each Travel lists 6^6 choices), one game of standard
    hunting under `make test`, one of each variant under `make soak` (40-50 s a game on a
    loaded 2-core machine; the variants' hunting is played with 3-5 seals above)."""
    playthrough(case)
