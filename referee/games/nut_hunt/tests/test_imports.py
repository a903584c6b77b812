"""Nut Hunt imports the engine only through `pnpkit.referee.api` (issue 24); its photo reader
also uses the photo-scanning package, which is no part of the engine."""

from __future__ import annotations

import ast
from pathlib import Path

import pnpkit.referee.games.nut_hunt as nut_hunt

OWN = "pnpkit.referee.games.nut_hunt"
PHOTO_READING = ("pnpkit.scan.", "pnpkit.units")


def test_every_module_imports_the_engine_only_through_the_api() -> None:
    for path in sorted(Path(nut_hunt.__file__).parent.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                modules = [node.module]
            else:
                continue
            for module in modules:
                if not module.startswith("pnpkit") or module.startswith(OWN):
                    continue
                allowed = module == "pnpkit.referee.api" or (
                    path.name == "photo.py" and module.startswith(PHOTO_READING)
                )
                assert allowed, f"{path.name}:{node.lineno} imports {module}"
