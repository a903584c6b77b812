"""Run every bench/bench_*.py module's main(); exit 1 if any misses its target."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path


def main() -> int:
    failed = 0
    for path in sorted(Path(__file__).parent.glob("bench_*.py")):
        module = importlib.import_module(f"bench.{path.stem}")
        failed += 0 if module.main() == 0 else 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
