"""The list of bundled icon names in docs/generator.md, made from layouts/icons.json.

`python -m pnpkit.layouts.icondoc docs/generator.md` rewrites the list between its two marker
comments; a test checks that the list in the docs is the one this module makes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pnpkit.layouts.loader import ICONS_FILE

START = "<!-- icon names: made by `make docs` from layouts/icons.json; do not edit -->"
END = "<!-- end of icon names -->"


def icon_list() -> str:
    """Every bundled icon name in alphabetical order, each with the aliases that draw it."""
    data = json.loads(ICONS_FILE.read_text(encoding="utf-8"))
    aliases: dict[str, list[str]] = {}
    for alias, target in data.get("$aliases", {}).items():
        aliases.setdefault(target, []).append(alias)
    names = sorted(name for name in data if not name.startswith("$"))
    lines = ["| icon | also called |", "| --- | --- |"]
    for name in names:
        also = ", ".join(f"`{a}`" for a in sorted(aliases.get(name, [])))
        lines.append(f"| `{name}` | {also} |")
    return "\n".join(lines)


def with_list(document: str) -> str:
    """The document with the text between the markers replaced by the current list."""
    head, found, rest = document.partition(START)
    if not found or END not in rest:
        raise ValueError(f"the document has no {START!r} … {END!r} markers")
    return f"{head}{START}\n{icon_list()}\n{END}{rest.split(END, 1)[1]}"


def main(argv: list[str]) -> None:
    path = Path(argv[0])
    path.write_text(with_list(path.read_text(encoding="utf-8")), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
