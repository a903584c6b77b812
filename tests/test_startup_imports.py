"""The referee starts fast: its commands and rules modules import no PDF, SVG or schema stack.

`pnp referee move` must answer within 150 ms (bench/bench_referee.py measures it); importing
reportlab, svgwrite or jsonschema at start-up would alone cost most of that.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pnpkit.components import bundled_game_ids, load_game
from pnpkit.referee.engine.registry import source_of

HEAVY = ("reportlab", "svgwrite", "jsonschema", "pydantic")


def imported_after(code: str) -> set[str]:
    probe = f"import sys, json\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return {name.split(".")[0] for name in json.loads(out.stdout.splitlines()[-1])}


def test_root_and_referee_cli_import_nothing_heavy() -> None:
    loaded = imported_after("import pnpkit.cli, pnpkit.referee.cli.commands")
    assert loaded.isdisjoint(HEAVY), sorted(loaded & set(HEAVY))


@pytest.mark.parametrize("game_id", bundled_game_ids())
def test_rules_module_imports_nothing_heavy(game_id: str) -> None:
    key = load_game(game_id).manifest.get("rules")
    if not key:
        pytest.skip(f"{game_id} has no rules module")
    module = source_of(key).module
    loaded = imported_after(f"import {module}")
    assert loaded.isdisjoint(HEAVY), f"{module} imports {sorted(loaded & set(HEAVY))} at start-up"


def test_cached_game_loads_without_jsonschema() -> None:
    load_game("alpina")  # fills the cache
    loaded = imported_after("from pnpkit.components import load_game; load_game('alpina')")
    assert "jsonschema" not in loaded


def test_finding_rules_scans_the_installed_packages_once_then_reads_the_cache(
    tmp_path: Path,
) -> None:
    """The entry point scan imports importlib.metadata (~20 ms); a warm cache spares `move` it."""
    probe = (
        "import sys\nfrom pnpkit.referee.engine.registry import load\nload('alpina')\n"
        "print('importlib.metadata' in sys.modules)"
    )
    env = dict(os.environ, PNPKIT_CACHE_DIR=str(tmp_path))

    def scanned() -> str:
        run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env)
        return run.stdout.strip()

    assert scanned() == "True"
    assert scanned() == "False"


def _referee_cli_loaded_by(args: list[str]) -> tuple[bool, str]:
    probe = (
        f"import sys\nsys.argv = ['pnp', *{args!r}]\nfrom pnpkit.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('pnpkit.referee.cli.commands' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    *printed, loaded = out.stdout.splitlines()
    return loaded == "True", "\n".join(printed)


def test_a_pnp_command_is_run_without_building_the_others() -> None:
    loaded, printed = _referee_cli_loaded_by(["schema"])
    assert printed.endswith("game.schema.json") and not loaded
    loaded, printed = _referee_cli_loaded_by(["--help"])
    assert "referee" in printed and loaded


def test_render_start_up_makes_no_dataclass_but_the_shared_ones() -> None:
    """Making a dataclass compiles its methods (a few million instructions each, bench/
    bench_render.py): the records `pnp render` imports are named tuples or plain classes."""
    probe = (
        "import dataclasses, sys, json\n"
        "import pnpkit.cli, pnpkit.generator.progress\n"
        "print(json.dumps(sorted(f'{n}.{k}' for n, m in list(sys.modules.items())\n"
        "    if n.startswith('pnpkit.generator') for k, v in vars(m).items()\n"
        "    if isinstance(v, type) and v.__module__ == n and dataclasses.is_dataclass(v))))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    made = set(json.loads(out.stdout.splitlines()[-1]))
    # FontMetrics is imported by the bench's floor too; Slot is rebuilt with dataclasses.replace
    assert made <= {
        "pnpkit.generator.text.fontmetrics.FontMetrics",
        "pnpkit.generator.sheets.imposition.Slot",
    }, sorted(made)
