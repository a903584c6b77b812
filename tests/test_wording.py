"""Counts read as English: "1 hiker", "2 hikers", never "hiker(s)"."""

import re
from pathlib import Path

from pnpkit.wording import counted

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ["pnpkit", "components", "layouts", "generator", "referee"]


def test_counted_agrees_with_the_number() -> None:
    assert counted(1, "hiker") == "1 hiker"
    assert [counted(n, "penguin") for n in (0, 2)] == ["0 penguins", "2 penguins"]
    assert counted(3, "Prey card") == "3 Prey cards"
    assert counted(2, "die", "dice") == "2 dice"


def test_no_message_counts_with_a_bracketed_plural() -> None:
    bracketed = re.compile(r"\}\s*[A-Za-z ]*\(s\)")
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for folder in SOURCES
        for path in (ROOT / folder).rglob("*.py")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if bracketed.search(line)
    ]
    assert found == []
