"""Moves declared once: each `MoveForm` (`play CARD PILE`, its meaning, rule, step, check and
apply) gives its parse, its text, its line of the syntax table, its dispatch and its "not now"
refusal, so a game writes none of them by hand (`Moves`).

A form is words: the first names the move (its "type"), the others are fixed words or
placeholders in capitals, each read by a `Word` (`CARD`, `N`, `PLAYER`, `SPACE`, or a game's own
from `one_of`); a move holds each placeholder's value under its name in lower case (`{"type":
"play", "card": "EX-R5", "pile": "red"}`). `KEY:WORD` names the key when a form has two of a
kind (`move FROM:SPACE TO:SPACE`). `PLAYER=WORD` reads the secret choices of a simultaneous step,
one `NAME=VALUE` pair per player (`bid PLAYER=N`): the move holds them under "chosen" (or the
key `PLAYER=KEY:WORD` names), a mapping player → choice. A placeholder in brackets, last in
its form, is optional (`draw [CARD]`): a move without it leaves its key out.

A syntax the placeholders cannot say (a list of cards, optional words, a word whose meaning
depends on the table) is read by the form's own `read` hook and written by its `write`; its
`rows` are then its lines of the syntax table (one per shape), or none for a move only the rules
make.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pnpkit.referee.engine.contract import EXPECTED, ContractError, answer_kind
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


def _not_a_verdict(setup: Setup, form: MoveForm, move: Move, answer: object) -> ContractError:
    """The contract error of a form's own check that answered `answer`, not a Verdict."""
    name = getattr(form.check, "__qualname__", "check")
    return ContractError(
        f"the rules {setup.rules.id!r} broke the contract in {name}, the check of "
        f"{form.form!r}, for the move {form.text(move, setup)!r}: expected "
        f"{EXPECTED['check'][1]}, got {answer_kind(answer)}; nothing was recorded",
        name,
        EXPECTED["check"][1],
        type(answer).__name__,
    )


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
    explains: bool = False
    """True when `read` raises MoveSyntaxError saying itself what is wrong (its own list of
    what a word may be): that message is the refusal as it stands."""
    key: str = ""
    """The move's key for the value (default: the placeholder's name in lower case, "chosen"
    for `PLAYER=WORD`); `KEY:WORD` in a form still names it."""
    rest: bool = False
    """It reads every word left in the move, joined by one space (a name of several words);
    the last placeholder of its form."""
    spell: Callable[[Setup, Any], str] | None = None
    """How a value is written when that needs the game's setup (a seat as its player's name);
    else `write`."""

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
    """A placeholder that is one of a few words (`one_of("PILE", "deck", "red", …)`), typed in
    any case (`Moves(keep_case=True)` hands it on as typed)."""

    def read(setup: Setup, word: str) -> str:
        if word.lower() not in values:
            raise ValueError
        return word.lower()

    return Word(name, f"one of {', '.join(values)}", read, values=values)


_ABSENT = object()
"""An optional placeholder left out (in `MoveForm.moves`)."""
Check = Callable[[Setup, State, Move], Verdict]
Apply = Callable[[Setup, State, Move], State]
Options = Callable[[Setup, State], Iterable[Mapping[str, Any]]]
Read = Callable[[Setup, State | None, list[str]], Mapping[str, Any]]
"""A parse hook: the move's values the words after the verb say (the state, when the caller has
one); the move's "type" is the form's verb."""
Where = Callable[[State], tuple[str, int]]
"""A state's step and the seat whose turn it is."""
Slot = tuple[str, str | None, Word | None]
"""A word of a form after its first: its key (or the fixed word), its kind ("each" for
`PLAYER=WORD`, None for a fixed word) and its Word."""


@dataclass(frozen=True)
class MoveForm:
    """One kind of move, declared once.

    `step`: the step it belongs to ("" any step; a tuple: each of them); `rule`: the rules-index
    ID it follows (its syntax line and refusals cite it); `check` gives a Verdict (none: always
    accepted once it is the move's step and player); `apply` the next state; `options(setup, state)`
    the values of its placeholders that may be entered now (for `legal`; none: every combination of
    the placeholders' `values`); `each(setup, state, player)` a player's own choices, for a
    `PLAYER=WORD` form; `actor(setup, state, move)` who decides it (default: the prompt's one actor
    at a "move" step, else nobody)."""

    form: str
    meaning: str
    rule: str
    apply: Apply
    step: str | tuple[str, ...] = ""
    check: Check | None = None
    options: Options | None = None
    each: Callable[[Setup, State, str], Iterable[str]] | None = None
    actor: Callable[[Setup, State, Move], str | None] | None = None
    words: Mapping[str, Word] = field(default_factory=dict)
    """The game's own placeholders (from `one_of`), by name."""
    hidden: str = ""
    """What a viewer reads of the move when it moved a card they may not see ("a card is
    dealt"); empty: "(secret)"."""
    read: Read | None = None
    """A parse hook reading the words after the verb (none: the form's placeholders read them);
    it comes with `write` (refused at declaration without it)."""
    write: Callable[[Move], str] | None = None
    """The move's text, with `read` (none: the form's words, each placeholder's value)."""
    rows: tuple[Syntax, ...] | None = None
    """Its lines of the syntax table when it has several shapes (`place CARD …`, `place CARD …
    tuck CARD`); none: one line of form, meaning and rule; empty: a move only the rules make,
    which the table and the "expected one of" refusal leave out."""

    verb: str = field(init=False, compare=False)
    """The form's first word: the move's "type"."""
    optional: frozenset[str] = field(init=False, compare=False)
    """The keys of its optional placeholders (`[WORD]`, last in a form): a move without one
    leaves its key out."""
    required: tuple[str, ...] = field(init=False, compare=False)
    """The keys of its other placeholders: every move of the form holds them."""
    _slots: list[Slot] = field(init=False, repr=False, compare=False)
    _steps: frozenset[str] | None = field(init=False, repr=False, compare=False)
    """The steps it is a move of; None: any step."""
    _each: Slot | None = field(init=False, repr=False, compare=False)
    """Its (first) `PLAYER=WORD` slot, if any: whose values `each` lists."""
    _valued: tuple[tuple[str, Word], ...] = field(init=False, repr=False, compare=False)
    """Its placeholders other than `PLAYER=WORD`, with their Words (what `moves` combines)."""

    def __post_init__(self) -> None:
        """What a parse, a text and the dispatch need of the form, worked out once here."""
        fix = object.__setattr__
        fix(self, "verb", self.form.split()[0])
        fix(self, "optional", frozenset())
        fix(self, "_slots", self._read_slots())
        steps = (self.step,) if isinstance(self.step, str) else self.step
        fix(self, "_steps", None if "" in steps else frozenset(steps))
        fix(self, "_each", next((s for s in self._slots if s[1] == "each"), None))
        valued = tuple((k, w) for k, kind, w in self._slots if w is not None and kind != "each")
        fix(self, "_valued", valued)
        placed = (k for k, _, w in self._slots if w is not None and k not in self.optional)
        fix(self, "required", tuple(placed))
        if (self.read is None) != (self.write is None):
            raise ValueError(f"{self.form!r}: a form's own read and write go together")
        if self.each is not None and self._each is None:
            raise ValueError(f"{self.form!r}: each= lists the choices of a PLAYER=WORD")

    def at(self, step: str) -> bool:
        """Whether the form is a move of `step`."""
        return self._steps is None or step in self._steps

    def syntax(self) -> tuple[Syntax, ...]:
        """Its lines of the syntax table."""
        return (Syntax(self.form, self.meaning, self.rule),) if self.rows is None else self.rows

    def slots(self) -> list[Slot]:
        """Each word after the verb: (key or fixed word, None for a fixed word, its Word)."""
        return self._slots

    def _read_slots(self) -> list[Slot]:
        found: list[Slot] = []
        if self.read is not None:
            return found
        for bracketed in self.form.split()[1:]:
            token = bracketed.removeprefix("[").removesuffix("]")
            optional = token != bracketed
            if found and found[-1][0] in self.optional and not optional:
                raise ValueError(f"{self.form!r}: optional placeholders come last")
            pair = token.partition("=")
            key, _, kind = (pair[2] if pair[1] else token).rpartition(":")
            kind = kind or token
            if not kind.isupper():
                if optional:
                    raise ValueError(f"{self.form!r}: only a placeholder may be optional")
                found.append((token, None, None))
                continue
            word = self.words.get(kind) or STANDARD.get(kind)
            if word is None:
                raise ValueError(f"{self.form!r}: {kind} is no placeholder the form knows")
            if word.rest and bracketed != self.form.split()[-1]:
                raise ValueError(f"{self.form!r}: {kind} reads every word left, so comes last")
            default = word.key or ("chosen" if pair[1] else kind)
            found.append(((key or default).lower(), "each" if pair[1] else kind, word))
            if optional:
                object.__setattr__(self, "optional", self.optional | {found[-1][0]})
        return found

    def parse(self, setup: Setup, said: list[str], state: State | None = None) -> Move:
        if self.read is not None:
            return {"type": self.verb, **self.read(setup, state, said)}
        slots = self._slots
        if slots and slots[-1][1] == "each":
            key, _, word = slots[-1]
            assert word is not None
            if not said and key in self.optional:
                return {"type": self.verb}
            chosen = pairs(said, setup.players)
            return {
                "type": self.verb,
                key: {p: self._read(setup, word, v) for p, v in chosen.items()},
            }
        last = slots[-1][2] if slots else None
        if last is not None and last.rest and len(said) > len(slots):
            said = [*said[: len(slots) - 1], " ".join(said[len(slots) - 1 :])]
        if not len(slots) - len(self.optional) <= len(said) <= len(slots):
            raise MoveSyntaxError(f"expected: {self.form}")
        move: Move = {"type": self.verb}
        for typed, (key, _, word) in zip(said, slots, strict=False):
            if word is None:
                if typed.lower() != key:
                    raise MoveSyntaxError(f"{typed!r}: expected {key!r} ({self.form})")
                continue
            move[key] = self._read(setup, word, typed)
        return move

    def _read(self, setup: Setup, word: Word, typed: str) -> Any:
        try:
            return word.read(setup, typed)
        except ValueError as exc:  # MoveSyntaxError is one
            if word.explains and isinstance(exc, MoveSyntaxError):
                raise
            raise MoveSyntaxError(
                f"{typed!r} is not a {word.name}: expected {word.expecting(setup)} ({self.form})"
            ) from None

    def text(self, move: Move, setup: Setup | None = None) -> str:
        """The move as typed (`setup`: for a Word that `spell`s its values with it)."""
        if self.write is not None:
            return self.write(move)
        said = [self.verb]
        for key, kind, word in self._slots:
            if word is None:
                said.append(key)
            elif key not in move and key in self.optional:
                continue
            elif kind == "each":
                said += [f"{p}={self._write(word, v, setup)}" for p, v in move[key].items()]
            else:
                said.append(self._write(word, move[key], setup))
        return " ".join(said)

    def _write(self, word: Word, value: Any, setup: Setup | None) -> str:
        if word.spell is None:
            return word.write(value)
        if setup is None:
            raise ValueError(f"{self.form!r}: {word.name} is written with the game's setup")
        return word.spell(setup, value)

    def moves(self, setup: Setup, state: State) -> list[Move]:
        """The moves of this form `options` offers now (not yet checked)."""
        if self.each is not None:
            assert self._each is not None and self._each[2] is not None
            key, _, word = self._each
            own = [
                [(p, self._read(setup, word, v)) for v in self.each(setup, state, p)]
                for p in setup.players
            ]
            return [{"type": self.verb, key: dict(combo)} for combo in itertools.product(*own)]
        if self.options is not None:
            return [{"type": self.verb, **values} for values in self.options(setup, state)]
        spans = [
            [(k, w.read(setup, v)) for v in w.values]
            + ([(k, _ABSENT)] if k in self.optional else [])
            for k, w in self._valued
        ]
        return [
            {"type": self.verb, **{k: v for k, v in combo if v is not _ABSENT}}
            for combo in itertools.product(*spans)
        ]


def _turn_of(state: State) -> tuple[str, int]:
    return state.turn.step, state.turn.seat


class Moves:
    """Every move form of a game, and the rules the dispatch cites: `syntax_rule` (text that is
    no move), `not_now_rule` (a move of another step), `turn_rule` (a player out of turn) and
    `over_rule` (anything once the game is over); `step_rules` names the rule a move of another
    step breaks by the step it came at (else `not_now_rule`). Forms are added by `form`, a
    decorator of the move's apply function whose docstring's first line is its meaning. `where`
    reads a state's step and seat (default: its `turn`, a kit `Turn`), for a game that keeps its
    own. `keep_case` hands the words after a verb on as typed (a refusal quotes them so); the
    verb and fixed words read in any case."""

    def __init__(
        self,
        syntax_rule: str,
        not_now_rule: str,
        turn_rule: str,
        over_rule: str,
        where: Where = _turn_of,
        step_rules: Mapping[str, str] | None = None,
        keep_case: bool = False,
    ) -> None:
        self.forms: tuple[MoveForm, ...] = ()
        self.syntax_rule, self.not_now_rule = syntax_rule, not_now_rule
        self.turn_rule, self.over_rule = turn_rule, over_rule
        self.where = where
        self.step_rules = dict(step_rules or {})
        self.keep_case = keep_case
        self._by_verb: dict[str, MoveForm] = {}
        self._checks: dict[str, Check | None] = {}
        self._applies: dict[str, Apply] = {}
        self._expected = ""
        """The "expected one of" refusal's list of forms."""

    def add(self, form: MoveForm) -> MoveForm:
        """Declare `form`; each form needs its own first word."""
        if form.verb in self._by_verb:
            raise ValueError(f"two move forms start with {form.verb!r}")
        self.forms += (form,)
        self._by_verb[form.verb] = form
        self._checks[form.verb], self._applies[form.verb] = form.check, form.apply
        self._expected = "; ".join(f.form for f in self.forms if f.rows != ())
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
        return tuple(line for f in self.forms for line in f.syntax())

    def parse(self, setup: Setup, text: str, state: State | None = None) -> Move:
        """The move `text` says; `state` goes to a form's `read` hook."""
        said = text.split() if self.keep_case else words(text)
        form = self._by_verb.get(said[0].lower()) if said else None
        if form is None:
            raise MoveSyntaxError(f"expected one of: {self._expected}")
        return form.parse(setup, said[1:], state)

    def text(self, move: Move, setup: Setup | None = None) -> str:
        """The move as typed (`setup`: for a Word that `spell`s its values with it)."""
        return self.of(move).text(move, setup)

    def check(
        self, setup: Setup, state: State, move: Move, prompt_text: Callable[[], str]
    ) -> Verdict:
        """The dispatch: the game over, another step's move, a player out of turn, then the
        form's own check."""
        step, seat = self.where(state)
        form = self._by_verb[move["type"]]
        if step == "over":
            return refuse(self.over_rule, "the game is over")
        if form._steps is not None and step not in form._steps:
            return refuse(self.step_rules.get(step, self.not_now_rule), f"not now: {prompt_text()}")
        named = move.get("player")
        if named is not None and named != setup.players[seat] and form.actor is None:
            return refuse(self.turn_rule, f"it is {setup.players[seat]}'s turn")
        return form.check(setup, state, move) if form.check else ACCEPTED

    def not_now(self, state: State, move: Move, prompt_text: Callable[[], str]) -> Verdict:
        """The "not now" refusal of a move no form of the state's step takes, alone (for a game
        that orders its refusals itself); ACCEPTED when one does."""
        step = self.where(state)[0]
        form = self._by_verb.get(move.get("type"))
        if form is not None and (form._steps is None or step in form._steps):
            return ACCEPTED
        return refuse(self.step_rules.get(step, self.not_now_rule), f"not now: {prompt_text()}")

    def check_own(self, setup: Setup, state: State, move: Move) -> Verdict:
        """The move's form's own check alone (for a game that orders its refusals itself)."""
        check = self._checks[move["type"]]
        return check(setup, state, move) if check else ACCEPTED

    def apply(self, setup: Setup, state: State, move: Move) -> State:
        return self._applies[move["type"]](setup, state, move)

    def legal(self, setup: Setup, state: State) -> list[Move]:
        """The moves of the forms of the state's step that `check` accepts, in declaration order:
        the dispatch's own refusals (another step, the game over, out of turn) worked out once
        for the state rather than again for every move a form offers."""
        step, seat = self.where(state)
        if step == "over":
            return []
        turn_of = setup.players[seat]
        found = []
        for form in self.forms:
            if not form.at(step):
                continue
            check, anyone = form.check, form.actor is not None
            for move in form.moves(setup, state):
                named = move.get("player")
                if named is not None and named != turn_of and not anyone:
                    continue
                if check is None:
                    found.append(move)
                    continue
                verdict = check(setup, state, move)
                if type(verdict) is not Verdict:
                    raise _not_a_verdict(setup, form, move, verdict)
                if verdict.ok:
                    found.append(move)
        return found

    def choices(self, setup: Setup, state: State) -> Choices | None:
        """The players' own options at the step of a `PLAYER=WORD` form."""
        for form in self.forms:
            if form.each is not None and form.at(self.where(state)[0]):
                own = {p: tuple(map(str, form.each(setup, state, p))) for p in setup.players}
                return Choices(form.form, own)
        return None


_PLAIN = frozenset({str, type(None)})
"""Types whose values equal only values of their own type: a move of these alone is remembered
by its items (`True == 1` and `1.0 == 1`, so a number is remembered with its type)."""
_SCALARS = frozenset({str, int, float, bool, type(None)})
"""The types of a JSON scalar: a move of anything else (a list, a mapping) is never remembered."""


def well_formed_by(
    parse: Callable[[Setup, str], Move], text: Callable[[Setup, Move], str], kept: int = 100_000
) -> Callable[[Setup, Move], bool]:
    """`well_formed(setup, move)`: whether `move` is exactly what some typed text parses to,
    `parse(setup, text(setup, move)) == move`, for a game's own `parse` and `text` of a whole
    move: a move read from a log may have been damaged by hand (one its text cannot write is not
    well formed either).

    Moves found well formed are remembered, at most `kept` (then all are forgotten at once), for
    the setup's loaded game (that object: another load is asked afresh), rules, variant, players,
    options and mode (digital or at the table), all that a parse or a text may read (not the
    seed's value), and for the move's items with the types of its values (`True` is no `1`). A
    move holding anything but JSON scalars (a list, a mapping) is checked afresh every time."""
    known: set[tuple[Any, ...]] = set()
    setups: dict[tuple[Any, ...], tuple[int, Any, Any]] = {}
    """Each setup key's number, with the game and rules objects it names by id, kept alive with
    it so that no other object takes their ids while an answer may be remembered for them."""
    numbers = itertools.count()
    last: list[Any] = [None, -1]
    """The last setup asked about and its number (a game asks about one setup move after move)."""

    def forget() -> None:
        known.clear()
        setups.clear()
        last[:] = [None, -1]

    def number(setup: Setup) -> int:
        options = tuple(sorted(setup.options.items()))
        game, rules = setup.game, setup.rules
        key = (id(game), id(rules), setup.variant, tuple(setup.players), options, setup.digital)
        found = setups.get(key)
        if found is None:
            if len(setups) >= kept:
                forget()
            found = setups[key] = (next(numbers), game, rules)
        last[:] = [setup, found[0]]
        return found[0]

    def well_formed(setup: Setup, move: Move) -> bool:
        key: tuple[Any, ...] | None = None
        types: tuple[type, ...] = ()
        try:
            key = (last[1] if last[0] is setup else number(setup), tuple(move.items()))
            if key in known:
                return True
            types = tuple(map(type, move.values()))
            if (*key, types) in known:
                return True
        except (TypeError, AttributeError):  # no mapping, or a value or option not hashable
            key = None
        try:
            ok = parse(setup, text(setup, move)) == move
        except (ValueError, KeyError, TypeError, AttributeError):  # ValueError: MoveSyntaxError
            return False
        if ok and key is not None and _SCALARS.issuperset(types):
            if len(known) >= kept:
                forget()
                key = (number(setup), key[1])
            known.add(key if _PLAIN.issuperset(types) else (*key, types))
        return ok

    return well_formed
