"""The 100 text cards of the render and export benchmarks, made here so that the bench needs
nothing outside the repository: a title, a type, a cost and a two-sentence rules text per card,
the words cycling through fixed lists (80 different texts) so that every run is the same."""

from __future__ import annotations

import csv
from pathlib import Path

CARDS = 100
VERBS = ("discard", "gain", "lose", "attack", "defend", "trade", "build", "move", "swap", "reveal",
         "shuffle", "peek", "steal", "block", "heal", "draw")  # fmt: skip
TYPES = ("Item", "Event", "Hero", "Action")
FIELDS = ("title", "type", "cost", "body")


def card(i: int) -> dict[str, str]:
    """Card number i + 1."""
    n = len(VERBS)
    body = (
        f"When played, {VERBS[i % n]} 1 card, then {VERBS[(2 * i + 1) % n]} {(i + 1) % 5 + 1}. "
        f"If you {VERBS[(3 * i + 2) % n]} this turn, {('attack', 'move', 'peek', 'draw')[i % 4]} "
        f"and {VERBS[(5 * i + 4) % n]}. Otherwise {VERBS[(6 * i + 5) % n]} a card from the "
        f"{VERBS[(7 * i + 6) % n]} pile and {('move', 'draw')[i % 2]}."
    )
    return {"title": f"Card {i + 1:03d}", "type": TYPES[i % 4], "cost": str((i + 1) % 7),
            "body": body}  # fmt: skip


def rows() -> list[dict[str, str]]:
    """All the cards, in order."""
    return [card(i) for i in range(CARDS)]


def write_csv(path: Path) -> None:
    """The cards as a CSV with a header row title,type,cost,body."""
    with path.open("w", encoding="utf-8", newline="") as target:
        writer = csv.DictWriter(target, FIELDS)
        writer.writeheader()
        writer.writerows(rows())
