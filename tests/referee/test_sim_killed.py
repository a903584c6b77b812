"""`simulate` whose workers are killed, or which is killed itself: a clear exit 2 naming what
failed and which games were done, and no worker left running without its parent."""

from __future__ import annotations

import json
import os
import signal
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


Helper = tuple[subprocess.Popen, Path]
"""A Dask scheduler or worker process, and the file its output goes to."""


def start(name: str, args: list[str | Path], folder: Path) -> Helper:
    """`dask NAME ARGS`, its output to `folder/NAME.log`."""
    log = folder / f"{name}.log"
    with log.open("w") as out:
        dask = Path(sys.executable).parent / "dask"
        return subprocess.Popen([dask, name, *args, "--no-dashboard"], stdout=out, stderr=out), log


def cluster_address(scheduler_file: Path, helpers: list[Helper]) -> str:
    """The address the scheduler wrote to `scheduler_file` (it chose a free port itself, so no
    other process can take the port first), once a worker has joined it."""
    from distributed import Client

    deadline = time.monotonic() + 120
    while not scheduler_file.exists() or not scheduler_file.read_text().strip():
        if time.monotonic() > deadline or any(h.poll() is not None for h, _ in helpers):
            pytest.fail(f"the Dask scheduler wrote no {scheduler_file}: {said(helpers)}")
        time.sleep(0.2)
    address = json.loads(scheduler_file.read_text())["address"]
    with Client(address, timeout="60s") as client:
        client.wait_for_workers(1, timeout=120)
    return address


def said(helpers: list[Helper]) -> str:
    """What the scheduler and worker said (their exit codes and the end of their output)."""
    return "; ".join(f"{log.stem} exit {h.poll()}: {log.read_text()[-2000:]}" for h, log in helpers)


def games_under_way(address: str, process: subprocess.Popen, helpers: list[Helper]) -> None:
    """Wait until the scheduler at `address` holds games handed out by `process` (simulate)."""
    from distributed import Client

    deadline = time.monotonic() + 120
    with Client(address, timeout="60s") as client:
        while time.monotonic() < deadline and process.poll() is None:
            if any(client.processing().values()):
                return
            time.sleep(0.2)
    ended = process.poll()
    told = process.communicate(timeout=60)[1] if ended is not None else "(still running)"
    process.kill()
    pytest.fail(
        f"no game reached the Dask cluster at {address}: simulate exit {ended}, said {told!r}; "
        f"{said(helpers)}"
    )


def test_a_killed_dask_scheduler_is_a_clear_error(tmp_path: Path) -> None:
    pytest.importorskip("distributed", reason="Dask distributed is not installed")
    found = tmp_path / "scheduler.json"
    helpers = [
        start(
            "scheduler", ["--host", "127.0.0.1", "--port", "0", "--scheduler-file", found], tmp_path
        ),
        start(
            "worker", ["--scheduler-file", found, "--nworkers", "1", "--nthreads", "1"], tmp_path
        ),
    ]
    try:
        address = cluster_address(found, helpers)
        process = subprocess.Popen(
            [REFEREE, "simulate", "alpina", "--games", "200000", "--executor", "dask", address],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        games_under_way(address, process, helpers)
        helpers[0][0].kill()
        _, stderr = process.communicate(timeout=120)
    finally:
        for helper, _ in helpers:
            helper.kill()
            helper.wait()
    assert process.returncode == 2, stderr
    assert "Traceback" not in stderr, stderr
    assert f"error: --executor dask: the cluster at {address} stopped answering" in stderr
