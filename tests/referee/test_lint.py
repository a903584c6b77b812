"""`referee lint GAME` (issue 24): the rules' contract checked by random play, on copies of Lantern
Walk broken one way each, and on every bundled game (which keep it)."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from pnpkit.referee.checks.lint import lint
from pnpkit.referee.log.store import writing_session
from tests.plugins import command, environment, install

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "lanterns"
SOURCE = (EXAMPLE / "lanterns_rules" / "rules.py").read_text()
DETERMINISE = """
    def determinise(self, setup, state, seat, rng):
        return replace(state, unseen=state.unseen[1:])

    def describe("""
BROKEN = {
    "check-true": (
        ("        return ACCEPTED\n\n    def apply", "        return True\n\n    def apply"),
        "check for the move 'wind ",
    ),
    "no-describe": (("    def describe(", "    def described("), "describe: not defined"),
    "mutates": (
        ("            hands = _add(", "            object.__setattr__(state, 'supply', 0)\n"
         "            hands = _add("),
        "apply changed the state it was given (draw;",
    ),
    "random": (
        ('if move["value"] == 1:', 'if move["value"] == 1 or __import__("random").random() < .5:'),
        "apply gave two different states for the same move (wind ",
    ),
    "unknown-rule": (('refuse("LW-10"', 'refuse("LW-99"'), "LW-99 is cited refusing a move by P"),
    "unknown-written-rule": (('refuse("LW-4"', 'refuse("LW-99"'),
                             "LW-99 is cited in a refusal at broken_unknown_written_rule.py:136"),
    "unknown-step-rule": (('refuse("LW-3"', 'refuse("LW-95"'), "LW-95 is cited refusing 'wind "),
    "unknown-syntax-rule": (('own move)", "LW-9"', 'own move)", "LW-97"'),
                            "LW-97 is cited in the syntax table (draw) but not in the rules index"),
    "changeable": (("@dataclass(frozen=True)\nclass Walk", "@dataclass\nclass Walk"),
                   "initial: the state, a Walk, can be changed in place"),
    "raises": (("        players = len(setup.players)", "        players = {}['seats']"),
               "initial: raised KeyError: 'seats' (at broken_raises.py:88, in initial)"),
    "determinise": (("\n    def describe(", DETERMINISE), "determinise changed the census"),
    "legal-strings": (
        ('[{"type": PLAY, "card": card} for', "[card for"),
        "legal: expected a list of moves (dicts whose \"type\" is a str), got a list holding str "
        "'LW-",
    ),
    "legal-refused": (("range(1, 7)", "range(1, 8)"), "legal lists a move check refuses: wind 7"),
    "delegated": (
        ("    def score_bounds(self,", "    score_bounds = __import__('pnpkit.referee.api').referee"
         ".api.delegate(lambda setup, state: (0, 9))\n\n    def bounds(self,"),
        "score_bounds: delegated to",
    ),
}  # fmt: skip


def broken_game(tmp_path: Path, name: str, change: tuple[str, str] | None = None) -> Path:
    """A copy of Lantern Walk whose rules, installed as `lanterns-NAME`, break the contract (as
    BROKEN says, or as `change` does)."""
    old, new = change or BROKEN[name][0]
    assert SOURCE.count(old) == 1, old
    module = f"broken_{name.replace('-', '_')}"
    site = tmp_path / "site"
    install(site, f"broken-{name}", {f"lanterns-{name}": f"{module}:RULES"},
            {module: SOURCE.replace(old, new)})  # fmt: skip
    shutil.copy(EXAMPLE / "lanterns_rules" / "rules.md", site / "rules.md")
    game = tmp_path / "game"
    shutil.copytree(EXAMPLE, game, ignore=shutil.ignore_patterns("lanterns_rules", "*.toml"))
    manifest = json.loads((game / "game.json").read_text())
    (game / "game.json").write_text(json.dumps(manifest | {"rules": f"lanterns-{name}"}))
    return game


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_each_contract_violation_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    game = broken_game(tmp_path, name)
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    problems = lint(str(game))
    assert any(BROKEN[name][1] in p for p in problems), problems


def test_the_command_exits_3_with_the_list_and_0_when_clean(tmp_path: Path) -> None:
    game = broken_game(tmp_path, "mutates")
    env = environment(tmp_path / "site")
    found = subprocess.run([command("referee"), "lint", game], capture_output=True, text=True,
                           env=env, check=False)  # fmt: skip
    assert found.returncode == 3, found.stderr
    assert "problem: apply changed the state it was given" in found.stderr
    assert "1 contract problem" in found.stderr and "Traceback" not in found.stderr
    clean = subprocess.run([command("referee"), "lint", EXAMPLE], capture_output=True, text=True)
    assert clean.returncode == 0, clean.stderr
    assert "the rules keep the contract" in clean.stdout


REPLAY_FAULTS = {
    "mutates": "'draw' (event 3): it changed the state it was given",
    "random": "(event 7): applied again, it gave another state",
}


@pytest.mark.parametrize("name", sorted(REPLAY_FAULTS))
def test_replay_exits_3_naming_the_first_move_whose_apply_breaks_the_contract(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """The broken rules play on at the table; `referee replay` applies each move twice and
    compares its input (it said "the log is sound" before)."""
    game = broken_game(tmp_path, name)
    env = environment(tmp_path / "site")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    log = tmp_path / "g.jsonl"
    new = [command("referee"), "new", game, "--players", "Ann,Bob", "--seed", "3", "--log", log]
    assert subprocess.run(new, capture_output=True, env=env, check=False).returncode == 0
    random.seed(0)  # the broken apply's draws, so that the same log is written every time
    with writing_session(log) as (session, _, _):
        while len(session.events) < 12 and session.legal():
            session.submit(session.legal()[0])
    found = subprocess.run([command("referee"), "replay", log], capture_output=True, text=True,
                           env=env, check=False)  # fmt: skip
    assert found.returncode == 3, found.stderr
    assert "broke the contract in apply, for the move '" in found.stderr
    assert REPLAY_FAULTS[name] in found.stderr, found.stderr
    assert "for the move 'wind " not in found.stderr  # its type only: its words may be secret
    assert "Traceback" not in found.stderr and "sound" not in found.stdout


def test_a_refusal_citing_a_rule_the_index_lacks_is_a_contract_fault_at_play_time(
    tmp_path: Path,
) -> None:
    """A plug-in's refusal is checked against its rules index: exit 3 naming check, the move and
    the rule; before, the refusal was printed (exit 1) and only `explain` found the rule gone."""
    game = broken_game(tmp_path, "unknown-written-rule")
    env = environment(tmp_path / "site")
    log = tmp_path / "g.jsonl"
    new = [command("referee"), "new", game, "--players", "Ann,Bob", "--log", log]
    assert subprocess.run(new, capture_output=True, env=env, check=False).returncode == 0
    found = subprocess.run([command("referee"), "move", log, "wind 9"], capture_output=True,
                           text=True, env=env, check=False)  # fmt: skip
    assert found.returncode == 3, found.stderr
    assert "broke the contract in check for the move 'wind 9': it refused citing LW-99, which " \
        "their rules index (rules.md) does not list" in found.stderr, found.stderr  # fmt: skip
    assert "Traceback" not in found.stderr and len(log.read_text().splitlines()) == 1
    cited = subprocess.run([command("referee"), "move", log, "draw"], capture_output=True,
                           text=True, env=env, check=False)  # fmt: skip
    assert cited.returncode == 1 and "LW-3" in cited.stderr + cited.stdout  # a rule it lists


def test_a_game_whose_rules_lack_a_required_method_is_refused_before_it_starts(
    tmp_path: Path,
) -> None:
    """`new` names the missing method at once (exit 3, no log written); before, the game began
    and only the first command needing `describe` (show, play) failed."""
    game = broken_game(tmp_path, "no-describe")
    log = tmp_path / "g.jsonl"
    found = subprocess.run([command("referee"), "new", game, "--players", "Ann,Bob", "--log", log],
                           capture_output=True, text=True, env=environment(tmp_path / "site"),
                           check=False)  # fmt: skip
    assert found.returncode == 3, found.stderr
    assert "the rules 'lanterns' do not define describe, which the contract requires" in (
        found.stderr
    )
    assert not log.exists() and "Traceback" not in found.stderr


BROKEN_LATER = (
    "        return ACCEPTED\n\n    def apply",
    "        return True if __import__('os').environ.get('LW_BROKEN') else ACCEPTED\n\n"
    "    def apply",
)
"""Lantern Walk whose check answers True (not a Verdict) once LW_BROKEN is set: rules edited
after a game was logged."""


@pytest.mark.parametrize("verb", ["replay", "show", "legal"])
def test_rules_that_break_the_contract_on_a_logged_game_are_blamed_not_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, verb: str
) -> None:
    """A log written while the rules kept the contract, read after they broke it: exit 3 naming
    the method, the move's type (not its words) and the event; before, the log was called
    damaged (exit 2)."""
    game = broken_game(tmp_path, "later", BROKEN_LATER)
    env = environment(tmp_path / "site")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    log = tmp_path / "g.jsonl"
    new = [command("referee"), "new", game, "--players", "Ann,Bob", "--log", log]
    assert subprocess.run(new, capture_output=True, env=env, check=False).returncode == 0
    for move in ("wind 3", "play LW-R1"):
        moved = subprocess.run([command("referee"), "move", log, move], capture_output=True,
                               text=True, env=env, check=False)  # fmt: skip
        assert moved.returncode == 0, moved.stderr
    found = subprocess.run([command("referee"), verb, log], capture_output=True, text=True,
                           env=env | {"LW_BROKEN": "1"}, check=False)  # fmt: skip
    assert found.returncode == 3, found.stderr
    assert f"{log}: the rules 'lanterns' broke the contract in check, replaying the move " \
        "'wind' (event 1): expected a Verdict (ACCEPTED or refuse(RULE, REASON)), got bool" \
        in found.stderr, found.stderr  # fmt: skip
    assert "wind 3" not in found.stderr and "Traceback" not in found.stderr


def test_replay_of_a_sound_log_says_so(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    new = [command("referee"), "new", EXAMPLE, "--players", "Ann,Bob", "--seed", "3", "--log", log]
    assert subprocess.run(new, capture_output=True, check=False).returncode == 0
    with writing_session(log) as (session, _, _):
        while len(session.events) < 40 and session.legal():
            session.submit(session.legal()[-1])
    found = subprocess.run([command("referee"), "replay", log], capture_output=True, text=True)
    assert found.returncode == 0, found.stderr
    assert "re-checked: the log is sound" in found.stdout


@pytest.mark.parametrize("game", ["alpina", "ano-nuevo", "arctic", "gentoo", "nut-hunt"])
def test_the_bundled_games_keep_the_contract(game: str) -> None:
    assert lint(game) == []
