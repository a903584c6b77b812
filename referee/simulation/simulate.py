"""Simulated play-throughs in digital mode, summarised: wins by seat, scores and game length.

Each game `n` is seeded from the master seed alone (`seed + n` for the referee's draws, and
`"{seed}/{n}"` for the players' choices), so the results are the same however the games are
shared out: in this process, a process pool (`jobs`), or a Dask cluster (`executor="dask"`).
"""

from __future__ import annotations

import contextlib
import ctypes
import logging
import math
import os
import random
import signal
import socket
import statistics
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import CancelledError, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from functools import cache
from typing import Any
from urllib.parse import urlsplit

from pnpkit.components.model import Game
from pnpkit.errors import PnpError
from pnpkit.referee.engine.moves import Move
from pnpkit.referee.engine.rules import RulesFault, Setup, State
from pnpkit.referee.log.store import make_setup
from pnpkit.referee.simulation.bots import (
    DECISION_LIMIT,
    PlayerSpec,
    by_decider,
    decide,
    decide_together,
    describe_players,
    endless,
    require_fair,
)

Record = dict[str, Any]
"""One finished game: `n`, `scores` (total by player), `winners`, `moves` (players' decisions),
`stats` (the game's own figures)."""


class ExecutorError(PnpError):
    """A cluster that cannot be used (the extra not installed, no scheduler at the address)."""

    exit_code = 2


@dataclass(frozen=True)
class Plan:
    """What to play: picklable, so that worker processes and cluster workers can play it."""

    game: str
    """The game's ID or directory, loaded again in each worker."""
    seats: int
    specs: tuple[PlayerSpec, ...] = ()
    """One player per seat; empty: every seat random."""
    variant: str = ""
    options: Mapping[str, str] = field(default_factory=dict)
    seed: int = 0

    @property
    def names(self) -> list[str]:
        """The seats' names: `seat 1`, `seat 2`, …"""
        return [f"seat {n + 1}" for n in range(self.seats)]


def default_jobs() -> int:
    """All the cores this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


@cache
def _game(game: str) -> Game:
    from pnpkit.components import load_game

    return load_game(game)


def plan_setup(plan: Plan, n: int) -> Setup:
    """Game `n`'s setup (digital mode, seeded from the master seed)."""
    return make_setup(_game(plan.game), plan.names, plan.variant, plan.options, seed=plan.seed + n)


def play(setup: Setup, specs: Sequence[PlayerSpec], rng: random.Random, seed: str) -> Any:
    """Play one game to its end; the final state and the number of players' decisions. Chance and
    random players draw from `rng`; a skilled player from its own `"{seed}/{seat}"` source."""
    rules = setup.rules
    by_seat = dict(zip(setup.players, specs, strict=False))
    own = {p: random.Random(f"{seed}/{p}") for p, s in by_seat.items() if s.kind != "random"}
    state = rules.initial(setup)
    moves = 0
    while True:
        forced = rules.forced(setup, state)
        kind = rules.prompt_kind(setup, state)
        if forced is not None:
            move = forced
        elif kind == "over":
            return state, moves
        elif kind == "chance":
            move = rules.chance(setup, state, rng)
        elif moves == DECISION_LIMIT:
            raise endless(rules)
        else:
            moves += 1
            if own and kind == "move":
                move = _decision(setup, state, by_seat, own, rng)
            elif own and kind == "simultaneous":
                skilled = {p: (by_seat[p], own[p]) for p in own}
                move = decide_together(setup, state, skilled, rng)
            else:
                move = rules.random_move(setup, state, rng)
        state = rules.apply(setup, state, move)


def _decision(
    setup: Setup,
    state: State,
    by_seat: dict[str, PlayerSpec],
    own: dict[str, random.Random],
    rng: random.Random,
) -> Move:
    """A move at a "move" prompt with skilled seats: each seat decides only its own moves. When
    several may act, which goes first is drawn at random; a decision of no single seat (a tie
    the table breaks) is drawn at random too, never made by one of the seats."""
    deciders = by_decider(setup, state)
    seat = next(iter(deciders)) if len(deciders) == 1 else rng.choice(list(deciders))
    mine = deciders[seat]
    if seat is None or seat not in own:
        return rng.choice(mine)
    return decide(by_seat[seat], setup, state, seat, own[seat], mine)


def play_random(setup: Setup, rng: random.Random) -> Any:
    """Play one game to its end with random legal moves; the final state."""
    return play(setup, (), rng, "")[0]


def play_game(plan: Plan, n: int) -> Record:
    """Play game `n` of the plan; its record."""
    setup = plan_setup(plan, n)
    state, moves = play(setup, plan.specs, random.Random(f"{plan.seed}/{n}"), f"{plan.seed}/{n}")
    sheet = setup.rules.score(setup, state)
    return {
        "n": n,
        "scores": {p: sheet.total(p) for p in sheet.points},
        "winners": list(sheet.winners),
        "moves": moves,
        "stats": dict(setup.rules.stats(setup, state)),
    }


def play_games(plan: Plan, numbers: Sequence[int]) -> list[Record]:
    """Play several games of the plan (a worker's share). An exception raised in the rules'
    code becomes their RulesFault here, where the traceback still shows whose code failed."""
    from pnpkit.referee.engine.faults import blame

    records = []
    for n in numbers:
        try:
            records.append(play_game(plan, n))
        except RulesFault as exc:
            raise RulesFault(f"game {n} (--seed {plan.seed}): {exc}") from None
        except PnpError:
            raise
        except Exception as exc:
            fault = blame(exc)
            if fault is None:
                raise
            raise RulesFault(f"game {n} (--seed {plan.seed}): {fault}") from None
    return records


def _chunks(games: int, jobs: int) -> list[range]:
    """Shares of about eight per worker, so that slow games even out and progress moves."""
    size = max(1, math.ceil(games / (jobs * 8)))
    return [range(start, min(games, start + size)) for start in range(0, games, size)]


def run_games(
    plan: Plan,
    games: int,
    jobs: int = 1,
    executor: str = "",
    address: str = "",
    progress: Callable[[int], None] | None = None,
) -> list[Record]:
    """Every game's record in order of `n`: in this process (jobs 1), a process pool, or a Dask
    cluster at `address`. `progress(k)` is called as each share of `k` games finishes."""
    setup = plan_setup(plan, 0)  # refuses a bad player count, variant or options at once
    require_fair(setup.rules, plan.specs)
    tick = progress or (lambda _: None)
    shares = _chunks(games, jobs if not executor else 16)
    if executor == "dask":
        finished = _on_dask(plan, shares, address)
    elif jobs <= 1:
        finished = ((play_games(plan, share)) for share in shares)
    else:
        finished = _in_pool(plan, shares, jobs)
    records: list[Record] = []
    try:
        for share in finished:
            records += share
            tick(len(share))
    except BrokenProcessPool:
        raise ExecutorError(
            "a simulate worker process ended before its games were done (killed, or out of "
            f"memory?); {_done(records, games)}"
        ) from None
    except (CancelledError, OSError, TimeoutError) as exc:
        if executor != "dask":
            raise
        raise ExecutorError(
            f"--executor dask: the cluster at {address} stopped answering "
            f"({type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}); "
            f"{_done(records, games)}"
        ) from None
    return sorted(records, key=lambda r: r["n"])


def _done(records: list[Record], games: int) -> str:
    """Which games were finished, as ranges of game numbers (counted from 0)."""
    numbers = sorted(record["n"] for record in records)
    if not numbers:
        return f"none of the {games} games was done"
    spans: list[list[int]] = []
    for n in numbers:
        if spans and n == spans[-1][1] + 1:
            spans[-1][1] = n
        else:
            spans.append([n, n])
    listed = ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in spans)
    return f"{len(numbers)} of the {games} games were done (games {listed}); nothing was reported"


def _in_pool(plan: Plan, shares: list[range], jobs: int) -> Iterator[list[Record]]:
    with ProcessPoolExecutor(
        max_workers=jobs, initializer=end_with_parent, initargs=(os.getpid(),)
    ) as pool:
        futures = [pool.submit(play_games, plan, share) for share in shares]
        try:
            for future in as_completed(futures):
                yield future.result()
        finally:
            for future in futures:
                future.cancel()


PR_SET_PDEATHSIG = 1
"""prctl(2) option: the signal this process gets when its parent ends (Linux)."""


def end_with_parent(parent: int, poll: float = 1.0) -> None:
    """A worker's initializer: end this process when `parent` ends, so that killing simulate
    leaves no worker behind. Linux sends SIGKILL at the parent's death (prctl); elsewhere, and
    as a fallback, a thread ends the process once its parent is no longer `parent`."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent ended before prctl took effect
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(poll)
        os._exit(1)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


def _on_dask(plan: Plan, shares: list[range], address: str) -> Iterator[list[Record]]:
    try:
        from distributed import Client
        from distributed import as_completed as dask_completed
    except ImportError as exc:
        raise ExecutorError(
            "--executor dask needs Dask distributed: pip install 'pnpkit[cluster]'"
        ) from exc
    try:
        refused = _refused(address)
        if refused is not None:
            raise refused
        client = Client(address, timeout="5s")
    except OSError as exc:
        raise ExecutorError(f"--executor dask: no Dask scheduler at {address} ({exc})") from exc
    with _quiet("distributed"), client:
        futures = client.map(play_games, [plan] * len(shares), shares, pure=False)
        for future in dask_completed(futures):
            yield future.result()


def _refused(address: str) -> OSError | None:
    """Why a TCP connection to a `tcp://HOST:PORT` scheduler fails, found at once (a Dask client
    retries a refused connection for its whole timeout); None when it connects or the address
    is of another kind."""
    parts = urlsplit(address)
    try:
        host, port = parts.hostname, parts.port
    except ValueError:  # a port that is no number: the client's to refuse
        return None
    if parts.scheme != "tcp" or not host or port is None:
        return None
    try:
        with socket.create_connection((host, port), timeout=5):
            return None
    except OSError as exc:
        return exc


@contextlib.contextmanager
def _quiet(library: str) -> Iterator[None]:
    """Silence a library's loggers (Dask logs a lost scheduler with tracebacks; simulate tells
    it once, as an ExecutorError)."""
    names = [library, *(n for n in logging.root.manager.loggerDict if n.startswith(library + "."))]
    loggers = [logging.getLogger(name) for name in names]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def summarise(plan: Plan, setup: Setup, records: list[Record]) -> dict[str, Any]:
    """Wins by seat (with 95% Wilson intervals), scores overall and by seat, game length, and the
    game's own figures averaged."""
    names = plan.names
    wins: Counter[str] = Counter(w for r in records for w in r["winners"])
    seats = sorted(
        set(names) | set(wins) | {p for r in records for p in r["scores"]}, key=names_order(names)
    )
    games = len(records)
    figures: dict[str, list[float]] = {}
    for record in records:
        for key, value in record["stats"].items():
            figures.setdefault(key, []).append(value)
    players = describe_players(plan.specs, plan.seats)
    return {
        "game": setup.game.id,
        "players": plan.seats,
        "players_by_seat": dict(zip(names, players, strict=True)),
        "variant": setup.variant,
        "options": dict(setup.options),
        "games": games,
        "seed": plan.seed,
        "wins_by_seat": {p: wins[p] for p in seats},
        "win_rate_by_seat": {p: _rate(wins[p], games) for p in seats},
        "scores": _spread([t for r in records for t in r["scores"].values()]),
        "scores_by_seat": {
            p: _spread([r["scores"][p] for r in records if p in r["scores"]])
            for p in seats
            if any(p in r["scores"] for r in records)
        },
        "winning_scores": _spread([r["scores"][r["winners"][0]] for r in records]),
        "moves": _spread([r["moves"] for r in records]),
        "stats": {key: round(statistics.fmean(values), 3) for key, values in figures.items()},
    }


def simulate(
    game: Game,
    players: int,
    games: int,
    seed: int,
    variant: str = "",
    options: Mapping[str, str] | None = None,
    specs: tuple[PlayerSpec, ...] = (),
    jobs: int = 1,
) -> dict[str, Any]:
    """Play `games` games with the given players (random when `specs` is empty) and summarise."""
    plan = Plan(str(game.directory), players, specs, variant, dict(options or {}), seed)
    records = run_games(plan, games, jobs)
    return summarise(plan, plan_setup(plan, 0), records)


def names_order(names: list[str]) -> Callable[[str], tuple[int, str]]:
    """Sort seats first in seat order, then any other scorer (an Automa) by name."""
    return lambda p: (names.index(p) if p in names else len(names), p)


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = (
        z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    )
    return (max(0.0, centre - half), min(1.0, centre + half))


def _rate(wins: int, games: int) -> dict[str, float]:
    low, high = wilson(wins, games)
    return {
        "rate": round(wins / games, 4) if games else 0.0,
        "low": round(low, 4),
        "high": round(high, 4),
    }


def _spread(values: list[int]) -> dict[str, float]:
    return {
        "min": min(values),
        "mean": round(statistics.fmean(values), 2),
        "median": statistics.median(values),
        "max": max(values),
    }
