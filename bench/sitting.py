"""How much of each benchmark this sitting runs: all of it (`make bench`), or the quick mode
(`python -m bench --quick`, which CI runs so that the bench cannot rot): one run over a small
share of the work, the figures printed but no target checked, since a single short run on a
shared machine says nothing about speed."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T", int, float)

QUICK = False
"""Set by `python -m bench --quick` before any benchmark runs."""


def scaled(full: T, quick: T) -> T:
    """`full` in a full sitting, `quick` in the quick mode."""
    return quick if QUICK else full
