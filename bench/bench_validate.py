"""`pnp validate` of the five bundled games: every face built (an empty cache, as after an
upgrade) and repeated (every face's check read from the cache), against `pnp schema` (the CLI's
own start-up) measured in the same sitting. Target: a repeated validate within 4× of the
start-up, and at most a third of a cold one.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.bench_render import PNP, _line, measure

WARM_FACTOR = 4.0
WARM_SHARE = 1 / 3


def main() -> int:
    with tempfile.TemporaryDirectory() as temp:
        warm_cache, cold_cache = Path(temp) / "warm", Path(temp) / "cold"
        os.environ["PNPKIT_CACHE_DIR"] = str(warm_cache)
        cold = [
            sys.executable,
            "-c",
            f"import os, shutil, sys; shutil.rmtree({str(cold_cache)!r}, ignore_errors=True); "
            f"os.environ['PNPKIT_CACHE_DIR'] = {str(cold_cache)!r}; "
            "sys.argv = ['pnp', 'validate']; from pnpkit.entry import main; main()",
        ]
        try:
            subprocess.run([str(PNP), "validate"], check=True, capture_output=True)  # fills it
            floor, warm, empty = measure([str(PNP), "schema"], [str(PNP), "validate"], cold)
        finally:
            del os.environ["PNPKIT_CACHE_DIR"]
            shutil.rmtree(warm_cache, ignore_errors=True)
    print("validate: the five bundled games")
    _line("floor (pnp schema: start-up)", *floor)
    _line("pnp validate, empty cache", *empty, f"{empty[0] / floor[0]:.1f}× the floor")
    ratio, share = warm[0] / floor[0], warm[0] / empty[0]
    _line("pnp validate, repeated", *warm, f"{ratio:.1f}× the floor, {share:.2f} of a cold one")
    if ratio > WARM_FACTOR or share > WARM_SHARE:
        print(f"  MISSED validate: repeated {ratio:.1f}× the floor (target ≤ {WARM_FACTOR:g}×), "
              f"{share:.2f} of a cold one (target ≤ {WARM_SHARE:.2f})")  # fmt: skip
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
