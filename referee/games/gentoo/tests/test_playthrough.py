"""Random play-throughs of Gentoo for 2, 3 and 4 players (GE-1), digital and at the table.

Digital games use the module's simulated player and end in a few hundred turns. Table games pick
uniformly among the legal moves; such players can starve a 4-player game of Eggs and Hatches for
tens of thousands of moves, so `make soak` plays fewer of them (the seeds are fixed).
"""

from dataclasses import replace

import pytest

from pnpkit.referee.checks.harness import Case, playthrough, playthrough_cases
from pnpkit.referee.games.gentoo.tests.helpers import (
    seats,
)

DIGITAL = playthrough_cases("gentoo", players=[2, 3, 4], modes=(True,), games=2)
TABLE = [
    replace(case, seed=case.seed + 1)  # seed 0's 4-player table game is one of those starved
    for case in playthrough_cases(
        "gentoo", players=[2, 3, 4], modes=(False,), games=1, soak_games=2
    )
]


@pytest.mark.parametrize("case", DIGITAL + TABLE, ids=str)
def test_gentoo_playthrough(case: Case) -> None:
    session = playthrough(case)
    assert max(p.penguins for p in seats(session.state)) == 5  # GE-24
