"""Año Nuevo position files: score a finished, unrecorded game (docs/rules/ano-nuevo.md)."""

from __future__ import annotations

from pnpkit.components.model import Game
from pnpkit.errors import PnpError
from pnpkit.referee.games.ano_nuevo_scoring import GOAL, Standing, game_over, outcome
from pnpkit.referee.rules import ScoreSheet

ROLES = ("alpha", "beta", "bachelor", "ocean")


def _number(word: str, what: str, where: str) -> int:
    if not word.isdigit():
        raise PnpError(f"{where}: {what} must be a whole number, not {word!r}")
    return int(word)


def read_position(text: str, source: str) -> tuple[dict[str, Standing], str | None]:
    """The players' standings and the bellow winner, if given."""
    standings: dict[str, Standing] = {}
    bellow: tuple[str, str] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        where = f"{source}:{number}"
        parts = raw.split("#", 1)[0].split()
        if not parts:
            continue
        if parts[0].lower() == "bellow":
            if len(parts) != 2:
                raise PnpError(f"{where}: expected `bellow NAME`")
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
    if not 3 <= len(standings) <= 6:
        raise PnpError(f"{source}: Año Nuevo has 3 to 6 players; this file lists {len(standings)}")
    if not game_over({p: s.vp for p, s in standings.items()}):
        raise PnpError(f"{source}: no player has {GOAL} VP, so the game is not over (AN-50)")
    if bellow is None:
        return standings, None
    found = next((p for p in standings if p.lower() == bellow[0].lower()), None)
    if found is None:
        raise PnpError(f"{bellow[1]}: {bellow[0]} is not one of the players listed")
    return standings, found


def score_position(game: Game, text: str, source: str) -> ScoreSheet:
    """The score sheet of a position file; PnpError naming the file and line if it is wrong."""
    standings, bellow = read_position(text, source)
    result = outcome(standings, bellow)
    notes = tuple(
        f"{p}: {s.prey} Prey card(s){', Alpha' if s.alpha else ''}" for p, s in standings.items()
    )
    if result.bellow:
        notes += (f"add a line `bellow NAME` naming who of {', '.join(result.bellow)} won",)
    points = {p: {"VP": s.vp} for p, s in standings.items()}
    return ScoreSheet(("VP",), points, result.winners, result.tiebreak, notes)
