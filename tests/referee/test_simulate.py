"""`simulate` summaries: wins add up, and each game's own figures are averaged."""

from collections.abc import Mapping

from pnpkit.components import load_game
from pnpkit.referee.engine.rules import Setup
from pnpkit.referee.games.alpina import AlpinaRules
from pnpkit.referee.simulation.simulate import simulate


def test_wins_by_seat_cover_every_game() -> None:
    summary = simulate(load_game("alpina"), players=3, games=8, seed=5)
    assert sum(summary["wins_by_seat"].values()) >= 8  # shared wins count for each winner
    assert list(summary["wins_by_seat"]) == ["seat 1", "seat 2", "seat 3"]
    assert summary["scores"]["min"] <= summary["scores"]["mean"] <= summary["scores"]["max"]


def test_game_figures_are_averaged(monkeypatch) -> None:
    def stats(self: AlpinaRules, setup: Setup, state: object) -> Mapping[str, float]:
        return {"cards placed": float(state.placed), "seed": float(setup.seed)}

    monkeypatch.setattr(AlpinaRules, "stats", stats)
    summary = simulate(load_game("alpina"), players=2, games=4, seed=10)
    assert summary["stats"] == {"cards placed": 25.0, "seed": 11.5}
