"""Run the bench/bench_*.py modules' main() (all, or those named: `python -m bench render art`).
A full sitting exits 1 if any benchmark misses its target; `--quick` runs each once over a
small share of its work and exits 1 only if one fails to run."""

from __future__ import annotations

import argparse
import importlib
import sys
import traceback
from pathlib import Path

from bench import sitting


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("names", nargs="*", help="benchmarks to run (bench_NAME.py); default all")
    parser.add_argument("--quick", action="store_true", help="one short run each, no targets")
    args = parser.parse_args(argv)
    found = sorted(
        path.stem.removeprefix("bench_") for path in Path(__file__).parent.glob("bench_*.py")
    )
    unknown = sorted(set(args.names) - set(found))
    if unknown:
        parser.error(f"no benchmark {', '.join(unknown)} (there are: {', '.join(found)})")
    sitting.QUICK = args.quick
    failed = []
    for name in args.names or found:
        print(f"== {name}{' (quick: figures only, targets not checked)' if args.quick else ''}")
        try:
            module = importlib.import_module(f"bench.bench_{name}")
            missed = module.main() != 0
        except Exception:  # a benchmark that cannot run is reported, and the others still run
            traceback.print_exc()
            failed.append(name)
            continue
        if missed and not args.quick:
            failed.append(name)
    if failed:
        print(f"failed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
