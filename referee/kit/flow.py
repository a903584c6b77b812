"""Who acts now: a turn order and the steps of a turn, as an immutable value (`Turn`) and the
steps' declaration (`Step`), from which the prompt follows.

A step is one of the engine's prompt kinds: "move" (the player whose turn it is decides),
"chance" (a card drawn, a die rolled), "simultaneous" (every player chooses in secret, the choices
entered together) or "over". A game's state holds a `Turn`; its moves move it on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from pnpkit.errors import PnpError
from pnpkit.referee.engine.rules import Prompt, PromptKind

OVER = "over"
"""The step of a finished game."""


@dataclass(frozen=True)
class Step:
    """One step of a turn: its name (the word moves declare), its prompt kind, the line a player
    reads (`{player}` is the player whose turn it is), and for a chance step that draws a card,
    the deck's block (in digital play the engine then draws one of its cards, each copy alike).
    `everyone`: the step is the whole table's (a chance step of the setup, before anyone's turn),
    so every player is its actor rather than the seat. `nobody`: the referee makes the step's
    move itself (a game's `forced` move, such as an automated opponent's), so it has no actor."""

    name: str
    kind: PromptKind = "move"
    text: str = "{player}: your move"
    draws: str = ""
    everyone: bool = False
    nobody: bool = False


@dataclass(frozen=True)
class Turn:
    """Whose turn it is (a seat, from 0), in which step, and how many turns have been played."""

    seat: int = 0
    step: str = ""
    number: int = 1

    def to(self, step: str) -> Turn:
        """The same player's turn, at `step`."""
        return self if step == self.step else _made(self.seat, step, self.number)

    def next(self, seats: int, step: str, skip: Sequence[int] = ()) -> Turn:
        """The next seat's turn in seat order at `step`, passing over the seats in `skip`."""
        for offset in range(1, seats + 1):
            seat = (self.seat + offset) % seats
            if seat not in skip:
                return _made(seat, step, self.number + 1)
        raise PnpError("no seat may take a turn")

    def passed_to(self, seat: int, step: str) -> Turn:
        """The next turn, `seat`'s, at `step`: for a game that passes the turn its own way (a
        direction that turns back, a seat that loses its turn)."""
        return _made(seat, step, self.number + 1)

    def over(self) -> Turn:
        return Turn(self.seat, OVER, self.number)


_made = lru_cache(maxsize=4096)(Turn)
"""`Turn(seat, step, number)`, made once and handed out again while it is among the last 4,096
made (a turn is an immutable value): a simulation moves a turn on at almost every move, and the
same turns come back game after game; a look-up costs a third of making one."""


@dataclass(frozen=True)
class Flow:
    """The steps of a game in the order a turn goes through them, and the line read once the
    game is over (`over`)."""

    steps: tuple[Step, ...]
    over: str = "the game is over: `score` gives the result"

    def __post_init__(self) -> None:
        names = [s.name for s in self.steps]
        if len(set(names)) != len(names) or OVER in names:
            raise ValueError(f"step names must be unique and not {OVER!r}: {names}")
        ended = Step(OVER, "over", self.over)
        object.__setattr__(self, "_by_name", {s.name: s for s in (*self.steps, ended)})

    def step(self, name: str) -> Step:
        return self._by_name[name]  # type: ignore[attr-defined,no-any-return]

    def actors(self, players: Sequence[str], turn: Turn) -> tuple[str, ...]:
        """Who acts now: everyone at a simultaneous step or a step of `everyone`, nobody once
        over or at a step of `nobody`, else the seat."""
        step = self.step(turn.step)
        if step.kind == "over" or step.nobody:
            return ()
        return (
            tuple(players)
            if step.kind == "simultaneous" or step.everyone
            else (players[turn.seat],)
        )

    def prompt(self, players: Sequence[str], turn: Turn, **words: object) -> Prompt:
        """The step's prompt: its line with `{player}` the seat's player and each of `words`
        (what a line says of the state: `{left}` cards to go) filled in."""
        step = self.step(turn.step)
        text = step.text.format(player=players[turn.seat], **words)
        return Prompt(step.kind, self.actors(players, turn), text)
