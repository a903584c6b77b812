"""A command run in the test's own process, through its console script's entry point
(`pnpkit.entry.main` for `pnp`, `referee_main` for `referee`: the plain-move fast path, the CLI
and its one error boundary), for tests that read a command's exit code and output many times:
starting Python for each costs more than the command. The tests of the commands as programs
(tests/referee/test_cli.py and others) still start the real scripts."""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Mapping
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from pnpkit import entry

ENTRIES = {"pnp": entry.main, "referee": entry.referee_main}
"""Each console script's entry point."""


def run_in_process(
    words: list[str],
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
    stdin: str = "",
) -> subprocess.CompletedProcess:
    """`words` (`pnp …` or `referee …`) as a finished process: its exit code, stdout and stderr;
    run in `cwd` with `env` set (both put back after)."""
    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        if cwd is not None:
            patch.chdir(cwd)
        for name, value in (env or {}).items():
            patch.setenv(name, value)
        patch.setattr(sys, "argv", list(words))
        patch.setattr(sys, "stdin", io.StringIO(stdin))
        with redirect_stdout(out), redirect_stderr(err):
            try:
                ENTRIES[words[0]]()
                code = 0
            except SystemExit as exit:
                code = exit_status(exit.code, err)
    return subprocess.CompletedProcess(words, code, out.getvalue(), err.getvalue())


def referee(*args: object, stdin: str = "") -> subprocess.CompletedProcess:
    """`referee ARGS` run in-process."""
    return run_in_process(["referee", *map(str, args)], stdin=stdin)


def exit_status(code: object, stderr: io.StringIO) -> int:
    """The exit status of a process ended by `sys.exit(code)`, as the interpreter sets it."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=stderr)
    return 1
