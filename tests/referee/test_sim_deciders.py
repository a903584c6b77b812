"""Simulated seats decide only their own part of a prompt; a decision of no single seat (a tie
the table breaks) is drawn at random, never made by one of the seats."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import pytest

from pnpkit.components import load_game
from pnpkit.referee.engine.moves import Move
from pnpkit.referee.engine.rules import Prompt, Rules, ScoreSheet, Setup, State
from pnpkit.referee.engine.verdict import ACCEPTED, Verdict
from pnpkit.referee.log.store import make_setup
from pnpkit.referee.simulation import bots as players
from pnpkit.referee.simulation import simulate
from pnpkit.referee.simulation.bots import PlayerSpec


@dataclass(frozen=True)
class Claims:
    """Each round both players may claim a point (either first); then the table breaks a tie."""

    points: tuple[int, int] = (0, 0)
    claimed: tuple[bool, bool] = (False, False)
    rounds: int = 0


class ClaimRace(Rules):
    """Two actors at one prompt (moves named by player) and a tie-break no seat decides."""

    id = "claim-race"
    perfect_information = True

    def initial(self, setup: Setup) -> State:
        return Claims()

    def prompt(self, setup: Setup, state: Claims) -> Prompt:
        if state.rounds == 5:
            return Prompt("over", (), "over")
        if all(state.claimed):
            return Prompt("move", tuple(setup.players), "the table: who wins the round?")
        waiting = tuple(p for p, c in zip(setup.players, state.claimed, strict=True) if not c)
        return Prompt("move", waiting, "claim a point or pass")

    def legal(self, setup: Setup, state: Claims) -> list[Move]:
        if state.rounds == 5:
            return []
        if all(state.claimed):
            return [{"type": "round", "winner": p} for p in setup.players]
        return [
            {"type": kind, "player": p}
            for p, c in zip(setup.players, state.claimed, strict=True)
            if not c
            for kind in ("claim", "pass")
        ]

    def actor(self, setup: Setup, state: State, move: Move) -> str | None:
        return move.get("player")  # the round's winner is the table's to decide

    def check(self, setup: Setup, state: Claims, move: Move) -> Verdict:
        return ACCEPTED

    def apply(self, setup: Setup, state: Claims, move: Move) -> Claims:
        if move["type"] == "round":
            seat = setup.players.index(move["winner"])
            points = tuple(n + (i == seat) for i, n in enumerate(state.points))
            return Claims(points, (False, False), state.rounds + 1)  # type: ignore[arg-type]
        seat = setup.players.index(move["player"])
        claimed = tuple(c or i == seat for i, c in enumerate(state.claimed))
        return Claims(state.points, claimed, state.rounds)  # type: ignore[arg-type]

    def text(self, setup: Setup, move: Move) -> str:
        return f"{move.get('player', move.get('winner'))} {move['type']}"

    def score(self, setup: Setup, state: Claims) -> ScoreSheet:
        points = {p: {"points": n} for p, n in zip(setup.players, state.points, strict=True)}
        best = max(state.points)
        return ScoreSheet(
            ("points",), points, tuple(p for p in points if points[p]["points"] == best)
        )

    def describe(self, setup: Setup, state: Claims) -> str:
        return str(state)


@pytest.mark.parametrize("kind", ["greedy", "mcts"])
def test_a_simulated_seat_decides_only_its_own_moves(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    setup = replace(make_setup(load_game("alpina"), ["Ann", "Bob"], seed=1), rules=ClaimRace())
    decided: list[tuple[str, list[Move]]] = []
    real = players.decide

    def spy(spec, setup, state, seat, rng, own=None):  # type: ignore[no-untyped-def]
        decided.append((seat, own))
        return real(spec, setup, state, seat, rng, own)

    monkeypatch.setattr(simulate, "decide", spy)
    specs = (
        PlayerSpec(kind, 5 if kind == "mcts" else 0),
        PlayerSpec(kind, 5 if kind == "mcts" else 0),
    )
    for n in range(4):
        simulate.play(setup, specs, random.Random(n), f"{n}")
    assert decided
    for seat, own in decided:
        assert own and all(move.get("player") == seat for move in own), (seat, own)
    # the table's tie-breaks (5 rounds x 4 games) were never handed to a seat
    assert not any(move["type"] == "round" for _, own in decided for move in own)
