"""The play-through harness's check that the players' secret choices, combined, are exactly the
legal moves: in full for a few combinations, by count and sample for many (six seals' Travel),
and in full for many under `make soak`."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from pnpkit.referee.checks import harness
from pnpkit.referee.engine.moves import canonical, pairs
from pnpkit.referee.engine.rules import Choices

PLAYERS = ("Ann", "Bob", "Cy", "Dee")


def session(options: int, read: Callable[[str], Any] = int) -> SimpleNamespace:
    """A session at a step where each of four players picks one of `options` numbers; a
    `choose` move reads each pick with `read`."""
    choices = Choices("choose NAME=N …", {p: tuple(map(str, range(options))) for p in PLAYERS})

    def parse(text: str) -> dict[str, Any]:
        picks = pairs(text.split()[1:], PLAYERS)
        return {"type": "choose", "picks": {p: read(v) for p, v in picks.items()}}

    rules = SimpleNamespace(choices=lambda setup, state: choices)
    return SimpleNamespace(rules=rules, setup=None, state=None, parse=parse)


def listed(options: int, drop: int = 0) -> set[str]:
    """The canonical legal moves of `session(options)`, less the first `drop` of them."""
    combos = itertools.product(range(options), repeat=len(PLAYERS))
    moves = [{"type": "choose", "picks": dict(zip(PLAYERS, c, strict=True))} for c in combos]
    return {canonical(m) for m in moves[drop:]}


@pytest.mark.parametrize("options", [5, 7])  # 625 combinations: all parsed; 2,401: a sample
def test_choices_that_are_the_legal_moves_pass(options: int) -> None:
    harness._check_choices(session(options), listed(options), "here")


@pytest.mark.parametrize("options", [5, 7])
def test_a_legal_move_no_choice_gives_is_found(options: int) -> None:
    with pytest.raises(AssertionError, match="choices"):
        harness._check_choices(session(options), listed(options, drop=1), "here")


def test_choices_giving_a_move_that_is_not_legal_are_found_in_a_sample() -> None:
    wrong = session(7, read=lambda v: 7 if v == "6" else int(v))  # 6 read as 7: never legal
    with pytest.raises(AssertionError, match="no legal move"):
        harness._check_choices(wrong, listed(7), "here")


def test_two_choices_read_as_one_move_are_found_in_a_sample() -> None:
    alike = session(7, read=lambda v: min(int(v), 5))  # 5 and 6 read alike
    with pytest.raises(AssertionError, match="alike"):
        harness._check_choices(alike, listed(7), "here")


def test_make_soak_parses_every_combination(monkeypatch: pytest.MonkeyPatch) -> None:
    """One legal move missing among 2,401 and no combination wrong: only the count shows it
    under `make test`; `make soak` names the choices."""
    monkeypatch.setenv(harness.SOAK_ENV, "1")
    with pytest.raises(AssertionError, match="the choices are not `legal`"):
        harness._check_choices(session(7), listed(7, drop=1), "here")
