"""Gentoo: the docs say what the referee does and what the component data holds."""

from __future__ import annotations

import re
from pathlib import Path

from pnpkit.referee.games.gentoo import RULES
from pnpkit.referee.games.gentoo.tests.test_setup import CAT

DOCS = Path(__file__).resolve().parents[4] / "docs"
INDEX = Path(__file__).resolve().parents[1] / "rules-index.md"
ROW = re.compile(r"^\| `([^`|]+)`")


def _table_forms(text: str) -> list[str]:
    return [m[1] for line in text.splitlines() if (m := ROW.match(line))]


def test_ge_20_the_rules_index_move_table_is_the_syntax_rules_gentoo_prints() -> None:
    """GE-20 … GE-31: every form in Gentoo's rules index is listed by `referee rules`, and back."""
    documented = [
        form for form in _table_forms(INDEX.read_text()) if not form.startswith("reshuffle")
    ]
    assert documented == [s.form for s in RULES.syntax]


def test_ge_13_the_components_doc_gives_each_cards_copies_and_cost_from_the_data() -> None:
    """GE-13: the copies and fish costs in docs/games/gentoo.md are the data's."""
    rows = {}
    for line in (DOCS / "games" / "gentoo.md").read_text().splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 5 and cells[1] in CAT.cards:
            rows[cells[1]] = (cells[0], int(cells[2]), int(cells[3]))
    assert rows == {c: (CAT.name(c), CAT.cards[c].count, CAT.cost(c)) for c in CAT.cards}
    assert sum(CAT.cards[c].count for c in CAT.cards) == 90
