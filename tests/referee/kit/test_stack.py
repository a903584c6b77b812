"""The kit's `Stack`: a pile whose cards each lie face up or face down; everyone sees the face-up
cards, its owner the face-down ones; a census is kept and a rebuilt deal keeps what a seat sees."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.components import load_game
from pnpkit.errors import PnpError
from pnpkit.referee.api import Deck, Hand, Stack, Table
from pnpkit.referee.checks.harness import fuzz_examples
from pnpkit.referee.kit.picture import zones_of
from pnpkit.referee.log.store import make_setup

CARDS = ("A", "A", "B", "B", "C", "D", "E", "F")
PLAYERS = ("Ann", "Bob")


def start() -> Table:
    """A deck (one card of it dealt unseen to Bob's hand), Ann's known hand and both stacks."""
    return Table.of(
        {
            "deck": Deck(tuple(sorted(CARDS[2:])), len(CARDS) - 3),
            "Ann's hand": Hand("Ann", CARDS[:2]),
            "Bob's hand": Hand("Bob", (), 1),
            "Ann's stack": Stack("Ann"),
            "Bob's stack": Stack("Bob"),
        }
    )


def step(table: Table, choice: int, rng: random.Random) -> Table:
    """Ann draws, lays a card face up, face down or under her stack, or takes her top card back;
    Bob lays a card face down unseen (at the table: the referee saw nothing) or takes one back."""
    deck, hand, mine, his = table["deck"], table["Ann's hand"], table["Ann's stack"], None
    try:
        kind = choice % 6
        if kind == 0:
            card = rng.choice(deck.unseen)
            return table.put_all({"deck": deck.take(card), "Ann's hand": hand.add(card)})
        if kind in (1, 2, 3) and hand.known:
            card = rng.choice(hand.known)
            rest = Hand(
                "Ann", tuple(c for n, c in enumerate(hand.known) if n != hand.known.index(card))
            )
            laid = mine.under(card) if kind == 3 else mine.put(card, down=kind == 2)
            return table.put_all({"Ann's hand": rest, "Ann's stack": laid})
        if kind == 4:
            card, rest = mine.take()
            assert card is not None
            return table.put_all({"Ann's stack": rest, "Ann's hand": hand.add(card)})
        his = table["Bob's stack"]
        if choice % 2:
            card, rest = his.take()
            back = table["Bob's hand"].add_unknown() if card is None else table["Bob's hand"]
            return table.put_all({"Bob's stack": rest, "Bob's hand": back})
        if len(table["Bob's hand"]):
            return table.put_all(
                {
                    "Bob's hand": Hand("Bob", (), table["Bob's hand"].unknown - 1),
                    "Bob's stack": his.put(None, down=True),
                }
            )
        return table
    except PnpError:
        return table  # not possible now (an empty deck or stack): nothing changes


@settings(max_examples=fuzz_examples(60), deadline=None)
@given(st.lists(st.integers(0, 11), max_size=40), st.integers(0, 9))
def test_a_stack_keeps_the_census_and_hides_its_face_down_cards_from_the_others(
    choices: list[int], seed: int
) -> None:
    rng = random.Random(seed)
    table = start()
    whole = table.knowledge().census()
    assert whole == Counter(CARDS)
    for choice in choices:
        table = step(table, choice, rng)
        known = table.knowledge()
        assert known.census() == whole
        zones = {zone.name: zone for zone in known.zones}
        stack = table["Ann's stack"]
        assert zones["Ann's stack"].seen_by is None
        assert zones["Ann's stack"].cards == tuple(c for c, down in stack.cards if not down)
        down = zones["Ann's stack face down"]
        assert down.cards == tuple(c for c, d in stack.cards if d)
        assert down.visible_to("Ann") and not down.visible_to("Bob") and not down.visible_to("")
        assert Counter(down.cards) <= known.hidden("Bob")
        assert stack.face_down == len(down.cards)
        assert stack.top == (stack.cards[-1][0] if stack.cards and not stack.cards[-1][1] else None)
        assert zones["Bob's stack face down"].cards == ()  # laid unseen: only counted
        assert len(table["Bob's stack"]) + len(table["Bob's hand"]) == 1


@settings(max_examples=fuzz_examples(40), deadline=None)
@given(st.lists(st.integers(0, 11), max_size=30), st.integers(0, 9))
def test_a_rebuilt_deal_keeps_each_card_where_the_seat_saw_it(
    choices: list[int], seed: int
) -> None:
    rng = random.Random(seed)
    table = start()
    for choice in choices:
        table = step(table, choice, rng)
    known = table.knowledge()
    dealt = table.rebuild(known.shuffled("Bob", random.Random(seed), lambda card: ""))
    again = dealt.knowledge()
    assert again.census() == known.census()
    for before, after in zip(known.zones, again.zones, strict=True):
        if before.visible_to("Bob"):
            assert before == after
        assert len(before.cards) == len(after.cards)
    mine, theirs = table["Ann's stack"], dealt["Ann's stack"]
    assert [d for _, d in mine.cards] == [d for _, d in theirs.cards]
    assert [c for c, d in mine.cards if not d] == [c for c, d in theirs.cards if not d]
    assert dealt["Bob's stack"] == table["Bob's stack"]


def test_a_stack_refuses_what_cannot_be_and_shows_its_face_down_count() -> None:
    with pytest.raises(PnpError, match="Ann's stack is empty"):
        Stack("Ann").take()
    with pytest.raises(PnpError, match="face-up card must be named"):
        Stack("Ann").put(None)
    stack = Stack("Ann").put("A").put("B", down=True).under("C")
    assert stack.cards == (("C", False), ("A", False), ("B", True))
    assert stack.top is None and stack.put("D").top == "D" and stack.face_down == 1
    assert stack.take() == ("B", Stack("Ann", (("C", False), ("A", False))))
    setup = make_setup(load_game("arctic"), list(PLAYERS))
    rows = zones_of(setup, Table.of({"Ann's stack": stack}), "Bob")["blocks"]
    assert [c["id"] for c in rows[0]["cards"]] == ["C", "A"] and rows[0]["face_down"] == 1


def test_a_stack_reads_as_its_face_up_cards_and_how_many_lie_face_down() -> None:
    from types import SimpleNamespace

    from pnpkit.referee.api import KitRules

    stack = Stack("Ann").put("A").put("B", down=True)
    state = SimpleNamespace(table=Table.of({"Ann's stack": stack}))
    assert KitRules()._lines(state, "Bob") == "Ann's stack: A and 1 face down"
    assert KitRules()._lines(state, None) == "Ann's stack: A and 1 face down"


def test_a_stack_may_name_its_face_down_zone_and_keeps_the_name_as_it_changes() -> None:
    stack = Stack("Ann", down="Ann's secret").put("A").put("B", down=True).under("C")
    assert stack.take()[1].down == "Ann's secret"
    table = Table.of({"Ann's stack": stack})
    zones = table.knowledge().zones
    assert [(z.name, z.cards) for z in zones] == [
        ("Ann's stack", ("C", "A")),
        ("Ann's secret", ("B",)),
    ]
    assert table.rebuild(table.knowledge()) == table
    assert Stack("Ann").put("B", down=True).zones("s")[1].name == "s face down"
