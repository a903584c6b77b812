"""Words for counts: "1 card", "2 cards", never "card(s)"."""

from __future__ import annotations


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """`number` and the noun in the number it needs: counted(1, "hiker") == "1 hiker"."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"
