"""Expedition (docs/examples/expedition): the game docs/engine.md builds with the rules kit,
installed through its own entry point, refereed, simulated with MCTS and linted like any game."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pnpkit.components import load_game
from pnpkit.referee.checks.harness import enter, playthrough, playthrough_cases
from pnpkit.referee.checks.lint import lint
from pnpkit.referee.log.store import make_setup

GAME = Path(__file__).resolve().parents[2] / "docs" / "examples" / "expedition"
RULES = GAME / "expedition_rules" / "rules.py"
REFEREE = Path(sys.executable).parent / "referee"


def run(*args: object) -> subprocess.CompletedProcess:
    return subprocess.run([REFEREE, *map(str, args)], capture_output=True, text=True, check=False)


@pytest.mark.parametrize("case", playthrough_cases(str(GAME), players=[2], games=3))
def test_expedition_playthrough(case) -> None:
    playthrough(case)


def test_the_rules_are_linted_clean_and_under_200_lines() -> None:
    assert lint(str(GAME)) == []
    assert len(RULES.read_text().splitlines()) < 200


def table(*moves: str):
    """A table-mode game (hands unknown to the referee) after `moves`."""
    setup = make_setup(load_game(GAME), ["Ann", "Bob"])
    return setup, enter(setup, setup.rules.initial(setup), *moves)


def refusal(setup, state, text: str) -> str:
    rules = setup.rules
    return rules.check(setup, state, rules.parse(setup, state, text)).rule


def test_ex_5_rows_rise_and_wagers_come_first() -> None:
    setup, state = table("lay EX-DW", "draw deck", "discard EX-S3", "draw deck", "lay EX-D4")
    assert state.table["Ann's desert"].cards == ("EX-DW", "EX-D4")
    state = enter(setup, state, "draw deck", "lay EX-J2", "draw deck")
    assert refusal(setup, state, "lay EX-D3") == "EX-5"
    assert refusal(setup, state, "lay EX-DW") == "EX-5"
    assert enter(setup, state, "lay EX-D9").table["Ann's desert"].top == "EX-D9"


def test_ex_7_not_the_card_just_discarded_and_not_an_empty_pile() -> None:
    setup, state = table("discard EX-S3")
    assert refusal(setup, state, "draw sea") == "EX-7"
    assert refusal(setup, state, "draw jungle") == "EX-7"
    state = enter(setup, state, "draw deck", "lay EX-J5", "draw sea")
    assert state.table["Bob's hand"].known == ("EX-S3",) and state.table["sea"].cards == ()


def test_ex_4_not_now_and_out_of_turn_and_ex_11_syntax() -> None:
    setup, state = table("lay EX-V2")
    assert refusal(setup, state, "lay EX-V3") == "EX-4"  # the draw step, not the play step
    out_of_turn = {**setup.rules.parse(setup, state, "draw deck"), "player": "Bob"}
    assert setup.rules.check(setup, state, out_of_turn).rule == "EX-4"
    assert (
        "not now: Ann: draw"
        in setup.rules.check(setup, state, {"type": "lay", "card": "EX-V3"}).reason
    )


def test_ex_10_scoring_and_ex_9_the_end_when_the_deck_runs_out() -> None:
    moves = ["lay EX-GW", "draw deck", "lay EX-SW", "draw deck"]
    for v in range(2, 8):
        moves += [f"lay EX-G{v}", "draw deck", f"lay EX-S{v}", "draw deck"]
    setup, state = table(*moves)
    sheet = setup.rules.score(setup, state)
    assert sheet.points["Ann"]["glacier"] == (2 + 3 + 4 + 5 + 6 + 7 - 20) * 2
    assert sheet.points["Ann"]["desert"] == 0 and sheet.tiebreak.startswith("shared")
    state = enter(setup, state, "lay EX-G8", "draw deck")
    assert setup.rules.score(setup, state).points["Ann"]["glacier"] == (35 - 20) * 2 + 20
    while setup.rules.prompt(setup, state).kind != "over":
        assert len(state.table["deck"]) > 0
        card = sorted(state.table["deck"].unseen)[0]
        state = enter(setup, state, f"discard {card}", "draw deck")
    assert len(state.table["deck"]) == 0
    assert setup.rules.score(setup, state).winners == ("Ann",)


def test_the_hands_are_secret_and_the_census_whole_in_digital_play() -> None:
    setup = make_setup(load_game(GAME), ["Ann", "Bob"], seed=4)
    session_state = setup.rules.initial(setup)
    state = enter(setup, session_state)  # the deal is chance: none here yet
    rules = setup.rules
    assert rules.prompt(setup, state).kind == "chance"
    card = rules.legal(setup, state)[0]["card"]
    state = rules.apply(setup, state, {"type": "deal", "card": card})
    zones = {z.name: z for z in rules.knowledge(setup, state).zones}
    assert zones["Ann's hand"].cards == (card,) and zones["Ann's hand"].seen_by == {"Ann"}
    assert zones["deck"].seen_by == frozenset() and len(zones["deck"].cards) == 59
    assert sum(rules.census(setup, state).values()) == 60
    assert rules.hidden_text(setup, {"type": "deal", "card": card}) == "a card is dealt"


def test_refereed_served_data_and_printed(tmp_path: Path) -> None:
    """The MCTS simulation is not repeated here: docs/engine.md shows the same command (`pnp
    referee simulate docs/examples/expedition --games 2 --players mcts:4,random -j 1`) and
    tests/docs/test_doc_commands.py runs it to exit 0: both games played to their end, each with
    a winner (the summary reads each game's first winner's score), as this test asserted."""
    log = tmp_path / "game.jsonl"
    assert run("new", GAME, "--players", "Ann,Bob", "--log", log, "--seed", "2").returncode == 0
    legal = json.loads(run("legal", log, "--player", "Ann", "--json").stdout)["moves"]
    assert len(legal) == 16 and legal[0].startswith("lay EX-")
    laid = run("move", log, "--player", "Ann", legal[0])
    assert laid.returncode == 0, laid.stderr
    shown = json.loads(run("show", log, "--json", "--player", "Bob").stdout)
    rows = {row["name"]: row for row in shown["zones"]["blocks"]}
    # the only draw (every discard pile is empty) was entered and dealt: Ann holds 8 again
    assert rows["Ann's hand"] == {"name": "Ann's hand", "kind": "hand", "count": 8}
    assert shown["turn"] == ["Bob"] and rows["deck"] == {
        "name": "deck",
        "kind": "deck",
        "count": 43,
    }
    assert len(rows["Bob's hand"]["cards"]) == 8
    pdf = tmp_path / "out"
    rendered = subprocess.run(
        [Path(sys.executable).parent / "pnp", "render", GAME, "--out", pdf],
        capture_output=True,
        text=True,
        check=False,
    )
    assert rendered.returncode == 0, rendered.stderr
    assert list(pdf.rglob("*.pdf"))
