"""Lantern Walk (docs/examples/lanterns): a designer's own rules package, installed through its
`pnpkit.rules` entry point (the Makefile installs it), refereed end to end like a bundled game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnpkit.components import load_game
from pnpkit.referee.checks.harness import enter, playthrough, playthrough_cases
from pnpkit.referee.engine.registry import source_of
from pnpkit.referee.log.store import make_setup
from tests.in_process import referee

GAME = Path(__file__).resolve().parents[2] / "docs" / "examples" / "lanterns"


run = referee  # in-process: the same entry point and error boundary as the script


@pytest.mark.parametrize("case", playthrough_cases(str(GAME), players=[2, 3, 4], games=3))
def test_lanterns_playthrough(case) -> None:
    playthrough(case)


def test_the_rules_come_from_their_own_installed_package() -> None:
    source = source_of("lanterns")
    assert (source.distribution, source.target) == ("lantern-walk-rules", "lanterns_rules:RULES")


def table(*moves: str, players: str = "Ann,Bob"):
    setup = make_setup(load_game(GAME), players.split(","))
    return setup, enter(setup, setup.rules.initial(setup), *moves)


def test_lw_6_a_later_colour_continues_the_walk_and_gold_earns_one_more() -> None:
    _, state = table("wind 3", "play LW-R1", "wind 2", "play LW-G3")
    assert state.walk == ("LW-R1", "LW-G3") and state.candles == (1, 4)
    assert state.supply == 20 - 5


def test_lw_7_an_earlier_colour_breaks_the_walk_and_earns_nothing() -> None:
    _, state = table("wind 3", "play LW-B6", "wind 2", "play LW-R2")
    assert state.walk == ("LW-R2",) and state.discard == ("LW-B6",) and state.candles == (6, 0)


def test_lw_4_a_wind_of_one_blows_the_walk_out() -> None:
    setup, state = table("wind 3", "play LW-B6", "wind 1")
    assert state.walk == () and state.discard == ("LW-B6",)
    state = enter(setup, state, "play LW-R1")
    assert state.candles == (6, 1)


def test_lw_5_lw_3_lw_10_refusals_cite_their_rule() -> None:
    setup, state = table("wind 3", "play LW-B6", "wind 2")
    rules = setup.rules
    assert rules.check(setup, state, rules.parse(setup, state, "play LW-B6")).rule == "LW-5"
    assert rules.check(setup, state, rules.parse(setup, state, "play LW-X9")).rule == "LW-5"
    assert rules.check(setup, state, rules.parse(setup, state, "wind 4")).rule == "LW-3"
    wrong_player = {"type": "play", "card": "LW-R1", "player": "Ann"}
    assert rules.check(setup, state, wrong_player).rule == "LW-10"


def test_lw_8_lw_9_lw_11_the_supply_runs_out_hands_empty_and_the_game_ends() -> None:
    moves = []
    for card in ("LW-R1", "LW-R1", "LW-R1", "LW-R2", "LW-R2", "LW-G3", "LW-G3", "LW-B6"):
        moves += ["wind 2", f"play {card}"]
    setup, state = table(*moves)
    assert state.step == "over" and state.hands == (0, 0) and state.deck == 0
    assert sum(state.candles) == 20 and state.supply == 0  # 21 earned, 20 in the box
    assert setup.rules.score(setup, state).winners == ("Bob",)


def test_lw_12_a_position_file_is_scored_and_bad_ones_are_refused(tmp_path: Path) -> None:
    result = run("score", GAME, "--position", GAME / "position-example.txt", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["winners"] == ["Ann"]
    for text, says in [
        ("Ann x\nBob 2\n", ":1: expected NAME"),
        ("Ann 15\nBob 9\n", "the game has 20"),
    ]:
        (tmp_path / "p.txt").write_text(text)
        refused = run("score", GAME, "--position", tmp_path / "p.txt")
        assert refused.returncode == 2 and says in refused.stderr


def test_refereed_end_to_end_at_the_command_line(tmp_path: Path) -> None:
    log, picture = tmp_path / "walk.jsonl", tmp_path / "walk.svg"
    assert run("new", GAME, "--players", "Ann,Bob", "--log", log).returncode == 0
    assert run("move", log, "wind 5").returncode == 0
    legal = json.loads(run("legal", log, "--json").stdout)
    assert legal["moves"] == ["play LW-B6", "play LW-G3", "play LW-R1", "play LW-R2"]
    played = run("move", log, "play LW-G3")
    assert played.returncode == 0 and "rules  draw" in played.stdout
    before = log.read_bytes()
    refused = run("move", log, "play LW-G3")
    assert refused.returncode == 1 and "LW-3" in refused.stderr and log.read_bytes() == before
    shown = run("show", log, "--svg", picture)
    assert shown.returncode == 0 and "Ann: 1 cards in hand, 4 candles" not in shown.stdout
    assert "Ann: 2 cards in hand, 4 candles" in shown.stdout
    drawn = picture.read_text()
    assert drawn.startswith("<svg") and drawn.count("data:image/svg+xml") == 1  # LW-G3's face
    score = json.loads(run("score", log, "--json").stdout)
    assert score["final"] is False and score["players"]["Ann"]["total"] == 4
    summary = json.loads(run("simulate", GAME, "--games", "20", "--players", "3", "--json").stdout)
    assert sum(summary["wins_by_seat"].values()) >= 20
    explained = run("explain", "LW-7")
    assert explained.returncode == 0 and explained.stdout.startswith("LW-7 (lanterns): A card")


def test_the_walk_is_public_and_the_unplayed_cards_nobodys() -> None:
    """Contract 1.2: the referee never learns a hand, so every card not yet played lies in one
    zone nobody sees; the census follows from the zones."""
    setup, state = table("wind 3", "play LW-R1", players="Ann,Bob,Cy")
    zones = {zone.name: zone for zone in setup.rules.knowledge(setup, state).zones}
    assert zones["walk"].cards == ("LW-R1",) and zones["walk"].seen_by is None
    assert zones["draw pile and hands"].seen_by == frozenset()
    assert len(zones["draw pile and hands"].cards) == sum(n for _, n in state.unseen)
    lanterns = {c.id: c.count for c in setup.game.group("lanterns").components}
    assert setup.rules.census(setup, state) == lanterns | {"LW-C": 20}
