"""`referee …` run in the test's own process, through the console script's entry point
(`pnpkit.entry.referee_main`: the plain-move fast path, the CLI and its one error boundary), for
tests that read a command's exit code and output many times: starting Python for each costs
more than the command. The tests of the commands as programs (tests/referee/test_cli.py and
others) still start the real `referee` script."""

from __future__ import annotations

import io
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout

import pytest

from pnpkit.entry import referee_main


def referee(*args: object, stdin: str = "") -> subprocess.CompletedProcess:
    """`referee ARGS` as a finished process: its exit code, stdout and stderr."""
    words = ["referee", *map(str, args)]
    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys, "argv", words)
        patch.setattr(sys, "stdin", io.StringIO(stdin))
        with redirect_stdout(out), redirect_stderr(err):
            try:
                referee_main()
                code = 0
            except SystemExit as exit:
                code = exit_status(exit.code, err)
    return subprocess.CompletedProcess(words, code, out.getvalue(), err.getvalue())


def exit_status(code: object, stderr: io.StringIO) -> int:
    """The exit status of a process ended by `sys.exit(code)`, as the interpreter sets it."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=stderr)
    return 1
