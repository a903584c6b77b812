"""Posturing (AN-30 … AN-37): on each Location with several posturers, the counts of Prey cards
displayed (`display NAME=N …`), then who stays and who backs down (`stand NAME=stay|back …`); a
lone posturer is Alpha at once."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from pnpkit.referee.api import ACCEPTED, Move, Setup, Verdict, evolve, refuse
from pnpkit.referee.games.ano_nuevo.fight import after_fight_step
from pnpkit.referee.games.ano_nuevo.roles import posturers, settle_round
from pnpkit.referee.games.ano_nuevo.state import (
    ALPHA,
    BETA,
    DISPLAYED,
    HAND,
    POSTURE,
    AnoNuevo,
    Contest,
    pile_of,
    roles_by_place,
    set_contest,
)


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
    """AN-31: each posturer, once, displays 0 up to all of its hand: at the table how many, in
    digital mode which cards (the referee holds them face down until the Fight)."""
    contest = state.contests[0]
    key = "cards" if setup.digital else "counts"
    if key not in move:
        how = "which cards (NAME=AN-SQ1+AN-CR3 or NAME=none)" if setup.digital else "how many"
        return refuse("AN-31", f"say {how} each posturer displays")
    chosen: Mapping[str, object] = move[key]
    if sorted(chosen) != sorted(contest.seals):
        return refuse("AN-31", f"the posturers are {', '.join(contest.seals)}, each once")
    for player, value in chosen.items():
        hand = state.hand(setup, player)
        if isinstance(value, list):
            if Counter(value) - Counter(hand):
                return refuse("AN-31", f"{player} does not hold all of {'+'.join(value)}")
        elif not 0 <= value <= len(hand):  # type: ignore[operator]
            return refuse("AN-31", f"{player} can display 0 to {len(hand)} Prey cards, not {value}")
    return ACCEPTED


def check_stand(setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
    """AN-32: each posturer stays or backs down."""
    contest = state.contests[0]
    if sorted(move["stays"]) != sorted(contest.seals):
        return refuse("AN-32", f"each posturer ({', '.join(contest.seals)}) stays or backs down")
    return ACCEPTED


def apply_display(setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
    """AN-31: the public counts; in digital mode the cards leave the hands, face down."""
    contest = state.contests[0]
    if "counts" in move:
        shown = tuple(move["counts"][p] for p in contest.seals)
        return set_contest(state, evolve(contest, shown=shown))
    chosen = move["cards"]
    table = state.table.carry(
        *((c, pile_of(HAND, p), pile_of(DISPLAYED, p)) for p in contest.seals for c in chosen[p])
    )
    shown = tuple(len(chosen[p]) for p in contest.seals)
    return set_contest(evolve(state, table=table), evolve(contest, shown=shown, face_down=True))


def take_back(setup: Setup, state: AnoNuevo, contest: Contest, players: Iterable[str]) -> AnoNuevo:
    """AN-33, AN-34, AN-35: the cards `players` displayed face down go back to their hands (they
    do not Fight); the contest is left as it was, the table's one replaced by it."""
    if not contest.face_down:
        return set_contest(state, contest)
    table = state.table.carry(
        *(
            (c, pile_of(DISPLAYED, p), pile_of(HAND, p))
            for p in players
            for c in state.held(setup, DISPLAYED, p).items
        )
    )
    return set_contest(evolve(state, table=table), contest)


def apply_stand(setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
    """AN-33 … AN-35: all back down, Posture again; one stays, Alpha; several, a Fight."""
    contest = state.contests[0]
    stays = tuple(p for p in contest.seals if move["stays"][p])
    if not stays:  # AN-33
        state = take_back(setup, state, contest, contest.seals)
        return set_contest(state, evolve(contest, shown=None, face_down=False))
    if len(stays) == 1:  # AN-34
        state = take_back(setup, state, contest, contest.seals)
        return settle_round(setup, state, state.contests[0], stays[0], None)
    state = take_back(setup, state, contest, [p for p in contest.seals if p not in stays])
    fighters = evolve(state.contests[0], fighters=stays, revealed=((),) * len(stays))  # AN-35
    return after_fight_step(setup, evolve(state, fights=state.fights + 1), fighters)


def displays(hand: Sequence[str]) -> list[tuple[str, ...]]:
    """AN-31, digital mode: every choice of cards a seal may display from `hand` (each card
    counted once per copy held), fewest first, each sorted."""
    held = sorted(Counter(hand).items())
    found = [
        tuple(card for (card, _), n in zip(held, counts, strict=True) for _ in range(n))
        for counts in itertools.product(*(range(n + 1) for _, n in held))
    ]
    return sorted(found, key=lambda c: (len(c), c))
