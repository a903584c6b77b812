"""Moves declared once: each `MoveForm` (`play CARD PILE`, its meaning, rule, step, check and
apply) gives its parse, its text, its line of the syntax table, its dispatch and its "not now"
refusal, so a game writes none of them by hand (`Moves`).

A form is words: the first names the move (its "type"), the others are fixed words or
placeholders in capitals, each read by a `Word` (`CARD`, `N`, `PLAYER`, `SPACE`, or a game's own
from `one_of`); a move holds each placeholder's value under its name in lower case (`{"type":
"play", "card": "EX-R5", "pile": "red"}`). `KEY:WORD` names the key when a form has two of a
kind (`move FROM:SPACE TO:SPACE`). `PLAYER=WORD` reads the secret choices of a simultaneous step,
one `NAME=VALUE` pair per player (`bid PLAYER=N`): the move holds them under "chosen" (or the
key `PLAYER=KEY:WORD` names), a mapping player → choice.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pnpkit.referee.engine.moves import (
    Move,
    pairs,
    plain_digits,
    player_named,
    space,
    space_name,
    words,
)
from pnpkit.referee.engine.rules import Choices, Setup, State, Syntax
from pnpkit.referee.engine.verdict import ACCEPTED, MoveSyntaxError, Verdict, refuse


@dataclass(frozen=True)
class Word:
    """A placeholder's kind: what it expects (for refusals; a function of the setup when that
    depends on the game, such as its players), how a typed word reads (`read` raises ValueError
    when it is not one), how a value is written, and its values if it has few."""

    name: str
    expected: str | Callable[[Setup], str]
    read: Callable[[Setup, str], Any]
    write: Callable[[Any], str] = str
    values: tuple[str, ...] = ()

    def expecting(self, setup: Setup) -> str:
        """What it expects in the game of `setup`."""
        return self.expected(setup) if callable(self.expected) else self.expected


def _card(setup: Setup, word: str) -> str:
    card = word.upper()
    if setup.game.component(card) is None:
        raise ValueError
    return card


def _number(setup: Setup, word: str) -> int:
    if not plain_digits(word) or len(word) > 6:
        raise ValueError
    return int(word)


def _space(setup: Setup, word: str) -> str:
    column, row = space(word)
    return space_name(column, row)


CARD = Word("CARD", "a component's ID as printed on it", _card)
N = Word("N", "a whole number", _number)
PLAYER = Word("PLAYER", "a player's name", lambda setup, w: player_named(w, setup.players))
SPACE = Word("SPACE", "a space such as c3", _space)
STANDARD = {w.name: w for w in (CARD, N, PLAYER, SPACE)}


def one_of(name: str, *values: str) -> Word:
    """A placeholder that is one of a few words (`one_of("PILE", "deck", "red", …)`)."""

    def read(setup: Setup, word: str) -> str:
        if word not in values:
            raise ValueError
        return word

    return Word(name, f"one of {', '.join(values)}", read, values=values)


Check = Callable[[Setup, State, Move], Verdict]
Apply = Callable[[Setup, State, Move], State]
Options = Callable[[Setup, State], Iterable[Mapping[str, Any]]]
Where = Callable[[State], tuple[str, int]]
"""A state's step and the seat whose turn it is."""
Slot = tuple[str, str | None, Word | None]
"""A word of a form after its first: its key (or the fixed word), its kind ("each" for
`PLAYER=WORD`, None for a fixed word) and its Word."""


@dataclass(frozen=True)
class MoveForm:
    """One kind of move, declared once.

    `step`: the step it belongs to ("" any step); `rule`: the rules-index ID it follows (its
    syntax line and refusals cite it); `check` gives a Verdict (none: always accepted once it is
    the move's step and player); `apply` the next state; `options(setup, state)` the values of its
    placeholders that may be entered now (for `legal`; none: every combination of the
    placeholders' `values`); `each(setup, state, player)` a player's own choices, for a
    `PLAYER=WORD` form; `actor(setup, state, move)` who decides it (default: the prompt's one
    actor at a "move" step, else nobody)."""

    form: str
    meaning: str
    rule: str
    apply: Apply
    step: str = ""
    check: Check | None = None
    options: Options | None = None
    each: Callable[[Setup, State, str], Iterable[str]] | None = None
    actor: Callable[[Setup, State, Move], str | None] | None = None
    words: Mapping[str, Word] = field(default_factory=dict)
    """The game's own placeholders (from `one_of`), by name."""
    hidden: str = ""
    """What a viewer reads of the move when it moved a card they may not see ("a card is
    dealt"); empty: "(secret)"."""
    shown: str = ""
    """How the syntax table and refusals write the form when the placeholders' names do not say
    it best (`travel NAME=N|ocean …`); empty: the form itself."""
    also: tuple[Syntax, ...] = ()
    """Further lines of the syntax table for the same move (another way to type it)."""
    read: Callable[[Setup, list[str]], Move] | None = None
    """A parse hook: the move from the words after the first, for a syntax the placeholders
    cannot say (a key that depends on the setup); MoveSyntaxError if they are no such move."""
    write: Callable[[Move], str] | None = None
    """The text of a move `read` gives (with `read`)."""

    verb: str = field(init=False, compare=False)
    """The form's first word: the move's "type"."""
    _slots: list[Slot] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "verb", self.form.split()[0])
        object.__setattr__(self, "_slots", self._read_slots())

    @property
    def written(self) -> str:
        """The form as the syntax table and refusals write it."""
        return self.shown or self.form

    def slots(self) -> list[Slot]:
        """Each word after the verb: (key or fixed word, None for a fixed word, its Word)."""
        return self._slots

    def _read_slots(self) -> list[Slot]:
        found: list[Slot] = []
        for token in self.form.split()[1:]:
            pair = token.partition("=")
            key, _, kind = (pair[2] if pair[1] else token).rpartition(":")
            kind = kind or token
            if not kind.isupper():
                found.append((token, None, None))
                continue
            word = self.words.get(kind) or STANDARD.get(kind)
            if word is None:
                raise ValueError(f"{self.form!r}: {kind} is no placeholder the form knows")
            default = "chosen" if pair[1] else kind
            found.append(((key or default).lower(), "each" if pair[1] else kind, word))
        return found

    def parse(self, setup: Setup, said: list[str]) -> Move:
        if self.read is not None:
            return self.read(setup, said)
        slots = self.slots()
        if slots and slots[-1][1] == "each":
            key, _, word = slots[-1]
            assert word is not None
            chosen = pairs(said, setup.players)
            return {
                "type": self.verb,
                key: {p: self._read(setup, word, v) for p, v in chosen.items()},
            }
        if len(said) != len(slots):
            raise MoveSyntaxError(f"expected: {self.written}")
        move: Move = {"type": self.verb}
        for typed, (key, _, word) in zip(said, slots, strict=True):
            if word is None:
                if typed != key:
                    raise MoveSyntaxError(f"{typed!r}: expected {key!r} ({self.written})")
                continue
            move[key] = self._read(setup, word, typed)
        return move

    def _read(self, setup: Setup, word: Word, typed: str) -> Any:
        try:
            return word.read(setup, typed)
        except (ValueError, MoveSyntaxError):
            raise MoveSyntaxError(
                f"{typed!r} is not a {word.name}: expected {word.expecting(setup)} ({self.written})"
            ) from None

    def text(self, move: Move) -> str:
        if self.write is not None:
            return self.write(move)
        said = [self.verb]
        for key, kind, word in self.slots():
            if word is None:
                said.append(key)
            elif kind == "each":
                said += [f"{p}={word.write(v)}" for p, v in move[key].items()]
            else:
                said.append(word.write(move[key]))
        return " ".join(said)

    def moves(self, setup: Setup, state: State) -> list[Move]:
        """The moves of this form `options` offers now (not yet checked)."""
        slots = [(k, w) for k, kind, w in self.slots() if w is not None and kind != "each"]
        if self.each is not None:
            key, _, word = next(s for s in self.slots() if s[1] == "each")
            assert word is not None
            own = [
                [(p, self._read(setup, word, v)) for v in self.each(setup, state, p)]
                for p in setup.players
            ]
            return [{"type": self.verb, key: dict(combo)} for combo in itertools.product(*own)]
        if self.options is not None:
            return [{"type": self.verb, **values} for values in self.options(setup, state)]
        spans = [[(k, w.read(setup, v)) for v in w.values] for k, w in slots]
        return [{"type": self.verb, **dict(combo)} for combo in itertools.product(*spans)]


def _turn_of(state: State) -> tuple[str, int]:
    return state.turn.step, state.turn.seat


class Moves:
    """Every move form of a game, and the rules the dispatch cites: `syntax_rule` (text that is
    no move), `not_now_rule` (a move of another step), `turn_rule` (a player out of turn) and
    `over_rule` (anything once the game is over). Forms are added by `form`, a decorator of the
    move's apply function whose docstring's first line is its meaning. `where` reads a state's
    step and seat (default: its `turn`, a kit `Turn`), for a game that keeps its own."""

    def __init__(
        self,
        syntax_rule: str,
        not_now_rule: str,
        turn_rule: str,
        over_rule: str,
        where: Where = _turn_of,
    ) -> None:
        self.forms: tuple[MoveForm, ...] = ()
        self.syntax_rule, self.not_now_rule = syntax_rule, not_now_rule
        self.turn_rule, self.over_rule = turn_rule, over_rule
        self.where = where
        self._by_verb: dict[str, MoveForm] = {}

    def add(self, form: MoveForm) -> MoveForm:
        """Declare `form`; each form needs its own first word."""
        if form.verb in self._by_verb:
            raise ValueError(f"two move forms start with {form.verb!r}")
        self.forms += (form,)
        self._by_verb[form.verb] = form
        return form

    def form(
        self, form: str, rule: str, step: str = "", **declared: Any
    ) -> Callable[[Apply], Apply]:
        """A decorator declaring the move `form` (see `MoveForm`) whose apply it decorates."""

        def declare(apply: Apply) -> Apply:
            meaning = (apply.__doc__ or "").strip().splitlines()
            if not meaning:
                raise ValueError(f"{form!r}: its apply function needs a docstring (its meaning)")
            said = meaning[0].rstrip(".")
            self.add(MoveForm(form, said[:1].lower() + said[1:], rule, apply, step, **declared))
            return apply

        return declare

    def of(self, move: Move) -> MoveForm:
        """The form of `move`."""
        return self._by_verb[move["type"]]

    def knows(self, move: Move) -> bool:
        """Whether `move` is of one of these forms."""
        return move.get("type") in self._by_verb

    def syntax(self) -> tuple[Syntax, ...]:
        return tuple(
            line for f in self.forms for line in (Syntax(f.written, f.meaning, f.rule), *f.also)
        )

    def parse(self, setup: Setup, text: str) -> Move:
        said = words(text)
        for form in self.forms:
            if said and said[0] == form.verb:
                return form.parse(setup, said[1:])
        expected = "; ".join(f.written for f in self.forms)
        raise MoveSyntaxError(f"expected one of: {expected}")

    def text(self, move: Move) -> str:
        return self.of(move).text(move)

    def check(
        self, setup: Setup, state: State, move: Move, prompt_text: Callable[[], str]
    ) -> Verdict:
        """The dispatch: the game over, another step's move, a player out of turn, then the
        form's own check."""
        step, seat = self.where(state)
        form = self.of(move)
        if step == "over":
            return refuse(self.over_rule, "the game is over")
        if form.step and form.step != step:
            return refuse(self.not_now_rule, f"not now: {prompt_text()}")
        named = move.get("player")
        if named is not None and named != setup.players[seat] and form.actor is None:
            return refuse(self.turn_rule, f"it is {setup.players[seat]}'s turn")
        return self.check_own(setup, state, move)

    def check_own(self, setup: Setup, state: State, move: Move) -> Verdict:
        """The move's form's own check alone (for a game that orders its refusals itself)."""
        form = self.of(move)
        return form.check(setup, state, move) if form.check else ACCEPTED

    def apply(self, setup: Setup, state: State, move: Move) -> State:
        return self.of(move).apply(setup, state, move)

    def legal(self, setup: Setup, state: State, prompt_text: Callable[[], str]) -> list[Move]:
        step = self.where(state)[0]
        return [
            move
            for form in self.forms
            if form.step in ("", step) and step != "over"
            for move in form.moves(setup, state)
            if self.check(setup, state, move, prompt_text).ok
        ]

    def choices(self, setup: Setup, state: State) -> Choices | None:
        """The players' own options at the step of a `PLAYER=WORD` form."""
        for form in self.forms:
            if form.each is not None and form.step == state.turn.step:
                own = {p: tuple(map(str, form.each(setup, state, p))) for p in setup.players}
                return Choices(form.form, own)
        return None
