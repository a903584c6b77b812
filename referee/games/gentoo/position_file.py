"""Scoring an unrecorded game of Gentoo from a position file (GE-49).

One player per line: `NAME PENGUINS [STONES]`; a name may have several words (none of them a
number); `#` starts a comment; blank lines are skipped.

    # Tuesday's game
    Ann  5
    Bob  3 4
    Cy   3 2
"""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.referee.api import Game, PnpError, ScoreSheet, counted, plain_digits, position_lines
from pnpkit.referee.games.gentoo.scoring import PENGUINS_TO_WIN
from pnpkit.referee.games.gentoo.setup import STONES_AT_START
from pnpkit.referee.games.gentoo.state import Catalog

FORM = "NAME PENGUINS [STONES], e.g. `Ann 5` or `Bob 3 2`"


@dataclass(frozen=True)
class Entry:
    """One line of a position file."""

    name: str
    penguins: int
    stones: int | None
    line: int


def _number(word: str, what: str, top: int, where: str) -> int:
    if not plain_digits(word) or int(word) > top:
        raise PnpError(f"{where}: {what} must be a whole number from 0 to {top}, not {word!r}")
    return int(word)


def _entry(text: str, line: int, source: str, stones_max: int) -> Entry:
    where = f"{source}:{line}"
    fields = text.split()
    at = next((i for i, word in enumerate(fields[1:], 1) if plain_digits(word)), None)
    if at is None and len(fields) > 1:
        _number(fields[-1], "penguins", PENGUINS_TO_WIN, where)
    if at is None or len(fields) - at > 2:
        raise PnpError(f"{where}: expected {FORM}")
    penguins = _number(fields[at], "penguins", PENGUINS_TO_WIN, where)
    stones = fields[at + 1 :]
    held = _number(stones[0], "nesting stones", stones_max, where) if stones else None
    return Entry(" ".join(fields[:at]), penguins, held, line)


def read_position(game: Game, text: str, source: str) -> list[Entry]:
    """The players' lines, checked against the game's components and rules."""
    catalog = Catalog.of(game)
    stones_max = catalog.token("nesting-stone").count
    entries: list[Entry] = []
    for number, body in position_lines(text):
        entry = _entry(body, number, source, stones_max)
        if any(e.name.lower() == entry.name.lower() for e in entries):
            raise PnpError(f"{source}:{number}: {entry.name} is listed twice")
        entries.append(entry)
    _check_table(game, entries, source)
    return entries


def _check_table(game: Game, entries: list[Entry], source: str) -> None:
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
    _check_stones(entries, source)


def _check_stones(entries: list[Entry], source: str) -> None:
    """Nesting stones only change hands (GE-6, GE-28, GE-51): three per player in all."""
    total = STONES_AT_START * len(entries)
    held = 0
    in_all = f"{len(entries)} players hold {total} nesting stones in all (three each)"
    for entry in entries:
        held += entry.stones or 0
        if held > total:
            raise PnpError(
                f"{source}:{entry.line}: the nesting stones listed come to {held} by this line; "
                f"{in_all}"
            )
    if held < total and all(e.stones is not None for e in entries):
        raise PnpError(
            f"{source}: the nesting stones listed come to {held}; {in_all}, "
            "and stones only change hands"
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
        _check_tie_stones(leaders, source)
        most = max(e.stones or 0 for e in leaders)
        leaders = [e for e in leaders if e.stones == most]
    elif best < PENGUINS_TO_WIN:
        tiebreak = "stopped early: the most penguins wins"
    return ScoreSheet(("penguins",), points, tuple(e.name for e in leaders), tiebreak, notes)


def _check_tie_stones(leaders: list[Entry], source: str) -> None:
    """Players tied on penguins need their nesting stones, which break the tie (GE-49)."""
    unknown = next((e for e in leaders if e.stones is None), None)
    if unknown is not None:
        others = ", ".join(e.name for e in leaders if e is not unknown)
        raise PnpError(
            f"{source}:{unknown.line}: {unknown.name} is tied with {others} on "
            f"{counted(unknown.penguins, 'penguin')}, and nesting stones break the tie: "
            f"expected `{unknown.name} {unknown.penguins} STONES`"
        )
