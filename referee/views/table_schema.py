"""The JSON Schemas of the tables as data (`Rules.table`, `show --json`).

`table.schema.json` beside this module is the frame every game shares; a bundled game's own
`table.schema.json`, in its folder under `referee/games/`, adds the game's zones. Imported only
where a table is validated (jsonschema is slow to load).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from referencing import Registry, Resource

from pnpkit.components.validation import Validator

FRAME = Path(__file__).parent / "table.schema.json"
GAMES = Path(__file__).parents[1] / "games"


def schema_path(game_id: str) -> Path:
    """The file of a bundled game's table schema (it may not exist: a plug-in game has none)."""
    return GAMES / game_id.replace("-", "_") / "table.schema.json"


@cache
def table_validator(game_id: str) -> Any:
    """A validator for `game_id`'s table (the shared frame only, for a game without a schema),
    its `$ref`s replaced by what they point at once here, not looked up on every table."""
    paths = [FRAME, schema_path(game_id)] if schema_path(game_id).is_file() else [FRAME]
    schemas = [json.loads(path.read_text(encoding="utf-8")) for path in paths]
    registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in schemas)
    top = schemas[-1]
    return Validator({"$schema": top["$schema"], **inlined(top, registry.resolver(top["$id"]))})


SCOPE = ("$id", "$schema", "$defs")
"""Keywords of a schema resource that mean nothing once every reference in it is inlined."""


def inlined(schema: Any, resolver: Any) -> Any:
    """`schema` with each `$ref` replaced by its target (itself inlined; the tables' schemas
    have no reference cycle), beside the keywords that stood with it (`allOf`: both apply);
    `resolver` (referencing's) looks up references from where `schema` stands."""
    if isinstance(schema, list):
        return [inlined(item, resolver) for item in schema]
    if not isinstance(schema, dict):
        return schema
    found = {k: inlined(v, resolver) for k, v in schema.items() if k not in ("$ref", *SCOPE)}
    if "$ref" not in schema:
        return found
    target = resolver.lookup(schema["$ref"])
    resolved = inlined(target.contents, target.resolver)
    return {"allOf": [resolved], **found} if found else resolved


def table_errors(table: dict[str, Any]) -> list[str]:
    """What is wrong with a table's data, each with its JSON pointer (empty when it is valid)."""
    errors = table_validator(table.get("game", "")).iter_errors(table)
    return [f"/{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors]
