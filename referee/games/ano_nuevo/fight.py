"""Fighting (AN-40 … AN-44): each displayed card revealed (`reveal NAME CARD`) and discarded,
totals with a fight-bonus Location's defender bonus, and ties bellowed (`bellow NAME`, also for
the end-of-game tie, AN-53)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pnpkit.referee.api import ACCEPTED, Move, Setup, Verdict, evolve, refuse, replaced
from pnpkit.referee.games.ano_nuevo.data import Data, data_of
from pnpkit.referee.games.ano_nuevo.hands import check_shown, discard
from pnpkit.referee.games.ano_nuevo.roles import beta_open, settle_round
from pnpkit.referee.games.ano_nuevo.scoring import outcome_of
from pnpkit.referee.games.ano_nuevo.state import (
    DISPLAYED,
    OVER,
    PREY_DISCARD,
    TIE,
    AnoNuevo,
    Contest,
    pile_of,
    set_contest,
)


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


def fight_totals(data: Data, state: AnoNuevo, contest: Contest) -> dict[str, int]:
    """AN-41, AN-44: each fighter's total so far: its revealed cards, plus the bonus of a
    fight-bonus Location for the defender."""
    bonus = data.fight_bonus(state.places[contest.place])
    return {
        f: sum(data.fight[c] for c in shown) + (bonus if f == contest.defender else 0)
        for f, shown in zip(contest.fighters, contest.revealed, strict=True)
    }


def fight_result(
    setup: Setup, state: AnoNuevo, contest: Contest
) -> tuple[list[str], tuple[str, ...]]:
    """AN-41, AN-44: Fight totals, and the order and any tie they give."""
    totals = fight_totals(data_of(setup.game), state, contest)
    return fight_order(contest, totals)


def bellowers(setup: Setup, state: AnoNuevo) -> tuple[str, ...]:
    """The players tied now: in the Fight under way, or at the end of the game (AN-53)."""
    if state.step == TIE:
        return outcome_of(setup, state).bellow
    return fight_result(setup, state, state.contests[0])[1]


def check_reveal(setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
    """AN-40: a fighter with displayed cards left shows one its hand could hold."""
    contest = state.contests[0]
    if move["seal"] not in contest.to_reveal():
        return refuse("AN-40", f"{move['seal']} has no displayed card left to reveal")
    if not setup.digital:
        return check_shown(setup, state, move["seal"], move["card"], "AN-40")
    if move["card"] not in state.held(setup, DISPLAYED, move["seal"]).items:
        return refuse("AN-40", f"{move['seal']} did not display {move['card']}")
    return ACCEPTED


def check_bellow(setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
    """AN-43, AN-53: only the tied players bellow."""
    tied = bellowers(setup, state)
    if move["seal"] not in tied:
        return refuse("AN-43", f"only the tied players bellow: {', '.join(tied)}")
    return ACCEPTED


def apply_reveal(setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
    """AN-40, AN-42: the card counts for its fighter and is discarded."""
    contest = state.contests[0]
    seal, card = move["seal"], move["card"]
    if contest.face_down:  # digital: the card comes from those displayed face down
        state = evolve(
            state, table=state.table.carry((card, pile_of(DISPLAYED, seal), PREY_DISCARD))
        )
    else:
        state = discard(setup, state, seal, card)  # AN-42
    i = contest.fighters.index(seal)
    revealed = replaced(contest.revealed, i, (*contest.revealed[i], card))
    return after_fight_step(setup, state, evolve(contest, revealed=revealed))


def apply_bellow(setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
    """AN-43, AN-53: the bellow's winner goes ahead of the others tied."""
    if state.step == TIE:
        return evolve(state, bellow=move["seal"], step=OVER)
    contest = state.contests[0]
    contest = evolve(contest, bellows=(*contest.bellows, move["seal"]))
    return after_fight_step(setup, state, contest)


def after_fight_step(setup: Setup, state: AnoNuevo, contest: Contest) -> AnoNuevo:
    """The Fight goes on while cards are to be revealed or a tie bellowed; then its round is
    settled (AN-41)."""
    if contest.to_reveal():
        return set_contest(state, contest)
    order, tie = fight_result(setup, state, contest)
    if tie:
        return set_contest(state, contest)
    second = order[1] if len(order) > 1 else None
    return settle_round(setup, state, contest, order[0], second)
