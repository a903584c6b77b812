"""The kit's lots of unseen cards never refuse a card a holder may hold, checked against a
brute-force model of every deal consistent with what the referee saw."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.errors import PnpError
from pnpkit.referee.api import LotHand, Lots, Table

CARDS = {"A": 2, "B": 1, "C": 1, "D": 1}
HOLDERS = ("deck", "discard", "Ann", "Bob")
World = tuple[tuple[str, ...], ...]
"""The unseen cards each holder (in HOLDERS' order) really holds in one possible deal."""


def _put(world: World, at: int, cards: Counter[str]) -> World:
    return tuple(tuple(sorted(cards.elements())) if n == at else w for n, w in enumerate(world))


def _moved(world: World, source: int, target: int, card: str) -> World:
    left, got = Counter(world[source]), Counter(world[target])
    left[card] -= 1
    got[card] += 1
    return _put(_put(world, source, left), target, got)


def start() -> tuple[Table, set[World]]:
    lots, tag = Lots.of(CARDS)
    table = Table.of(
        {
            "deck": LotHand((tag,) * sum(CARDS.values())),
            "discard": LotHand(public=True),
            "unseen": lots,
            "Ann": LotHand(seen_by=("Ann",)),
            "Bob": LotHand(seen_by=("Bob",)),
        }
    )
    deal = tuple(sorted(Counter(CARDS).elements()))
    return table, {(deal, (), (), ())}


def step(
    table: Table, worlds: set[World], op: int, who: int, pick: int
) -> tuple[Table, set[World]]:
    """One thing the referee sees happen: a card drawn unseen, a card shown and discarded, an
    unseen card passed in secret, a hand discarded face down, the discard pile reshuffled."""
    lots: Lots = table["unseen"]
    name, other = ("Ann", "Bob")[who % 2], ("Bob", "Ann")[who % 2]
    h, g = HOLDERS.index(name), HOLDERS.index(other)
    hand: LotHand = table[name]
    deck: LotHand = table["deck"]
    discard: LotHand = table["discard"]
    if op == 0 and deck.items:  # a card drawn unseen
        item = deck.items[0]
        moved = {_moved(w, 0, h, c) for w in worlds for c in set(w[0])}
        return table.put_all({"deck": deck.without(item), name: hand.add(item)}), moved
    if op == 1 and hand.items:  # a card shown from the hand, to the discard pile
        possible = sorted({c for w in worlds for c in w[h]} | set(hand.known()))
        card = possible[pick % len(possible)]
        assert lots.can_show(hand.items, card)
        lots, item = lots.show(hand.items, card)
        if item != card:
            worlds = {_put(w, h, Counter(w[h]) - Counter([card])) for w in worlds if card in w[h]}
        blocks = {"unseen": lots, name: hand.without(item), "discard": discard.add(card)}
        return table.put_all(blocks), worlds
    if op == 2 and hand.tags():  # an unseen card passed in secret
        lots, item = lots.any_unseen(hand.items)
        moved = {_moved(w, h, g, c) for w in worlds for c in set(w[h])}
        blocks = {"unseen": lots, name: hand.without(item), other: table[other].add(item)}
        return table.put_all(blocks), moved
    if op == 3 and hand.items:  # the hand discarded face down
        dumped = {_put(_put(w, 1, Counter(w[1]) + Counter(w[h])), h, Counter()) for w in worlds}
        blocks = {name: hand.emptied(), "discard": discard.add(*hand.items)}
        return table.put_all(blocks), dumped
    if op == 4 and not deck.items and discard.items:  # the discard pile reshuffled
        lots, tag = lots.reshuffled(discard.items)
        whole = Counter(discard.known())
        fresh = {_put(_put(w, 0, Counter(w[1]) + whole), 1, Counter()) for w in worlds}
        blocks = {
            "unseen": lots,
            "deck": deck.add(*(tag,) * len(discard)),
            "discard": discard.emptied(),
        }
        return table.put_all(blocks), fresh
    return table, worlds


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 1), st.integers(0, 9)), max_size=40))
def test_lots_accept_every_card_a_holder_may_hold(ops: list[tuple[int, int, int]]) -> None:
    table, worlds = start()
    for op, who, pick in ops:
        table, worlds = step(table, worlds, op, who, pick)
        lots: Lots = table["unseen"]
        assert worlds
        for world in worlds:  # the census: every unseen card, whatever the deal
            assert Counter(c for held in world for c in held) == lots.census()
        assert table.knowledge().census() == Counter(CARDS)
        for n, name in enumerate(HOLDERS):
            holder: LotHand = table[name]
            assert len(holder.tags()) == len(next(iter(worlds))[n])
            may = {c for w in worlds for c in w[n]} | set(holder.known())
            assert may <= lots.possible(holder.items)  # looser, never wrong
            if not lots.alias:  # no lots merged: exactly what the deals allow
                assert lots.possible(holder.items) == may


def test_a_hand_drawn_before_a_reshuffle_cannot_hold_the_new_lots_cards() -> None:
    lots, tag = Lots.of({"A": 1, "B": 1, "C": 1})
    ann, deck = LotHand((tag, tag), ("Ann",)), LotHand((tag,))
    lots, item = lots.show(ann.items, "A")  # Ann shows A: it goes to the discard pile
    ann = ann.without(item)
    lots, fresh = lots.reshuffled(("A",))  # the deck's last card drawn by Bob; A reshuffled
    assert fresh != tag
    assert lots.possible(ann.items) == {"B", "C"}
    assert not lots.can_show(ann.items, "A")
    assert lots.possible((fresh,)) == {"A"}
    assert lots.census() == Counter("ABC")
    assert deck.known() == ()
    with pytest.raises(PnpError, match="cannot be among"):
        lots.show(ann.items, "A")


def test_a_card_from_either_of_two_lots_merges_them() -> None:
    lots, old = Lots.of({"A": 1, "B": 1})
    lots, new = lots.reshuffled(("A", "C"))
    lots, item = lots.show((old, new), "A")
    assert lots.root(new) == old
    assert lots.lot(new) == Counter("ABC")  # A, B from the old lot, A, C from the new, less A
    assert item == old


def test_lot_hands_show_their_known_cards_to_whom_they_say() -> None:
    ann = LotHand(("?0", "A", "B"), ("Ann",))
    assert ann.add("C", "?1").items == ("?0", "?1", "A", "B", "C")
    assert ann.without("?0", "B").items == ("A",)
    with pytest.raises(PnpError, match="not in"):
        ann.without("C")
    zone = LotHand(("?0", "A", "B"), ("Ann",)).zone("hand")
    assert zone.cards == ("A", "B") and zone.visible_to("Ann") and not zone.visible_to("Bob")
    assert LotHand(("?1", "C"), public=True).zone("discard").visible_to("Bob")
    assert LotHand(("?0", "A")).holding(("D",)).items == ("?0", "D")
    assert len(LotHand(("?0", "?0", "A"))) == 3
    assert not Lots() and Lots.of({"A": 1})[0]


def test_a_table_carries_cards_between_lot_hands() -> None:
    table = Table.of({"deck": LotHand(("?0", "?0", "A")), "Ann": LotHand(("B",), ("Ann",))})
    table = table.carry(("?0", "deck", "Ann", 2), ("A", "deck", "Ann"), ("B", "Ann", "deck"))
    assert table["deck"] == LotHand(("B",))
    assert table["Ann"] == LotHand(("?0", "?0", "A"), ("Ann",))
    assert LotHand(("A", "C")).gain("B", 2).items == ("A", "B", "B", "C")
    with pytest.raises(PnpError, match="not in"):
        table.carry(("C", "Ann", "deck"))
