"""Every file git tracks under the installed folders is in the wheel, except a game's tests, which
are not (run by `make wheel-check`)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from setup import PACKAGE_DIRS  # noqa: E402


def main(wheel: str) -> int:
    inside = set(zipfile.ZipFile(wheel).namelist())
    missing = []
    for name, folder in PACKAGE_DIRS.items():
        tracked = subprocess.run(
            ["git", "ls-files", folder], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.split()
        for path in tracked:
            if "tests" in Path(path).parts:  # a bundled game's tests stay out of the wheel
                continue
            installed = "/".join([*name.split("."), *Path(path).relative_to(folder).parts])
            if installed not in inside:
                missing.append(path)
    for path in missing:
        print(f"not in the wheel: {path}", file=sys.stderr)
    tests = sorted(n for n in inside if "/tests/" in n)
    for path in tests:
        print(f"a test in the wheel: {path}", file=sys.stderr)
    if missing or tests:
        print(f"{wheel}: {len(missing)} tracked file(s) missing, {len(tests)} test file(s) inside")
        return 1
    print(f"{wheel}: complete")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
