"""The random play-through harness every game's tests use: public API (docs/engine.md), for a
designer's own test suite as much as for pnpkit's.

At every step of a seeded random game it checks that: a legal move exists until the game is
over; every listed move is accepted; malformed and illegal moves are refused and change nothing;
replaying the log (through JSON) gives the live state; undo restores the previous state and
entering the move again gives the same state (in table mode: a digital game draws afresh after an
undo); the census of pieces never changes; every prompt for players names who acts; the
players' secret choices, combined, are the legal moves. At the end the scores are within bounds
and there is a winner. Before a game's first play-through, its rules are linted (`referee.lint`).
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import os
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from pnpkit.components import load_game
from pnpkit.referee.engine.moves import Move, canonical
from pnpkit.referee.engine.rules import Prompt, Setup, State
from pnpkit.referee.engine.session import ReplayError, Session
from pnpkit.referee.engine.verdict import MoveRefused, MoveSyntaxError
from pnpkit.referee.log.game_log import Event
from pnpkit.referee.log.store import make_setup

__all__ = ["Case", "enter", "fuzz_examples", "playthrough", "playthrough_cases", "soak"]

SOAK_ENV = "PNPKIT_SOAK"
MAX_STEPS = 20000
JUNK = ("", "   ", "xyzzy", "play", "12 34", "pass pass pass", "🦫", "play ZZ-99 z99", ":", "a=b")


@dataclass(frozen=True)
class Case:
    """One play-through: game, player count, digital or table mode, variant, options, seed."""

    game: str
    players: int
    seed: int
    digital: bool = True
    variant: str = ""
    options: Mapping[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        mode = "digital" if self.digital else "table"
        extra = f"-{self.variant}" if self.variant else ""
        return f"{self.game}{extra}-{self.players}p-{mode}-seed{self.seed}"


def enter(setup: Setup, state: State, *texts: str) -> State:
    """Enter moves typed as at the table, each checked and applied, with the rules' own moves
    (`forced`) after each: a state for a test to start from. AssertionError if one is refused."""
    rules = setup.rules
    for text in texts:
        move = rules.parse(setup, state, text)
        verdict = rules.check(setup, state, move)
        assert verdict.ok, f"{text}: {verdict}"
        state = rules.apply(setup, state, move)
        while (forced := rules.forced(setup, state)) is not None:
            state = rules.apply(setup, state, forced)
    return state


CHOICE_COMBINATIONS = 1_000
"""Combinations of the players' secret choices a step's check parses every one of, under
`make test` (a six-seal Año Nuevo Travel has 6^6); above it, a sample (`_check_choices`)."""
CHOICE_SAMPLE = 200
SOAK_FACTOR = 3
"""Under `make soak`, each configuration plays this many times the games `make test` plays."""
SOAK_EXAMPLES = 100
"""Hypothesis examples per fuzz test under `make soak`."""


def soak() -> bool:
    """Whether `make soak` is running (PNPKIT_SOAK set)."""
    return os.environ.get(SOAK_ENV, "") not in ("", "0")


def fuzz_examples(quick: int) -> int:
    """Examples for a fuzz test: `quick` under `make test`, SOAK_EXAMPLES under `make soak`."""
    return max(quick, SOAK_EXAMPLES) if soak() else quick


def playthrough_cases(
    game: str,
    players: Sequence[int],
    variants: Sequence[str] = ("",),
    modes: Sequence[bool] = (True, False),
    options: Sequence[Mapping[str, str]] = ({},),
    games: int = 2,
    soak_games: int | None = None,
) -> list[Case]:
    """Cases for pytest.mark.parametrize: `games` per configuration; under soak `soak_games`,
    by default SOAK_FACTOR times `games` (`make soak` must end within 30 minutes on 2 cores)."""
    count = (games * SOAK_FACTOR if soak_games is None else soak_games) if soak() else games
    return [
        Case(game, n, seed, digital, variant, dict(opts))
        for n in players
        for variant in variants
        for digital in modes
        for opts in options
        for seed in range(count)
    ]


def playthrough(case: Case, undo_every: int = 7) -> Session:
    """Play `case` to the end at random, checking every promise above; AssertionError if broken."""
    problems = _linted(case.game)
    assert not problems, f"{case.game}: the rules break the contract: " + "; ".join(problems)
    game = load_game(case.game)
    names = [f"P{n + 1}" for n in range(case.players)]
    setup = make_setup(game, names, case.variant, case.options, case.seed if case.digital else None)
    rules = setup.rules
    rng = random.Random(str(case))
    session = Session(setup)
    session.advance()
    mirror = Session(setup)
    census = rules.census(setup, session.state)
    lo, hi = rules.score_bounds(setup)
    for step in range(MAX_STEPS):
        _check_replay(mirror, session, f"{case} step {step}")
        prompt = session.prompt()
        kind = rules.prompt_kind(setup, session.state)
        assert kind == prompt.kind, f"{case} step {step}: prompt_kind {kind} != {prompt.kind}"
        _check_prompt_names_actors(prompt, f"{case} step {step}")
        if prompt.kind == "over":
            break
        legal = session.legal()
        assert legal, f"{case} step {step}: no legal move but the game is not over ({prompt.text})"
        listed = {canonical(m) for m in legal}
        _check_listed_moves(session, legal, rng)
        _check_choices(session, listed, f"{case} step {step}")
        _check_refusals(session, legal, listed, rng)
        move = rules.random_move(setup, session.state, rng) if case.digital else rng.choice(legal)
        before = session.state
        session.submit(move)
        assert rules.census(setup, session.state) == census, f"{case} step {step}: pieces changed"
        if step % undo_every == 0:
            after = session.state
            session.undo()
            assert session.state == before, f"{case} step {step}: undo did not restore the state"
            session.submit(move)
            # digital chance is drawn afresh after an undo (no peeking): only the table's
            # own outcomes must come back the same
            same = session.state == after or case.digital
            assert same, f"{case} step {step}: re-entering after undo differs"
    else:
        raise AssertionError(f"{case}: no end after {MAX_STEPS} steps")
    replayed = Session(setup)
    replayed.replay(_logged(session.events))
    assert replayed.state == session.state, f"{case}: replaying the log differs from live play"
    sheet = rules.score(setup, session.state)
    for player in names:
        assert lo <= sheet.total(player) <= hi, f"{case}: {player} scored {sheet.total(player)}"
    assert sheet.winners and set(sheet.winners) <= set(sheet.points), f"{case}: no winner"
    return session


def random_states(case: Case, every: int = 1) -> Iterator[tuple[Setup, State]]:
    """Every `every`-th state of a random game of `case` to its end, the last one always (for
    tests of what is shown: views, the table as data, pictures); no checks on the way."""
    game = load_game(case.game)
    names = [f"P{n + 1}" for n in range(case.players)]
    setup = make_setup(game, names, case.variant, case.options, case.seed if case.digital else None)
    rules, rng = setup.rules, random.Random(str(case))
    session = Session(setup)
    session.advance()
    for step in range(MAX_STEPS):
        over = session.prompt().kind == "over"
        if over or step % every == 0:
            yield setup, session.state
        if over:
            return
        session.submit(rules.random_move(setup, session.state, rng))
    raise AssertionError(f"{case}: no end after {MAX_STEPS} steps")


def _logged(events: list[Event]) -> list[Event]:
    """Events as a log gives them back: through JSON, as `game_log` writes and reads them."""
    return json.loads(json.dumps(events))


@functools.cache
def _linted(game: str) -> tuple[str, ...]:
    """`referee lint` of `game`'s rules, once per process (a shorter run than the command's)."""
    from pnpkit.referee.checks.lint import lint

    return tuple(lint(game, games=1, max_steps=150))


def _check_replay(mirror: Session, session: Session, where: str) -> None:
    """Replay the events logged since the last step into `mirror`: it must match live play."""
    try:
        mirror.replay(_logged(session.events[len(mirror.events) :]))
    except ReplayError as exc:
        raise AssertionError(f"{where}: replaying the log differs from live play: {exc}") from exc
    assert mirror.state == session.state, f"{where}: replaying the log differs from live play"


def _check_prompt_names_actors(prompt: Prompt, where: str) -> None:
    """A prompt for players says who acts: each of them by name, or all of them as "all"."""
    if prompt.kind in ("move", "simultaneous") and prompt.actors:
        unnamed = [a for a in prompt.actors if a.lower() not in prompt.text.lower()]
        assert not unnamed or prompt.text.startswith("all"), (
            f"{where}: the prompt {prompt.text!r} does not name {', '.join(unnamed)}"
        )


def _check_listed_moves(session: Session, legal: list[Move], rng: random.Random) -> None:
    for move in rng.sample(legal, min(len(legal), 8)):
        verdict = session.check(move)
        assert verdict.ok, f"listed move {session.text(move)} refused: {verdict}"
        assert canonical(session.parse(session.text(move))) == canonical(move), (
            f"text form {session.text(move)!r} does not parse back to the move"
        )


def _check_choices(session: Session, listed: set[str], where: str) -> None:
    """Each player's own options, combined, are exactly the legal moves: every combination when
    they are at most CHOICE_COMBINATIONS (always under `make soak`), else as many legal moves as
    combinations and a random CHOICE_SAMPLE of the combinations each a different legal move."""
    choices = session.rules.choices(session.setup, session.state)
    if choices is None:
        return
    names = list(choices.options)

    def spelled(combo: Sequence[str]) -> str:
        return canonical(session.parse(choices.spelled(dict(zip(names, combo, strict=True)))))

    options = [sorted(set(own)) for own in choices.options.values()]
    combinations = math.prod(map(len, options))
    if soak() or combinations <= CHOICE_COMBINATIONS:
        every = {spelled(combo) for combo in itertools.product(*options)}
        assert every == listed, f"{where}: the choices are not `legal`"
        return
    assert combinations == len(listed), (
        f"{where}: {combinations} combinations of the choices but {len(listed)} legal moves"
    )
    rng, made = random.Random(where), {}
    for combo in {tuple(rng.choice(own) for own in options) for _ in range(CHOICE_SAMPLE)}:
        move = spelled(combo)
        assert move in listed, f"{where}: the choices {combo} are no legal move"
        assert made.setdefault(move, combo) == combo, f"{where}: {combo} and {made[move]} alike"


def _check_refusals(
    session: Session, legal: list[Move], listed: set[str], rng: random.Random
) -> None:
    state, events = session.state, len(session.events)
    for text in _suspects(session, legal, rng):
        try:
            move = session.parse(text)
        except MoveSyntaxError:
            continue
        if canonical(move) in listed:
            continue
        try:
            session.submit(move)
        except MoveRefused:
            pass
        else:
            rules = session.rules
            assert not rules.legal_is_complete or move["type"] in rules.unlisted, (
                f"{text!r} accepted but not listed"
            )
            session.undo()
        assert session.state == state, f"refusing {text!r} changed the state"
        logged = session.events[events:]
        assert not logged or "undo" in logged[-1], f"refusing {text!r} was logged"


def _suspects(session: Session, legal: list[Move], rng: random.Random) -> list[str]:
    """Malformed text, and legal moves with one word swapped for a word from elsewhere."""
    pool = [w for m in rng.sample(legal, min(len(legal), 20)) for w in session.text(m).split()]
    pool += ["a1", "i9", "z1", "0", "-1", "999", *session.setup.players]
    pool += [c.id for c in rng.sample(list(session.setup.game.components()), 3)]
    suspects = list(rng.sample(JUNK, 3))
    for move in rng.sample(legal, min(len(legal), 4)):
        parts = session.text(move).split()
        parts[rng.randrange(len(parts))] = rng.choice(pool)
        suspects.append(" ".join(parts))
    return suspects
