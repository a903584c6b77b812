"""The JSON Schemas of the tables as data (`Rules.table`, `show --json`), one per bundled game.

`pnpkit/referee/schema/table.schema.json` is the frame every game shares; `GAME.table.schema.json`
adds the game's zones. Imported only where a table is validated (jsonschema is slow to load).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from pnpkit.components.validation import Validator, registry_of

SCHEMA_DIR = Path(__file__).parent / "schema"
BASE = "https://pnpkit.dev/schema/referee/"


def schema_path(game_id: str) -> Path:
    """The file of a game's table schema."""
    return SCHEMA_DIR / f"{game_id}.table.schema.json"


@cache
def table_validator(game_id: str) -> Any:
    """A validator for `game_id`'s table (the shared frame only, for a game without a schema)."""
    name = f"{game_id}.table.schema.json"
    if not schema_path(game_id).is_file():
        name = "table.schema.json"
    schema = registry_of(SCHEMA_DIR).contents(BASE + name)
    return Validator(schema, registry=registry_of(SCHEMA_DIR))


def table_errors(table: dict[str, Any]) -> list[str]:
    """What is wrong with a table's data, each with its JSON pointer (empty when it is valid)."""
    errors = table_validator(table.get("game", "")).iter_errors(table)
    return [f"/{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors]
