"""The lines of a position file (`referee score GAME --position FILE`), read alike for every game.

A leading byte order mark, as some editors write, is no part of the first line; `#` starts a
comment; blank lines say nothing. What a line says is each game's own (its `*_position` module).
"""

from __future__ import annotations

from collections.abc import Iterator


def position_lines(text: str) -> Iterator[tuple[int, str]]:
    """Each line that says something, numbered from 1: its comment cut off, its ends trimmed."""
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if line:
            yield number, line
