"""`referee lint GAME`: whether a game's rules keep the contract, found by playing them at random.

Checked: the required methods are defined; a method delegated to a module's function
(`kit.delegate`) takes the contract's arguments; every method answers with the type the contract
gives (`referee.contract.EXPECTED`); every move `legal` lists passes `check` (the first 40 at each
step); `apply` leaves its input as it was (a deep copy compared before and after) and gives the
same state twice, whatever the global random generator holds (so it draws nothing at random
itself); every rule ID the rules declare (their syntax table, the kit's dispatch rules), every
rule ID their code cites as written (`refuse("ID", …)`) and every rule ID a refusal cites (of
junk text, of moves out of turn, of moves listed earlier in the game and no longer legal, in
digital games and at the table) is in the rules index;
`determinise` keeps the census and what the seat sees. Each kind of problem is reported
once, at the first place it is found.
A game ends at its end or after `max_steps` moves.
"""

from __future__ import annotations

import ast
import dataclasses
import os
import random
import sys
import traceback
from pathlib import Path
from typing import Any

from pnpkit.components import load_game
from pnpkit.components.model import Game
from pnpkit.referee.engine.contract import EXPECTED, about_move, answer_kind, undefined, unguarded
from pnpkit.referee.engine.immutable import snapshot
from pnpkit.referee.engine.rules import Rules, Setup, State, load_rules
from pnpkit.referee.engine.verdict import MoveSyntaxError
from pnpkit.referee.kit.delegate import signature_problems

JUNK = ("", "xyzzy", "play", "12 34", "play ZZ-99 z99", "a=b")
"""Text that is no move of any game (or of most): its refusal cites the syntax rule."""
DEEP_STEPS, DEEP_EVERY = 30, 10
"""`apply` and `determinise` are checked at each of the first DEEP_STEPS steps of a game, then
every DEEP_EVERY steps (a deep compare of a large state is slow)."""
SEEN, SEEN_CHECKED = 200, 8
"""Moves listed legal earlier in a game that lint keeps (the latest), and how many of them, drawn
at random, it checks again at each step (their refusals cite the game's own rules: a card no
longer in the deck)."""
MAX_SOURCE = 2_000_000
"""Bytes of a rules source file beyond which lint does not read its refusals."""
FAILED = object()
"""What `_Linter.call` gives for a call that raised or answered outside the contract."""


def lint(reference: str, games: int = 2, max_steps: int = 300) -> list[str]:
    """The contract problems of the rules of the game `reference` (an ID or a folder), found in
    `games` seeded random games at the fewest and the most players; empty when there are none."""
    game = load_game(reference)
    rules = load_rules(game)
    linter = _Linter(game, rules)
    missing = undefined(rules)
    for name in missing:
        linter.note(f"missing {name}", f"{name}: not defined, and the contract requires it")
    for problem in signature_problems(type(rules)):
        linter.note(f"signature {problem.split(':')[0]}", problem)
    if missing or linter.problems():
        return linter.problems()
    from pnpkit.referee.log.store import make_setup

    linter.declared()
    for count in sorted({game.players_min, game.players_max}):
        names = [f"P{n + 1}" for n in range(count)]
        for seed in range(games):
            linter.play(make_setup(game, names, seed=seed), random.Random(seed), max_steps)
        linter.play(make_setup(game, names), random.Random(count), max_steps)  # at the table
    linter.written()
    linter.check_cited()
    return linter.problems()


class _Linter:
    def __init__(self, game: Game, rules: Rules):
        self.game, self.rules = game, rules
        self.home, self.code = _code(type(rules))
        """The folder of the rules' package and its source files."""
        self.found: dict[str, str] = {}
        self.cited: dict[str, str] = {}
        """Rule ID → where it was cited first."""
        self.seen: dict[str, Any] = {}
        """Moves listed legal earlier in the game, by their text (the latest SEEN)."""

    def declared(self) -> None:
        """The rule IDs the rules name before any move: their syntax table's and, for the rules
        kit, its dispatch's (another step's move, out of turn, after the end, each step's own)."""
        for row in self.rules.syntax:
            self.cited.setdefault(row.rule, f"in the syntax table ({row.form})")
        moves = getattr(type(self.rules), "moves", None)
        for name in ("syntax_rule", "not_now_rule", "turn_rule", "over_rule"):
            rule = getattr(self.rules if moves is None else moves, name, "")
            self.cited.setdefault(rule, f"as the {name.replace('_', ' ')}")
        for step, rule in (getattr(moves, "step_rules", None) or {}).items():
            self.cited.setdefault(rule, f"for a move at the wrong time of step {step}")

    def written(self) -> None:
        """The rule IDs the rules' code cites as written, `refuse("ID", …)`: a refusal no random
        game reaches (a die showing 9) still cites a rule the index must hold."""
        for rule, place in written_refusals(self.code).items():
            self.cited.setdefault(rule, f"in a refusal at {place}")

    def note(self, key: str, message: str) -> None:
        self.found.setdefault(key, message)

    def problems(self) -> list[str]:
        return list(self.found.values())

    def call(self, name: str, *args: Any) -> Any:
        """The rules' own `name(*args)`, noting an exception or an answer outside the contract."""
        try:
            answer = unguarded(self.rules, name)(*args)
        except Exception as exc:
            self.note(f"raises {name}", f"{name}: raised {raised(exc, self.home)}")
            return FAILED
        fits, expected = EXPECTED.get(name, (lambda _: True, ""))
        if not fits(answer):
            about = about_move(self.rules, args)
            self.note(
                f"type {name}", f"{name}{about}: expected {expected}, got {answer_kind(answer)}"
            )
            return FAILED
        return answer

    def play(self, setup: Setup, rng: random.Random, max_steps: int) -> None:
        self.seen = {}
        state = self.call("initial", setup)
        if state is not FAILED and _changeable(state):
            self.note(
                "changeable",
                f"initial: the state, a {type(state).__name__}, can be changed in place; states "
                "must be immutable (a @dataclass(frozen=True), docs/engine.md)",
            )
        for step in range(max_steps):
            if state is FAILED:
                return
            where = f"{len(setup.players)} players, seed {setup.seed}, step {step}"
            prompt = self.call("prompt", setup, state)
            if prompt is FAILED:
                return
            self.call("describe", setup, state)
            self.call("score", setup, state)
            if prompt.kind == "over":
                return
            deep = step < DEEP_STEPS or step % DEEP_EVERY == 0
            self._refusals(setup, state, where)
            if deep:
                self._determinise(setup, state, where)
            move = self.call("forced", setup, state)
            if move is None:
                move = self._pick(setup, state, prompt.kind, rng, where)
            if move is None or move is FAILED:
                return
            if deep:
                state = self._apply(setup, state, move, where)
            else:
                state = self.call("apply", setup, state, move)

    def _pick(self, setup: Setup, state: State, kind: str, rng: random.Random, where: str) -> Any:
        legal = self.call("legal", setup, state)
        if legal is FAILED:
            return None
        for move in legal[:40]:
            verdict = self.call("check", setup, state, move)
            if verdict is not FAILED and not verdict.ok:
                self.note(
                    "legal refused",
                    f"legal lists a move check refuses: {self._spelled(setup, move)} "
                    f"({verdict}; {where})",
                )
            elif verdict is not FAILED:
                self.call("text", setup, move)
        if kind == "chance" and setup.digital:
            return self.call("chance", setup, state, rng)
        if not legal:
            self.note("stuck", f"legal: no move listed though the game is not over ({where})")
            return None
        return rng.choice(legal)

    def _apply(self, setup: Setup, state: State, move: Any, where: str) -> State:
        before = snapshot(state)
        spelled = self._spelled(setup, move)
        random.seed(1)
        after = self.call("apply", setup, state, move)
        if after is FAILED:
            return FAILED
        if snapshot(state) != before:
            self.note("mutates", f"apply changed the state it was given ({spelled}; {where})")
            return FAILED
        random.seed(2)
        again = self.call("apply", setup, state, move)
        if again != after:
            self.note(
                "random",
                f"apply gave two different states for the same move ({spelled}; {where}): "
                "it may draw at random itself (chance belongs in chance moves)",
            )
        return after

    def _refusals(self, setup: Setup, state: State, where: str) -> None:
        for text in JUNK:
            try:
                move = unguarded(self.rules, "parse")(setup, state, text)
            except MoveSyntaxError:
                self.cited.setdefault(self.rules.syntax_rule, f"the syntax rule ({where})")
                continue
            except Exception as exc:
                self.note("raises parse", f"parse: raised {raised(exc, self.home)} ({text!r})")
                continue
            verdict = self.call("check", setup, state, move)
            if verdict is not FAILED and not verdict.ok:
                self.cited.setdefault(verdict.rule, f"refusing {text!r} ({where})")
        legal = self.call("legal", setup, state)
        if legal is FAILED:
            return
        for player in setup.players:
            for move in legal[:5]:
                verdict = self.call("check", setup, state, {**move, "player": player})
                if verdict is not FAILED and not verdict.ok:
                    self.cited.setdefault(verdict.rule, f"refusing a move by {player} ({where})")
        earlier = list(self.seen.items())
        for text, move in random.Random(where).sample(earlier, min(SEEN_CHECKED, len(earlier))):
            if move not in legal:
                verdict = self.call("check", setup, state, move)
                if verdict is not FAILED and not verdict.ok:
                    self.cited.setdefault(verdict.rule, f"refusing {text!r} ({where})")
        for move in legal[:5]:
            self.seen[self._spelled(setup, move)] = move
            if len(self.seen) > SEEN:
                del self.seen[next(iter(self.seen))]

    def _determinise(self, setup: Setup, state: State, where: str) -> None:
        for seat in setup.players:
            try:
                other = self.rules.determinise(setup, state, seat, random.Random(where))
            except Exception as exc:
                self.note("raises determinise", f"determinise: raised {raised(exc, self.home)}")
                return
            if other is None:
                return
            if self.rules.census(setup, other) != self.rules.census(setup, state):
                self.note("census", f"determinise changed the census for {seat} ({where})")
            if _seen(self.rules, setup, other, seat) != _seen(self.rules, setup, state, seat):
                self.note("view", f"determinise changed what {seat} sees ({where})")

    def check_cited(self) -> None:
        cited = {rule: place for rule, place in self.cited.items() if rule}
        if not cited:
            return
        index = _index(self.game, self.rules)
        if index is None:
            self.note("no index", "refusals cite rule IDs but the rules ship no index (index)")
            return
        for rule, place in sorted(cited.items()):
            if rule not in index:
                self.note(f"cited {rule}", f"{rule} is cited {place} but not in the rules index")

    def _spelled(self, setup: Setup, move: Any) -> str:
        try:
            return str(unguarded(self.rules, "text")(setup, move))
        except Exception:
            return repr(move)


def _changeable(state: State) -> bool:
    """Whether a state is a value that can be changed in place: a dataclass that is not frozen,
    a dict, list or set."""
    if dataclasses.is_dataclass(state):
        return not type(state).__dataclass_params__.frozen  # type: ignore[attr-defined]
    return isinstance(state, dict | list | set)


def _seen(rules: Rules, setup: Setup, state: State, seat: str) -> Any:
    """What `seat` sees of `state`: its view when the rules have one, else its visible zones."""
    if type(rules).view is not Rules.view:
        return rules.view(setup, state, seat)
    known = rules.knowledge(setup, state)
    if known is None:
        return None
    return [(z.name, z.cards) for z in known.zones if z.visible_to(seat)]


def _code(rules: type[Rules]) -> tuple[Path, list[Path]]:
    """The folder of the rules' package and its source files (their module alone when it is in
    no package), tests aside."""
    module = sys.modules[rules.__module__]
    place = Path(module.__file__ or "")
    files = sorted(place.parent.rglob("*.py")) if module.__package__ else [place]
    tests = [p for p in files if "tests" in p.relative_to(place.parent).parts]
    return place.parent, [p for p in files if p not in tests and not p.name.startswith("test_")]


def raised(exc: Exception, home: Path) -> str:
    """What an exception of the rules' code says, with where it was raised: the last line of
    the rules' own code (in `home`, their package's folder) it passed, else the last it passed."""
    frames = traceback.extract_tb(exc.__traceback__)
    own = [f for f in frames if f.filename.startswith(f"{home}{os.sep}")] or frames
    if not own:
        return f"{type(exc).__name__}: {exc}"
    last = own[-1]
    return (
        f"{type(exc).__name__}: {exc} (at {Path(last.filename).name}:{last.lineno}, in {last.name})"
    )


def written_refusals(files: list[Path]) -> dict[str, str]:
    """Rule ID → `file:line` of the first `refuse("ID", …)` written in `files`."""
    found: dict[str, str] = {}
    for path in files:
        if path.stat().st_size > MAX_SOURCE:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            called, first = node.func, node.args[0]
            name = getattr(called, "id", None) or getattr(called, "attr", None)
            if name == "refuse" and isinstance(first, ast.Constant) and first.value:
                found.setdefault(str(first.value), f"{path.name}:{node.lineno}")
    return found


def _index(game: Game, rules: Rules) -> set[str] | None:
    """The rule IDs of the rules' index, None when they ship none."""
    from pnpkit.referee.engine.registry import source_of
    from pnpkit.referee.engine.rules_index import rule_ids

    return rule_ids(source_of(game.manifest["rules"], game.name), rules)
