"""`simulate` whose workers are killed, or which is killed itself: a clear exit 2 naming what
failed and which games were done, and no worker left running without its parent."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pnpkit.referee.simulation.simulate import _done

REFEREE = Path(sys.executable).parent / "referee"
LONG = ["simulate", "alpina", "--games", "200000", "--jobs", "2"]


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def workers_of(process: subprocess.Popen, count: int) -> list[int]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        found = children(process.pid)
        if len(found) >= count:
            return found
        time.sleep(0.2)
    process.kill()
    pytest.fail(f"simulate started no {count} workers: {process.communicate()}")


pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")


def test_a_killed_worker_is_a_clear_error_not_a_traceback() -> None:
    process = subprocess.Popen(
        [REFEREE, *LONG], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    workers = workers_of(process, 2)
    time.sleep(1)
    os.kill(workers[0], signal.SIGKILL)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 2, stderr
    assert "Traceback" not in stderr, stderr
    assert "error: a simulate worker process ended before its games were done" in stderr
    assert "of the 200000 games" in stderr
    time.sleep(0.5)
    assert not [pid for pid in workers if alive(pid)]


def test_workers_end_when_simulate_is_killed() -> None:
    process = subprocess.Popen(
        [REFEREE, *LONG], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    workers = workers_of(process, 2)
    process.kill()
    process.wait(timeout=10)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and [pid for pid in workers if alive(pid)]:
        time.sleep(0.2)
    left = [pid for pid in workers if alive(pid)]
    for pid in left:  # not to leave them loading the machine when the test fails
        os.kill(pid, signal.SIGKILL)
    assert not left, f"workers {left} outlived simulate"


def test_the_games_done_are_named_as_ranges() -> None:
    records = [{"n": n} for n in (0, 1, 2, 5, 7, 8)]
    assert _done(records, 10) == (
        "6 of the 10 games were done (games 0–2, 5, 7–8); nothing was reported"
    )
    assert _done([], 4) == "none of the 4 games was done"


def games_under_way(address: str) -> None:
    """Wait until the scheduler at `address` holds games handed out by a client (simulate's)."""
    from distributed import Client

    deadline = time.monotonic() + 120
    with Client(address, timeout="30s") as client:
        while time.monotonic() < deadline:
            if any(client.processing().values()):
                return
            time.sleep(0.2)
    pytest.fail(f"no game reached the Dask cluster at {address} in 120 s")


def test_a_killed_dask_scheduler_is_a_clear_error() -> None:
    pytest.importorskip("distributed", reason="Dask distributed is not installed")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    dask = [Path(sys.executable).parent / "dask"]
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    scheduler = subprocess.Popen(
        [*dask, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"], **quiet
    )
    worker = subprocess.Popen(
        [*dask, "worker", address, "--nworkers", "1", "--nthreads", "1", "--no-dashboard"], **quiet
    )
    try:
        process = subprocess.Popen(
            [REFEREE, "simulate", "alpina", "--games", "200000", "--executor", "dask", address],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        games_under_way(address)
        scheduler.kill()
        _, stderr = process.communicate(timeout=120)
    finally:
        for helper in (scheduler, worker):
            helper.kill()
            helper.wait()
    assert process.returncode == 2, stderr
    assert "Traceback" not in stderr, stderr
    assert f"error: --executor dask: the cluster at {address} stopped answering" in stderr
