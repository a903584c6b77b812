"""Rules from installed packages (`pnpkit.rules` entry points): found, listed, refused clearly when
broken, and blamed (never a traceback, nothing recorded) when they fail during a command."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from pnpkit.components import load_game
from pnpkit.errors import PnpError
from pnpkit.referee.engine import registry
from pnpkit.referee.engine.rules import CONTRACT, RulesFault, load_rules
from tests.plugins import command, environment, faulty_site

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "lanterns"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return faulty_site(tmp_path_factory.mktemp("site"))


def game_with_rules(folder: Path, rules: str) -> Path:
    """A copy of the lanterns example data whose manifest names `rules`."""
    game = folder / rules
    shutil.copytree(EXAMPLE, game, ignore=shutil.ignore_patterns("*.py", "*.toml", "tests", "*_*"))
    manifest = json.loads((game / "game.json").read_text())
    manifest["rules"] = rules
    (game / "game.json").write_text(json.dumps(manifest))
    return game


def referee(site: Path, *args: object) -> subprocess.CompletedProcess:
    return subprocess.run(
        [command("referee"), *map(str, args)],
        capture_output=True,
        text=True,
        check=False,
        env=environment(site),
    )


BUNDLED_CONTRACTS = dict.fromkeys(("alpina", "ano-nuevo", "arctic", "gentoo", "nut-hunt"), "2.0")
"""Every bundled game is written to contract 2.0 (it imports only `pnpkit.referee.api` and
declares its moves with the kit); 1.x modules keep working under 2.0."""


def test_the_bundled_rules_come_from_pnpkits_own_entry_points() -> None:
    found = registry.sources()
    for name, contract in BUNDLED_CONTRACTS.items():
        (source,) = found[name]
        assert source.distribution == "pnpkit"
        assert source.module == f"pnpkit.referee.games.{name.replace('-', '_')}"
        assert registry.load(name).contract == contract


def test_an_installed_package_provides_rules_by_the_manifests_name(
    site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(site))
    game = load_game(game_with_rules(tmp_path, "faulty"))
    rules = load_rules(game)
    assert type(rules).__module__ == "faulty_rules"
    assert str(registry.source_of("faulty")) == "'faulty' (faulty-plugin 0.1, module faulty_rules)"


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("faulty-import", "cannot be imported: ModuleNotFoundError"),
        ("faulty-missing", "must name RULES"),
        ("faulty-not-rules", "must name RULES, an instance of a subclass"),
        ("faulty-future", f"written for contract 3.0; this pnpkit implements contract {CONTRACT}"),
        ("faulty-newer", f"written for contract 1.9; this pnpkit implements contract {CONTRACT}"),
        ("faulty-older", f"written for contract 0.9; this pnpkit implements contract {CONTRACT}"),
        ("faulty-undeclared", "declare the contract version"),
    ],
)
def test_a_broken_rules_package_is_refused_naming_it(
    site: Path, monkeypatch: pytest.MonkeyPatch, name: str, says: str
) -> None:
    monkeypatch.syspath_prepend(str(site))
    with pytest.raises(RulesFault, match=f"'{name}' \\(faulty-plugin 0.1") as caught:
        registry.load(name, "Lantern Walk")
    assert says in str(caught.value)


def test_modules_written_for_contract_2_0_and_for_1_x_both_load(
    site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(site))
    assert CONTRACT == "2.0"
    assert registry.load("faulty-newest").contract == "2.0"
    assert registry.load("faulty").contract == "1.0"


@pytest.mark.parametrize("rules", ["x.y", "..", "x/../alpina", "Alpina", "a b"])
def test_a_rules_key_that_is_not_a_plain_name_is_a_validation_error(
    tmp_path: Path, rules: str
) -> None:
    """Issue 11: these were a ModuleNotFoundError traceback."""
    game = game_with_rules(tmp_path, "placeholder")
    manifest = json.loads((game / "game.json").read_text())
    (game / "game.json").write_text(json.dumps(manifest | {"rules": rules}))
    result = subprocess.run(
        [command("pnp"), "validate", game], capture_output=True, text=True, check=False
    )
    assert result.returncode == 2
    assert "#/rules" in result.stderr and "plain name" in result.stderr
    assert "Traceback" not in result.stderr
    with pytest.raises(PnpError, match="not a plain name"):
        registry.load(rules)


def test_an_unknown_rules_name_lists_the_installed_ones(site: Path, tmp_path: Path) -> None:
    game = game_with_rules(tmp_path, "no-such-rules")
    result = referee(site, "new", game, "--players", "A,B", "--log", tmp_path / "g.jsonl")
    assert result.returncode == 2
    assert "no rules named 'no-such-rules' are installed" in result.stderr
    assert "alpina, ano-nuevo, arctic" in result.stderr and "faulty-apply" in result.stderr
    assert "Traceback" not in result.stderr and not (tmp_path / "g.jsonl").exists()


def test_referee_rules_lists_where_each_rules_come_from_and_what_is_broken(site: Path) -> None:
    listed = referee(site, "rules")
    assert listed.returncode == 3, listed.stderr
    assert "alpina: pnpkit 0.1.0, pnpkit.referee.games.alpina:RULES (contract 2.0)" in listed.stdout
    assert "faulty: faulty-plugin 0.1, faulty_rules:RULES (contract 1.0)" in listed.stdout
    assert "faulty-import: faulty-plugin 0.1, faulty_broken_import:RULES (BROKEN)" in listed.stdout
    rows = json.loads(referee(site, "rules", "--json").stdout)
    broken = {row["name"] for row in rows if row["problem"]}
    assert broken == {
        "faulty-future",
        "faulty-newer",
        "faulty-older",
        "faulty-import",
        "faulty-missing",
        "faulty-not-rules",
        "faulty-undeclared",
    }


@pytest.mark.parametrize(
    ("rules", "args", "where"),
    [
        ("faulty-parse", ("move", "{log}", "step"), "in parse"),
        ("faulty-check", ("move", "{log}", "step"), "in check"),
        ("faulty-apply", ("move", "{log}", "step"), "in apply"),
        ("faulty-forced", ("move", "{log}", "step"), "in apply"),
        ("faulty-legal", ("legal", "{log}"), "in legal"),
        ("faulty-describe", ("show", "{log}"), "in describe"),
        ("faulty-score", ("score", "{log}"), "in score"),
    ],
)
def test_a_rules_packages_exception_is_its_fault_and_the_log_is_untouched(
    site: Path, tmp_path: Path, rules: str, args: tuple[str, ...], where: str
) -> None:
    log = tmp_path / "g.jsonl"
    game = game_with_rules(tmp_path, rules)
    assert referee(site, "new", game, "--players", "Ann,Bob", "--log", log).returncode == 0
    before = log.read_bytes()
    result = referee(site, *(a.format(log=log) for a in args))
    assert result.returncode == 3, result.stderr
    blamed = f"the rules '{rules}' (faulty-plugin 0.1, module faulty_rules) failed {where}: "
    assert blamed + "ZeroDivisionError: division by zero" in result.stderr
    assert "Traceback" not in result.stderr
    assert log.read_bytes() == before


def test_rules_failing_as_a_game_starts_leave_no_log(site: Path, tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    game = game_with_rules(tmp_path, "faulty-initial")
    result = referee(site, "new", game, "--players", "Ann,Bob", "--log", log, "--seed", "1")
    assert result.returncode == 3 and "failed in initial: ZeroDivisionError" in result.stderr
    assert not log.exists()


def test_pnp_games_names_where_each_games_rules_come_from() -> None:
    result = subprocess.run([command("pnp"), "games", "--json"], capture_output=True, text=True)
    rules = {row["id"]: row["rules"] for row in json.loads(result.stdout)}
    assert rules["nut-hunt"] == {
        "name": "nut-hunt",
        "distribution": "pnpkit",
        "version": "0.1.0",
        "module": "pnpkit.referee.games.nut_hunt",
    }
    rows = subprocess.run([command("pnp"), "games"], capture_output=True, text=True).stdout
    header, *lines = [line.split("\t") for line in rows.splitlines()]  # a pipe: TSV
    assert header[-1] == "rules"
    assert "gentoo: pnpkit 0.1.0, pnpkit.referee.games.gentoo" in [line[-1] for line in lines]


def test_the_same_rules_without_the_fault_play_on(site: Path, tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    game = game_with_rules(tmp_path, "faulty")
    assert referee(site, "new", game, "--players", "Ann,Bob", "--log", log).returncode == 0
    moved = referee(site, "move", log, "step")
    assert moved.returncode == 0, moved.stderr
    assert [e["text"] for e in map(json.loads, log.read_text().splitlines()[1:])] == [
        "step",
        "tick",
    ]


def test_explain_reads_the_index_each_rules_ship_and_skips_broken_rules(site: Path) -> None:
    explained = referee(site, "explain", "lw-7")  # after the faulty-… rules, by name
    assert explained.returncode == 0
    assert explained.stdout.startswith("LW-7 (lanterns): A card of an earlier colour")
    assert "skipped: rules 'faulty-import' (faulty-plugin 0.1" in explained.stderr
    assert "'faulty-apply'" not in explained.stderr  # loads, but ships no index: nothing to say
    missing = referee(site, "explain", "AL-999")
    assert (
        missing.returncode == 2
        and "no rule AL-999 in the rules indexes of: alpina" in missing.stderr
    )
    assert referee(site, "explain", "eleven").returncode == 2


@pytest.mark.parametrize(
    ("rules", "args", "says"),
    [
        ("faulty-wrong-check", ("move", "{log}", "step"), "in check for the move 'step': "
         "expected a Verdict (ACCEPTED or refuse(RULE, REASON)), got bool True"),
        ("faulty-wrong-apply", ("move", "{log}", "step"), "in apply for the move 'step': "
         "expected the new state (not None), got NoneType None"),
        ("faulty-wrong-legal", ("legal", "{log}"), "in legal: expected a list of moves "
         "(dicts whose \"type\" is a str), got a list holding str 'step'"),
    ],
)  # fmt: skip
def test_an_answer_outside_the_contract_is_exit_3_naming_method_move_and_expectation(
    site: Path, tmp_path: Path, rules: str, args: tuple[str, ...], says: str
) -> None:
    """Issue 24: these were an AttributeError traceback with exit 1, "failed in prompt:
    'NoneType' object has no attribute …", "string indices must be integers" and a bare
    NotImplementedError."""
    log = tmp_path / "g.jsonl"
    game = game_with_rules(tmp_path, rules)
    assert referee(site, "new", game, "--players", "Ann,Bob", "--log", log).returncode == 0
    before = log.read_bytes()
    result = referee(site, *(a.format(log=log) for a in args))
    assert result.returncode == 3, result.stderr
    assert says in result.stderr, result.stderr
    assert "Traceback" not in result.stderr
    assert log.read_bytes() == before


def test_rules_without_a_required_method_are_refused_before_a_game_starts(
    site: Path, tmp_path: Path
) -> None:
    """Issue 24: a bare NotImplementedError, then exit 3 only once a command needed `describe`."""
    log = tmp_path / "g.jsonl"
    game = game_with_rules(tmp_path, "faulty-undescribed")
    result = referee(site, "new", game, "--players", "Ann,Bob", "--log", log)
    assert result.returncode == 3, result.stderr
    assert "do not define describe, which the contract requires" in result.stderr
    assert "Traceback" not in result.stderr and not log.exists()


def test_serve_answers_an_answer_outside_the_contract_without_a_500(
    site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from starlette.testclient import TestClient

    from pnpkit.referee.web.app import create_app
    from pnpkit.referee.web.live import LiveTable

    monkeypatch.syspath_prepend(str(site))
    log = tmp_path / "g.jsonl"
    game = game_with_rules(tmp_path, "faulty-wrong-check")
    assert referee(site, "new", game, "--players", "Ann,Bob", "--log", log).returncode == 0
    before = log.read_bytes()
    app = create_app(LiveTable(log), {}, "")
    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as web:
        answer = web.post("/api/move", json={"move": "step"})
    assert answer.status_code == 409
    assert "broke the contract in check for the move 'step'" in answer.json()["error"]
    assert log.read_bytes() == before
