"""A tiny game for engine tests: players take turns rolling a die and adding it; 12 ends it."""

from __future__ import annotations

from dataclasses import dataclass, replace

from pnpkit.referee.engine.moves import Move, words
from pnpkit.referee.engine.rules import Prompt, Rules, ScoreSheet, Setup, State
from pnpkit.referee.engine.verdict import ACCEPTED, MoveSyntaxError, Verdict, refuse

TARGET = 12


@dataclass(frozen=True)
class Race:
    totals: tuple[int, ...]
    turn: int = 0
    rolled: int | None = None


class DiceRace(Rules):
    id = "dice-race"

    def initial(self, setup: Setup) -> State:
        return Race(totals=(0,) * len(setup.players))

    def prompt(self, setup: Setup, state: Race) -> Prompt:
        if max(state.totals) >= TARGET:
            return Prompt("over", (), "over")
        player = setup.players[state.turn]
        if state.rolled is None:
            return Prompt("chance", (player,), f"{player}: roll the die")
        return Prompt("move", (player,), f"{player}: keep or pass")

    def parse(self, setup: Setup, state: Race, text: str) -> Move:
        w = words(text)
        if len(w) == 2 and w[0] == "roll" and w[1].isdigit():
            return {"type": "roll", "value": int(w[1])}
        if w in (["keep"], ["pass"]):
            return {"type": w[0]}
        raise MoveSyntaxError("expected: roll N, keep or pass")

    def text(self, setup: Setup, move: Move) -> str:
        return f"roll {move['value']}" if move["type"] == "roll" else move["type"]

    def check(self, setup: Setup, state: Race, move: Move) -> Verdict:
        kind = self.prompt(setup, state).kind
        if kind == "over":
            return refuse("DR-3", "the game is over")
        if "player" in move and move["player"] != setup.players[state.turn]:
            return refuse("DR-1", "not your turn")
        if move["type"] == "roll":
            if kind != "chance":
                return refuse("DR-1", "roll the die once per turn")
            if not 1 <= move["value"] <= 6:
                return refuse("DR-2", "a die shows 1 to 6")
            return ACCEPTED
        if kind != "move":
            return refuse("DR-1", "roll first")
        return ACCEPTED

    def apply(self, setup: Setup, state: Race, move: Move) -> Race:
        if move["type"] == "roll":
            return replace(state, rolled=move["value"])
        totals = list(state.totals)
        if move["type"] == "keep":
            totals[state.turn] += state.rolled or 0
        return Race(tuple(totals), (state.turn + 1) % len(totals), None)

    def legal(self, setup: Setup, state: Race) -> list[Move]:
        kind = self.prompt(setup, state).kind
        if kind == "chance":
            return [{"type": "roll", "value": v} for v in range(1, 7)]
        return [{"type": "keep"}, {"type": "pass"}] if kind == "move" else []

    def score(self, setup: Setup, state: Race) -> ScoreSheet:
        points = {p: {"total": t} for p, t in zip(setup.players, state.totals, strict=True)}
        best = max(state.totals)
        winners = tuple(p for p, t in zip(setup.players, state.totals, strict=True) if t == best)
        return ScoreSheet(("total",), points, winners)

    def describe(self, setup: Setup, state: Race) -> str:
        return " ".join(f"{p}={t}" for p, t in zip(setup.players, state.totals, strict=True))


RULES = DiceRace()
