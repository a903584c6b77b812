"""Arctic's setup and turn steps, one test (or more) per rules-index statement."""

from __future__ import annotations

import pytest

from pnpkit.errors import PnpError
from pnpkit.referee.engine.session import Session
from pnpkit.referee.engine.verdict import MoveSyntaxError
from pnpkit.referee.games.arctic import RULES
from pnpkit.referee.games.arctic.state import State
from pnpkit.referee.games.arctic.tests.helpers import (
    check,
    draw_pile,
    enter,
    give,
    owning,
    play,
    seats,
    setup,
    started,
    totems,
    unseen,
    verdict,
    with_hidden,
    with_pile,
)

FOX, MOOSE, WALRUS, ORCA, PUFFIN, BEAR = range(6)


def at_step(state: State, step: str, **changes: object) -> State:
    return state.at(step, **changes)


def test_ar_1_decks_one_to_n_make_the_draw_pile() -> None:
    session = started(players=3)
    state = session.state
    assert len(unseen(state)) + len(state.river) == 90
    refusal = verdict(session, "place AR-4F1")
    assert not refusal.ok and "deck 4 is not used with 3 players" in refusal.reason


def test_ar_2_ar_3_ar_5_tokens_hands_and_reserve() -> None:
    """AR-2 tokens on the 3; AR-3 three secret cards each; AR-5 the Reserve of (N−1)×5."""
    for players, reserve in ((2, 5), (3, 10), (4, 15)):
        state = started(players=players).state
        table_values = {RULES.score(setup(players), state).points["Ann"]["totem"]}
        assert table_values == {0}
        assert state.reserve == reserve
        assert [s.hidden for s in seats(state)] == [3] * players
        assert draw_pile(state) == 30 * players - reserve - 3 * players - 6
        assert set(state.tokens) == {2}


def test_ar_4_setup_turns_six_river_cards_before_the_first_turn() -> None:
    session = Session(setup())
    session.advance()
    for card in ("AR-1F1", "AR-1M1", "AR-1W1", "AR-1O1", "AR-1P1"):
        assert session.prompt().kind == "chance"
        enter(session, f"river {card}")
    assert verdict(session, "river AR-1F1").rule == "AR-45"
    enter(session, "river AR-2F1")
    assert session.prompt().text.startswith("Ann: place 1 card")


def test_ar_6_digital_mode_deals_totems_and_the_table_reveals_them() -> None:
    digital = Session(setup(seed=4))
    digital.advance()
    assert totems(digital.state) is not None and len(set(totems(digital.state))) == 2
    game = setup()
    state = at_step(started().state, "reveal")
    assert check(game, state, "totems ann=fox bob=fox").rule == "AR-6"
    with pytest.raises(MoveSyntaxError, match="Bob's totem"):
        RULES.parse(game, state, "totems ann=fox")
    over = play(game, state, "totems ann=fox bob=B")
    assert over.turn.step == "over" and totems(over) == ("AR-TMF", "AR-TMB")


def test_ar_7_power_sides_chosen_or_random() -> None:
    session = Session(setup(sides="random"))
    session.advance()
    assert session.prompt().kind == "chance"
    assert verdict(session, "sides abc").rule == "AR-7"
    enter(session, "sides abbaab")
    assert session.state.sides == "abbaab"
    with pytest.raises(PnpError, match="sides"):
        setup(sides="q")


def test_ar_8_ar_46_turns_pass_in_seat_order() -> None:
    session = started()
    assert verdict(session, "bob: place AR-2F2").rule == "AR-46"
    enter(session, "place AR-2F1", "tokens fox left", "take AR-1F1")
    assert session.prompt().kind == "chance"  # AR-22: the River is refilled
    enter(session, "river AR-2M1")
    assert session.prompt().text.startswith("Bob: place 1 card")


def test_ar_9_ar_10_place_the_current_animal_value() -> None:
    session = started()
    assert verdict(session, "place AR-2F2 AR-2F3").rule == "AR-9"  # AR-10: 1 with no animal
    assert "in the River" in verdict(session, "place AR-1F1").reason
    game = session.setup
    state = with_pile(session.state, 0, "AR-2M3")  # placement value 3
    assert check(game, state, "place AR-2F1").rule == "AR-9"
    assert check(game, state, "place AR-2F1 AR-2F2 AR-2F3").ok


def test_ar_11_a_short_hand_places_all_and_draws_penalties() -> None:
    game = setup()
    state = with_pile(started().state, 0, "AR-2F1")  # placement value 5, hand of 3
    assert check(game, state, "place AR-2F2 AR-2F3").rule == "AR-11"
    after = play(game, state, "place AR-2F5 AR-2F3 AR-2F4")
    assert seats(after)[0].penalty == 2 and draw_pile(after) == draw_pile(state) - 2


def test_ar_11_the_prompt_asks_a_short_hand_for_all_its_cards() -> None:
    game = setup()
    state = with_pile(started().state, 0, "AR-2F1")  # placement value 5, hand of 3
    assert RULES.prompt(game, state).text == (
        "Ann: place all 3 cards you hold, then 2 penalty cards are drawn: place CARD …"
    )
    assert RULES.prompt(game, with_pile(started().state, 0, "AR-2F4")).text == (
        "Ann: place 2 cards on your pile: place CARD …"
    )
    empty = with_hidden(state, 0, 0)
    assert RULES.prompt(game, empty).text == (
        "Ann: place all 0 cards you hold, then 5 penalty cards are drawn: place"
    )
    assert check(game, empty, "place").ok


def test_ar_12_face_up_cards_are_named_and_keep_their_order() -> None:
    game = setup()
    with pytest.raises(MoveSyntaxError):
        RULES.parse(game, started().state, "place ?")
    with pytest.raises(MoveSyntaxError, match="name the card after tuck: place CARD … tuck CARD"):
        RULES.parse(game, started().state, "place AR-2F1 tuck")
    with pytest.raises(MoveSyntaxError, match=r"^'AR-1Z1' is not an animal card ID"):
        RULES.parse(game, started().state, "place ar-1z1")  # named as printed, not as typed
    state = with_pile(started().state, 0, "AR-2M4")  # placement value 2
    after = play(game, state, "place AR-2F1 AR-2W3")
    assert [c for c, _ in seats(after)[0].pile] == ["AR-2M4", "AR-2F1", "AR-2W3"]


def test_ar_13_the_power_card_is_taken_from_anyone() -> None:
    session = started()
    state = owning(session.state, 1, FOX)
    after = play(session.setup, state, "place AR-2F5")
    assert after.owners[FOX] == 0
    events = Session(session.setup)
    events.advance()
    enter(events, *(f"river {c}" for c in ("AR-1F1", "AR-1M1", "AR-1W1", "AR-1O1", "AR-1P1")))
    enter(events, "river AR-1B1", "place AR-2O5")
    assert events.events[-1]["text"] == "power AR-PWO" and events.events[-1]["by"] == "rules"


def test_ar_14_a_power_is_used_once_a_turn_and_only_while_held() -> None:
    game = setup(sides="a")
    state = give(started().state, 0, "AR-2F1", "AR-2F2")
    assert check(game, state, "swap AR-2F1 AR-1M1").rule == "AR-31"
    held = owning(state, 0, PUFFIN)
    swapped = play(game, held, "swap AR-2F1 AR-1M1")
    assert check(game, swapped, "swap AR-2F2 AR-1W1").rule == "AR-14"
    # a draw-step power taken this turn works at once (moose side A)
    after = play(game, with_pile(state, 0, "AR-2O5"), "place AR-2M2", "tokens moose left")
    assert after.owners[MOOSE] == 0 and after.turn.step == "draw"
    assert check(game, after, "done").rule == "AR-19"  # draw value 2: at least 1 card
    after = play(game, after, "take AR-1F1")
    assert check(game, after, "done").ok


def test_ar_15_ar_16_neither_token_on_an_edge_is_a_choice() -> None:
    game = setup()
    state = at_step(with_pile(started().state, 0, "AR-1F3"), "tokens")  # fox + orca
    assert RULES.forced(game, state) is None
    assert check(game, state, "tokens").rule == "AR-16"
    assert RULES.parse(game, state, "tokens orca right") == RULES.parse(
        game, state, "tokens F left"
    )
    after = play(game, state, "tokens fox left")
    assert (after.tokens[FOX], after.tokens[ORCA]) == (1, 3)
    assert after.turn.step == "draw"


@pytest.mark.parametrize(
    ("fox", "orca", "moved"),
    [(0, 2, (1, 1)), (5, 3, (4, 4)), (2, 0, (1, 1)), (0, 0, (1, 1)), (0, 5, (1, 4))],
)
def test_ar_17_ar_18_edge_tokens_move_inwards(fox: int, orca: int, moved: tuple) -> None:
    """AR-17 one edge token: inwards, the other the opposite way; AR-18 both: both inwards."""
    game = setup()
    state = with_pile(started().state, 0, "AR-1F3")
    tokens = list(state.tokens)
    tokens[FOX], tokens[ORCA] = fox, orca
    state = at_step(state, "tokens", tokens=tuple(tokens))
    assert RULES.forced(game, state) == {"type": "tokens"}
    both = fox in (0, 5) and orca in (0, 5)
    assert check(game, state, "tokens fox left").rule == ("AR-18" if both else "AR-17")
    after = RULES.apply(game, state, {"type": "tokens"})
    assert (after.tokens[FOX], after.tokens[ORCA]) == moved
