"""Face layout templates: found by name, validated against layout.schema.json, `extends` merged."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

from pnpkit.components import cache as validity
from pnpkit.errors import DefinitionError, Problem

LAYOUTS_DIR = Path(__file__).parent
TEMPLATES_DIR = LAYOUTS_DIR / "templates"
SCHEMA_FILE = LAYOUTS_DIR / "layout.schema.json"
ICONS_FILE = LAYOUTS_DIR / "icons.json"
MAX_DEPTH = 10


@cache
def _schema_bytes() -> bytes:
    return SCHEMA_FILE.read_bytes()


def _problems(path: Path, data: Any) -> list[Problem]:
    """Schema violations of a template (jsonschema is imported only here, on a cache miss)."""
    from pnpkit.components.validation import pointer, problems_in, validator_for

    validator = validator_for(json.loads(_schema_bytes()))
    return [
        Problem(str(path), pointer(where), message)
        for where, message in problems_in(validator, data)
    ]


def find_template(name: str, search: tuple[Path, ...]) -> Path | None:
    """The file of template `name` in the first folder of `search` that has it."""
    for folder in search:
        candidate = folder / f"{name}.json"
        if candidate.is_file():
            return candidate
    return None


def _read(path: Path) -> dict[str, Any]:
    raw = path.read_bytes()
    try:
        data = json.loads(raw.decode("utf-8"))
    except json.JSONDecodeError as exc:
        raise DefinitionError(
            [Problem(str(path), f"line {exc.lineno}, column {exc.colno}", f"bad JSON: {exc.msg}")]
        ) from exc
    key = hashlib.sha256(validity.code_digest() + _schema_bytes() + b"\0" + raw).hexdigest()
    if validity.known_valid(key):
        return data
    problems = _problems(path, data)
    if problems:
        raise DefinitionError(problems)
    validity.mark_valid(key)
    return data


def _merge_elements(base: list[dict], extra: list[dict]) -> list[dict]:
    merged = [dict(e) for e in base]
    for element in extra:
        index = next(
            (i for i, e in enumerate(merged) if "id" in element and e.get("id") == element["id"]),
            None,
        )
        kind = element.get("type")
        if kind == "remove":
            if index is not None:
                del merged[index]
        elif index is None:
            merged.append(dict(element))
        elif kind is None or kind == merged[index]["type"]:
            merged[index] = {**merged[index], **element}
        else:
            merged[index] = dict(element)
    return merged


def load_template(name: str, search: tuple[Path, ...], _depth: int = 0) -> dict[str, Any]:
    """Template `name` with what it extends merged in; DefinitionError names file and place."""
    path = find_template(name, search)
    if path is None:
        places = ", ".join(str(p) for p in search)
        raise DefinitionError([Problem(name, "", f"no layout template {name!r} in {places}")])
    data = _read(path)
    if "extends" not in data:
        _check_types(path, data.get("elements", []))
        return data
    if _depth >= MAX_DEPTH:
        raise DefinitionError([Problem(str(path), "#/extends", "templates extend in a loop")])
    try:
        base = load_template(data["extends"], search, _depth + 1)
    except DefinitionError as exc:
        if exc.problems[0].file == data["extends"]:
            raise DefinitionError(
                [Problem(str(path), "#/extends", exc.problems[0].message)]
            ) from exc
        raise
    merged = {**base, **{k: v for k, v in data.items() if k != "extends"}}
    merged["vars"] = {**base.get("vars", {}), **data.get("vars", {})}
    merged["elements"] = _merge_elements(base.get("elements", []), data.get("elements", []))
    _check_types(path, merged["elements"])
    return merged


def _check_types(path: Path, elements: list[dict[str, Any]]) -> None:
    """An element without a type must change one of the same id in a template extended."""
    problems = [
        Problem(
            str(path),
            "#/elements",
            f"no element {e['id']!r} to change in the templates "
            'it extends; give a "type" to add one',
        )
        for e in elements
        if "type" not in e
    ]
    if problems:
        raise DefinitionError(problems)


@cache
def icon_library() -> dict[str, list[dict[str, Any]]]:
    """The project's vector icons by name, aliases resolved."""
    data = json.loads(ICONS_FILE.read_text(encoding="utf-8"))
    icons = {k: v for k, v in data.items() if not k.startswith("$")}
    for alias, target in data.get("$aliases", {}).items():
        icons[alias] = icons[target]
    return icons
