"""The kit's blocks keep every card (census), never copy one, and hide what they must."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.errors import PnpError
from pnpkit.referee.api import Deck, Display, Hand, Pile, Pool, Table, Track, reveal
from pnpkit.referee.checks.harness import fuzz_examples

CARDS = ("A", "A", "A", "B", "B", "C", "D", "E", "F", "G")
PLAYERS = ("Ann", "Bob")


def start(known_hands: bool) -> Table:
    """Two hands of 2 (known to the referee, or drawn unseen at the table), a deck, a pile, a
    display of 3 slots, two pools of tokens and a track."""
    held = 0 if known_hands else 2
    table = Table.of(
        {
            "deck": Deck(tuple(sorted(CARDS)), len(CARDS) - 2 * held),
            "pile": Pile(),
            "display": Display((None, None, None)),
            "pool": Pool((("T", 5),)),
            "tokens": Pool(),
            "track": Track((0, 0)),
            **{f"{p}'s hand": Hand(p, (), held) for p in PLAYERS},
        }
    )
    return table


def step(table: Table, choice: int, known_hands: bool, rng: random.Random) -> Table:
    """One operation chosen by `choice`: draw, play onto the pile, take the pile's top, put or
    take a display card, shuffle the pile back, move tokens, or move a mark."""
    player = PLAYERS[choice % 2]
    name = f"{player}'s hand"
    hand, deck, pile = table[name], table["deck"], table["pile"]
    kind = choice // 2 % 7
    try:
        if kind == 0 and known_hands:
            card = rng.choice(deck.unseen)
            return table.put(name, hand.add(card)).put("deck", deck.take(card))
        if kind == 0:
            return table.put(name, hand.add_unknown()).put("deck", deck.draw_unseen())
        if kind == 1:
            card = rng.choice([*hand.known, *(deck.unseen if hand.unknown else ())])
            hand, deck = reveal(hand, deck, card)
            return table.put(name, hand).put("deck", deck).put("pile", pile.put(card))
        if kind == 2:
            card, rest = pile.take()
            return table.put(name, hand.add(card)).put("pile", rest)
        if kind == 3:
            card, rest = pile.take()
            return table.put("pile", rest).put("display", table["display"].put(choice % 3, card))
        if kind == 4:
            card, shown = table["display"].take(choice % 3)
            return table.put("display", shown).put(name, hand.add(card))
        if kind == 5:
            return table.put("deck", deck.shuffle_in(pile.cards)).put("pile", Pile())
        table = table.put("pool", table["pool"].moved("T", -1)).put(
            "track", table["track"].moved(1, 2)
        )
        return table.put("tokens", table["tokens"].moved("T", 1))
    except (PnpError, IndexError):
        return table  # not possible now (an empty deck, pile or slot): nothing changes


@settings(max_examples=fuzz_examples(60), deadline=None)
@given(st.lists(st.integers(0, 13), max_size=40), st.booleans(), st.integers(0, 9))
def test_a_census_is_kept_nothing_is_copied_and_hands_are_hidden(
    choices: list[int], known_hands: bool, seed: int
) -> None:
    rng = random.Random(seed)
    table = start(known_hands)
    whole = table.knowledge().census()
    assert whole == Counter(CARDS) + Counter({"T": 5})
    for choice in choices:
        table = step(table, choice, known_hands, rng)
        known = table.knowledge()
        assert known.census() == whole
        zones = {zone.name: zone for zone in known.zones}
        assert zones["deck"].seen_by == frozenset()
        for player in PLAYERS:
            other = next(p for p in PLAYERS if p != player)
            assert zones[f"{player}'s hand"].visible_to(player)
            assert not zones[f"{player}'s hand"].visible_to(other)
            assert not zones[f"{player}'s hand"].visible_to("")
            assert Counter(zones[f"{other}'s hand"].cards) <= known.hidden(player)
        sizes = len(table["deck"]) + sum(len(table[f"{p}'s hand"]) for p in PLAYERS)
        assert sizes + len(table["pile"]) + len(zones["display"].cards) == len(CARDS)


@settings(max_examples=fuzz_examples(40), deadline=None)
@given(st.lists(st.integers(0, 13), max_size=30), st.integers(0, 9))
def test_a_rebuilt_deal_keeps_the_census_and_what_the_seat_sees(
    choices: list[int], seed: int
) -> None:
    rng = random.Random(seed)
    table = start(known_hands=True)
    for choice in choices:
        table = step(table, choice, True, rng)
    known = table.knowledge()
    dealt = table.rebuild(known.shuffled("Ann", random.Random(seed), lambda card: ""))
    again = dealt.knowledge()
    assert again.census() == known.census()
    for before, after in zip(known.zones, again.zones, strict=True):
        if before.visible_to("Ann"):
            assert before == after
        assert len(before.cards) == len(after.cards)
    assert [len(b) for n, b in dealt.blocks if n.endswith("hand")] == [
        len(b) for n, b in table.blocks if n.endswith("hand")
    ]


def test_blocks_refuse_what_cannot_be_and_stay_as_they_were() -> None:
    deck = Deck.of(["A", "B"])
    with pytest.raises(PnpError, match="not in the deck"):
        deck.take("C")
    assert deck == Deck(("A", "B"), 2)
    with pytest.raises(PnpError, match="cannot be in Ann's hand"):
        reveal(Hand("Ann", ("A",)), Deck.of(["B"]), "B")
    with pytest.raises(PnpError, match="pile is empty"):
        Pile().take()
    with pytest.raises(PnpError, match="slot 1 is taken"):
        Display(("A", None)).put(0, "B")
    with pytest.raises(PnpError, match="only 1 T left"):
        Pool((("T", 1),)).moved("T", -2)
    with pytest.raises(KeyError):
        Table.of({"deck": deck}).put("dekc", deck)
    assert Deck.of(["B", "A"]).shuffle_in(["A"]) == Deck(("A", "A", "B"), 3)
    assert Deck(("A", "B", "B"), 1).kinds() == ("A", "B") and Deck(("A",), 0).kinds() == ()


def test_put_all_replaces_several_blocks_at_once_as_puts_do() -> None:
    table = start(known_hands=True)
    deck, hand = table["deck"], table["Ann's hand"]
    card = deck.unseen[0]
    both = table.put_all({"Ann's hand": hand.add(card), "deck": deck.take(card)})
    assert both == table.put("Ann's hand", hand.add(card)).put("deck", deck.take(card))
    assert [name for name, _ in both.blocks] == [name for name, _ in table.blocks]
    assert both["Ann's hand"].known == (card,) and table["Ann's hand"].known == ()
    assert table.put_all({}) == table
    with pytest.raises(KeyError):
        table.put_all({"dekc": deck})


@settings(max_examples=fuzz_examples(200))
@given(
    st.lists(
        st.dictionaries(st.sampled_from("abcde"), st.lists(st.sampled_from("XYZ"), max_size=3)),
        max_size=12,
    )
)
def test_put_all_keeps_each_block_in_its_place_and_leaves_the_table_it_came_from(
    changes: list[dict[str, list[str]]],
) -> None:
    """A table put to many times holds what a dict of its blocks, changed alike, holds: the
    names in their first order, each block where it was put; no earlier table changes."""
    table = Table.of({name: Pile() for name in "abcde"})
    model = dict(table.blocks)
    seen = [(table, dict(model))]
    for change in changes:
        blocks = {name: Pile(tuple(cards)) for name, cards in change.items()}
        table = table.put_all(blocks)
        model.update(blocks)
        seen.append((table, dict(model)))
        assert table.blocks == tuple(model.items()) and table == Table.of(model)
        assert all(table[name] == block for name, block in model.items())
    for earlier, blocks in seen:
        assert earlier.blocks == tuple(blocks.items())
        assert earlier.put("a", Pile(("X",)))["a"] == Pile(("X",))


def pieces(table: Table) -> Counter[str]:
    """Every card and token on the table, wherever it lies."""
    return Counter(c for zone in table.knowledge().zones for c in zone.cards)


@settings(max_examples=fuzz_examples(200))
@given(st.lists(st.tuples(st.sampled_from("XYZ"), st.sampled_from("pqhsd"),
                          st.sampled_from("pqhsd"), st.integers(0, 3)), max_size=12),
       st.data())  # fmt: skip
def test_carry_moves_each_piece_from_block_to_block_and_loses_none(
    moves: list[tuple[str, str, str, int]], data: st.DataObject
) -> None:
    """Pieces carried between piles, a pool, a hand and a deck: the block left holds `copies`
    fewer, the block reached `copies` more (a pile on top, a hand known, a deck one more card),
    nothing else changes, no piece is made or lost, the earlier table stays as it was; a piece
    that is not there is refused."""
    table = Table.of({
        "p": Pile(("X", "Y", "X", "Z")), "q": Pile(), "h": Hand("Ann", ("Y",), unknown=1),
        "s": Pool((("X", 2), ("Z", 5))), "d": Deck(("X", "Z"), 2),
    })  # fmt: skip
    for piece, source, target, copies in moves:
        held = pieces(Table.of({source: table[source]}))[piece]
        if held < copies:
            with pytest.raises(PnpError, match=f"{piece}"):
                table.carry((piece, source, target, copies))
            continue
        short = data.draw(st.booleans()) and copies == 1  # the 3-tuple form: one copy
        after = table.carry((piece, source, target) if short else (piece, source, target, copies))
        assert pieces(after) == pieces(table)
        assert after == Table.of(dict(after.blocks)) and after.put(target, after[target]) == after
        if source != target:
            gone = pieces(Table.of({source: table[source]})) - pieces(
                Table.of({source: after[source]})
            )
            got = pieces(Table.of({target: after[target]})) - pieces(
                Table.of({target: table[target]})
            )
            assert gone == got == Counter({piece: copies} if copies else {})
            if copies and isinstance(after[target], Pile):
                assert after[target].cards[-copies:] == (piece,) * copies
        assert all(after[n] == table[n] for n in "pqhsd" if n not in (source, target))
        before, table = table, after
        assert before.carry() == before
    assert table["h"].unknown == 1
    assert table["d"].count == len(table["d"].unseen)


def test_a_deck_carried_from_gives_a_card_drawn_and_seen_and_takes_one_shuffled_in() -> None:
    """A deck's `unseen` cards may lie elsewhere (unknown hand cards): it gives only as many as
    it holds itself; a card it gains is one more face down."""
    deck = Deck(("A", "B", "B"), 1)
    assert deck.lose("B") == deck.take("B") == Deck(("A", "B"), 0)
    with pytest.raises(PnpError, match="only 0 cards in the deck"):
        deck.lose("B").lose("A")
    with pytest.raises(PnpError, match="C is not in the deck"):
        deck.lose("C")
    assert deck.gain("A", 2) == Deck(("A", "A", "A", "B", "B"), 3)


def test_a_shown_hand_is_seen_by_everyone_and_stays_shown() -> None:
    deck = Deck(("C", "D"), 1)
    hand = Hand("Ann", ("A",), 1, shown=True)
    assert hand.zone("Ann's hand").visible_to("Bob") and hand.zone("Ann's hand").visible_to("")
    assert not Hand("Ann", ("A",)).zone("Ann's hand").visible_to("Bob")
    left, rest = reveal(hand.add("B").add_unknown(), deck, "A")
    assert left == Hand("Ann", ("B",), 2, shown=True) and rest == deck
    left, rest = reveal(left, deck, "C")
    assert left == Hand("Ann", ("B",), 1, shown=True) and rest == Deck(("D",), 1)
    assert hand.holding(("E",)) == Hand("Ann", ("E",), 1, shown=True)
    table = Table.of({"deck": deck, "Ann's hand": hand})
    assert table.knowledge().hidden("Bob") == Counter(deck.unseen)


@settings(max_examples=fuzz_examples(200))
@given(st.lists(st.tuples(st.sampled_from("PQRST"), st.integers(-3, 3)), max_size=30))
def test_a_pool_counts_as_a_counter_does_and_refuses_to_go_below_none(
    moves: list[tuple[str, int]],
) -> None:
    pool, model = Pool(), Counter[str]()
    for piece, amount in moves:
        if model[piece] + amount < 0:
            with pytest.raises(PnpError, match=f"only {model[piece]} {piece} left"):
                pool.moved(piece, amount)
            with pytest.raises(PnpError, match=f"only {model[piece]} {piece} left"):
                pool.lose(piece, -amount)
            continue
        carried = pool.gain(piece, amount) if amount >= 0 else pool.lose(piece, -amount)
        pool = pool.moved(piece, amount)
        model[piece] += amount
        assert carried == pool  # what Table.carry asks: gain and lose count as moved does
        counted = Pool(tuple(sorted((p, n) for p, n in model.items() if n)))
        assert pool == counted and hash(pool) == hash(counted)  # made without __init__, alike
        assert all(pool[p] == model[p] for p in "PQRSTU")


def test_piles_and_pools_a_move_makes_are_the_blocks_their_class_makes_and_stay_frozen() -> None:
    """gain, lose, take and holding make their blocks without `__init__` (for speed): the same
    values, equal and hashed alike, as frozen as the class makes them."""
    pile = Pile(("A", "B", "A")).lose("A").gain("C", 2)
    assert pile == Pile(("A", "B", "C", "C")) and hash(pile) == hash(Pile(("A", "B", "C", "C")))
    assert Pile(("A", "B")).take() == ("B", Pile(("A",)))
    pool = Pool((("T", 2),)).gain("S").lose("T")
    assert pool == Pool((("S", 1), ("T", 1))) and hash(pool) == hash(Pool((("S", 1), ("T", 1))))
    assert Pool().holding(("T", "S", "T")) == Pool((("S", 1), ("T", 2)))
    for block, field in ((pile, "cards"), (pool, "counts")):
        with pytest.raises(AttributeError):
            setattr(block, field, ())
        assert not hasattr(block, "__dict__")
