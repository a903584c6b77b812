"""Scoring an unrecorded game of Gentoo from a position file (GE-49).

One player per line: `NAME PENGUINS [STONES]`; `#` starts a comment; blank lines are skipped.

    # Tuesday's game
    Ann  5
    Bob  3 4
    Cy   3 2
"""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.components.model import Game
from pnpkit.errors import PnpError
from pnpkit.referee.games.gentoo_cards import PENGUINS_TO_WIN
from pnpkit.referee.games.gentoo_table import Catalog
from pnpkit.referee.rules import ScoreSheet

FORM = "NAME PENGUINS [STONES], e.g. `Ann 5` or `Bob 3 2`"


@dataclass(frozen=True)
class Entry:
    """One line of a position file."""

    name: str
    penguins: int
    stones: int | None
    line: int


def _number(word: str, what: str, top: int, where: str) -> int:
    if not word.isdigit() or int(word) > top:
        raise PnpError(f"{where}: {what} must be a whole number from 0 to {top}, not {word!r}")
    return int(word)


def _entry(text: str, line: int, source: str, stones_max: int) -> Entry:
    where = f"{source}:{line}"
    fields = text.split()
    if len(fields) not in (2, 3):
        raise PnpError(f"{where}: expected {FORM}")
    penguins = _number(fields[1], "penguins", PENGUINS_TO_WIN, where)
    stones = _number(fields[2], "nesting stones", stones_max, where) if len(fields) == 3 else None
    return Entry(fields[0], penguins, stones, line)


def read_position(game: Game, text: str, source: str) -> list[Entry]:
    """The players' lines, checked against the game's components and rules."""
    catalog = Catalog.of(game)
    stones_max = catalog.token("nesting-stone").count
    entries: list[Entry] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        body = raw.split("#", 1)[0].strip()
        if not body:
            continue
        entry = _entry(body, number, source, stones_max)
        if any(e.name.lower() == entry.name.lower() for e in entries):
            raise PnpError(f"{source}:{number}: {entry.name} is listed twice")
        entries.append(entry)
    _check_table(game, entries, source, stones_max)
    return entries


def _check_table(game: Game, entries: list[Entry], source: str, stones_max: int) -> None:
    if not game.players_min <= len(entries) <= game.players_max:
        raise PnpError(
            f"{source}: Gentoo has {game.players_min}–{game.players_max} players, "
            f"and the file lists {len(entries)}; expected one line per player: {FORM}"
        )
    fives = [e for e in entries if e.penguins == PENGUINS_TO_WIN]
    if len(fives) > 1:
        raise PnpError(
            f"{source}:{fives[1].line}: only one player can reach five penguins "
            f"(the game ends at once), and {fives[0].name} already has"
        )
    stones = sum(e.stones or 0 for e in entries)
    if stones > stones_max:
        raise PnpError(
            f"{source}: the players hold {stones} nesting stones; the game has {stones_max}"
        )


def score_position(game: Game, text: str, source: str) -> ScoreSheet:
    """The winner: five penguins; else the most, then the most nesting stones; else shared."""
    entries = read_position(game, text, source)
    points = {e.name: {"penguins": e.penguins} for e in entries}
    best = max(e.penguins for e in entries)
    leaders = [e for e in entries if e.penguins == best]
    notes: tuple[str, ...] = ()
    if best < PENGUINS_TO_WIN:
        notes = ("no one reached five penguins: the game was stopped early",)
    tiebreak = "the first player to five penguins wins"
    if len(leaders) > 1:
        tiebreak = "tied on penguins: the most nesting stones wins; still tied, the win is shared"
        if all(e.stones is not None for e in leaders):
            most = max(e.stones or 0 for e in leaders)
            leaders = [e for e in leaders if e.stones == most]
        else:
            notes += ("give every tied player's nesting stones to break the tie",)
    elif best < PENGUINS_TO_WIN:
        tiebreak = "stopped early: the most penguins wins"
    return ScoreSheet(("penguins",), points, tuple(e.name for e in leaders), tiebreak, notes)
