"""The inline markup of text on a face: **bold**, *italic*, {colour}…{/}, [icon] and escapes.

`\\*`, `\\{`, `\\}`, `\\[`, `\\]` and `\\\\` stand for the character itself; any other
backslash is text. `**` and `*` switch bold and italic on and off; `{red}` or `{#c0392b}`
starts a colour that `{/}` ends (colours nest). `[name]` is an inline icon.
"""

from __future__ import annotations

import re
from typing import NamedTuple

COLOURS = {
    "black": "#000000",
    "white": "#ffffff",
    "grey": "#6b6b6b",
    "gray": "#6b6b6b",
    "red": "#c0392b",
    "orange": "#d35400",
    "yellow": "#c9a000",
    "green": "#2e7d32",
    "teal": "#00796b",
    "blue": "#1f5fa8",
    "purple": "#7b3fa0",
    "brown": "#7a4a24",
}
ESCAPABLE = "*{}[]\\"
_TOKEN = re.compile(
    r"\\([*{}\[\]\\])"  # an escaped character
    r"|(\*\*|\*)"  # bold or italic switch
    r"|\{([^{}]*)\}"  # a colour tag or its end, {/}
    r"|(\{)"  # a brace that starts no tag
    r"|\[([a-z][a-z0-9-]*)\]"  # an inline icon
)
_HEX = re.compile(r"#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})")


class MarkupError(ValueError):
    """Markup that cannot be read: the message says what and where."""


class Run(NamedTuple):
    """A piece of text in one style and colour (None: the element's), or an inline icon."""

    text: str
    bold: bool = False
    italic: bool = False
    color: str | None = None
    icon: bool = False


def colour(name: str) -> str | None:
    """A colour tag's #rrggbb: a name from COLOURS, #rgb or #rrggbb; None if it is neither."""
    if name in COLOURS:
        return COLOURS[name]
    if _HEX.fullmatch(name):
        digits = name[1:]
        return "#" + (digits if len(digits) == 6 else "".join(d * 2 for d in digits)).lower()
    return None


def parse(text: str, icons: bool = True) -> list[Run]:
    """The runs of `text` in order, neighbours of the same look merged; MarkupError if the
    markup is broken (an unknown colour, an unmatched {/}, a span left open)."""
    runs: list[Run] = []
    bold = italic = False
    opened = {"bold": -1, "italic": -1}
    colours: list[tuple[str, int]] = []
    buffer: list[str] = []

    def flush() -> None:
        if buffer:
            look = Run("", bold, italic, colours[-1][0] if colours else None)
            piece = "".join(buffer)
            if runs and not runs[-1].icon and _same(runs[-1], look):
                runs[-1] = Run(runs[-1].text + piece, bold, italic, look.color)
            else:
                runs.append(Run(piece, bold, italic, look.color))
            buffer.clear()

    pos = 0
    for match in _TOKEN.finditer(text):
        buffer.append(text[pos : match.start()])
        pos = match.end()
        escaped, switch, tag, brace, icon = match.groups()
        if escaped is not None:
            buffer.append(escaped)
        elif switch is not None:
            flush()
            if switch == "**":
                bold = not bold
                opened["bold"] = match.start()
            else:
                italic = not italic
                opened["italic"] = match.start()
        elif tag is not None:
            flush()
            if tag == "/":
                if not colours:
                    raise MarkupError(f"{{/}} at character {match.start() + 1} ends no colour")
                colours.pop()
            elif (value := colour(tag)) is not None:
                colours.append((value, match.start()))
            else:
                raise MarkupError(
                    f"unknown colour {{{tag}}} at character {match.start() + 1}: use one of "
                    f"{', '.join(COLOURS)} or #rrggbb; write \\{{ for a brace"
                )
        elif brace is not None:
            raise MarkupError(
                f"'{{' at character {match.start() + 1} starts no colour such as {{red}}; "
                "write \\{ for a brace"
            )
        elif icons:
            flush()
            runs.append(Run(icon, bold, italic, colours[-1][0] if colours else None, icon=True))
        else:
            buffer.append(match.group(0))
    buffer.append(text[pos:])
    flush()
    for name, on, mark in (("bold", bold, "**"), ("italic", italic, "*")):
        if on:
            raise MarkupError(
                f"{mark} at character {opened[name] + 1} starts {name} text that is never "
                f"ended with another {mark}; write \\* for a star"
            )
    if colours:
        raise MarkupError(f"the colour at character {colours[-1][1] + 1} is never ended with {{/}}")
    return [run for run in runs if run.text]


def _same(a: Run, b: Run) -> bool:
    return (a.bold, a.italic, a.color) == (b.bold, b.italic, b.color)
