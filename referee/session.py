"""A game in progress: the state derived from the setup by applying events, with undo.

Events are what the log holds: `{"seq", "by", "move", "text"}` for a move or `{"seq", "undo"}`.
`by` is "table" (entered by the players), "chance" (drawn by the referee in digital mode),
"rules" (made by the rules themselves: an Automa's action, a bookkeeping step) or "forced" (a
player's only possible move, entered for them by the referee; it also carries the `prompt` it
answered). An undo takes back the last move the players chose at the table together with
everything the referee did after it.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Self

from pnpkit.referee.game_log import Event
from pnpkit.referee.moves import Move, canonical, split_actor
from pnpkit.referee.rules import Prompt, Rules, RulesFault, Setup, State
from pnpkit.referee.verdict import ACCEPTED, MoveRefused, MoveSyntaxError, Verdict, refuse

TABLE, CHANCE, RULES, FORCED = "table", "chance", "rules", "forced"
MALFORMED = (KeyError, IndexError, TypeError, ValueError, AttributeError)
"""What a rules module raises on a logged move it cannot read (a log altered by hand)."""


class ReplayError(Exception):
    """A logged event that the rules do not accept now (the log and the rules disagree)."""

    def __init__(self, seq: int, message: str):
        self.seq = seq
        super().__init__(f"event {seq}: {message}")


@dataclass(frozen=True)
class _Step:
    seq: int
    by: str
    state: State


def only_move(rules: Rules, setup: Setup, state: State) -> Move | None:
    """A player's only possible move now, which the referee enters for them; None if they have a
    choice to make or the referee cannot be sure they have none.

    Only at a player's prompt ("move", or "simultaneous" when every player has exactly one
    option), never at a chance prompt (the table says what chance decided), and only when
    `legal` lists every acceptable move (`legal_is_complete`) and no unlisted move (`also`) is
    open now.
    """
    if rules.prompt_kind(setup, state) not in ("move", "simultaneous"):
        return None
    if not rules.legal_is_complete or rules.also(setup, state):
        return None
    choices = rules.choices(setup, state)
    if choices is not None and any(len(own) != 1 for own in choices.options.values()):
        return None
    legal = rules.legal(setup, state)
    return legal[0] if len(legal) == 1 else None


def chance_rng(seed: int, depth: int) -> random.Random:
    """The random source of a digital game's chance outcome `depth` moves into the game.

    `depth` counts the moves in effect (not undone), so an outcome depends only on the seed and
    the line of play: a move taken back and entered again meets the same die roll or card.
    """
    return random.Random(f"{seed}/{depth}")


class Session:
    """Live state of one game. `sink`, when set, receives each new event (to append to a log)
    once the whole step that made it has succeeded: if the rules fail half-way through a move
    and the referee's own moves after it, nothing of it reaches the log."""

    def __init__(self, setup: Setup):
        self.setup = setup
        self.rules: Rules = setup.rules
        self.events: list[Event] = []
        self._steps: list[_Step] = [_Step(0, RULES, self.rules.initial(setup))]
        self.sink: Callable[[Event], None] | None = None

    # --- looking ----------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The current state."""
        return self._steps[-1].state

    @property
    def digital(self) -> bool:
        """Whether the referee draws chance outcomes itself (a --seed was given)."""
        return self.setup.digital

    def prompt(self) -> Prompt:
        """What is expected now."""
        return self.rules.prompt(self.setup, self.state)

    def legal(self) -> list[Move]:
        """What may be entered at the table now."""
        if self.digital and self.prompt().kind == "chance":
            return []
        return self.rules.legal(self.setup, self.state)

    def text(self, move: Move) -> str:
        """A move's text form."""
        return self.rules.text(self.setup, move)

    def parse(self, text: str) -> Move:
        """A move from what a player typed, including a `NAME:` prefix; MoveSyntaxError if bad."""
        actor, rest = split_actor(text, self.setup.players)
        move = self.rules.parse(self.setup, self.state, rest)
        if actor is not None:
            move["player"] = actor
        return move

    def check(self, move: Move, by: str = TABLE) -> Verdict:
        """Whether `move` may be entered now."""
        if by == TABLE and self.digital and self.prompt().kind == "chance":
            return refuse("", "in a digital game (--seed) the referee draws chance outcomes itself")
        return self.rules.check(self.setup, self.state, move)

    # --- changing ---------------------------------------------------------------------------
    def submit(self, move: Move) -> list[Event]:
        """Enter a move made at the table; MoveRefused (nothing changes) if it is not allowed.

        Returns the new events: the move, then whatever the referee did after it.
        """
        verdict = self.check(move)
        if not verdict.ok:
            raise MoveRefused(verdict)
        with self._all_or_nothing() as start:
            self._record(move, TABLE)
            self._advance()
        return self.events[start:]

    def ahead(self) -> tuple[Self, list[Event]]:
        """This game with the events the referee owes now made, but not logged, and those events.

        A log cut off by a crash between a player's move and the referee's follow-up (a digital
        draw, an Automa step) owes them; they depend only on the log and the seed, so they are
        exactly what the next writing command will complete. This session is left as it is.
        """
        copy = type(self)(self.setup)
        copy.events, copy._steps = list(self.events), list(self._steps)
        return copy, copy.advance()

    def enter(self, text: str) -> list[Event]:
        """Enter a move as typed at the table (`referee move`, the play prompt): as `submit`, and
        text that is not a move is refused like an illegal one, citing the game's syntax rule."""
        try:
            move = self.parse(text)
        except MoveSyntaxError as exc:
            raise MoveRefused(refuse(self.rules.syntax_rule, str(exc))) from None
        return self.submit(move)

    def advance(self) -> list[Event]:
        """Make the rules' own moves and, in digital mode, draw chance, until players must act."""
        with self._all_or_nothing() as start:
            self._advance()
        return self.events[start:]

    def _advance(self) -> None:
        while True:
            move = self.rules.forced(self.setup, self.state)
            by, why = RULES, ""
            if move is None and self.digital and self.prompt().kind == "chance":
                rng = chance_rng(self.setup.seed or 0, len(self._steps))
                move = self.rules.chance(self.setup, self.state, rng)
                by = CHANCE
            if move is None:
                move = only_move(self.rules, self.setup, self.state)
                by, why = FORCED, self.prompt().text
            if move is None:
                return
            verdict = self.rules.check(self.setup, self.state, move)
            if not verdict.ok:
                raise RulesFault(
                    f"the rules {self.rules.id!r} made a move their own check refuses "
                    f"({self.text(move)}: {verdict}); nothing was recorded"
                )
            self._record(move, by, why)

    def undo(self) -> Event:
        """Take back the last move the players chose at the table, with everything after it;
        MoveRefused if there is none.

        A move made where it was the only possible one (entered by the referee as "forced", or
        typed at the table in a log written before the referee did so) is no choice: undo goes
        back past it to the choice before, so the referee does not enter it again at once.
        """
        target = self._undo_target()
        if target is None:
            raise MoveRefused(refuse("", "nothing to undo: no move has been entered at the table"))
        event: Event = {"seq": len(self.events) + 1, "undo": target}
        self._emit(event)
        self._pop_to(target)
        return event

    def replay(self, events: list[Event]) -> None:
        """Re-apply logged events, checking each one as if it were entered now."""
        for event in events:
            self._replay_one(event)

    # --- inside -----------------------------------------------------------------------------
    @contextlib.contextmanager
    def _all_or_nothing(self) -> Iterator[int]:
        """Events recorded inside go to the sink at the end, or are taken back on an exception
        (those the sink refuses too, so the session keeps matching the log)."""
        events, steps, sent = len(self.events), len(self._steps), 0
        try:
            yield events
            for event in self.events[events:]:
                if self.sink is not None:
                    self.sink(event)
                sent += 1
        except BaseException:
            del self.events[events + sent :]
            del self._steps[steps + sent :]
            raise

    def _record(self, move: Move, by: str, why: str = "") -> None:
        seq = len(self.events) + 1
        state = self.rules.apply(self.setup, self.state, move)
        event: Event = {"seq": seq, "by": by, "move": move, "text": self.text(move)}
        if why:
            event["prompt"] = why
        self.events.append(event)
        self._steps.append(_Step(seq, by, state))

    def _emit(self, event: Event) -> None:
        if self.sink is not None:
            self.sink(event)
        self.events.append(event)

    def _undo_target(self) -> int | None:
        """The last move the players chose at the table (not one that was their only move)."""
        for index in range(len(self._steps) - 1, 0, -1):
            step = self._steps[index]
            before = self._steps[index - 1].state
            if step.by == TABLE and only_move(self.rules, self.setup, before) is None:
                return step.seq
        return None

    def _last_table_move(self) -> int | None:
        """The last move typed at the table: what undo took back before the referee entered
        players' only moves itself (logs written then undo such a move)."""
        return next((step.seq for step in reversed(self._steps) if step.by == TABLE), None)

    def _pop_to(self, seq: int) -> None:
        while self._steps[-1].seq >= seq:
            self._steps.pop()

    def _replay_one(self, event: Event) -> None:
        seq = event["seq"]
        if seq != len(self.events) + 1:
            raise ReplayError(seq, f"out of order (expected {len(self.events) + 1})")
        if "undo" in event:
            undone = event["undo"]
            if undone != self._last_table_move() and undone != self._undo_target():
                raise ReplayError(seq, f"undoes event {event['undo']}, which is not the last move")
            self.events.append(event)
            self._pop_to(event["undo"])
            return
        move, by = event.get("move"), event.get("by")
        if not isinstance(move, dict) or by not in (TABLE, CHANCE, RULES, FORCED):
            raise ReplayError(seq, "neither a move nor an undo")
        try:
            verdict = self._replay_verdict(move, by)
            if not verdict.ok:
                raise ReplayError(seq, f"{self._quoted(move)} is refused: {verdict}")
            text = self.text(move)
            if event.get("text", text) != text:
                raise ReplayError(
                    seq, f"its text {event['text']!r} is not its move's, which reads {text!r}"
                )
            state = self.rules.apply(self.setup, self.state, move)
        except MALFORMED as exc:
            raise ReplayError(
                seq, f"the move {canonical(move)} is not one {self.rules.id} can read ({exc!r})"
            ) from exc
        self.events.append(event)
        self._steps.append(_Step(seq, by, state))

    def _quoted(self, move: Move) -> str:
        """A logged move as people read it, or as JSON when the rules cannot write it."""
        try:
            return self.text(move)
        except MALFORMED:
            return canonical(move)

    def _replay_verdict(self, move: Move, by: str) -> Verdict:
        forced = self.rules.forced(self.setup, self.state)
        if by == RULES:
            if forced is None or canonical(forced) != canonical(move):
                return refuse("", "the rules would not make this move themselves here")
            return ACCEPTED
        if forced is not None:
            return refuse("", f"the rules must first make their own move {self.text(forced)}")
        if by == FORCED:
            only = only_move(self.rules, self.setup, self.state)
            if only is None or canonical(only) != canonical(move):
                return refuse("", "this is not the only move the player could make here")
            return ACCEPTED
        if by == CHANCE:
            if not self.digital or self.prompt().kind != "chance":
                return refuse("", "a chance outcome drawn by the referee where none was due")
            return self.rules.check(self.setup, self.state, move)
        return self.check(move)
