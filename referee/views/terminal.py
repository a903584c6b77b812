"""The table in the terminal: each player's name in their seat colour, and a key naming the
cards the text shows by ID.

Colour goes only to a terminal, and never when NO_COLOR is set (rich decides both).
"""

from __future__ import annotations

import re
import textwrap

from rich.console import Console
from rich.style import Style
from rich.text import Text

from pnpkit.components.model import Game
from pnpkit.referee.engine.rules import Setup

_WORD = re.compile(r"[\w-]+")
WIDTH = 100
NBSP = "\xa0"
"""Keeps a card's ID and name on one line of the key (textwrap does not break there)."""


def card_key(game: Game, text: str) -> list[str]:
    """`cards: AL-05 Frog (lake) · …` for each component ID in `text` (first seen first) whose
    name the text does not already give."""
    named = []
    for word in dict.fromkeys(_WORD.findall(text)):
        component = game.component(word)
        if component is not None and word == component.id and component.name not in text:
            named.append(f"{word} {component.name}".replace(" ", NBSP))
    if not named:
        return []
    key = textwrap.wrap(
        "cards: " + " · ".join(named), WIDTH, subsequent_indent="  ", break_on_hyphens=False
    )
    return [line.replace(NBSP, " ") for line in key]


def print_table(setup: Setup, text: str, console: Console | None = None) -> None:
    """Print a table text with its card key, each player's name in their colour."""
    console = console or Console(highlight=False, emoji=False, markup=False, soft_wrap=True)
    shown = Text("\n".join([text, *card_key(setup.game, text)]))
    for name, (_, rgb) in zip(setup.players, setup.rules.seat_colours(setup), strict=True):
        shown.highlight_regex(rf"(?<![\w-]){re.escape(name)}(?![\w-])", Style(color=rgb, bold=True))
    console.print(shown)
