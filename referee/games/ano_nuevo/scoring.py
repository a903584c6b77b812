"""Año Nuevo's end of game (AN-50 … AN-53): the check at the end of each turn, who has won with
the rulebook's three tie-breakers, and the score sheet."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from pnpkit.referee.api import ScoreSheet, Setup, counted, evolve
from pnpkit.referee.games.ano_nuevo.beginning import begin_turn
from pnpkit.referee.games.ano_nuevo.data import Data, data_of
from pnpkit.referee.games.ano_nuevo.state import ALPHA, OVER, TIE, AnoNuevo, Items

GOAL = 40
"""The game ends at the end of a turn in which someone has this many VP or more."""


@dataclass(frozen=True)
class Standing:
    """What the end-of-game check needs to know about one seal."""

    vp: int
    alpha: bool
    prey: int


@dataclass(frozen=True)
class Outcome:
    """The winner(s), the tie-break that decided, and the players who must still bellow."""

    winners: tuple[str, ...]
    tiebreak: str = ""
    bellow: tuple[str, ...] = ()


def most_vp(food: Mapping[str, int], vp: Mapping[str, int]) -> int:
    """The most VP a seal can finish with (AN-50, AN-55 … AN-59).

    VP come only from Harem cards taken when mating: once a turn, at most the Food of the one
    Prey card discarded, each card worth at most the best Harem VP. The game ends at the end of
    the first turn in which a seal has GOAL VP, so every seal began that turn with GOAL - 1 at
    most, and gained at most one mating in it.
    """
    return GOAL - 1 + max(food.values()) * max(vp.values())


def reachable_vp(vp: Mapping[str, int], top: int) -> frozenset[int]:
    """Every total from 0 to `top` that Harem cards of these VP values can add up to."""
    values = {v for v in vp.values() if v > 0}
    found = {0}
    for total in range(1, top + 1):
        if any(total - v in found for v in values):
            found.add(total)
    return frozenset(found)


def game_over(vps: Mapping[str, int]) -> bool:
    """AN-50: someone has reached the goal."""
    return any(vp >= GOAL for vp in vps.values())


def outcome(standings: Mapping[str, Standing], bellow: str | None = None) -> Outcome:
    """The most VP wins; ties go to the only Alpha, then the most Prey, then the bellow."""
    best = max(s.vp for s in standings.values())
    tied = [p for p, s in standings.items() if s.vp == best]
    if len(tied) == 1:
        return Outcome((tied[0],))
    alphas = [p for p in tied if standings[p].alpha]
    if len(alphas) == 1:
        return Outcome((alphas[0],), "the only Alpha among the tied players (AN-51)")
    most = max(standings[p].prey for p in tied)
    tied = [p for p in tied if standings[p].prey == most]
    if len(tied) == 1:
        return Outcome((tied[0],), "the most Prey cards in hand among the tied players (AN-52)")
    if bellow in tied:
        return Outcome((bellow,), "won the bellowing contest (AN-53)")
    return Outcome(tuple(tied), "still tied: the tied players must bellow (AN-53)", tuple(tied))


def outcome_of(setup: Setup, state: AnoNuevo) -> Outcome:
    """The outcome the table stands at now."""
    standings = {
        p: Standing(s.vp, s.role == ALPHA, state.prey_count(setup, p))
        for p, s in zip(setup.players, state.seals, strict=True)
    }
    return outcome(standings, state.bellow)


def end_turn(setup: Setup, state: AnoNuevo) -> AnoNuevo:
    """AN-50 … AN-53: the next turn begins, or the game is over (waiting on a bellow if tied)."""
    if not game_over({p: s.vp for p, s in zip(setup.players, state.seals, strict=True)}):
        return begin_turn(setup, state)  # which clears the Mating
    state = evolve(state, mating=None, step=OVER)
    if outcome_of(setup, state).bellow:
        return evolve(state, step=TIE)
    return state


def score_sheet(setup: Setup, state: AnoNuevo) -> ScoreSheet:
    """VP by kind of Harem card taken, the winners and the tie-break used."""
    data = data_of(setup.game)
    names = data.harem_names
    points = {
        p: {names[c]: 0 for c in data.vp} | _by_kind(seal.mated, data)
        for p, seal in zip(setup.players, state.seals, strict=True)
    }
    result = outcome_of(setup, state)
    notes = tuple(
        f"{p}: {s.vp} VP, {s.role or 'in the Ocean'}, "
        f"{counted(state.prey_count(setup, p), 'Prey card')}"
        for p, s in zip(setup.players, state.seals, strict=True)
    )
    return ScoreSheet(
        tuple(names[c] for c in data.vp),
        points,
        result.winners,
        result.tiebreak,
        notes,
        tied=result.bellow,
    )


def _by_kind(mated: Items, data: Data) -> dict[str, int]:
    found: Counter[str] = Counter()
    for card in mated:
        found[data.harem_names[card]] += data.vp[card]
    return dict(found)
