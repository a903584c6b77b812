"""The module names of contract 1.x (`pnpkit.referee.rules`, `.verdict`, `.harness` …), kept for
plug-ins written before the referee was grouped into sub-packages by job: importing an old name
gives the module that now holds it (the same module object, so its classes stay the same)."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from types import ModuleType

PREFIX = "pnpkit.referee."
MOVED = {
    "rules": "engine.rules",
    "contract": "engine.contract",
    "verdict": "engine.verdict",
    "moves": "engine.moves",
    "information": "engine.information",
    "immutable": "engine.immutable",
    "session": "engine.session",
    "game_facts": "engine.game_facts",
    "registry": "engine.registry",
    "rules_index": "engine.rules_index",
    "faults": "engine.faults",
    "position_file": "engine.position_file",
    "game_log": "log.game_log",
    "store": "log.store",
    "move_command": "log.move_command",
    "gate": "views.gate",
    "report": "views.report",
    "table_data": "views.table_data",
    "table_schema": "views.table_schema",
    "picture": "views.picture",
    "faces": "views.faces",
    "terminal": "views.terminal",
    "players": "simulation.bots",
    "simulate": "simulation.simulate",
    "sim_report": "simulation.html_report",
    "interactive": "cli.play_prompt",
    "photo_move": "photo.move",
    "photo_position": "photo.position",
    "lint": "checks.lint",
    "harness": "checks.harness",
}
"""Old name → where the module is now, under pnpkit.referee."""


class OldNames(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds `pnpkit.referee.OLD` and loads it as the module now at its new name."""

    def find_spec(
        self, fullname: str, path=None, target=None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname.startswith(PREFIX) and fullname[len(PREFIX) :] in MOVED:
            return importlib.machinery.ModuleSpec(fullname, self)
        return None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        return None  # a placeholder; exec_module puts the real module in its place

    def exec_module(self, module: ModuleType) -> None:
        moved = importlib.import_module(PREFIX + MOVED[module.__name__[len(PREFIX) :]])
        sys.modules[module.__name__] = moved


def install() -> None:
    """Let the old names be imported (once per process)."""
    if not any(isinstance(finder, OldNames) for finder in sys.meta_path):
        sys.meta_path.append(OldNames())
