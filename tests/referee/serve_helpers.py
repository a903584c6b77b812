"""Games started for the `referee serve` tests."""

from __future__ import annotations

from pathlib import Path

from pnpkit.components import load_game
from pnpkit.referee.log.store import load_session, make_setup, new_game


def new_log(
    tmp_path: Path, game: str, players: list[str], seed: int | None = None, name: str = "g"
) -> Path:
    log = tmp_path / f"{name}.jsonl"
    new_game(log, make_setup(load_game(game), players, seed=seed))
    return log


def hands(log: Path) -> dict[str, set[str]]:
    """Each Alpina player's hand, from the referee's full knowledge (digital mode)."""
    session, _ = load_session(log)
    return {
        player: set(session.state.table[f"{player}'s hand"].known)
        for player in session.setup.players
    }
