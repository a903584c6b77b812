"""Referee speed: `move` on a finished game's log, replay of 10,000 events, random play-throughs.

Targets: `referee move` ≤ 150 ms wall; replay linear and ≤ 1 s for 10,000 events; ≥ 1,000
complete Alpina random play-throughs per second in one process.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pnpkit.components import load_game
from pnpkit.referee.game_log import create_log
from pnpkit.referee.harness import Case, playthrough
from pnpkit.referee.session import Session
from pnpkit.referee.simulate import play_random
from pnpkit.referee.store import header_for, load_session, make_setup

REFEREE = Path(sys.executable).parent / "referee"


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


def bench_move(folder: Path) -> float:
    """Median wall time of `referee move` on a finished game's log (a refused move)."""
    path = _finished_log(folder)
    times = []
    for _ in range(7):
        start = time.perf_counter()
        subprocess.run([REFEREE, "move", path, "pass"], capture_output=True, check=False)
        times.append(time.perf_counter() - start)
    return sorted(times)[len(times) // 2]


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


def bench_replay(folder: Path) -> dict[int, float]:
    """Replay time (load, parse, re-check) for logs of 2,500 to 10,000 events."""
    found = {}
    for size in (2500, 5000, 10000):
        path = _churn_log(folder, size)
        start = time.perf_counter()
        load_session(path)
        found[size] = time.perf_counter() - start
    return found


def bench_playthroughs(seconds: float = 2.0) -> float:
    """Complete random Alpina games (digital, 4 players, scored) per second."""
    game = load_game("alpina")
    rng = random.Random(1)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        setup = make_setup(game, ["A", "B", "C", "D"], seed=games)
        state = play_random(setup, rng)
        setup.rules.score(setup, state)
        games += 1
    return games / (time.perf_counter() - start)


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        move = bench_move(folder)
        replay = bench_replay(folder)
    rate = bench_playthroughs()
    linear = replay[10000] / replay[2500]
    checks = [
        (f"referee move on a finished log: {move * 1000:.0f} ms (target ≤ 150)", move <= 0.150),
        (
            "replay: "
            + ", ".join(f"{n} events {t * 1000:.0f} ms" for n, t in replay.items())
            + f"; 10k/2.5k ratio {linear:.1f} (linear ≈ 4; target ≤ 1 s)",
            replay[10000] <= 1.0 and linear < 6,
        ),
        (f"Alpina random play-throughs: {rate:.0f} games/s (target ≥ 1000)", rate >= 1000),
    ]
    for text, ok in checks:
        print(f"{'ok  ' if ok else 'MISS'} {text}")
    return 0 if all(ok for _, ok in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
