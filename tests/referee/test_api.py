"""`pnpkit.referee.api`, the one import of rules authors, and docs/engine.md's account of the
contract (issue 24)."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

from pnpkit.referee import api
from pnpkit.referee.engine.rules import Rules

ROOT = Path(__file__).resolve().parents[2]
ENGINE_DOC = (ROOT / "docs" / "engine.md").read_text()


def pnpkit_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    found = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    return {m for m in found if m.startswith("pnpkit")}


def test_every_name_the_api_lists_is_there() -> None:
    assert len(api.__all__) == len(set(api.__all__))
    for name in api.__all__:
        assert getattr(api, name) is not None, name
    assert api.Picture.__name__ == "Picture"  # imported only when asked for


def test_lantern_walk_imports_only_the_api() -> None:
    rules = ROOT / "docs" / "examples" / "lanterns" / "lanterns_rules" / "rules.py"
    assert pnpkit_imports(rules) == {"pnpkit.referee.api"}


def test_expedition_written_with_the_kit_imports_only_the_api() -> None:
    rules = ROOT / "docs" / "examples" / "expedition" / "expedition_rules" / "rules.py"
    assert pnpkit_imports(rules) == {"pnpkit.referee.api"}
    assert {"KitRules", "MoveForm", "Moves", "Deck", "Hand", "Flow", "Turn"} <= set(api.__all__)


def test_the_methods_engine_md_lists_have_the_signatures_it_gives() -> None:
    documented = dict(re.findall(r"^\| `(\w+)\(([^)]*)\)` \|", ENGINE_DOC, re.MULTILINE))
    assert {"check_setup", "check", "apply", "describe"} <= set(documented)
    for name, given in documented.items():
        params = list(inspect.signature(getattr(Rules, name)).parameters)[1:]
        assert given == ", ".join(params), f"engine.md gives {name}({given}), the code {params}"


def test_engine_md_documents_verdict_and_names_files_as_they_are() -> None:
    verdict = ENGINE_DOC[ENGINE_DOC.index("- **Verdict**") :].split("\n- **")[0]
    for field in ("`ok`", "`reason`", "`rule`", "ACCEPTED", "refuse("):
        assert field in verdict
    for cited in re.findall(r"`((?:pnpkit/)?referee/[\w/]+\.py)`", ENGINE_DOC):
        assert (ROOT / cited).is_file(), f"engine.md cites {cited}, which is not a file"
