"""Random play-throughs of Alpina for 2–4 players, digital and at the table (AL-1, AL-17)."""

import pytest

from pnpkit.referee.harness import Case, playthrough, playthrough_cases


@pytest.mark.parametrize("case", playthrough_cases("alpina", players=[2, 3, 4]), ids=str)
def test_alpina_playthrough(case: Case) -> None:
    playthrough(case)
