"""Moves declared once: parse, text, the syntax table, the dispatch and the "not now" refusal all
come from one `MoveForm`; text(parse(m)) gives m back for every legal move."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.components import load_game
from pnpkit.referee.api import (
    ContractError,
    Flow,
    KitRules,
    Moves,
    MoveSyntaxError,
    Pile,
    Setup,
    Step,
    Syntax,
    Table,
    Turn,
    highest_total,
    one_of,
    refuse,
)
from pnpkit.referee.checks.harness import fuzz_examples
from pnpkit.referee.log.store import make_setup

EXPEDITION = Path(__file__).resolve().parents[3] / "docs" / "examples" / "expedition"


def random_states(setup: Setup, seed: int, steps: int):
    """The states of a random game, with each state's legal moves."""
    rules, rng = setup.rules, random.Random(seed)
    state = rules.initial(setup)
    for _ in range(steps):
        if rules.prompt(setup, state).kind == "over":
            return
        legal = rules.legal(setup, state)
        yield state, legal
        state = rules.apply(setup, state, rng.choice(legal))


@settings(max_examples=fuzz_examples(12), deadline=None)
@given(st.integers(0, 10_000), st.booleans())
def test_every_legal_move_round_trips_through_its_text(seed: int, digital: bool) -> None:
    setup = make_setup(load_game(EXPEDITION), ["Ann", "Bob"], seed=seed if digital else None)
    rules = setup.rules
    for state, legal in random_states(setup, seed, 120):
        for move in legal:
            text = rules.text(setup, move)
            assert rules.parse(setup, state, text) == move
            assert rules.text(setup, rules.parse(setup, state, text.upper())) == text


def test_the_syntax_table_comes_from_the_declarations() -> None:
    rules = make_setup(load_game(EXPEDITION), ["Ann", "Bob"]).rules
    assert rules.syntax[0] == Syntax("lay CARD", "lay a card in your row of its site", "EX-5")
    assert [s.form for s in rules.syntax] == ["lay CARD", "discard CARD", "draw PILE", "deal CARD"]
    assert rules.syntax_rule == "EX-11"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("fly away", "expected one of: lay CARD; discard CARD; draw PILE; deal CARD"),
        ("lay", "expected: lay CARD"),
        ("lay EX-D2 now", "expected: lay CARD"),
        ("lay XX-1", "'XX-1' is not a CARD: expected a component's ID as printed on it (lay CARD)"),
        ("draw river", "'river' is not a PILE: expected one of deck, desert, sea"),
    ],
)
def test_a_refusal_names_the_expected_word(text: str, said: str) -> None:
    setup = make_setup(load_game(EXPEDITION), ["Ann", "Bob"])
    with pytest.raises(MoveSyntaxError) as raised:
        setup.rules.parse(setup, setup.rules.initial(setup), text)
    assert said.replace("'XX-1'", "'xx-1'") in str(raised.value)


def test_a_move_of_another_step_is_not_now_and_one_out_of_turn_is_refused() -> None:
    setup = make_setup(load_game(EXPEDITION), ["Ann", "Bob"])
    rules = setup.rules
    state = rules.initial(setup)
    drawn = rules.check(setup, state, {"type": "draw", "pile": "deck"})
    assert (drawn.rule, drawn.reason) == (
        "EX-4",
        "not now: Ann: lay a card in your row or discard it",
    )
    by_bob = rules.check(setup, state, {"type": "lay", "card": "EX-D2", "player": "Bob"})
    assert (by_bob.rule, by_bob.reason) == ("EX-4", "it is Ann's turn")
    assert rules.check(setup, state, {"type": "lay", "card": "EX-D2", "player": "Ann"}).ok


# --- a simultaneous step: every player bids in secret, the bids entered together --------------
BIDS = Moves(syntax_rule="SB-9", not_now_rule="SB-2", turn_rule="SB-2", over_rule="SB-3")


@dataclass(frozen=True)
class Auction:
    table: Table
    turn: Turn
    bids: tuple[tuple[str, int], ...] = ()


@BIDS.form("bid PLAYER=N", "SB-1", "bid", each=lambda setup, state, player: ("1", "2", "3"))
def bid(setup: Setup, state: Auction, move) -> Auction:
    """Every player's secret bid, revealed together."""
    bids = tuple(sorted(move["chosen"].items()))
    return Auction(state.table, state.turn.to("close"), bids)


@BIDS.form("close WHEN", "SB-4", "close", words={"WHEN": one_of("WHEN", "now", "later")})
def close(setup: Setup, state: Auction, move) -> Auction:
    """Close the auction."""
    return Auction(state.table, state.turn.over(), state.bids)


class SealedBids(KitRules):
    id = "sealed-bids"
    contract = "2.0"
    flow = Flow((Step("bid", "simultaneous", "everyone: bid 1 to 3"), Step("close")))
    moves = BIDS

    def initial(self, setup: Setup) -> Auction:
        return Auction(Table.of({"pile": Pile()}), Turn(0, "bid"))

    def score(self, setup: Setup, state: Auction):
        return highest_total(
            ("bid",),
            {p: {"bid": n} for p, n in state.bids or [(p, 0) for p in setup.players]},
            "SB-5",
        )


def test_a_simultaneous_step_offers_each_player_their_own_choices() -> None:
    rules = SealedBids()
    setup = Setup(load_game(EXPEDITION), rules, "standard", ("Ann", "Bob"))
    state = rules.initial(setup)
    prompt = rules.prompt(setup, state)
    assert (prompt.kind, prompt.actors) == ("simultaneous", ("Ann", "Bob"))
    choices = rules.choices(setup, state)
    assert choices is not None and choices.options == {
        "Ann": ("1", "2", "3"),
        "Bob": ("1", "2", "3"),
    }
    legal = rules.legal(setup, state)
    assert len(legal) == 9 and {rules.text(setup, m) for m in legal} == {
        choices.spelled({"Ann": a, "Bob": b}) for a in "123" for b in "123"
    }
    move = rules.parse(setup, state, "bid ann=2 BOB=3")
    assert move == {"type": "bid", "chosen": {"Ann": 2, "Bob": 3}}
    assert rules.text(setup, move) == "bid Ann=2 Bob=3"
    with pytest.raises(MoveSyntaxError, match="'x' is not a N: expected a whole number"):
        rules.parse(setup, state, "bid Ann=x Bob=1")
    state = rules.apply(setup, state, move)
    assert rules.legal(setup, state) == [
        {"type": "close", "when": "now"},
        {"type": "close", "when": "later"},
    ]
    assert rules.score(setup, state).winners == ("Bob",)


def test_a_form_must_be_declared_with_known_words_and_a_meaning() -> None:
    moves = Moves("X-1", "X-1", "X-1", "X-1")

    def take(setup, state, move):
        """Take a card."""
        return state

    with pytest.raises(ValueError, match="WHAT is no placeholder"):
        moves.form("take WHAT", "X-2")(take)
    with pytest.raises(ValueError, match="needs a docstring"):
        moves.form("take CARD", "X-2")(lambda setup, state, move: state)
    moves.form("take CARD", "X-2")(take)
    with pytest.raises(ValueError, match="two move forms start with 'take'"):
        moves.form("take N", "X-2")(take)
    assert [f.form for f in moves.forms] == ["take CARD"]
    with pytest.raises(ValueError, match=r"^'bid N': each= lists the choices of a PLAYER=WORD$"):
        moves.form("bid N", "X-3", each=lambda setup, state, player: ("1",))(take)


# --- a game that keeps its own step and seat (not a kit `Turn`) reads them through `where` ------
OWN = Moves(
    syntax_rule="OW-9",
    not_now_rule="OW-2",
    turn_rule="OW-3",
    over_rule="OW-4",
    where=lambda state: (state.phase, state.active),
)


@dataclass(frozen=True)
class OwnState:
    phase: str
    active: int


@OWN.form(
    "pass PLAYER",
    "OW-1",
    "act",
    check=lambda setup, state, move: refuse("OW-5", "no passing yet"),
)
def pass_turn(setup: Setup, state: OwnState, move) -> OwnState:
    """Pass the turn."""
    return OwnState("act", 1 - state.active)


def test_a_game_with_its_own_turn_record_reads_it_through_where() -> None:
    setup = make_setup(load_game(EXPEDITION), ["Ann", "Bob"])
    move = {"type": "pass", "player": "Bob"}
    refusals = {
        OwnState("over", 0): ("OW-4", "the game is over"),
        OwnState("draw", 0): ("OW-2", "not now: Ann draws"),
        OwnState("act", 0): ("OW-3", "it is Ann's turn"),
        OwnState("act", 1): ("OW-5", "no passing yet"),
    }
    for state, expected in refusals.items():
        verdict = OWN.check(setup, state, move, lambda: "Ann draws")
        assert (verdict.rule, verdict.reason) == expected
    assert OWN.check_own(setup, OwnState("draw", 0), move).rule == "OW-5"
    assert OWN.legal(setup, OwnState("draw", 0)) == []


@pytest.mark.parametrize("digital", [True, False])
def test_legal_is_every_offered_move_the_dispatch_accepts(digital: bool) -> None:
    """`Moves.legal` works the dispatch out once a state: the same moves, in the same order, as
    checking each move a form of the step offers through `Moves.check`."""
    setup = make_setup(load_game(str(EXPEDITION)), ["Ann", "Bob"], seed=7 if digital else None)
    moves = setup.rules.moves
    for state, legal in random_states(setup, 7, 400):
        step = moves.where(state)[0]
        offered = [m for f in moves.forms if f.at(step) for m in f.moves(setup, state)]
        assert legal == [m for m in offered if moves.check(setup, state, m, lambda: "").ok]


def test_a_form_check_answering_outside_the_contract_is_a_contract_error_naming_it() -> None:
    """Found trying the kit as a plug-in author: a form's check returning True made `legal` an
    AttributeError traceback (exit 1) and the served page a 500."""
    setup = make_setup(load_game(EXPEDITION), ["Ann", "Bob"], seed=1)
    rules = setup.rules
    state = rules.initial(setup)
    while rules.prompt(setup, state).kind == "chance":
        state = rules.apply(setup, state, rules.chance(setup, state, random.Random(1)))
    moves = Moves(**{k: getattr(rules.moves, k) for k in ("syntax_rule", "not_now_rule",
                                                          "turn_rule", "over_rule")})  # fmt: skip
    for form in rules.moves.forms:
        moves.add(replace(form, check=lambda *_: True) if form.verb == "lay" else form)
    with pytest.raises(ContractError) as raised:
        moves.legal(setup, state)
    assert raised.value.exit_code == 3
    assert (
        "broke the contract in test_a_form_check_answering_outside_the_contract_is_a_contract_"
        "error_naming_it.<locals>.<lambda>, the check of 'lay CARD', for the move 'lay EX-"
    ) in str(raised.value)
    assert "expected a Verdict (ACCEPTED or refuse(RULE, REASON)), got bool True" in str(
        raised.value
    )
