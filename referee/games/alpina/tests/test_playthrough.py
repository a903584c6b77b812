"""Random play-throughs of Alpina for 2–4 players, digital and at the table (AL-1, AL-17)."""

import pytest

from pnpkit.referee.checks.harness import Case, playthrough, playthrough_cases


@pytest.mark.parametrize("case", playthrough_cases("alpina", players=[2, 3, 4]), ids=str)
def test_alpina_playthrough(case: Case) -> None:
    playthrough(case)


def test_al_18_al_27_simulate_reports_alpinas_own_figures() -> None:
    from pnpkit.referee.games.alpina.tests.helpers import GAME
    from pnpkit.referee.simulation.simulate import simulate

    session = playthrough(Case("alpina", 3, seed=8, digital=True))
    setup, state = session.setup, session.state
    figures = setup.rules.stats(setup, state)
    sheet = setup.rules.score(setup, state)
    placed = len(state.on_grid)
    assert figures["hikers placed per player"] == pytest.approx(placed / 3)
    total = sum(sheet.total(p) for p in sheet.points)
    assert figures["points per hiker"] == pytest.approx(total / placed)
    assert figures["tie decided by turn order (AL-27)"] == float(bool(sheet.tiebreak))
    summary = simulate(GAME, players=2, games=4, seed=1)
    assert 0 < summary["stats"]["hikers placed per player"] <= 8
    assert 0 <= summary["stats"]["first player won"] <= 1
