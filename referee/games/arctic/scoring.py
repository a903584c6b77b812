"""Arctic's final scoring: runs per animal, the variety bonus, the totem and penalties.

A face-down fox card (fox side A) counts as whichever animal helps its owner most (AR-44). The
best choice is found exactly: giving each animal one stretch of the pile in which every card is
that animal or face down, the stretches never overlapping, is the same as choosing the animals of
the face-down cards, so a small dynamic programme over (position, animals already given a
stretch) finds the best total without trying every combination.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pnpkit.referee.api import ScoreSheet, Setup
from pnpkit.referee.games.arctic.facts import Facts, facts
from pnpkit.referee.games.arctic.state import State

RUN_POINTS = (0, 0, 1, 3, 6, 10, 15)
"""Points for a run of 0, 1, 2 … 6 or more cards of one animal (AR-39)."""
VARIETY_POINTS = (0, 0, 1, 3, 6, 10, 15)
"""Points for 0, 1, 2 … 6 animals that have a run of two or more (AR-40)."""
CATEGORIES = ("runs", "variety", "totem", "penalties")
WILD = None
"""A face-down card in a pile given to `best_runs`: it may count as any animal."""


def run_points(length: int) -> int:
    """Points for a run of `length` cards (6 or more score the most)."""
    return RUN_POINTS[min(length, len(RUN_POINTS) - 1)]


def variety_points(animals: int) -> int:
    """Points for the number of animals with a run of at least two."""
    return VARIETY_POINTS[min(animals, len(VARIETY_POINTS) - 1)]


@dataclass(frozen=True)
class Runs:
    """The scoring of one pile: the points of its runs and of their variety."""

    runs: int
    variety: int
    wilds: tuple[str | None, ...] = ()
    """The animal each face-down card counts as, bottom to top (None: no run needs it)."""


def longest_runs(pile: Sequence[str]) -> dict[str, int]:
    """The longest run of consecutive cards of each animal in a pile without face-down cards."""
    best: dict[str, int] = {}
    length, previous = 0, None
    for animal in pile:
        length = length + 1 if animal == previous else 1
        previous = animal
        best[animal] = max(best.get(animal, 0), length)
    return best


def best_runs(pile: Sequence[str | None], animals: Sequence[str]) -> Runs:
    """The best scoring of a pile (bottom to top) whose WILD entries count as any animal."""
    if WILD not in pile:
        return _plain(pile)
    longest_useful = len(RUN_POINTS) - 1
    size = len(pile)
    # reach[i][a]: how many cards from position i on could all count as animal a
    reach = [[0] * len(animals) for _ in range(size + 1)]
    for i in range(size - 1, -1, -1):
        for a, animal in enumerate(animals):
            if pile[i] is WILD or pile[i] == animal:
                reach[i][a] = reach[i + 1][a] + 1
    # best[i][mask]: (run points, stretches) over positions before i; mask: animals given one;
    # a stretch is (animal index, first position, length)
    best: list[dict[int, tuple[int, Stretches]]] = [{} for _ in range(size + 1)]
    best[0][0] = (0, ())
    for i in range(size):
        for mask, (points, stretches) in best[i].items():
            _offer(best[i + 1], mask, points, stretches)
            for a in range(len(animals)):
                if mask & (1 << a):
                    continue
                for length in range(2, min(reach[i][a], longest_useful) + 1):
                    _offer(
                        best[i + length],
                        mask | (1 << a),
                        points + run_points(length),
                        (*stretches, (a, i, length)),
                    )
    return _pick(best[size], pile, animals)


Stretches = tuple[tuple[int, int, int], ...]
"""Stretches of a pile counted as runs: (animal index, first position, length)."""


def _offer(
    cell: dict[int, tuple[int, Stretches]], mask: int, points: int, stretches: Stretches
) -> None:
    if mask not in cell or cell[mask][0] < points:
        cell[mask] = (points, stretches)


def _pick(
    final: dict[int, tuple[int, Stretches]], pile: Sequence[str | None], animals: Sequence[str]
) -> Runs:
    def total(item: tuple[int, tuple[int, Stretches]]) -> int:
        mask, (points, _) = item
        return points + variety_points(mask.bit_count())

    mask, (points, stretches) = max(final.items(), key=total)
    given: dict[int, str] = {}
    for a, first, length in stretches:
        given.update(dict.fromkeys(range(first, first + length), animals[a]))
    wilds = tuple(given.get(i) for i, animal in enumerate(pile) if animal is WILD)
    return Runs(points, variety_points(mask.bit_count()), wilds)


def _plain(pile: Sequence[str | None]) -> Runs:
    longest = longest_runs([a for a in pile if a is not None])
    scoring = [n for n in longest.values() if n >= 2]
    return Runs(sum(run_points(n) for n in scoring), variety_points(len(scoring)))


def score_seat(
    table: Facts,
    pile: Sequence[str | None],
    totem: str | None,
    tokens: Sequence[int],
    penalty: int,
) -> tuple[dict[str, int], Runs]:
    """AR-39–AR-44: one player's points by category, and how the pile's runs were counted."""
    runs = best_runs(pile, table.animals)
    totem_points = 0 if totem is None else table.value_at(tokens[table.totems.index(totem)])
    points = {
        "runs": runs.runs,
        "variety": runs.variety,
        "totem": totem_points,
        "penalties": -penalty,
    }
    return points, runs


def wild_note(player: str, runs: Runs) -> str:
    """AR-44: what a player's face-down cards (`runs.wilds`, at least one) were counted as."""
    chosen = ", ".join(animal or "any animal (no run needs it)" for animal in runs.wilds)
    order = " (bottom to top)" if len(runs.wilds) > 1 else ""
    cards = "card counts" if len(runs.wilds) == 1 else "cards count"
    return f"{player}'s face-down {cards} as {chosen}{order}, the best choice (AR-44)"


def sheet(
    players: Sequence[str], points: Mapping[str, Mapping[str, int]], notes: tuple[str, ...] = ()
) -> ScoreSheet:
    """AR-43: the score sheet; a tie goes to the player earliest in turn order."""
    totals = {p: sum(points[p].values()) for p in players}
    best = max(totals.values())
    tied = [p for p in players if totals[p] == best]
    tiebreak = (
        f"tie on {best}: {tied[0]} is earliest in turn order (AR-43)" if len(tied) > 1 else ""
    )
    return ScoreSheet(CATEGORIES, points, (tied[0],), tiebreak, notes)


def score_game(setup: Setup, state: State) -> ScoreSheet:
    """The score sheet of a game in progress or over (totems count 0 until known)."""
    table = facts(setup.game)
    points: dict[str, dict[str, int]] = {}
    notes = []
    dealt = state.totems()
    for index, player in enumerate(setup.players):
        cards = state.pile(index).cards
        animals = [None if down else table.cards[c].animal for c, down in cards]
        totem = None if dealt is None else dealt[index]
        fines = state.penalties(index)
        points[player], runs = score_seat(table, animals, totem, state.tokens, fines)
        if runs.wilds:
            notes.append(wild_note(player, runs))
    if dealt is None:
        notes.append("totems not yet revealed: they count 0 until then")
    return sheet(setup.players, points, tuple(notes))


def score_bounds(setup: Setup) -> tuple[int, int]:
    """The lowest and highest score a player can make with this many players."""
    table = facts(setup.game)
    cards = len(table.deck_cards(len(setup.players)))
    animals = len(table.animals)
    best = animals * run_points(cards) + variety_points(animals)
    return -cards, best + max(v for _, v in table.landscape)


def game_stats(setup: Setup, state: State) -> dict[str, float]:
    """A finished game's figures for `simulate`: average points by category, turns, and the
    penalty cards drawn for short placements (AR-11)."""
    sheet_ = score_game(setup, state)
    players = len(setup.players)
    figures: dict[str, float] = {
        f"{category} (average)": sum(sheet_.points[p][category] for p in setup.players) / players
        for category in CATEGORIES
    }
    figures["turns"] = state.turn.number
    figures["penalty draws for short placements"] = sum(state.penalties_drawn) / players
    return figures
