"""Command-line start-up: `pnp --help` and `referee --help` against `python -c pass` (the
interpreter's own start-up), measured in turns in the same sitting. Target: within 6× of the
floor (about 150 ms on a quiet machine of this kind, where the floor takes 15–25 ms). The help
path imports typer and click only: no PDF stack, no jsonschema, no rich."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from bench.bench_render import measure

BIN = Path(sys.executable).parent
FACTOR = 6.0
HEAVY = ("reportlab", "jsonschema", "rich", "svglib", "starlette", "PIL")


def _imported_on_help() -> list[str]:
    code = (
        "import sys, io, contextlib\n"
        "sys.argv = ['pnp', '--help']\n"
        "from pnpkit.entry import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n        main()\n    except SystemExit:\n        pass\n"
        "import json\n"
        f"print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r}))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    floor, pnp_help, referee_help = measure(
        [sys.executable, "-c", "pass"],
        [str(BIN / "pnp"), "--help"],
        [str(BIN / "referee"), "--help"],
    )
    heavy = _imported_on_help()
    ok = True
    print(f"  python -c pass                     {floor[0] * 1000:6.0f} ms")
    for label, (seconds, _) in (("pnp --help", pnp_help), ("referee --help", referee_help)):
        ratio = seconds / floor[0]
        met = ratio <= FACTOR
        ok &= met
        print(
            f"{'ok  ' if met else 'MISS'} {label:<30} {seconds * 1000:6.0f} ms  "
            f"{ratio:.1f}× the floor (target ≤ {FACTOR:.0f}×)"
        )
    print(f"{'ok  ' if not heavy else 'MISS'} heavy modules on the help path: {heavy or 'none'}")
    return 0 if ok and not heavy else 1


if __name__ == "__main__":
    sys.exit(main())
