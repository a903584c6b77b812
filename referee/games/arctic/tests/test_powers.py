"""Arctic's power cards, both sides (AR-23 … AR-34), and the draw step they change."""

from __future__ import annotations

from dataclasses import replace

from pnpkit.referee.games.arctic import RULES
from pnpkit.referee.games.arctic.state import HIDDEN, State
from pnpkit.referee.games.arctic.tests.helpers import (
    check,
    draw_pile,
    give,
    owning,
    play,
    seats,
    setup,
    started,
    unseen,
    with_draw_pile,
    with_penalty,
    with_pile,
    with_river,
)

FOX, MOOSE, WALRUS, ORCA, PUFFIN, BEAR = range(6)


def ann(sides: str, *animals: int, pile: tuple[str, ...] = ("AR-1M5",)) -> State:
    """Ann to place, holding the power cards of `animals`, her pile `pile` (bottom first)."""
    return owning(with_pile(started(sides=sides).state, 0, *pile), 0, *animals)


def drawing(sides: str, *animals: int, top: str = "AR-1F3") -> State:
    """Ann in step D under `top`, holding the power cards of `animals`."""
    return ann(sides, *animals, pile=(top,)).at("draw")


def test_ar_23_fox_a_tucks_the_last_card_face_down_under_the_visible_one() -> None:
    game = setup(sides="a")
    assert check(game, ann("a"), "place tuck ?").rule == "AR-23"
    after = play(game, ann("a", FOX), "place tuck ?")
    assert seats(after)[0].pile == ((HIDDEN, True), ("AR-1M5", False))
    assert seats(after)[0].top == "AR-1M5"
    empty = owning(started(sides="a").state, 0, FOX)
    assert check(game, empty, "place tuck ?").rule == "AR-23"


def test_ar_24_fox_b_puts_the_last_card_under_the_whole_pile() -> None:
    game = setup(sides="b")
    after = play(game, ann("b", FOX), "place bottom AR-2W1")
    assert [c for c, _ in seats(after)[0].pile] == ["AR-2W1", "AR-1M5"]
    assert check(game, ann("b"), "place bottom AR-2W1").rule == "AR-24"


def test_ar_25_moose_a_draws_one_more_or_one_fewer() -> None:
    game = setup(sides="a")
    state = drawing("a", MOOSE)  # draw value 3: 2 to 4
    state = play(game, state, "take AR-1M1")
    assert check(game, state, "done").rule == "AR-19"
    state = play(game, state, "take AR-1W1", "take AR-1O1", "take AR-1P1")
    assert state.turn.step == "refill" and state.taken == 4


def test_ar_26_moose_b_places_one_more_or_one_fewer() -> None:
    game = setup(sides="b")
    state = ann("b", MOOSE)  # placement value 1: 0 to 2
    assert check(game, state, "place").ok
    assert check(game, state, "place AR-2F1 AR-2F2").ok
    assert check(game, state, "place AR-2F1 AR-2F2 AR-2F3").rule == "AR-9"
    assert check(game, ann("b"), "place").rule == "AR-9"


def _tokens(sides: str, *animals: int) -> State:
    return ann(sides, *animals, pile=("AR-1F3",)).at("tokens")  # fox + orca


def test_ar_27_walrus_a_moves_the_main_token_one_more_space() -> None:
    game = setup(sides="a")
    after = play(game, _tokens("a", WALRUS), "tokens fox left extra left")
    assert (after.tokens[FOX], after.tokens[ORCA]) == (0, 3)
    assert check(game, _tokens("a"), "tokens fox left extra left").rule == "AR-27"
    edge = replace(_tokens("a", WALRUS), tokens=(0, 2, 2, 2, 2, 2))
    assert check(game, edge, "tokens extra right").ok
    assert RULES.forced(game, edge) is None  # the walrus leaves a choice
    assert (
        check(game, replace(edge, tokens=(1, 2, 2, 2, 2, 2)), "tokens fox left extra left").rule
        == "AR-27"
    )


def test_ar_28_walrus_b_moves_the_companion_token_one_more_space() -> None:
    game = setup(sides="b")
    after = play(game, _tokens("b", WALRUS), "tokens fox left extra right")
    assert (after.tokens[FOX], after.tokens[ORCA]) == (1, 4)
    off = replace(_tokens("b", WALRUS), tokens=(2, 2, 2, 4, 2, 2))  # orca goes right to 15
    assert check(game, off, "tokens fox left extra right").rule == "AR-28"


def test_ar_16_ar_17_ar_27_the_tokens_prompt_offers_what_may_be_typed() -> None:
    """Edge tokens leave only `tokens` (and the walrus's extra space) to type."""
    game = setup(sides="a")
    free = _tokens("a", WALRUS)
    assert RULES.prompt(game, free).text == (
        "Ann: move the fox and orca tokens: tokens fox left (or orca); "
        "walrus: add extra left|right for one more fox space"
    )
    edge = replace(free, tokens=(0, 2, 2, 2, 2, 2))
    text = RULES.prompt(game, edge).text
    assert text == (
        "Ann: the edge rules move the fox and orca tokens: tokens; "
        "walrus: add extra left|right for one more fox space"
    )
    assert check(game, edge, "tokens extra right").ok and check(game, edge, "tokens").ok


def test_ar_29_orca_a_refills_the_river_after_each_card() -> None:
    game = setup(sides="a")
    state = play(game, drawing("a", ORCA), "take AR-1M1")
    assert state.turn.step == "refill" and state.orca_refill
    state = play(game, state, "river AR-2M1")
    assert state.turn.step == "draw" and len(state.river) == 6 and state.taken == 1


def test_ar_30_orca_b_draws_blind_from_the_draw_pile() -> None:
    game = setup(sides="b")
    state = drawing("b", ORCA)
    assert check(game, drawing("b"), "take deep").rule == "AR-30"
    after = play(game, state, "take deep")
    assert seats(after)[0].hidden == seats(state)[0].hidden + 1
    assert draw_pile(after) == draw_pile(state) - 1


def test_ar_31_puffin_a_trades_a_hand_card_for_a_river_card() -> None:
    game = setup(sides="a")
    state = give(ann("a", PUFFIN), 0, "AR-2F1")
    after = play(game, state, "swap AR-2F1 AR-1W1")
    assert "AR-2F1" in after.river and "AR-1W1" in seats(after)[0].hand
    assert check(game, state, "swap AR-2F1 AR-2F2").rule == "AR-31"


def test_ar_32_puffin_b_takes_the_visible_card_back() -> None:
    game = setup(sides="b")
    state = ann("b", PUFFIN, pile=("AR-1M5", "AR-1F3"))
    after = play(game, state, "takeback")
    assert "AR-1F3" in seats(after)[0].hand and seats(after)[0].top == "AR-1M5"
    assert check(game, after, "place AR-1F3").ok  # placement value now 1
    assert check(game, ann("b", PUFFIN, pile=()), "takeback").rule == "AR-32"


def test_ar_33_polar_bear_a_draws_from_the_own_penalty_pile() -> None:
    game = setup(sides="a")
    state = drawing("a", BEAR)
    assert check(game, state, "take penalty").rule == "AR-33"
    state = with_penalty(state, 0, 2)
    after = play(game, state, "take penalty")
    assert seats(after)[0].penalty == 1 and after.taken == 1


def test_ar_34_polar_bear_b_passes_a_penalty_card_on() -> None:
    game = setup(sides="b")
    state = drawing("b", BEAR, top="AR-1F5")  # draw value 5
    state = with_penalty(state, 0, 1)
    state = play(game, state, *(f"take {c}" for c in ("AR-1F1", "AR-1M1", "AR-1W1", "AR-1O1")))
    state = play(game, state, "take AR-1P1", "discard ?")
    assert state.turn.step == "blame" and seats(state)[0].penalty == 2
    assert check(game, state, "blame Ann").rule == "AR-34"
    after = play(game, state, "blame bob")
    assert (seats(after)[0].penalty, seats(after)[1].penalty) == (1, 1)


def test_ar_14_prompts_name_the_power_moves_the_player_may_make() -> None:
    """AR-23, AR-31 in step A; AR-25, AR-30, AR-33 in step D; only while held and unused."""
    game = setup(sides="a")
    state = give(ann("a", FOX, PUFFIN), 0, "AR-2F1")
    assert RULES.prompt(game, state).text == (
        "Ann: place 1 card on your pile: place CARD …; puffin: swap HAND RIVER first; "
        "fox: … tuck CARD|? for the last card"
    )
    swapped = play(game, state, "swap AR-2F1 AR-1W1")
    assert "puffin" not in RULES.prompt(game, swapped).text
    assert RULES.prompt(setup(sides="b"), drawing("b", ORCA, BEAR, MOOSE)).text == (
        "Ann: draw 3 more cards from the River: take CARD; orca: take deep"
    )
    assert RULES.prompt(game, drawing("a", BEAR, MOOSE)).text == (
        "Ann: draw up to 4 more cards from the River: take CARD; polar bear: take penalty; "
        "moose: done to stop one early"
    )


def test_ar_19_ar_20_ar_21_drawing_the_hand_limit_and_the_river() -> None:
    game = setup(sides="a")
    state = drawing("a")
    assert check(game, state, "take AR-2F1").rule == "AR-19"
    state = play(game, give(state, 0, "AR-2F1", "AR-2F2"), "take AR-1M1", "take AR-1W1")
    state = play(game, state, "take AR-1O1")
    assert state.turn.step == "discard"  # 3 unseen + 2 + 3 = 8 cards
    assert check(game, state, "discard ? ?").rule == "AR-21"
    after = play(game, state, "discard AR-1M1")
    assert seats(after)[0].penalty == 1 and seats(after)[0].hand_size == 7
    short = with_draw_pile(with_river(drawing("a"), ("AR-1M1",)), 0)
    short = replace(short, reserve=0, ending=1)
    after = play(game, short, "take AR-1M1")
    # AR-20: drawing stops, nothing to refill
    assert after.turn.step == "place" and after.turn.seat == 1


def test_ar_45_a_card_discarded_by_name_stays_in_its_penalty_pile() -> None:
    """AR-21, AR-45: a named discard is known to be in that pile; it is not turned over again."""
    game = setup(sides="a")
    state = give(drawing("a"), 0, "AR-2F1", "AR-2F2")
    state = play(game, state, "take AR-1M1", "take AR-1W1", "take AR-1O1")
    after = play(game, state, "discard AR-1M1")
    assert after.turn.step == "refill" and seats(after)[0].named == ("AR-1M1",)
    refused = check(game, after, "river AR-1M1")
    assert refused.rule == "AR-45" and "Ann's penalty pile" in refused.reason
    assert RULES.census(game, after) == RULES.census(game, state)
    pooled = unseen(state)[0]  # one of Ann's three unseen cards, named as she discards it
    after = play(game, state, f"discard {pooled}")
    assert pooled not in unseen(after) and check(game, after, f"river {pooled}").rule == "AR-45"
    assert RULES.census(game, after) == RULES.census(game, state)


def test_ar_33_ar_34_a_penalty_card_leaving_unshown_unsettles_the_named_ones() -> None:
    """The card taken (AR-33) or passed on (AR-34) may be the named one: it rejoins the pool."""
    game = setup(sides="a")
    state = drawing("a", BEAR)
    card = unseen(state)[0]
    state = state.put(unseen=state.deck.take(card))
    state = with_penalty(state, 0, 2, named=(card,))
    after = play(game, state, "take penalty")
    assert card in unseen(after) and seats(after)[0].named == ()
    assert RULES.census(game, after) == RULES.census(game, state)
    game = setup(sides="b")
    state = owning(state, 0, BEAR).at("blame")
    after = play(game, state, "blame bob")
    assert card in unseen(after) and seats(after)[0].named == () and seats(after)[1].penalty == 1
