"""The manifest's keys as a Markdown table made from game.schema.json, so that the table in
docs/defining-a-game.md cannot drift from the schema. `python -m pnpkit.components.schemadoc
FILE` rewrites the table between its markers in FILE."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pnpkit.components.catalog import SCHEMA_DIR

BEGIN = "<!-- manifest keys: made from components/schema/game.schema.json by `make docs` -->"
END = "<!-- end of manifest keys -->"


def manifest_keys_table() -> str:
    """Every key of game.json in schema order: whether it is required, and what it holds."""
    schema = json.loads((SCHEMA_DIR / "game.schema.json").read_text(encoding="utf-8"))
    required = set(schema["required"])
    rows = ["| key | required | what it holds |", "| --- | --- | --- |"]
    for key, spec in schema["properties"].items():
        rows.append(f"| `{key}` | {'yes' if key in required else 'no'} | {spec['description']} |")
    return "\n".join(rows)


def with_table(markdown: str) -> str:
    """`markdown` with the text between the markers replaced by the current table."""
    head, found, rest = markdown.partition(BEGIN)
    _, found_end, tail = rest.partition(END)
    if not (found and found_end):
        raise ValueError(f"the markers {BEGIN!r} and {END!r} are missing")
    return f"{head}{BEGIN}\n{manifest_keys_table()}\n{END}{tail}"


if __name__ == "__main__":
    path = Path(sys.argv[1])
    path.write_text(with_table(path.read_text(encoding="utf-8")), encoding="utf-8")
