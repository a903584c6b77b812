"""Rules that fail on purpose: how the referee treats a broken rules package.

A race to four steps. `Faulty(fails)` raises ZeroDivisionError in the method named `fails`;
"forced" makes the rules' own follow-up move (a tick after every step) fail after the player's
step was accepted. `Wrong(method)` answers outside the contract there instead, and
`Undescribed` never defines `describe`. Installed under several entry point names by
tests/plugins/__init__.py.
"""

from __future__ import annotations

from pnpkit.referee.engine.moves import Move, words
from pnpkit.referee.engine.rules import Prompt, Rules, ScoreSheet, Setup
from pnpkit.referee.engine.verdict import ACCEPTED, MoveSyntaxError, Verdict, refuse

GOAL = 4


class Faulty(Rules):
    id = "faulty"
    contract = "1.0"
    legal_is_complete = False  # a player types each step: the referee enters no "only move"

    def __init__(self, fails: str = "", contract: str = "1.0"):
        self.fails = fails
        self.contract = contract

    def _maybe_fail(self, method: str) -> None:
        if self.fails == method:
            print(1 / 0)

    def initial(self, setup: Setup) -> tuple[int, bool]:
        self._maybe_fail("initial")
        return (0, False)

    def prompt(self, setup: Setup, state: tuple[int, bool]) -> Prompt:
        if state[0] >= GOAL:
            return Prompt("over", (), "over")
        player = setup.players[state[0] % len(setup.players)]
        return Prompt("move", (player,), f"{player}: step")

    def parse(self, setup: Setup, state: tuple[int, bool], text: str) -> Move:
        self._maybe_fail("parse")
        if words(text) != ["step"]:
            raise MoveSyntaxError("expected: step")
        return {"type": "step"}

    def text(self, setup: Setup, move: Move) -> str:
        return move["type"]

    def check(self, setup: Setup, state: tuple[int, bool], move: Move) -> Verdict:
        self._maybe_fail("check")
        if state[0] >= GOAL:
            return refuse("FT-1", "the race is over")
        if move["type"] == "tick" and not state[1]:
            return refuse("FT-2", "no tick is due")
        return ACCEPTED

    def apply(self, setup: Setup, state: tuple[int, bool], move: Move) -> tuple[int, bool]:
        if move["type"] == "tick":
            self._maybe_fail("forced")
            return (state[0], False)
        self._maybe_fail("apply")
        return (state[0] + 1, True)

    def forced(self, setup: Setup, state: tuple[int, bool]) -> Move | None:
        return {"type": "tick"} if state[1] else None

    def legal(self, setup: Setup, state: tuple[int, bool]) -> list[Move]:
        self._maybe_fail("legal")
        return [] if state[0] >= GOAL else [{"type": "step"}]

    def score(self, setup: Setup, state: tuple[int, bool]) -> ScoreSheet:
        self._maybe_fail("score")
        points = {p: {"steps": 0} for p in setup.players}
        return ScoreSheet(("steps",), points, tuple(setup.players))

    def describe(self, setup: Setup, state: tuple[int, bool]) -> str:
        self._maybe_fail("describe")
        return f"{state[0]} steps"


class Wrong(Faulty):
    """Rules that answer outside the contract in the method named `fails` (`describe`: never
    defined), rather than raising."""

    def check(self, setup: Setup, state: tuple[int, bool], move: Move) -> Verdict:
        return True if self.fails == "check" else super().check(setup, state, move)  # type: ignore[return-value]

    def apply(self, setup: Setup, state: tuple[int, bool], move: Move) -> tuple[int, bool]:
        return None if self.fails == "apply" else super().apply(setup, state, move)  # type: ignore[return-value]

    def legal(self, setup: Setup, state: tuple[int, bool]) -> list[Move]:
        return ["step"] if self.fails == "legal" else super().legal(setup, state)  # type: ignore[list-item]


class Undescribed(Faulty):
    describe = Rules.describe  # what a module that never defines `describe` inherits


RULES = Faulty()
PARSE, CHECK, APPLY, FORCED = (Faulty(m) for m in ("parse", "check", "apply", "forced"))
LEGAL, SCORE, DESCRIBE = (Faulty(m) for m in ("legal", "score", "describe"))
INITIAL = Faulty("initial")
FUTURE, NEWER, OLDER = Faulty(contract="3.0"), Faulty(contract="1.9"), Faulty(contract="0.9")
NEWEST = Faulty(contract="2.0")
UNDECLARED = Faulty(contract="")
NOT_RULES = object()
WRONG_CHECK, WRONG_APPLY, WRONG_LEGAL = (Wrong(m) for m in ("check", "apply", "legal"))
UNDESCRIBED = Undescribed()
