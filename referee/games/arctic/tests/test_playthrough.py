"""Random play-throughs of Arctic for 2–4 players, both power sides, digital and table mode."""

from __future__ import annotations

import pytest

from pnpkit.referee.checks.harness import Case, playthrough, playthrough_cases

CASES = playthrough_cases("arctic", players=[2, 3, 4], options=({"sides": "a"}, {"sides": "b"}))
CASES += playthrough_cases("arctic", players=[3], options=({"sides": "random"},), games=1)


def _name(case: Case) -> str:
    return f"{case}-sides-{case.options['sides']}"


@pytest.mark.parametrize("case", CASES, ids=_name)
def test_arctic_playthrough(case: Case) -> None:
    """AR-1–AR-47 hold through whole random games (the harness checks every step)."""
    playthrough(case)
