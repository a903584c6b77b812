"""Posturing (AN-30 … AN-37): on each Location with several posturers, the counts of Prey cards
displayed (`display NAME=N …`), then who stays and who backs down (`stand NAME=stay|back …`); a
lone posturer is Alpha at once."""

from __future__ import annotations

from collections.abc import Mapping

from pnpkit.referee.games.ano_nuevo.fight import after_fight_step
from pnpkit.referee.games.ano_nuevo.roles import posturers, settle_round
from pnpkit.referee.games.ano_nuevo.state import (
    ALPHA,
    BETA,
    POSTURE,
    AnoNuevo,
    Contest,
    names,
    roles_by_place,
    set_contest,
)
from pnpkit.referee.immutable import evolve
from pnpkit.referee.moves import Move
from pnpkit.referee.rules import Setup
from pnpkit.referee.verdict import ACCEPTED, Verdict, refuse


def start_posture(setup: Setup, state: AnoNuevo) -> AnoNuevo:
    """AN-30: a Contest on each Location with several posturers; a lone one is Alpha."""
    contests = []
    seals = list(state.seals)
    for place, roles in enumerate(roles_by_place(setup, state)):
        who = posturers(roles, state.moved)
        if len(who) == 1 and roles[who[0]] != ALPHA:
            i = setup.players.index(who[0])
            seals[i] = evolve(seals[i], role=ALPHA)
        elif len(who) > 1:
            defender = next((p for p, r in roles.items() if r == ALPHA), None)
            contests.append(Contest(place, 1, tuple(who), defender, BETA in roles.values()))
    return evolve(state, step=POSTURE, seals=tuple(seals), contests=tuple(contests))


def check_display(setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
    """AN-31: each posturer, once, displays 0 up to all of its hand."""
    contest = state.contests[0]
    counts: Mapping[str, int] = move["counts"]
    if sorted(counts) != sorted(contest.seals):
        return refuse("AN-31", f"the posturers are {names(contest.seals)}, each once")
    for player, n in counts.items():
        held = len(state.seal(setup, player).hand)
        if not 0 <= n <= held:
            return refuse("AN-31", f"{player} can display 0 to {held} Prey cards, not {n}")
    return ACCEPTED


def check_stand(setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
    """AN-32: each posturer stays or backs down."""
    contest = state.contests[0]
    if sorted(move["stays"]) != sorted(contest.seals):
        return refuse("AN-32", f"each posturer ({names(contest.seals)}) stays or backs down")
    return ACCEPTED


def apply_display(setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
    """AN-31: the public counts."""
    contest = state.contests[0]
    shown = tuple(move["counts"][p] for p in contest.seals)
    return set_contest(state, evolve(contest, shown=shown))


def apply_stand(setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
    """AN-33 … AN-35: all back down, Posture again; one stays, Alpha; several, a Fight."""
    contest = state.contests[0]
    stays = tuple(p for p in contest.seals if move["stays"][p])
    if not stays:  # AN-33
        return set_contest(state, evolve(contest, shown=None))
    if len(stays) == 1:  # AN-34
        return settle_round(setup, state, contest, stays[0], None)
    fighters = evolve(contest, fighters=stays, revealed=((),) * len(stays))  # AN-35
    return after_fight_step(setup, evolve(state, fights=state.fights + 1), fighters)
