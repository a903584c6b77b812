"""Face layout templates: found by name, validated against layout.schema.json, `extends` merged.

A name is looked up first in the game's own `layouts/` folder, then among the bundled templates;
both are resolved by the one resolver for game files, so no name or symlink leads outside.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import cache
from pathlib import Path
from typing import Any

from pnpkit.components import cache as validity
from pnpkit.components.gamefiles import OutsideGame, game_file
from pnpkit.components.jsonread import parse_json
from pnpkit.errors import DefinitionError, Problem

LAYOUTS_DIR = Path(__file__).parent
TEMPLATES_DIR = LAYOUTS_DIR / "templates"
GAME_LAYOUTS = "layouts"
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


def _resolved(root: Path, relative: str, shown: Path) -> Path:
    try:
        return game_file(root, relative)
    except OutsideGame as exc:
        raise DefinitionError([Problem(str(shown), "", f"layout template: {exc}")]) from None


def game_template(name: str, game_dir: Path) -> Path | None:
    """The game's own template `name` (in its `layouts/` folder), or None if it has none.

    A file of that name that leads outside the game (a symlink, or a `layouts` folder that is
    one) is refused with DefinitionError, never read.
    """
    relative = f"{GAME_LAYOUTS}/{name}.json"
    if not os.path.lexists(game_dir / relative):
        return None
    return _resolved(game_dir, relative, game_dir / relative)


def find_template(name: str, game_dir: Path | None) -> Path | None:
    """The file of template `name`: the game's own, else the bundled one, else None."""
    if game_dir is not None and (own := game_template(name, game_dir)) is not None:
        return own
    if (TEMPLATES_DIR / f"{name}.json").is_file():
        return _resolved(TEMPLATES_DIR, f"{name}.json", TEMPLATES_DIR / f"{name}.json")
    return None


def _read(path: Path) -> dict[str, Any]:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DefinitionError([Problem(str(path), "", f"cannot read: {exc.strerror}")]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        message = f"not UTF-8 text ({exc.reason} at byte {exc.start})"
        raise DefinitionError([Problem(str(path), "", message)]) from None
    data, problems = parse_json(text, str(path))
    if problems:
        raise DefinitionError(problems)
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


def load_template(name: str, game_dir: Path | None = None, _depth: int = 0) -> dict[str, Any]:
    """Template `name` (the game's own or a bundled one) with what it extends merged in;
    DefinitionError names file and place."""
    path = find_template(name, game_dir)
    if path is None:
        folders = [*([game_dir / GAME_LAYOUTS] if game_dir else []), TEMPLATES_DIR]
        places = ", ".join(map(str, folders))
        raise DefinitionError([Problem(name, "", f"no layout template {name!r} in {places}")])
    data = _read(path)
    if "extends" not in data:
        _check_types(path, data.get("elements", []))
        return data
    if _depth >= MAX_DEPTH:
        raise DefinitionError([Problem(str(path), "#/extends", "templates extend in a loop")])
    try:
        base = load_template(data["extends"], game_dir, _depth + 1)
    except DefinitionError as exc:
        if exc.problems[0].file == data["extends"]:
            raise DefinitionError(
                [Problem(str(path), "#/extends", exc.problems[0].message)]
            ) from exc
        raise
    merged = {**base, **{k: v for k, v in data.items() if k != "extends"}}
    merged["vars"] = {**base.get("vars", {}), **data.get("vars", {})}
    merged["icons"] = {**base.get("icons", {}), **data.get("icons", {})}
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
