"""A rules index: the numbered statements of a game's rules that refusals cite by ID.

A statement is a Markdown bullet starting with its bold ID, `- **AL-11** A card must share an
edge …`, continued by the indented lines below it. The index travels with its rules module: the
module's `Rules.index` names the file inside the module's package (`referee explain` reads it
from the installed package, without any docs folder).
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from pnpkit.errors import PnpError
from pnpkit.referee.engine.registry import RulesSource
from pnpkit.referee.engine.rules import Rules

STATEMENT = re.compile(r"^\s*[-*]\s+\*\*([A-Z]{1,4}-\d+)\*\*\s*(.*)$")
RULE_ID = re.compile(r"[A-Z]{1,4}-\d+")


def statements(text: str) -> dict[str, str]:
    """Every statement of an index by ID, its lines joined into one."""
    found: dict[str, str] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        match = STATEMENT.match(line)
        if match:
            current = [match[2].strip()]
            found[match[1]] = ""
            rule_id = match[1]
        elif current is not None and line.startswith((" ", "\t")) and line.strip():
            current.append(line.strip())
        else:
            current = None
            continue
        found[rule_id] = " ".join(current)
    return found


def index_text(source: RulesSource, rules: Rules) -> str:
    """The text of the rules index that `rules` ship; PnpError if they ship none or it is gone."""
    if not rules.index:
        raise PnpError(f"rules {source} ship no rules index (their Rules.index is not set)")
    module = importlib.import_module(source.module)
    if module.__package__:
        from importlib.resources import files

        place = files(module.__package__).joinpath(rules.index)
    else:
        place = Path(module.__file__ or "").parent / rules.index
    try:
        return place.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        problem = f"cannot read their rules index {rules.index}: {exc}"
        raise PnpError(f"rules {source}: {problem}") from None


def rule_ids(source: RulesSource, rules: Rules) -> set[str] | None:
    """The IDs of the rules index that `rules` ship; None when they ship none (PnpError when it
    cannot be read)."""
    return set(statements(index_text(source, rules))) if rules.index else None
