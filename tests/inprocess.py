"""`pnp ARGS…` run inside the test's own process, through the same entry point as the installed
command (pnpkit.entry.main), with its arguments, working folder, standard input and output
swapped in for the call and its exit turned into a return code: what a subprocess would give,
without starting Python and importing pnpkit anew at every call (half a second or more under
load). Each command family keeps at least one real subprocess test beside the tests using this.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

from pnpkit.entry import main

ROOT = Path(__file__).resolve().parents[1]
"""The repository, on the path of run_pnp_in_one_process's process (it imports this module)."""
BATCH = """import json, sys
from tests.inprocess import run_pnp
done = [run_pnp(*args, cwd=cwd) for args, cwd in json.load(sys.stdin)]
print(json.dumps([[d.returncode, d.stdout, d.stderr] for d in done]))
"""


def run_pnp(
    *args: object, cwd: Path | None = None, input: str | None = None
) -> subprocess.CompletedProcess[str]:
    """`pnp ARGS…` as `subprocess.run(…, capture_output=True, text=True)` reports it."""
    argv = ["pnp", *map(str, args)]
    stdout, stderr = _text_stream(), _text_stream()
    stdin = io.TextIOWrapper(io.BytesIO((input or "").encode()), encoding="utf-8")
    code: int | str | None = 0
    saved = sys.argv, sys.stdin, sys.stdout, sys.stderr
    with contextlib.chdir(cwd) if cwd is not None else contextlib.nullcontext():
        sys.argv, sys.stdin, sys.stdout, sys.stderr = argv, stdin, stdout, stderr
        try:
            main()
        except SystemExit as exited:
            code = exited.code
        finally:
            sys.argv, sys.stdin, sys.stdout, sys.stderr = saved
    if isinstance(code, str):  # sys.exit("message"): printed to stderr, exit 1, as Python does
        print(code, file=stderr)
        code = 1
    return subprocess.CompletedProcess(argv, code or 0, _read(stdout), _read(stderr))


def _text_stream() -> io.TextIOWrapper:
    """A text stream with a byte buffer beneath, as a real stdout has."""
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace")


def _read(stream: io.TextIOWrapper) -> str:
    stream.flush()
    return stream.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]


def run_pnp_in_one_process(
    commands: list[tuple[list[object], Path | None]], env: dict[str, str]
) -> list[subprocess.CompletedProcess[str]]:
    """Each `pnp` command (its arguments and working folder, or None) run by `run_pnp`, one
    after another, in a single new Python process with the environment `env`: for commands
    that need a process started with `env` (its path decides which rules are installed),
    without starting one for each."""
    path = os.pathsep.join([env.get("PYTHONPATH", ""), str(ROOT)])
    batch = [([str(a) for a in args], str(cwd) if cwd else None) for args, cwd in commands]
    done = subprocess.run(
        [sys.executable, "-c", BATCH], input=json.dumps(batch), capture_output=True, text=True,
        env={**env, "PYTHONPATH": path}, check=True,
    )  # fmt: skip
    return [
        subprocess.CompletedProcess(["pnp", *args], code, out, err)
        for (args, _), (code, out, err) in zip(batch, json.loads(done.stdout), strict=True)
    ]
