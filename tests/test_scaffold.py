"""`pnp new`: a designer's new game validates and renders straight away; with --rules its rules
package, registered by the entry point its own pyproject.toml declares, is refereed and its
harness test passes.

Installing without pip or network: the test reads the scaffold's pyproject.toml and writes the
`.dist-info` that `pip install` would (tests/plugins), on a folder put on PYTHONPATH beside the
game folder. The real pip route is the Makefile's, for docs/examples/lanterns.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

from tests.in_process import run_pnp, run_pnp_in_one_process
from tests.plugins import command, environment, install


def pnp(*args: object, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """The installed `pnp` as a real process (needed where `env` puts the game's rules on
    PYTHONPATH: entry points are read from the path a process starts with)."""
    return subprocess.run(
        [command("pnp"), *map(str, args)], capture_output=True, text=True, check=False, env=env
    )


def test_new_game_with_rules_validates_renders_plays_and_passes_its_harness_test(
    tmp_path: Path,
) -> None:
    game = tmp_path / "Moth Lamps"
    made = pnp("new", game, "--rules")
    assert made.returncode == 0, made.stderr
    assert run_pnp("validate", game).returncode == 0
    rendered = run_pnp("render", game, "--out", tmp_path / "out")
    assert rendered.returncode == 0, rendered.stderr
    assert (tmp_path / "out" / "moth-lamps" / "moth-lamps-cards.pdf").is_file()

    project = tomllib.loads((game / "pyproject.toml").read_text())
    points = project["project"]["entry-points"]["pnpkit.rules"]
    assert points == {"moth-lamps": "moth_lamps_rules:RULES"}
    site = install(tmp_path / "site", project["project"]["name"], points)
    env = environment(site, game)

    log = tmp_path / "g.jsonl"
    listed, started, turned, refused, explained, linted = run_pnp_in_one_process(
        [(["referee", "rules"], None),
         (["referee", "new", game, "--players", "Ann,Bob", "--log", log], None),
         (["referee", "move", log, "turn MOT-5"], None),
         (["referee", "move", log, "turn MOT-1"], None),
         (["referee", "explain", "MOT-4"], None),
         (["referee", "lint", game], None)],
        env,
    )  # fmt: skip
    entry = "moth-lamps: moth-lamps-rules 0.1, moth_lamps_rules:RULES (contract 2.0)"
    assert entry in listed.stdout
    assert started.returncode == 0, started.stderr
    assert turned.returncode == 0, turned.stderr
    assert refused.returncode == 1 and "MOT-2" in refused.stderr
    assert explained.stdout.startswith("MOT-4 (moth-lamps): The game ends when the deck is empty")

    source = (game / "moth_lamps_rules" / "__init__.py").read_text()
    imported = {line.split()[1] for line in source.splitlines() if line.startswith("from ")}
    assert imported == {"__future__", "dataclasses", "pnpkit.referee.api"}  # one import (issue 24)
    assert linted.returncode == 0, linted.stdout + linted.stderr
    for lint in (("check", "--select", "E,F,W,B,UP,I"), ("format", "--check")):
        linted = subprocess.run(
            [command("ruff"), *lint, "."], capture_output=True, text=True, check=False, cwd=game
        )
        assert linted.returncode == 0, linted.stdout  # its own pyproject.toml's line length

    # the harness test reads the player counts from game.json (it had 2–4 written in)
    manifest = json.loads((game / "game.json").read_text())
    (game / "game.json").write_text(json.dumps(manifest | {"players": {"min": 2, "max": 3}}))
    harness = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", game / "tests"],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        cwd=tmp_path,
    )
    assert harness.returncode == 0, harness.stdout + harness.stderr
    assert "8 passed" in harness.stdout  # 2 and 3 players × digital, table × 2 seeds


def test_referee_new_takes_the_game_folder_from_any_directory(tmp_path: Path) -> None:
    """Issue 24: `referee new mygame` seemed to work only from the folder's parent; any path to
    the folder works from anywhere (`.` inside it, `..` below it)."""
    game = tmp_path / "mygame"
    assert run_pnp("new", game, "--rules").returncode == 0
    project = tomllib.loads((game / "pyproject.toml").read_text())
    points = project["project"]["entry-points"]["pnpkit.rules"]
    env = environment(install(tmp_path / "site", project["project"]["name"], points), game)
    places = ((game, "."), (game / "fields", ".."), (tmp_path.parent, game))
    commands: list[tuple[list[object], Path | None]] = []
    for cwd, given in places:
        log = tmp_path / f"{len(str(given))}.jsonl"
        commands.append((["referee", "new", given, "--players", "A,B", "--log", log], cwd))
        commands.append((["referee", "move", log, "turn MYG-5"], None))
    done = run_pnp_in_one_process(commands, env)
    for (cwd, given), started, moved in zip(places, done[::2], done[1::2], strict=True):
        assert started.returncode == 0, (cwd, given, started.stderr)
        assert moved.returncode == 0, moved.stderr


def test_new_game_without_rules_is_data_only(tmp_path: Path) -> None:
    game = tmp_path / "plain"
    assert run_pnp("new", game).returncode == 0
    assert sorted(p.name for p in game.rglob("*") if p.is_file()) == [
        "card-front.json",
        "card.schema.json",
        "cards.csv",
        "game.json",
    ]
    assert run_pnp("validate", game).returncode == 0


def test_new_refuses_a_folder_that_holds_files(tmp_path: Path) -> None:
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine")
    refused = run_pnp("new", tmp_path / "taken")
    assert refused.returncode == 2 and "not an empty folder" in refused.stderr
    assert (tmp_path / "taken" / "notes.txt").read_text() == "mine"
    assert run_pnp("new", tmp_path / "123").returncode == 2


def test_new_rules_may_not_take_the_name_of_installed_rules(tmp_path: Path) -> None:
    refused = run_pnp("new", tmp_path / "Alpina", "--rules")
    assert refused.returncode == 2
    assert "rules named 'alpina' are already installed ('alpina' (pnpkit" in refused.stderr
    assert not (tmp_path / "Alpina").exists()
