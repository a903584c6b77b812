"""The console scripts. `pnp referee …` goes straight to the referee's CLI, and the command typed
most at the table, `referee move LOG "MOVE" [--json]`, skips building a CLI at all: importing
typer and click alone costs more than checking and recording the move.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator


def _plain_move(args: list[str]) -> tuple[str, str, bool] | None:
    """(log, move, json) when `args` is exactly `move LOG MOVE [--json]`, else None."""
    as_json = "--json" in args
    rest = [a for a in args if a != "--json"]
    if len(rest) != 3 or rest[0] != "move" or any(a.startswith("-") for a in rest[1:]):
        return None
    return rest[1], rest[2], as_json


def referee_main(args: list[str] | None = None) -> None:
    """Run the `referee` command (also `pnp referee`)."""
    with _quiet_when_the_pipe_closes():
        _referee(sys.argv[1:] if args is None else args)


def _referee(args: list[str]) -> None:
    plain = _plain_move(args)
    if plain is None:
        from pnpkit.referee.cli.commands import main

        main()
        return
    from pathlib import Path

    from pnpkit.boundary import run_command
    from pnpkit.referee.log.move_command import enter_move

    log, text, as_json = plain
    run_command(lambda: sys.exit(enter_move(Path(log), text, as_json)))


def main() -> None:
    """Run `pnp`; `pnp referee …` is handed to the referee without loading the rest."""
    if sys.argv[1:2] == ["referee"]:
        sys.argv = [f"{sys.argv[0]} referee", *sys.argv[2:]]
        referee_main()
        return
    with _quiet_when_the_pipe_closes(), _ended_by_ctrl_c(watching=sys.argv[1:2] == ["watch"]):
        from pnpkit.cli import main as pnp_main

        pnp_main()


@contextlib.contextmanager
def _ended_by_ctrl_c(watching: bool) -> Iterator[None]:
    """Ctrl-C at any moment, start-up included, ends `pnp` without a traceback: `pnp watch`,
    which runs until stopped so, with "stopped" and exit 0; any other command with exit 130
    (128 + SIGINT, as shells report it). Files are written atomically: none is left half-done."""
    try:
        yield
    except KeyboardInterrupt:
        print("stopped" if watching else "interrupted", file=sys.stdout if watching else sys.stderr)
        sys.exit(0 if watching else 130)


@contextlib.contextmanager
def _quiet_when_the_pipe_closes() -> Iterator[None]:
    """`pnp components alpina | head`: when the reader stops early, end without a word (as
    Python's documentation advises: stdout pointed at devnull so the final flush cannot fail)."""
    try:
        yield
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(1)
