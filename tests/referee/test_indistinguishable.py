"""The indistinguishability test: no output tells a viewer what they may not know.

For random digital games of every bundled game and Lantern Walk, and each viewer (the shared
screen and every player), the game is paired with itself relabelled: the cards that viewer never
saw swapped among themselves. Everything the viewer can reach must be byte-identical in both: the
engine's page state, the answer to every move and undo they try, and every CLI command's text and
JSON, with and without `--player`, and what a page reads of an undo or redo another player
asks of the table (the question, the answer to its agreeing, the table after).
"""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner
from typer.main import get_command

from pnpkit.referee.cli.commands import app
from pnpkit.referee.engine.session import Session
from pnpkit.referee.views.gate import SHARED, sight
from pnpkit.referee.web.live import LiveTable
from tests.referee.indistinguishable import (
    _states,
    candidates,
    differences,
    hidden_count,
    random_game,
    random_step,
    reachable,
    relabelled,
    replayed,
    write_log,
)

GAMES = [
    ("alpina", 3, ""),
    ("ano-nuevo", 3, ""),
    ("arctic", 2, ""),
    ("gentoo", 2, ""),
    ("nut-hunt", 2, ""),
    ("docs/examples/lanterns", 2, ""),
    ("docs/examples/expedition", 2, ""),
]
NO_SECRET = {"gentoo", "docs/examples/lanterns"}
"""Games whose referee knows no secret: Gentoo's piles are known sets of cards in an order the
state does not hold (GE-36); the Lantern Walk referee never knows a hand's cards. No pair of
their games differs in what the referee knows and a viewer does not, so for them the test checks
that no state keeps anything from any viewer but the cards nobody has seen."""
SEEDS = range(3)
STEPS = (7, 25, 60)


@functools.cache
def _pairs(game: str, players: int, variant: str) -> list[tuple[str, Session, Session]]:
    """(viewer, game, its relabelled twin) for each seed, length and viewer; made once per
    process for the three tests that read them (none changes a session: tries go to copies)."""
    return list(_made_pairs(game, players, variant))


def _made_pairs(game: str, players: int, variant: str):  # type: ignore[no-untyped-def]
    for seed in SEEDS:
        steps = STEPS[seed % len(STEPS)]
        session = random_game(game, players, seed, steps, variant)
        rng = random.Random(seed)
        for viewer in (SHARED, *session.setup.players):
            events = relabelled(session, viewer, rng)
            twin = None if events is None else replayed(session.setup, events)
            if twin is not None:
                yield viewer, session, twin


@pytest.mark.slow
@pytest.mark.parametrize("game, players, variant", GAMES, ids=[g[0] for g in GAMES])
def test_every_engine_output_is_the_same_for_games_a_viewer_cannot_tell_apart(
    game: str, players: int, variant: str
) -> None:
    tested = 0
    for viewer, session, twin in _pairs(game, players, variant):
        tries = candidates([session, twin], viewer, random.Random(len(session.events)))
        found = differences(reachable(session, viewer, tries), reachable(twin, viewer, tries))
        assert not found, f"{viewer or 'the shared screen'} can tell them apart:\n" + "\n".join(
            found[:3]
        )
        tested += hidden_count(session, viewer) > 0
    if game not in NO_SECRET:
        assert tested, "no pair kept anything from its viewer: the test tested nothing"


COMMANDS = [
    ["show"],
    ["show", "--json"],
    ["legal"],
    ["legal", "--json"],
    ["score"],
    ["score", "--json"],
    ["replay"],
    ["replay", "--json"],
]


@functools.cache
def _command_line() -> click.Command:
    """`pnp referee`'s command line, as typer's CliRunner makes it, made once (typer makes it
    anew at every call: 44% of this test's time)."""
    return get_command(app)


def _cli(log: Path, viewer: str, tries: list[str]) -> dict[str, str]:
    """What every CLI command prints for `viewer`: read-only ones on the log, and each tried move
    and an undo on a copy (put back after each)."""
    runner, command_line = CliRunner(), _command_line()
    player = ["--player", viewer] if viewer else []
    found = {}
    for command in COMMANDS:
        for who in [[], player] if player else [[]]:
            result = runner.invoke(command_line, [command[0], str(log), *command[1:], *who])
            found[" ".join([*command, *who])] = f"{result.exit_code}\n{result.output}"
    original = log.read_bytes()
    for text in tries:
        for json_flag in ([], ["--json"]):
            result = runner.invoke(command_line, ["move", str(log), text, *player, *json_flag])
            found[f"move {text} {json_flag}"] = f"{result.exit_code}\n{result.output}"
            log.write_bytes(original)
    result = runner.invoke(command_line, ["undo", str(log), *player])
    found["undo"] = f"{result.exit_code}\n{result.output}"
    log.write_bytes(original)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("game, players, variant", GAMES[:5], ids=[g[0] for g in GAMES[:5]])
def test_every_cli_output_is_the_same_for_games_a_viewer_cannot_tell_apart(
    game: str, players: int, variant: str, tmp_path: Path
) -> None:
    log = tmp_path / "game.jsonl"
    tested = 0
    for viewer, session, twin in _pairs(game, players, variant)[::3]:
        tries = candidates([session, twin], viewer, random.Random(1))[:6]
        outputs = []
        for one in (session, twin):
            write_log(log, one, one.events)
            outputs.append(_cli(log, viewer, tries))
        found = differences(*outputs)
        assert not found, f"{viewer or 'the shared screen'} can tell them apart:\n" + "\n".join(
            found[:3]
        )
        tested += 1
    assert tested or game in NO_SECRET


@pytest.mark.parametrize("game", sorted(NO_SECRET))
def test_a_game_whose_referee_knows_no_secret_keeps_from_a_viewer_only_what_nobody_sees(
    game: str,
) -> None:
    players = {g: n for g, n, _ in GAMES}[game]
    for seed in SEEDS:
        session = random_game(game, players, seed, STEPS[seed % len(STEPS)])
        for state in _states(session.setup, session.events):
            known = sight(session.setup, state)
            assert known is not None
            for zone in known.zones:
                assert not zone.cards or zone.seen_by in (None, frozenset()), zone


def test_a_relabelled_twin_differs_from_its_game_in_what_the_referee_knows() -> None:
    """The pairs are real pairs: the twin's log names other cards than the game's."""
    session = random_game("alpina", 3, 1, 10)
    events = relabelled(session, "Ann", random.Random(1))
    assert events is not None
    assert json.dumps(events) != json.dumps(session.events)
    assert replayed(session.setup, events) is not None


def consent(session: Session, viewer: str, log: Path) -> dict[str, Any]:
    """What `viewer`'s page reads when another player asks the table to undo the last decision,
    then to redo it: the question on its page, the answer to its agreeing (the others having
    agreed first) and its page's state after."""
    found: dict[str, Any] = {}
    for asker in session.setup.players:
        if asker == viewer:
            continue
        write_log(log, session, session.events)
        live = LiveTable(log)
        for kind, ask in (("undo", live.undo), ("redo", live.redo)):
            if "asked" not in ask(asker):
                break  # the asker's own decision, done at once; or nothing to do
            found[f"{asker} asks to {kind}"] = live.state(viewer)["asking"]
            for other in [p for p in live.asking["waiting"] if p != viewer]:  # type: ignore[index]
                live.answer(other, True)
            if viewer in (live.asking or {}).get("waiting", []):
                found[f"{viewer} agrees to {asker}'s {kind}"] = live.answer(viewer, True)
            after = live.state(viewer)
            found[f"after {asker}'s {kind}"] = {
                key: value
                for key, value in after.items()
                if key not in ("version", "boot", "file")
                and not (kind == "redo" and key != "asking")  # a redo draws afresh: news
            }
    return found


@pytest.mark.slow
@pytest.mark.parametrize("game, players, variant", GAMES[:5], ids=[g[0] for g in GAMES[:5]])
def test_an_undo_asked_of_the_table_reads_the_same_for_games_a_viewer_cannot_tell_apart(
    game: str, players: int, variant: str, tmp_path: Path
) -> None:
    tested = 0
    for viewer, session, twin in _pairs(game, players, variant):
        if session.prompt().kind == "over":
            continue
        found = differences(
            consent(session, viewer, tmp_path / "game.jsonl"),
            consent(twin, viewer, tmp_path / "twin.jsonl"),
        )
        assert not found, f"{viewer or 'the shared screen'} can tell them apart:\n" + "\n".join(
            found[:3]
        )
        tested += 1
    assert tested or game in NO_SECRET


def test_the_answer_to_the_last_to_agree_is_worded_as_that_page_reads_the_move(
    tmp_path: Path,
) -> None:
    """The shared screen asks to undo Ann's secret display (committed, not yet revealed); Ann
    agrees last: her page's answer names her own cards, the others' only that she chose (it was
    worded as the asker reads the move, whoever answered)."""
    session = random_game("ano-nuevo", 3, 1, 0)
    rng = random.Random(1)
    while (session.undo_target() or {}).get("by") != "commit" or "display" not in str(
        session.undo_target()
    ):
        random_step(session, rng)
    mover = session.undo_target()["commit"]["player"]  # type: ignore[index]
    choice = session.undo_target()["commit"]["choice"]  # type: ignore[index]
    answers = {}
    for last in session.setup.players:
        log = tmp_path / f"{last}.jsonl"
        write_log(log, session, session.events)
        live = LiveTable(log)
        assert live.undo(SHARED)["asked"] == "undo"
        assert choice not in json.dumps(live.state(last)["asking"]) or last == mover
        for other in [p for p in session.setup.players if p != last]:
            live.answer(other, True)
        answers[last] = live.answer(last, True)["undone"]
    assert choice.split("+")[0] in answers[mover]
    for other in session.setup.players:
        if other != mover:
            assert choice.split("+")[0] not in answers[other], answers[other]
