"""Who knows which card in a digital Arctic game (AR-45): the penalty piles keep their cards by
name (AR-21, AR-33, AR-34), a face-down discard is its owner's secret, and what a player cannot
see is sampled, not read, when a simulated player determinises."""

from __future__ import annotations

import random
from dataclasses import replace

from pnpkit.referee.engine.rules import Setup
from pnpkit.referee.engine.session import TABLE, Session
from pnpkit.referee.games.arctic import RULES
from pnpkit.referee.games.arctic.state import State
from pnpkit.referee.games.arctic.tests.helpers import (
    check,
    give,
    owning,
    play,
    seats,
    setup,
    unseen,
    with_pile,
    with_totems,
)
from pnpkit.referee.views.gate import Gate, event_secrecy

BEAR = 5


def _drawing(game: Setup) -> State:
    """A digital game with Ann in step D under a draw-3 card, holding polar bear side A and 7
    cards, the River full."""
    session = Session(game)
    session.advance()
    state = session.state
    draw3 = next(c for c in unseen(state) if c[-1] == "3")
    state = with_pile(state, 0, draw3)
    state = give(state, 0, *[c for c in unseen(state) if c != draw3][:4])
    return owning(state, 0, BEAR).at("draw")


def _discarded(game: Setup) -> tuple[State, tuple[str, ...]]:
    """`_drawing`, then Ann draws three River cards and discards three hand cards by name: the
    state at the refill that follows, and the cards discarded."""
    state = _drawing(game)
    state = play(game, state, *(f"take {c}" for c in state.river[:3]))
    thrown = seats(state)[0].hand[:3]
    return play(game, state, "discard " + " ".join(thrown)), thrown


def _again(state: State) -> State:
    """Ann's draw step again (as on her next turn), nothing taken yet."""
    return state.at("draw", taken=0)


def _take_penalty(game: Setup, state: State, seed: int) -> State:
    """`take penalty`, and the card the referee deals from the pile (chance, drawn with `seed`)."""
    state = play(game, state, "take penalty")
    return play(game, state, RULES.text(game, RULES.chance(game, state, random.Random(seed))))


def test_ar_33_bear_a_takes_a_card_of_the_own_penalty_pile() -> None:
    """The card `take penalty` puts in the hand is one of the pile's, not any unplaced card."""
    for seed in range(12):
        game = setup(sides="a", seed=seed)
        state, thrown = _discarded(game)
        assert seats(state)[0].penalty == 3
        after = _take_penalty(game, _again(state), seed)
        (taken,) = set(seats(after)[0].hand) - set(seats(state)[0].hand)
        assert taken in thrown, seed
        assert seats(after)[0].penalty == 2


def test_ar_45_the_cards_left_in_a_penalty_pile_stay_there() -> None:
    """After a card leaves the pile unshown (AR-33 take, AR-34 blame), the others are still known
    to be there: none of them may be turned over into the River."""
    game = setup(sides="a", seed=3)
    state, thrown = _discarded(game)
    after = _take_penalty(game, _again(state), 3)
    left = set(thrown) & set(seats(after)[0].named)
    assert len(left) == 2
    refill = after.at("refill")
    turned = {m["card"] for m in RULES.legal(game, refill)}
    assert not left & turned
    assert all(check(game, refill, f"river {c}").rule == "AR-45" for c in left)
    giving = owning(state, 0, BEAR).at("blame", sides="b" * 6)
    blamed = play(game, giving, "blame bob")
    stayed = (*seats(blamed)[0].named, *seats(blamed)[0].blind, *seats(blamed)[1].blind)
    assert sorted(stayed) == sorted(thrown)
    assert not set(thrown) & set(unseen(blamed))


def _random_digital(seed: int, players: int) -> tuple[int, int]:
    """A random digital game: (cards turned into the River although discarded by name and never
    taken back into a hand, penalty takes)."""
    game = setup(players, sides="random", seed=seed)
    rng = random.Random(seed)
    state = RULES.initial(game)
    discarded: set[str] = set()
    wrong = takes = 0
    while RULES.prompt_kind(game, state) != "over":
        kind = RULES.prompt_kind(game, state)
        move = RULES.forced(game, state)
        if move is None:
            move = RULES.chance(game, state, rng) if kind == "chance" else None
        if move is None:
            move = RULES.random_move(game, state, rng)
        if move["type"] == "river" and move["card"] in discarded:
            wrong += 1
        if move["type"] == "discard":
            discarded.update(move["cards"])
        takes += move.get("from") == "penalty"
        state = RULES.apply(game, state, move)
        for seat in seats(state):
            discarded -= set(seat.hand)
    return wrong, takes


def test_ar_45_no_discarded_card_comes_back_into_the_river_in_random_games() -> None:
    """The issue measured 298 such River turn-ups in 210 digital games; there must be none."""
    wrong, takes = 0, 0
    for seed in range(24):
        one, two = _random_digital(seed, 2 + seed % 3)
        wrong, takes = wrong + one, takes + two
    assert takes > 5  # the polar bear's takes did happen
    assert wrong == 0


def test_a_face_down_discard_is_its_owners_secret() -> None:
    """AR-21, AR-45: Ann sees the cards she discarded; Bob and the shared screen see a count."""
    game = setup(sides="a", seed=5)
    state, thrown = _discarded(game)
    ann, bob = RULES.view(game, state, "Ann"), RULES.view(game, state, "Bob")
    assert all(card in ann for card in thrown)
    assert not any(card in bob for card in thrown)
    for viewer in ("Bob", ""):
        data = str(RULES.table(game, state, viewer))
        assert not any(card in data for card in thrown)
    assert all(card in str(RULES.table(game, state, "Ann")) for card in thrown)


def test_determinise_samples_the_discards_a_seat_did_not_see() -> None:
    """Bob's samples put other cards in Ann's penalty pile; Ann's keep hers."""
    game = setup(sides="a", seed=5)
    state, thrown = _discarded(game)
    bobs = [RULES.determinise(game, state, "Bob", random.Random(n)) for n in range(20)]
    assert any(set(seats(s)[0].named) != set(thrown) for s in bobs)
    assert all(seats(s)[0].penalty == 3 for s in bobs)
    anns = [RULES.determinise(game, state, "Ann", random.Random(n)) for n in range(20)]
    assert all(set(seats(s)[0].named) == set(thrown) for s in anns)


def test_the_log_shows_a_discard_by_name_to_its_owner_only() -> None:
    """Random digital play until a discard: Bob and the shared screen read `discard ?`."""
    game = setup(sides="a", seed=2)
    session = Session(game)
    session.advance()
    rng = random.Random(2)
    while not any(e.get("move", {}).get("type") == "discard" for e in session.events):
        session.submit(RULES.random_move(game, session.state, rng))
    events = session.events
    kept = event_secrecy(game, events)
    index = next(i for i, e in enumerate(events) if e["move"]["type"] == "discard")
    event = events[index]
    player = game.players[session.state_before(event["seq"]).turn.seat]
    other = next(p for p in game.players if p != player)
    assert event["by"] == TABLE
    assert Gate(session, player).entry(event, kept[index]) == event["text"]
    for viewer in (other, ""):
        text = Gate(session, viewer).entry(event, kept[index])
        assert text == "discard " + " ".join("?" for _ in event["move"]["cards"])


def test_a_refusal_does_not_say_where_a_hidden_card_is() -> None:
    """Ann's `take CARD` of a card she cannot see reads the same wherever the card is: Bob's
    hand, a penalty pile, or the draw pile."""
    game = setup(sides="a", seed=5)
    state, thrown = _discarded(game)
    state = _again(state)
    bobs, pool = seats(state)[1].hand[0], unseen(state)[0]
    reasons = {
        check(game, state, f"take {card}").reason.replace(card, "X") for card in (bobs, pool)
    }
    assert len(reasons) == 1
    theirs = replace(state, turn=replace(state.turn, seat=1))
    bob_refusal = check(game, theirs.at("draw"), f"take {thrown[0]}").reason
    assert bob_refusal.replace(thrown[0], "X") in reasons


def test_who_decides_each_move() -> None:
    """AR-46: the player whose turn it is; nobody for chance, the referee's own moves and the
    totem reveal (AR-13, AR-35, AR-38)."""
    game = setup(sides="a", seed=5)
    session = Session(game)
    session.advance()
    state = session.state
    place = RULES.parse(game, state, f"place {seats(state)[0].hand[0]}")
    assert RULES.actor(game, state, place) == "Ann"
    assert RULES.actor(game, state, {**place, "player": "Bob"}) == "Bob"  # refused by check
    refill = state.at("refill")
    assert RULES.actor(game, refill, {"type": "river", "card": unseen(state)[0]}) is None
    power = with_pile(state, 0, unseen(state)[0]).at("power")
    assert RULES.actor(game, power, RULES.forced(game, power)) is None
    reveal = with_totems(state.at("reveal"), None)
    totems = RULES.legal(game, reveal)[0]
    assert RULES.actor(game, reveal, totems) is None


def test_the_public_part_of_a_move_that_hides_a_card() -> None:
    """AR-21, AR-23, AR-6: what the others read of a move that put a card face down."""
    game = setup(sides="a", seed=5)
    state = Session(game).state

    def hidden(text: str) -> str:
        return RULES.hidden_text(game, RULES.parse(game, state, text))

    assert hidden("discard AR-1F3 AR-2M1") == "discard ? ?"
    assert hidden("place AR-1F3 AR-1F4 tuck AR-2M1") == "place AR-1F3 AR-1F4 tuck ?"
    assert hidden("place AR-1F3 bottom AR-2M1") == "place AR-1F3 bottom AR-2M1"
    assert hidden("take deep") == "take deep" and hidden("blame Bob") == "blame Bob"
    assert hidden("totems Ann=fox Bob=orca") == "totems (dealt face down)"


def test_every_piece_is_in_one_zone_all_game() -> None:
    """The knowledge's census is every piece of the game, in both modes, from start to end."""
    for seed in (None, 4):
        game = setup(3, sides="random", seed=seed)
        rng = random.Random(4)
        state = RULES.initial(game)
        everything = RULES.knowledge(game, state).census()
        assert len(everything) == 90 + 6 + 6 + 12 and set(everything.values()) == {1}
        while RULES.prompt_kind(game, state) != "over":
            kind = RULES.prompt_kind(game, state)
            move = RULES.forced(game, state)
            if move is None and kind == "chance" and seed is not None:
                move = RULES.chance(game, state, rng)
            state = RULES.apply(game, state, move or RULES.random_move(game, state, rng))
            assert RULES.knowledge(game, state).census() == everything


def test_an_undo_does_not_show_the_card_a_blind_draw_would_deal() -> None:
    """AR-30: the card `take deep` deals is chance drawn afresh after an undo, so taking the draw
    back and making it again is no way to see the top card first."""
    deep = {"type": "take", "from": "deep"}
    for seed in range(20):
        game = setup(sides="b", seed=seed)
        session = Session(game)
        session.advance()
        rng = random.Random(seed)
        while deep not in session.legal() and session.prompt().kind != "over":
            session.submit(RULES.random_move(game, session.state, rng))
        if deep in session.legal():
            break
    seen = set()
    for _ in range(6):
        hand = set(seats(session.state)[session.state.turn.seat].hand)
        dealt = session.submit(deep)[1]
        assert dealt["by"] == "chance" and dealt["move"]["type"] == "deal"
        now = seats(session.state)[session.state.turn.seat]
        assert dealt["move"]["card"] in set(now.hand) - hand
        seen.add(dealt["move"]["card"])
        session.undo()
    assert len(seen) > 1
