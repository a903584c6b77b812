"""Año Nuevo position files: score a finished, unrecorded game (rules-index.md)."""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.referee.api import Game, PnpError, ScoreSheet, counted, plain_digits, position_lines
from pnpkit.referee.games.ano_nuevo.data import Data, data_of
from pnpkit.referee.games.ano_nuevo.scoring import (
    GOAL,
    Standing,
    game_over,
    most_vp,
    outcome,
    reachable_vp,
)

ROLES = ("alpha", "beta", "bachelor", "ocean")


@dataclass(frozen=True)
class Position:
    """A position file read: each player's standing, role and line, and the bellow line."""

    standings: dict[str, Standing]
    roles: dict[str, str]
    lines: dict[str, str]
    """Where each player's line is (`FILE:N`)."""
    bellow: tuple[str, str] | None = None
    """The name given by a `bellow NAME` line, and where that line is."""


def _number(word: str, what: str, where: str) -> int:
    if not plain_digits(word):
        raise PnpError(f"{where}: {what} must be a whole number, not {word!r}")
    return int(word)


def read_position(text: str, source: str) -> Position:
    """The lines of a position file, each checked on its own; PnpError naming the line."""
    standings: dict[str, Standing] = {}
    roles: dict[str, str] = {}
    lines: dict[str, str] = {}
    bellow: tuple[str, str] | None = None
    for number, line in position_lines(text):
        where = f"{source}:{number}"
        parts = line.split()
        if parts[0].lower() == "bellow":
            if len(parts) != 2:
                raise PnpError(f"{where}: expected `bellow NAME`")
            if bellow is not None:
                raise PnpError(f"{where}: only one `bellow NAME` line (one is at {bellow[1]})")
            bellow = (parts[1], where)
            continue
        if len(parts) != 4:
            raise PnpError(f"{where}: expected `NAME VP ROLE PREY`, like `Ann 41 alpha 3`")
        name, vp, role, prey = parts
        if name.lower() in (p.lower() for p in standings):
            raise PnpError(f"{where}: {name} is listed twice")
        if role.lower() not in ROLES:
            raise PnpError(f"{where}: role must be one of {', '.join(ROLES)}, not {role!r}")
        standings[name] = Standing(
            _number(vp, "VP", where), role.lower() == "alpha", _number(prey, "PREY", where)
        )
        roles[name], lines[name] = role.lower(), where
    return Position(standings, roles, lines, bellow)


def _check_vp(position: Position, data: Data) -> None:
    """Each VP total must be one a seal can finish with: Harem cards' VP add up to it, and it is
    no more than one turn's mating past GOAL - 1 (AN-50, AN-56, AN-59)."""
    top = most_vp(data.food, data.vp)
    reachable = reachable_vp(data.vp, top)
    for name, standing in position.standings.items():
        where = position.lines[name]
        if standing.vp > top:
            raise PnpError(
                f"{where}: {name} has {standing.vp} VP, more than a seal can finish with: "
                f"the game ends after the turn in which someone reaches {GOAL} (AN-50), so a "
                f"seal starts its last turn with {GOAL - 1} at most and gains at most "
                f"{top - GOAL + 1} VP in it (a Prey card's Food, at most "
                f"{max(data.food.values())}, in Harem cards of at most {max(data.vp.values())} "
                f"VP); {top} at most"
            )
        if standing.vp not in reachable:
            values = ", ".join(str(v) for v in sorted(set(data.vp.values())))
            raise PnpError(
                f"{where}: {name} has {standing.vp} VP, which Harem cards worth {values} VP "
                "cannot add up to (AN-59)"
            )


def _check_table(position: Position, source: str, prey_cards: int) -> None:
    """The whole table must be possible: the player count, the roles (AN-2, AN-20, AN-22) and
    the Prey cards in hands (the deck has `prey_cards`), and the game must be over (AN-50)."""
    standings, roles = position.standings, position.roles
    if not 3 <= len(standings) <= 6:
        raise PnpError(f"{source}: Año Nuevo has 3 to 6 players; this file lists {len(standings)}")
    locations = len(standings) - 1
    alphas = [p for p, r in roles.items() if r == "alpha"]
    betas = [p for p, r in roles.items() if r == "beta"]
    if len(alphas) > locations:
        raise PnpError(
            f"{position.lines[alphas[-1]]}: {len(standings)} players have {locations} Locations, "
            f"so at most {locations} Alphas, but {', '.join(alphas)} are all `alpha` (AN-2, AN-20)"
        )
    if len(betas) > len(alphas):
        raise PnpError(
            f"{position.lines[betas[-1]]}: every Beta shares a Location with its Alpha, so there "
            f"cannot be more Betas ({len(betas)}) than Alphas ({len(alphas)}) (AN-20, AN-22)"
        )
    held = sum(s.prey for s in standings.values())
    if held > prey_cards:
        raise PnpError(
            f"{source}: the PREY counts add up to {held}, but there are only {prey_cards} "
            "Prey cards in the game"
        )
    if not game_over({p: s.vp for p, s in standings.items()}):
        raise PnpError(f"{source}: no player has {GOAL} VP, so the game is not over (AN-50)")


def score_position(game: Game, text: str, source: str) -> ScoreSheet:
    """The score sheet of a position file; PnpError naming the file and line if it is wrong."""
    position = read_position(text, source)
    data = data_of(game)
    _check_table(position, source, sum(data.prey_copies.values()))
    _check_vp(position, data)
    standings = position.standings
    bellow = None
    if position.bellow is not None:
        name, where = position.bellow
        bellow = next((p for p in standings if p.lower() == name.lower()), None)
        if bellow is None:
            raise PnpError(f"{where}: {name} is not one of the players listed")
    needed = outcome(standings).bellow
    notes = tuple(
        f"{p}: {counted(s.prey, 'Prey card')}{', Alpha' if s.alpha else ''}"
        for p, s in standings.items()
    )
    if position.bellow is not None and not needed:
        notes += (f"{position.bellow[1]}: no bellow was needed; that line is not used",)
    elif bellow is not None and bellow not in needed:
        raise PnpError(
            f"{position.bellow[1]}: {bellow} is not in the bellowing contest (AN-53); "
            f"the players tied are {', '.join(needed)}"
        )
    result = outcome(standings, bellow)
    if result.bellow:
        notes += (f"add a line `bellow NAME` naming who of {', '.join(result.bellow)} won",)
    points = {p: {"VP": s.vp} for p, s in standings.items()}
    return ScoreSheet(("VP",), points, result.winners, result.tiebreak, notes, tied=result.bellow)
