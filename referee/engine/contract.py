"""The one boundary where the engine calls a rules module: each answer checked against the contract.

`guard(rules)` (done by `referee.registry.load` for every plug-in rules module) puts a checking
wrapper in front of each contract method on the instance itself, so the engine's every caller
(commands, the web page, simulations, the harness) goes through it. An answer of the wrong kind
(`check` giving True, `apply` giving None, `legal` giving strings) or a required method left
undefined raises ContractError, exit 3, naming the method, the move and what was expected,
before the engine can trip over it with a traceback or a misleading message.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Collection
from typing import Any

from pnpkit.names import MAX_MESSAGE, shown
from pnpkit.referee.engine.rules import Prompt, Rules, RulesFault, ScoreSheet
from pnpkit.referee.engine.verdict import Verdict

REQUIRED = ("initial", "prompt", "parse", "text", "check", "apply", "legal", "score", "describe")
"""The methods every rules module defines (docs/engine.md, "The contract")."""


class ContractError(RulesFault):
    """A rules module answered outside the contract, or lacks a required method (exit 3). For a
    wrong answer, `method`, `expected` and `got` (the answer's type alone) say it without the
    move's words, which may be secret from whoever replays a log."""

    def __init__(self, message: str, method: str = "", expected: str = "", got: str = ""):
        super().__init__(message)
        self.method, self.expected, self.got = method, expected, got


def _is_move(value: object) -> bool:
    return isinstance(value, dict) and isinstance(value.get("type"), str)


def _is_moves(value: object) -> bool:
    return isinstance(value, list) and all(_is_move(move) for move in value)


MOVE = 'a move (a dict whose "type" is a str)'
EXPECTED: dict[str, tuple[Callable[[Any], bool], str]] = {
    "initial": (lambda v: v is not None, "a state (not None)"),
    "prompt": (lambda v: isinstance(v, Prompt), "a Prompt"),
    "parse": (_is_move, MOVE),
    "text": (lambda v: isinstance(v, str), "a str"),
    "check": (lambda v: isinstance(v, Verdict), "a Verdict (ACCEPTED or refuse(RULE, REASON))"),
    "apply": (lambda v: v is not None, "the new state (not None)"),
    "legal": (_is_moves, 'a list of moves (dicts whose "type" is a str)'),
    "score": (lambda v: isinstance(v, ScoreSheet), "a ScoreSheet"),
    "describe": (lambda v: isinstance(v, str), "a str"),
    "forced": (lambda v: v is None or _is_move(v), f"None or {MOVE}"),
    "chance": (_is_move, MOVE),
    "random_move": (_is_move, MOVE),
}
"""What each checked method must return, and how the message says it."""


def guard(rules: Rules, index: Callable[[], Collection[str] | None] = lambda: None) -> Rules:
    """`rules` with its contract methods checked on every call (idempotent); returns `rules`.
    `index()` gives the rule IDs of their rules index (None: they ship none), read at the first
    refusal: a refusal must cite one of them."""
    if getattr(rules, "_pnpkit_guarded", False):
        return rules
    missing = undefined(rules)
    for name, (fits, expected) in EXPECTED.items():
        if name in missing:
            setattr(rules, name, _missing(rules, name))
        else:
            cites = _cites_index(rules, index) if name == "check" else None
            setattr(rules, name, _checked(rules, name, getattr(rules, name), fits, expected, cites))
    rules._pnpkit_guarded = True  # type: ignore[attr-defined]
    return rules


def _cites_index(
    rules: Rules, index: Callable[[], Collection[str] | None]
) -> Callable[[Any, tuple[Any, ...]], None]:
    """The check that a refusal cites a rule of the rules index (read once, when first needed)."""
    known: list[Collection[str] | None] = []

    def cites(verdict: Verdict, args: tuple[Any, ...]) -> None:
        if verdict.ok or not verdict.rule:
            return
        if not known:
            known.append(index())
        if known[0] is None or verdict.rule in known[0]:
            return
        raise ContractError(
            f"the rules {rules.id!r} broke the contract in check{about_move(rules, args)}: it "
            f"refused citing {verdict.rule}, which their rules index ({rules.index}) does not "
            "list; expected a refusal citing a rule of the index; nothing was recorded",
            "check",
            "a refusal citing a rule of the rules index",
            f"a refusal citing {verdict.rule}",
        )

    return cites


def undefined(rules: Rules) -> list[str]:
    """The required methods `rules` do not define."""
    return [name for name in REQUIRED if getattr(type(rules), name) is getattr(Rules, name)]


def require_all(rules: Rules) -> None:
    """ContractError unless `rules` define every required method: a game is refused before it
    starts, not when a command first needs the missing one."""
    missing = undefined(rules)
    if missing:
        raise ContractError(
            f"the rules {rules.id!r} do not define {', '.join(missing)}, which the contract "
            f"requires (contract {rules.contract}, docs/engine.md; `pnp referee lint` lists "
            "every problem); nothing was recorded"
        )


def unguarded(rules: Rules, name: str) -> Callable[..., Any]:
    """The rules' own method `name`, without the check (for `referee lint`, which judges it)."""
    wrapper = rules.__dict__.get(name)
    return getattr(wrapper, "__wrapped__", None) or getattr(rules, name)


def _missing(rules: Rules, name: str) -> Callable[..., Any]:
    def missing(*args: Any, **kwargs: Any) -> Any:
        raise ContractError(
            f"the rules {rules.id!r} do not define {name}, which the contract requires "
            f"(contract {rules.contract}, docs/engine.md); nothing was recorded"
        )

    return missing


def _checked(
    rules: Rules,
    name: str,
    method: Callable[..., Any],
    fits: Callable[[Any], bool],
    expected: str,
    more: Callable[[Any, tuple[Any, ...]], None] | None = None,
) -> Callable[..., Any]:
    """`method` with its answer checked: of the kind `fits` accepts, then by `more` if given."""

    @functools.wraps(method)
    def checked(*args: Any) -> Any:
        answer = method(*args)
        if not fits(answer):
            raise ContractError(
                f"the rules {rules.id!r} broke the contract in {name}{about_move(rules, args)}: "
                f"expected {expected}, got {answer_kind(answer)}; nothing was recorded",
                name,
                expected,
                type(answer).__name__,
            )
        if more is not None:
            more(answer, args)
        return answer

    return checked


def about_move(rules: Rules, args: tuple[Any, ...]) -> str:
    """` for the move 'walk 3'` when the call was about a move, else ``."""
    move = args[-1] if args else None
    if not _is_move(move):
        return ""
    try:
        spelled = unguarded(rules, "text")(args[0], move)
    except Exception:  # the move as JSON will do: the message is about another fault
        spelled = None
    if not isinstance(spelled, str):
        spelled = json.dumps(move, default=repr, sort_keys=True)
    return f" for the move {shown(spelled, 80)!r}"


def answer_kind(answer: object) -> str:
    """What a wrong answer was: its type and a short, escaped picture of it."""
    if isinstance(answer, list) and answer and not _is_move(answer[0]):
        return f"a list holding {type(answer[0]).__name__} {shown(repr(answer[0]), 60)}"
    return f"{type(answer).__name__} {shown(repr(answer), MAX_MESSAGE // 10)}"
