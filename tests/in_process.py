"""`pnp …` and `referee …` run inside the test's own process, through the same entry points as the
installed console scripts (`pnpkit.entry.main`, `pnpkit.entry.referee_main`: the plain-move fast
path, the CLI and its one error boundary), with the arguments, working folder, environment and
standard streams swapped in for the call and its exit turned into a return code: what a
subprocess would give, without starting Python and importing pnpkit anew at every call (half a
second or more under load). The tests of the commands as programs (tests/referee/test_cli.py,
test_cli_conventions.py and others) still start the real scripts, at least one per command
family.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

from pnpkit import entry

ENTRIES = {"pnp": entry.main, "referee": entry.referee_main}
"""Each console script's entry point."""
ROOT = Path(__file__).resolve().parents[1]
"""The repository, on the path of run_pnp_in_one_process's process (it imports this module)."""
BATCH = """import json, sys
from tests.in_process import run_pnp
done = [run_pnp(*args, cwd=cwd) for args, cwd in json.load(sys.stdin)]
print(json.dumps([[d.returncode, d.stdout, d.stderr] for d in done]))
"""


def run_in_process(
    words: list[str],
    cwd: Path | str | None = None,
    env: Mapping[str, str] | None = None,
    stdin: str = "",
) -> subprocess.CompletedProcess[str]:
    """`words` (`pnp …` or `referee …`) as `subprocess.run(…, capture_output=True, text=True)`
    reports it: run in `cwd` with `env` set (both put back after)."""
    out, err = _text_stream(), _text_stream()
    with pytest.MonkeyPatch.context() as patch:
        if cwd is not None:
            patch.chdir(cwd)
        for name, value in (env or {}).items():
            patch.setenv(name, value)
        patch.setattr(sys, "argv", list(words))
        patch.setattr(sys, "stdin", _text_stream(stdin))
        patch.setattr(sys, "stdout", out)
        patch.setattr(sys, "stderr", err)
        try:
            ENTRIES[words[0]]()
            code = 0
        except SystemExit as exit:
            code = exit_status(exit.code, err)
    return subprocess.CompletedProcess(words, code, _read(out), _read(err))


def run_pnp(
    *args: object, cwd: Path | str | None = None, input: str | None = None
) -> subprocess.CompletedProcess[str]:
    """`pnp ARGS…` run in-process."""
    return run_in_process(["pnp", *map(str, args)], cwd=cwd, stdin=input or "")


def referee(*args: object, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """`referee ARGS…` run in-process."""
    return run_in_process(["referee", *map(str, args)], stdin=stdin)


def exit_status(code: object, stderr: io.TextIOBase) -> int:
    """The exit status of a process ended by `sys.exit(code)`, as the interpreter sets it: a
    message is printed to stderr and is exit 1."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=stderr)
    return 1


def _text_stream(text: str = "") -> io.TextIOWrapper:
    """A text stream with a byte buffer beneath, as a real standard stream has."""
    buffer = io.BytesIO(text.encode("utf-8"))
    return io.TextIOWrapper(buffer, encoding="utf-8", errors="backslashreplace")


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
