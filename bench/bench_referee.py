"""Referee speed, each figure against a floor measured in the same sitting.

1. `referee move` on a finished game's log (a refused move), against `python -c pass` (the
   interpreter's own start-up): within 8× of it (about 150 ms on a quiet machine of this kind).
2. Replay (load, parse, re-check) of 2,500 to 10,000 events, against a bare loop that reads the
   same file and parses each line as JSON: within 40× of it, and linear (10k/2.5k ratio < 6).
3. Complete random Alpina play-throughs in one process, against a floor loop that makes the same
   number of random choices from lists of the same sizes: at least 1/100 of the floor's rate
   (about 1,000 games/s on a quiet machine of this kind).

Floor and pnpkit take turns, seven runs each, and the best of each is compared; the absolute
figures are printed for the record only.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench import sitting
from bench.bench_render import measure
from pnpkit.components import load_game
from pnpkit.referee.checks.harness import Case, playthrough
from pnpkit.referee.engine.session import Session
from pnpkit.referee.log.game_log import create_log
from pnpkit.referee.log.store import header_for, load_session, make_setup
from pnpkit.referee.simulation.simulate import play_random

REFEREE = Path(sys.executable).parent / "referee"
RUNS = 7
MOVE_FACTOR = 8.0
REPLAY_FACTOR = 40.0
PLAYTHROUGH_FACTOR = 100.0


def _finished_log(folder: Path) -> Path:
    session = playthrough(Case("alpina", 4, seed=1, digital=False))
    path = folder / "finished.jsonl"
    _write(path, session)
    return path


def _write(path: Path, session: Session) -> None:
    create_log(path, header_for(session.setup))
    with path.open("a") as handle:
        for event in session.events:
            handle.write(json.dumps(event, separators=(",", ":")) + "\n")


def _churn_log(folder: Path, events: int) -> Path:
    """An Alpina table game padded with play/undo pairs to `events` events."""
    setup = make_setup(load_game("alpina"), ["A", "B", "C", "D"])
    session = Session(setup)
    session.advance()
    for text in ("start AL-20", "first A"):
        session.submit(session.parse(text))
    while len(session.events) < events - 1:
        session.submit(session.parse("play AL-01 e4"))
        session.undo()
    path = folder / f"churn-{events}.jsonl"
    _write(path, session)
    return path


def _best_in_turns(*work: Callable[[], object]) -> list[float]:
    """The best wall time of each callable over RUNS runs, the callables taking turns."""
    times: list[list[float]] = [[] for _ in work]
    for _ in range(sitting.scaled(RUNS, 1)):
        for job, found in zip(work, times, strict=True):
            start = time.perf_counter()
            job()
            found.append(time.perf_counter() - start)
    return [min(found) for found in times]


def _bare_replay(path: Path) -> None:
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            json.loads(line)


def _alpina_games(count: int) -> None:
    """Play and score `count` random digital Alpina games (4 players)."""
    game = load_game("alpina")
    rng = random.Random(1)
    for seed in range(count):
        setup = make_setup(game, ["A", "B", "C", "D"], seed=seed)
        setup.rules.score(setup, play_random(setup, rng))


def _floor_choices(count: int) -> None:
    """The floor for play-throughs: a game's worth of random choices (about 100 moves, each from
    a list of about 50 options) per game, `count` games."""
    rng = random.Random(1)
    options = list(range(50))
    for _ in range(count * 100):
        rng.choice(options)


def main() -> int:
    checks: list[tuple[str, bool]] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        log = _finished_log(folder)
        floor, move = measure(
            [sys.executable, "-c", "pass"],
            [str(REFEREE), "move", str(log), "pass"],
            exit_codes=(0, 1),
        )
        ratio = move[0] / floor[0]
        checks.append(
            (
                f"referee move on a finished log: {move[0] * 1000:.0f} ms, python -c pass "
                f"{floor[0] * 1000:.0f} ms: {ratio:.1f}× (target ≤ {MOVE_FACTOR:.0f}×)",
                ratio <= MOVE_FACTOR,
            )
        )
        replays = {}
        for size in (2500, 5000, 10000):
            path = _churn_log(folder, size)
            replays[size] = _best_in_turns(
                lambda p=path: _bare_replay(p), lambda p=path: load_session(p)
            )
        bare, full = replays[10000]
        linear = replays[10000][1] / replays[2500][1]
        checks.append(
            (
                "replay: "
                + ", ".join(f"{n} events {t[1] * 1000:.0f} ms" for n, t in replays.items())
                + f"; bare loop {bare * 1000:.1f} ms: {full / bare:.0f}× (target ≤ "
                f"{REPLAY_FACTOR:.0f}×); 10k/2.5k {linear:.1f} (linear ≈ 4, target < 6)",
                full / bare <= REPLAY_FACTOR and linear < 6,
            )
        )
    games = sitting.scaled(40, 4)
    floor_time, ours = _best_in_turns(lambda: _floor_choices(games), lambda: _alpina_games(games))
    rate, floor_rate = games / ours, games / floor_time
    checks.append(
        (
            f"Alpina random play-throughs: {rate:.0f} games/s; floor {floor_rate:.0f}/s: 1/"
            f"{floor_rate / rate:.0f} of it (target ≥ 1/{PLAYTHROUGH_FACTOR:.0f})",
            floor_rate / rate <= PLAYTHROUGH_FACTOR,
        )
    )
    for text, ok in checks:
        print(f"{'ok  ' if ok else 'MISS'} {text}")
    return 0 if all(ok for _, ok in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
