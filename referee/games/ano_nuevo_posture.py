"""Año Nuevo's roles on a Location, Posturing and Fighting (AN-20 … AN-44), as pure functions.

Roles are "alpha", "beta", "bachelor", or "" (in the Ocean, or just arrived and not yet
Postured). A Contest is one round of Posturing on one Location, followed by its Fight if several
seals stay: round 1 decides the Alpha, round 2 (among the other posturers) the Beta.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

ALPHA, BETA, BACHELOR, NONE = "alpha", "beta", "bachelor", ""

Roles = dict[str, str]


@dataclass(frozen=True)
class Contest:
    """A round of Posturing (and maybe a Fight) on Location `place`."""

    place: int
    round: int
    seals: tuple[str, ...]
    defender: str | None = None
    """The Alpha of the Location before this turn's Posturing (for a fight-bonus)."""
    beta_held: bool = False
    """Round 1: the Location has a Beta who does not Posture."""
    shown: tuple[int, ...] | None = None
    """Prey cards each seal displays, once entered."""
    fighters: tuple[str, ...] = ()
    revealed: tuple[tuple[str, ...], ...] = ()
    bellows: tuple[str, ...] = ()

    def displayed(self, seal: str) -> int:
        """How many cards `seal` displayed."""
        return (self.shown or ())[self.seals.index(seal)]

    def to_reveal(self) -> tuple[str, ...]:
        """Fighters with displayed cards not yet revealed."""
        return tuple(
            f
            for f, cards in zip(self.fighters, self.revealed, strict=True)
            if len(cards) < self.displayed(f)
        )


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


def rank(
    totals: Mapping[str, int], bellows: Sequence[str], places: int
) -> tuple[list[str], tuple[str, ...]]:
    """AN-41, AN-43: the first `places` fighters by total, ties settled by the bellows entered.

    Returns the order found so far and, if a tie blocks it, the players who must bellow next.
    """
    remaining = dict(totals)
    order: list[str] = []
    used = 0
    while len(order) < places and remaining:
        best = max(remaining.values())
        group = tuple(p for p, t in remaining.items() if t == best)
        if len(group) == 1:
            winner = group[0]
        elif used < len(bellows):
            winner, used = bellows[used], used + 1
        else:
            return order, group
        order.append(winner)
        del remaining[winner]
    return order, ()


def fight_order(contest: Contest, totals: Mapping[str, int]) -> tuple[list[str], tuple[str, ...]]:
    """The places a Fight must decide (Alpha, and Beta if open), and any tie still to bellow."""
    order, tie = rank(totals, contest.bellows, 1)
    if tie or not beta_open(contest, order[0]):
        return order, tie
    return rank(totals, contest.bellows, 2)
