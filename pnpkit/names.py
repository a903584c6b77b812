"""Names that cannot spoof, and data printed so that it cannot drive a terminal.

A name (a component's, a group's, a game's, a player's) is refused if it holds a control or format
character: ESC and the other C0/C1 controls (they move the cursor, retitle the terminal, clear the
screen), line breaks, and the invisible format characters (U+200B zero width space, U+202E
right-to-left override, …) that make `A\u200bnn` look like `Ann`. `name_problem` is that one check.

Anything else printed from data (a field's value, a glyph, a move) goes through `shown`, which
writes those characters as escapes (`\\x1b`, `\\u202e`) and cuts text longer than a bound.
"""

from __future__ import annotations

import re
import unicodedata

UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})
"""Controls, format characters, line and paragraph separators, surrogates, private use and
unassigned code points."""

MAX_SHOWN = 200
"""Characters of data quoted in a message before it is cut (a 10 MB move is not echoed)."""

MAX_MESSAGE = 1000
"""Characters of a message quoting data (a refusal naming what was typed) before it is cut."""

_MAYBE_UNSAFE = re.compile(r"[^\x20-\x7e]")


def unsafe_characters(text: str) -> list[tuple[int, str]]:
    """Each character of `text` a name may not hold: (its index, the character)."""
    return [
        (m.start(), m.group())
        for m in _MAYBE_UNSAFE.finditer(text)
        if unicodedata.category(m.group()) in UNSAFE_CATEGORIES
    ]


def name_problem(name: str) -> str | None:
    """What is wrong with `name` as a name (None if nothing): the first character it may not
    hold, written as an escape, and where."""
    found = unsafe_characters(name)
    if not found:
        return None
    index, char = found[0]
    what = unicodedata.name(char, "a control character").lower()
    return (
        f"name {shown(name)!r} holds {_escape(char)} ({what}) at character {index + 1}: "
        "names may not hold control or invisible format characters"
    )


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def shown_lines(text: str) -> str:
    """`text` safe to print, whole, its line breaks kept (an error message of several lines)."""
    return "\n".join(shown(line, None) for line in text.split("\n"))


def shown(text: str, limit: int | None = MAX_SHOWN) -> str:
    """`text` safe to print: unsafe characters escaped, cut to `limit` characters (None: whole)
    with how much was left out."""
    cut = ""
    if limit is not None and len(text) > limit:
        cut = f"… ({len(text) - limit} more characters)"
        text = text[:limit]
    return _MAYBE_UNSAFE.sub(_escaped_if_unsafe, text) + cut


def _escaped_if_unsafe(match: re.Match[str]) -> str:
    """A character outside printable ASCII, escaped when its category is unsafe."""
    c = match.group()
    return _escape(c) if unicodedata.category(c) in UNSAFE_CATEGORIES else c
