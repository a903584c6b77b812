"""A game in progress: the state derived from the setup by applying events, with undo.

Events are what the log holds: `{"seq", "by", "move", "text"}` for a move or `{"seq", "undo"}`.
`by` is "table" (entered by the players), "chance" (drawn by the referee in digital mode),
"rules" (made by the rules themselves: an Automa's action, a bookkeeping step) or "forced" (a
player's only possible move, entered for them by the referee; it also carries the `prompt` it
answered). An undo takes back the last move the players chose at the table together with
everything the referee did after it.

Secret choices made at once (a simultaneous prompt with `Rules.choices`) may be entered one player
at a time: each is a `{"seq", "by": "commit", "commit": {"player", "choice"}, "text"}` event that
the engine holds, hidden from the other players, until every player has chosen; then the move of
them all is recorded (`"together": true`) and the choices are revealed together.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Self

from pnpkit.referee.engine.contract import ContractError, require_all
from pnpkit.referee.engine.immutable import snapshot
from pnpkit.referee.engine.moves import Move, canonical, split_actor
from pnpkit.referee.engine.rules import Prompt, Rules, RulesFault, Setup, State
from pnpkit.referee.engine.verdict import ACCEPTED, MoveRefused, MoveSyntaxError, Verdict, refuse
from pnpkit.referee.log.game_log import Event

TABLE, CHANCE, RULES, FORCED, COMMIT = "table", "chance", "rules", "forced", "commit"
MALFORMED = (KeyError, IndexError, TypeError, ValueError, AttributeError, ContractError)
"""What a rules module raises on a logged move it cannot read (a log altered by hand), or the
engine on its answer outside the contract for such a move (`text` giving None)."""


def _replay_fault(rules: Rules, exc: ContractError, move: Move, seq: int) -> ContractError:
    """The contract broken while a logged move was replayed: the rules' fault, not the log's (a
    method must answer in the contract whatever move it is given). It names the method, the
    move's type and its event, not the move's words (they may be secret from the viewer)."""
    if not exc.method:
        return exc
    return ContractError(
        f"the rules {rules.id!r} broke the contract in {exc.method}, replaying the move "
        f"{move.get('type')!r} (event {seq}): expected {exc.expected}, got {exc.got}; "
        "the log is left as it is",
        exc.method,
        exc.expected,
        exc.got,
    )


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


def in_effect(events: list[Event]) -> list[bool]:
    """For each logged event, whether it still counts: not taken back by an undo (nor an undo
    itself)."""
    kept = [True] * len(events)
    for event in events:
        if "undo" in event:
            for index in range(event["undo"] - 1, event["seq"]):
                kept[index] = False
    return kept


def chance_rng(seed: int, depth: int, undos: int = 0) -> random.Random:
    """The random source of a digital game's chance outcome `depth` moves into the game, after
    `undos` undo events.

    Every undo gives fresh randomness: a player who saw their next card (or die) and took the move
    back meets a new draw, not the one they saw, so undo is no way to peek. Outcomes are logged,
    so a log replays the same whatever the source; a game never undone draws as before undos
    counted (`seed/depth`).
    """
    return random.Random(f"{seed}/{depth}" if not undos else f"{seed}/{depth}/{undos}")


class Session:
    """Live state of one game. `sink`, when set, receives the new events of each step together
    (to append to a log, all or none) once the whole step has succeeded: if the rules fail
    half-way through a move and the referee's own moves after it, nothing of it reaches the log."""

    def __init__(self, setup: Setup):
        require_all(setup.rules)
        self.setup = setup
        self.rules: Rules = setup.rules
        self.events: list[Event] = []
        self._steps: list[_Step] = [_Step(0, RULES, self.rules.initial(setup))]
        self.sink: Callable[[list[Event]], None] | None = None

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

    def committed(self) -> dict[str, str]:
        """The secret choices entered so far at the current simultaneous prompt, by player."""
        found: dict[str, str] = {}
        for step in reversed(self._steps):
            if step.by != COMMIT:
                break
            commit = self.events[step.seq - 1]["commit"]
            found[commit["player"]] = commit["choice"]
        return found

    def commit(self, player: str, choice: str) -> list[Event]:
        """Enter `player`'s own secret choice at a simultaneous prompt; once every player of it
        has chosen, the move of them all is entered (the choices revealed together). MoveRefused
        if `player` has no such choice now. Returns the new events."""
        verdict = self._commit_verdict(player, choice)
        if not verdict.ok:
            raise MoveRefused(verdict)
        keyword = self._choices_now().form.split()[0]
        with self._all_or_nothing() as start:
            seq = len(self.events) + 1
            self.events.append(
                {
                    "seq": seq,
                    "by": COMMIT,
                    "commit": {"player": player, "choice": choice},
                    "text": f"{player}: {keyword} {choice}",
                }
            )
            self._steps.append(_Step(seq, COMMIT, self.state))
            self._complete_together()
            self._advance()
        return self.events[start:]

    def _choices_now(self):  # type: ignore[no-untyped-def]
        return self.rules.choices(self.setup, self.state)

    def _commit_verdict(self, player: str, choice: str) -> Verdict:
        choices = self._choices_now() if self.prompt().kind == "simultaneous" else None
        if choices is None:
            return refuse("", "no secret choice is being made now")
        if player not in choices.options:
            return refuse("", f"{player} has no choice to make now")
        if player in self.committed():
            return refuse("", f"{player} has chosen already (undo takes the choice back)")
        if choice not in choices.options[player]:
            own = ", ".join(choices.options[player])
            return refuse(self.rules.syntax_rule, f"{player} may choose one of: {own}")
        return ACCEPTED

    def _complete_together(self) -> None:
        """When every player of the simultaneous prompt has chosen, enter their move."""
        choices, picked = self._choices_now(), self.committed()
        if set(picked) != set(choices.options):
            return
        move = self.rules.parse(self.setup, self.state, choices.spelled(picked))
        verdict = self.rules.check(self.setup, self.state, move)
        if not verdict.ok:
            raise RulesFault(
                f"the rules {self.rules.id!r} refuse the choices they offered "
                f"({choices.spelled(picked)}: {verdict}); nothing was recorded"
            )
        self._record(move, TABLE)
        self.events[-1]["together"] = True

    def undo_target(self) -> Event | None:
        """The event `undo` would take back now (a move or a secret choice), or None."""
        target = self._undo_target()
        return None if target is None else self.events[target - 1]

    def redo_target(self) -> Event | None:
        """The move the last undo took back, if it can be entered again now: nothing has been
        chosen since (the referee's own moves aside) and it was one move typed at the table (not
        choices revealed together, which are chosen again one by one)."""
        for event in reversed(self.events):
            if "undo" in event:
                target = self.events[event["undo"] - 1]
                plain = target.get("by") == TABLE and not target.get("together")
                return target if plain else None
            if event.get("by") in (TABLE, COMMIT):
                return None
        return None

    def state_before(self, seq: int) -> State:
        """The state just before event `seq` (which is in effect)."""
        index = next(i for i, step in enumerate(self._steps) if step.seq == seq)
        return self._steps[index - 1].state

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
                undos = sum(1 for event in self.events if "undo" in event)
                rng = chance_rng(self.setup.seed or 0, len(self._steps), undos)
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

    def replay(self, events: list[Event], audit: bool = False) -> None:
        """Re-apply logged events, checking each one as if it were entered now. With `audit`,
        each move is applied twice and its input compared before and after: ContractError when
        `apply` changed the state it was given or gave another state the second time (it drew
        at random itself, or read something besides its arguments)."""
        saved = random.getstate()
        try:
            for event in events:
                self._replay_one(event, audit)
        finally:
            random.setstate(saved)

    # --- inside -----------------------------------------------------------------------------
    @contextlib.contextmanager
    def _all_or_nothing(self) -> Iterator[int]:
        """Events recorded inside go to the sink together at the end, or are all taken back on
        an exception (the sink's too: it takes all of them or none), so the session keeps
        matching the log."""
        events, steps = len(self.events), len(self._steps)
        try:
            yield events
            if self.sink is not None:
                self.sink(self.events[events:])
        except BaseException:
            del self.events[events:]
            del self._steps[steps:]
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
            self.sink([event])
        self.events.append(event)

    def _undo_target(self) -> int | None:
        """The last move the players chose at the table (not one that was their only move), or
        the last secret choice held; a move of choices revealed together goes with its choices."""
        for index in range(len(self._steps) - 1, 0, -1):
            step = self._steps[index]
            if step.by == COMMIT:
                return step.seq
            before = self._steps[index - 1].state
            if step.by == TABLE and only_move(self.rules, self.setup, before) is None:
                if self.events[step.seq - 1].get("together"):
                    while index > 1 and self._steps[index - 1].by == COMMIT:
                        index -= 1
                    return self._steps[index].seq
                return step.seq
        return None

    def _last_table_move(self) -> int | None:
        """The last move typed at the table: what undo took back before the referee entered
        players' only moves itself (logs written then undo such a move)."""
        return next((step.seq for step in reversed(self._steps) if step.by == TABLE), None)

    def _pop_to(self, seq: int) -> None:
        while self._steps[-1].seq >= seq:
            self._steps.pop()

    def _replay_one(self, event: Event, audit: bool = False) -> None:
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
        if event.get("by") == COMMIT:
            self._replay_commit(event)
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
            if audit:
                before = snapshot(self.state)
                random.seed(2 * seq)
            state = self.rules.apply(self.setup, self.state, move)
        except ContractError as exc:
            raise _replay_fault(self.rules, exc, move, seq) from None
        except MALFORMED as exc:
            raise ReplayError(
                seq, f"the move {canonical(move)} is not one {self.rules.id} can read ({exc!r})"
            ) from exc
        if audit:
            self._audit(move, seq, before, state)
        self.events.append(event)
        self._steps.append(_Step(seq, by, state))

    def _audit(self, move: Move, seq: int, before: object, state: State) -> None:
        """`Session.replay`'s audit of `move`'s apply (the global random generator seeded
        differently for its two applications). A fault names the move by its type and event
        alone: the rest of it may be secret from whoever replays the log (`--player`)."""
        fault = ""
        if snapshot(self.state) != before:
            fault = "it changed the state it was given (apply must leave its input as it was)"
        else:
            random.seed(2 * seq + 1)
            if snapshot(self.rules.apply(self.setup, self.state, move)) != snapshot(state):
                fault = (
                    "applied again, it gave another state (apply must not draw at random: "
                    "chance comes as chance moves)"
                )
        if fault:
            raise ContractError(
                f"the rules {self.rules.id!r} broke the contract in apply, for the move "
                f"{move['type']!r} (event {seq}): {fault}"
            )

    def _replay_commit(self, event: Event) -> None:
        seq, commit = event["seq"], event.get("commit")
        if not isinstance(commit, dict) or not all(
            isinstance(commit.get(k), str) for k in ("player", "choice")
        ):
            raise ReplayError(seq, "a secret choice without its player and choice")
        verdict = self._commit_verdict(commit["player"], commit["choice"])
        if not verdict.ok:
            raise ReplayError(seq, f"the secret choice is refused: {verdict}")
        self.events.append(event)
        self._steps.append(_Step(seq, COMMIT, self.state))

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
        if by == TABLE and self.committed():
            choices, picked = self._choices_now(), self.committed()
            if set(picked) != set(choices.options):
                return refuse("", "the secret choices are not all made yet")
            spelled = self.rules.parse(self.setup, self.state, choices.spelled(picked))
            if canonical(spelled) != canonical(move):
                return refuse("", "this is not the move of the secret choices made")
        if by == CHANCE:
            if not self.digital or self.prompt().kind != "chance":
                return refuse("", "a chance outcome drawn by the referee where none was due")
            return self.rules.check(self.setup, self.state, move)
        return self.check(move)
