"""Blame a rules package for an exception raised in its code, instead of showing a traceback.

The engine calls a rules module's methods from many places; rather than wrap every call, the
commands' entry points hand any unexpected exception here. If the traceback passes through the
code of a rules package loaded in this process (the package holding the entry point's module),
the exception is that package's fault: the message names the package, the exception and the
line, and the command exits with RulesFault's code. Writing commands record nothing in that case
(a Session sends its events to the log only once a whole step has succeeded).
"""

from __future__ import annotations

import sys
import traceback
from pathlib import Path

from pnpkit.referee.engine.registry import RulesSource, loaded
from pnpkit.referee.engine.rules import RulesFault


def _home(source: RulesSource, rules: object) -> str:
    """The package whose code counts as the rules': the entry point module's own package."""
    module = sys.modules.get(type(rules).__module__) or sys.modules.get(source.module)
    if module is None:
        return source.module
    return module.__package__ or module.__name__


def blame(exc: BaseException) -> RulesFault | None:
    """A RulesFault naming the rules package `exc` was raised in (or under), else None."""
    frames = traceback.extract_tb(exc.__traceback__)
    names = [tb.tb_frame.f_globals.get("__name__", "") for tb in _tracebacks(exc)]
    for source, rules in loaded():
        home = _home(source, rules)
        inside = [i for i, name in enumerate(names) if name == home or name.startswith(home + ".")]
        if not inside:
            continue
        called, frame = frames[inside[0]], frames[inside[-1]]
        return RulesFault(
            f"the rules {source} failed in {called.name}: {type(exc).__name__}: {exc} "
            f"(at {Path(frame.filename).name}:{frame.lineno}, in {frame.name}). "
            "This is a fault in those rules, not in what was entered; nothing was recorded. "
            "Report it to the rules' author"
        )
    return None


def _tracebacks(exc: BaseException) -> list:
    found, tb = [], exc.__traceback__
    while tb is not None:
        found.append(tb)
        tb = tb.tb_next
    return found


def report(exc: Exception) -> int:
    """Print the fault of the rules package behind `exc` and return the exit code; re-raise
    `exc` if no rules package is to blame (a fault of pnpkit itself keeps its traceback)."""
    fault = blame(exc)
    if fault is None:
        raise exc
    print(f"error: {fault}", file=sys.stderr)
    return fault.exit_code
