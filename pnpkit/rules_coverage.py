"""List the bundled rules-index statements that no test cites: `make rules`.

The bundled games' indexes are the Markdown files under referee/games/ (each game's package
holds its own). A statement is a bullet starting
with its bold ID (`- **AL-12** …`); a test cites an ID by writing it anywhere in a test file (a
test name such as `test_al_12_…`, a docstring, a comment).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from pnpkit.referee.engine.rules_index import statements as statements_of

ROOT = Path(__file__).resolve().parent.parent
INDEX_DIR = ROOT / "referee" / "games"


def statements(rules_dir: Path) -> dict[str, tuple[Path, str]]:
    """Every statement ID with its file and text."""
    found: dict[str, tuple[Path, str]] = {}
    for path in sorted(rules_dir.rglob("*.md")):
        for rule_id, text in statements_of(path.read_text(encoding="utf-8")).items():
            found[rule_id] = (path, text)
    return found


def cited(tests_dir: Path) -> set[str]:
    """Every ID cited in the tests, as AL-12 or in a name as al_12."""
    ids: set[str] = set()
    for path in tests_dir.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        ids.update(f"{a}-{int(n)}" for a, n in re.findall(r"\b([A-Z]{2,3})-(\d+)\b", text))
        ids.update(f"{a.upper()}-{int(n)}" for a, n in re.findall(r"([a-z]{2,3})_(\d+)", text))
    return ids


def uncited(root: Path = ROOT) -> list[tuple[str, Path, str]]:
    """The statements no test cites, in file order."""
    tested = cited(root / "tests").union(
        *(cited(tests) for tests in (root / INDEX_DIR.relative_to(ROOT)).glob("*/tests"))
    )
    index = statements(root / INDEX_DIR.relative_to(ROOT))
    return [(i, p, t) for i, (p, t) in index.items() if i not in tested]


def main() -> int:
    """Print the uncited statements; exit 1 if there are any."""
    missing = uncited()
    total = len(statements(INDEX_DIR))
    for rule_id, path, text in missing:
        print(f"{path.relative_to(ROOT)}: {rule_id} {text}")
    print(f"{total - len(missing)} of {total} rules-index statements are cited by a test")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
