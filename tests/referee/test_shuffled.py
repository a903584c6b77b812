"""`Knowledge.shuffled`: a seat's determinisation depends on nothing the seat cannot see."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.referee.engine.information import Knowledge, private, public


def _table(hands: list[list[str]], pile: list[str]) -> Knowledge:
    """Ann's hand, Bob's hand, a draw pile nobody sees, and a public grid."""
    return Knowledge(
        (
            public("grid", ["G1", "G2"]),
            private("hand:Ann", hands[0], "Ann"),
            private("hand:Bob", hands[1], "Bob"),
            private("draw pile", pile),
        )
    )


def _kind(card: str) -> str:
    return "egg" if card.startswith("E") else "card"


@settings(max_examples=100, deadline=None)
@given(st.permutations(["C1", "C2", "C3", "C4", "E1", "E2", "E3"]), st.integers(0, 2**32))
def test_where_the_hidden_cards_lie_does_not_change_a_seats_sample(
    order: list[str], sample: int
) -> None:
    """Ann sees her hand and the grid: Bob's hand and the pile may hold the others in any
    arrangement with as many cards of each kind in each place, and her sample is the same."""
    ann = ["C9", "E9"]
    eggs = [c for c in order if c.startswith("E")]
    plain = [c for c in order if not c.startswith("E")]
    one = _table([ann, [plain[0], eggs[0]]], [*plain[1:], *eggs[1:]])
    other = _table([ann, [plain[-1], eggs[-1]]], [*eggs[:-1], *plain[:-1]])
    mine = one.shuffled("Ann", random.Random(sample), _kind)
    theirs = other.shuffled("Ann", random.Random(sample), _kind)
    sort = lambda k: [(z.name, sorted(z.cards)) for z in k.zones]  # noqa: E731
    assert sort(mine) == sort(theirs)
    assert mine.zones[:2] == one.zones[:2]
    assert mine.census() == one.census()


def test_the_sample_deals_the_hidden_cards_again() -> None:
    table = _table([["C9"], ["C1", "C2"]], ["C3", "C4", "C5"])
    samples = {table.shuffled("Ann", random.Random(n), _kind).zones[2].cards for n in range(20)}
    assert len(samples) > 1
