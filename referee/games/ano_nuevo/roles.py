"""Año Nuevo's roles on a Location (AN-20 … AN-24, AN-34 … AN-36): who moves up when seals
leave, who Postures, and the roles a won round of Posturing or Fighting gives.

Roles are "alpha", "beta", "bachelor", or "" (in the Ocean, or just arrived and not yet
Postured). A Contest (state.py) is one round of Posturing on one Location, followed by its Fight
if several seals stay: round 1 decides the Alpha, round 2 (among the other posturers) the Beta.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnpkit.referee.api import Setup, evolve
from pnpkit.referee.games.ano_nuevo.state import (
    ALPHA,
    BACHELOR,
    BETA,
    AnoNuevo,
    Contest,
    Seal,
    roles_by_place,
)

Roles = dict[str, str]


def after_departures(roles: Roles) -> Roles:
    """AN-21 … AN-23: the roles left on a Location once some seals have gone."""
    roles = dict(roles)
    if ALPHA not in roles.values():
        for seal, role in roles.items():
            if role == BETA:
                roles[seal] = ALPHA
    bachelors = [s for s, r in roles.items() if r == BACHELOR]
    if ALPHA in roles.values() and BETA not in roles.values() and len(bachelors) == 1:
        roles[bachelors[0]] = BETA
    if len(roles) == 1:
        roles = {seal: ALPHA for seal in roles}
    return roles


def posturers(roles: Roles, newcomers: Sequence[str]) -> list[str]:
    """AN-30: the Alpha and the newcomers Posture; Betas and Bachelors do not."""
    return [s for s, r in roles.items() if r == ALPHA or s in newcomers]


def beta_open(contest: Contest, alpha: str) -> bool:
    """AN-34, AN-36: whether this round's runner-up can become Beta."""
    if contest.round == 2:
        return False
    return not (alpha == contest.defender and contest.beta_held)


def settle(
    roles: Roles, contest: Contest, winner: str, second: str | None
) -> tuple[Roles, Contest | None]:
    """Roles after a round is won; and the second round to play, if one is needed."""
    roles = dict(roles)
    others = [s for s in contest.seals if s not in (winner, second)]
    if contest.round == 2:
        roles[winner] = BETA
        roles.update({s: BACHELOR for s in others})
        return roles, None
    if winner != contest.defender:
        roles.update({s: BACHELOR for s, r in roles.items() if r == BETA})  # AN-24
    roles[winner] = ALPHA
    roles.update({s: BACHELOR for s in others})
    if second is not None:
        roles[second] = BETA
    elif beta_open(contest, winner) and not contest.fighters and len(others) >= 2:
        return roles, Contest(contest.place, 2, tuple(others), contest.defender)
    elif beta_open(contest, winner) and len(others) == 1:
        roles[others[0]] = BETA
    return roles, None


def departures(
    setup: Setup, before: AnoNuevo, seals: list[Seal], moved: tuple[str, ...]
) -> tuple[Seal, ...]:
    """AN-21 … AN-23: the roles of the seals still on each Location a traveller (`moved`) left;
    `before` is the table before Travelling, `seals` the seals after it (replaced in place where
    a role changes). Where nobody left, the roles the last Posture gave stand as they are."""
    left = {s.place for p, s in zip(setup.players, before.seals, strict=True) if p in moved}
    stayers: dict[int, Roles] = {place: {} for place in left if place is not None}
    for player, seal in zip(setup.players, seals, strict=True):
        if seal.role and seal.place is not None and seal.place in stayers and player not in moved:
            stayers[seal.place][player] = seal.role
    for roles in stayers.values():
        for player, role in after_departures(roles).items():
            if role != roles[player]:
                i = setup.players.index(player)
                seals[i] = evolve(seals[i], role=role)
    return tuple(seals)


def settle_round(
    setup: Setup, state: AnoNuevo, contest: Contest, winner: str, second: str | None
) -> AnoNuevo:
    """The table once `winner` (and `second`) won a round: the roles on its Location, and the
    second round to play next if one is needed."""
    roles, again = settle(roles_by_place(setup, state)[contest.place], contest, winner, second)
    seals = list(state.seals)
    for player, role in roles.items():
        i = setup.players.index(player)
        seals[i] = evolve(seals[i], role=role)
    rest = state.contests[1:]
    return evolve(state, seals=tuple(seals), contests=((again,) if again else ()) + rest)
