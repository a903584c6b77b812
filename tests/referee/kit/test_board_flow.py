"""The kit's `Board` (named spaces, each holding one public piece), unseen draws of several cards,
and a flow's steps of the whole table and its own line once the game is over."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from dataclasses import dataclass
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.errors import PnpError
from pnpkit.referee.api import Board, Deck, Flow, Hand, Step, Table, Turn
from pnpkit.referee.checks.harness import fuzz_examples
from pnpkit.referee.kit.game import KitRules

SPACES = ("a1", "b1", "a2", "b2")


def test_a_board_puts_and_takes_a_piece_a_space_and_refuses_what_cannot_be() -> None:
    board = Board.of(SPACES)
    assert len(board) == 0 and board[0] is None
    board = board.put(board.index("b2"), "X").put(0, "Y")
    assert board.placed() == ((0, "Y"), (3, "X")) and len(board) == 2
    assert board.zone("board").cards == ("Y", "X") and board.zone("board").seen_by is None
    with pytest.raises(PnpError, match="b2 holds X"):
        board.put(3, "Z")
    with pytest.raises(PnpError, match="b1 is empty"):
        board.take(1)
    with pytest.raises(PnpError, match="c3 is no space of the board"):
        board.index("c3")
    piece, rest = board.take(3)
    assert piece == "X" and rest.placed() == ((0, "Y"),)
    assert board.placed() == ((0, "Y"), (3, "X"))  # unchanged: blocks are values


@settings(max_examples=fuzz_examples(40), deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.booleans()), max_size=20), st.integers(0, 9))
def test_cards_laid_on_a_board_keep_the_census_and_stay_through_a_rebuild(
    moves: list[tuple[int, bool]], seed: int
) -> None:
    table = Table.of({"board": Board.of(SPACES), "deck": Deck.of("ABCDEF")})
    whole = table.knowledge().census()
    for space, lay in moves:
        board, deck = table["board"], table["deck"]
        if lay and board[space] is None and deck.count:
            card = deck.unseen[space % len(deck.unseen)]
            table = table.put("board", board.put(space, card)).put("deck", deck.take(card))
        elif not lay and board[space] is not None:
            card, board = board.take(space)
            table = table.put("board", board).put("deck", deck.shuffle_in([card]))
        assert table.knowledge().census() == whole
    dealt = table.rebuild(table.knowledge().shuffled("Ann", random.Random(seed), lambda c: ""))
    assert dealt["board"] == table["board"]
    assert Counter(dealt.knowledge().census()) == whole


def test_several_cards_drawn_unseen_at_once() -> None:
    deck, hand = Deck.of("ABCDE"), Hand("Ann")
    assert deck.draw_unseen(3) == Deck(tuple("ABCDE"), 2)
    assert hand.add_unknown(3) == Hand("Ann", (), 3)
    assert deck.draw_unseen() == Deck(tuple("ABCDE"), 4)
    with pytest.raises(PnpError, match="only 5 left"):
        deck.draw_unseen(6)
    with pytest.raises(PnpError, match="the deck is empty"):
        Deck(("A",), 0).draw_unseen()


def test_a_step_of_everyone_and_the_flows_own_line_once_over() -> None:
    flow = Flow(
        (Step("setup", "chance", "shuffle the deck", everyone=True), Step("draw", "chance")),
        over="the last card is out",
    )
    players = ("Ann", "Bob")
    assert flow.prompt(players, Turn(1, "setup")).actors == players
    assert flow.prompt(players, Turn(1, "draw")).actors == ("Bob",)
    ended = flow.prompt(players, Turn(1, "draw").over())
    assert (ended.kind, ended.actors, ended.text) == ("over", (), "the last card is out")
    assert Flow((Step("play"),)).step("over").text == "the game is over: `score` gives the result"
    with pytest.raises(KeyError):
        flow.step("play")


def test_a_step_of_nobody_and_a_line_that_says_the_states_words() -> None:
    flow = Flow(
        (
            Step("bot", "move", "the referee moves the robot", nobody=True),
            Step("scatter", "move", "{player}: scatter {n} from {tile}"),
        )
    )
    players = ("Ann", "Bob")
    bot = flow.prompt(players, Turn(1, "bot"))
    assert (bot.kind, bot.actors, bot.text) == ("move", (), "the referee moves the robot")
    said = flow.prompt(players, Turn(0, "scatter"), n=2, tile="the oak")
    assert (said.actors, said.text) == (("Ann",), "Ann: scatter 2 from the oak")
    with pytest.raises(KeyError):
        flow.prompt(players, Turn(0, "scatter"), n=2)


@given(
    st.integers(0, 5),
    st.sampled_from(["roll", "move", "draw"]),
    st.sampled_from(["roll", "move", "draw"]),
    st.integers(0, 99),
    st.integers(1, 6),
    st.sets(st.integers(0, 5), max_size=5),
)
def test_a_turn_moved_on_is_the_turn_its_fields_make(
    seat: int, step: str, then: str, number: int, seats: int, skip: set[int]
) -> None:
    turn = Turn(seat % seats, step, number)
    moved = [turn.to(then), turn.passed_to(seats - 1, then)]
    made = [Turn(turn.seat, then, number), Turn(seats - 1, then, number + 1)]
    free = [s for s in ((turn.seat + k) % seats for k in range(1, seats + 1)) if s not in skip]
    if free:
        moved.append(turn.next(seats, then, tuple(skip)))
        made.append(Turn(free[0], then, number + 1))
    for got, want in zip(moved, made, strict=True):
        assert got == want and hash(got) == hash(want) and repr(got) == repr(want)
        assert vars(got) == vars(want)
        with pytest.raises(dataclasses.FrozenInstanceError):
            got.step = "other"  # type: ignore[misc]
    assert turn.to(then) is turn.to(then)  # a turn made again is the one made before


def test_a_kit_games_prompt_kind_is_its_steps_kind() -> None:
    class Game(KitRules):
        flow = Flow((Step("roll", "chance"), Step("move")))

    @dataclass(frozen=True)
    class State:
        turn: Turn

    setup = SimpleNamespace(players=("Ann", "Bob"))
    rules = object.__new__(Game)
    for step, kind in (("roll", "chance"), ("move", "move"), ("over", "over")):
        state = State(Turn(1, step))
        assert rules.prompt_kind(setup, state) == kind == rules.prompt(setup, state).kind
