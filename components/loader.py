"""Load a game directory: parse, validate every file against its schema, check IDs and counts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from pnpkit.components.catalog import MANIFEST
from pnpkit.components.csvrows import read_csv_items
from pnpkit.components.jsonread import read_json
from pnpkit.components.model import ITEMS_KEY, Component, Game, Group, freeze
from pnpkit.components.validation import (
    bundled_validator,
    pointer,
    problems_in,
    registry,
    validator_for,
)
from pnpkit.errors import DefinitionError, Problem

MAX_PIECES = 20000
DIE_SCHEMA = "die.schema.json"


class _Loader:
    """Collects every problem in one pass so that a designer sees them all at once."""

    def __init__(self, directory: Path):
        self.directory = directory
        self.root = directory.resolve()
        self.problems: list[Problem] = []
        self.manifest_name = str(directory / MANIFEST)

    def shown(self, relative: str) -> str:
        return str(self.directory / relative)

    def inside(self, relative: str, where: str) -> Path | None:
        """The path of a referenced file, or None (with a problem) if it leaves the game."""
        target = (self.root / relative).resolve()
        if not target.is_relative_to(self.root):
            self.problems.append(
                Problem(
                    self.manifest_name,
                    where,
                    f"path {relative!r} leaves the game's directory; keep files inside it",
                )
            )
            return None
        if not target.is_file():
            self.problems.append(
                Problem(self.manifest_name, where, f"references missing file {relative!r}")
            )
            return None
        return target

    def load(self) -> Game:
        manifest, problems = read_json(self.directory / MANIFEST, self.manifest_name)
        self.problems += problems
        if manifest is None:
            raise DefinitionError(self.problems)
        if not isinstance(manifest, dict):
            raise DefinitionError([Problem(self.manifest_name, "#", "expected a JSON object")])
        broken_groups: set[int] = set()
        for path, message in problems_in(bundled_validator("game.schema.json"), manifest):
            self.problems.append(Problem(self.manifest_name, pointer(path), message))
            if len(path) >= 2 and path[0] == "components":
                broken_groups.add(path[1])
        structure_ok = isinstance(manifest.get("components"), list) and not any(
            p.where in ("#", "#/prefix", "#/components") and "unknown key" not in p.message
            for p in self.problems
        )
        if not structure_ok:
            raise DefinitionError(self.problems)
        # Groups that passed the manifest schema are still checked, so every error shows at once.
        groups = [
            self.group(index, spec, manifest["prefix"])
            for index, spec in enumerate(manifest["components"])
            if index not in broken_groups
        ]
        self.check_unique(groups)
        if self.problems:
            raise DefinitionError(self.problems)
        players = manifest["players"]
        if players["min"] > players["max"]:
            raise DefinitionError(
                [Problem(self.manifest_name, "#/players", "min must not be greater than max")]
            )
        return Game.from_manifest(manifest, self.directory, tuple(groups))

    def field_validator(self, spec: dict[str, Any], where: str) -> tuple[Any, Any]:
        """The group's field schema (as data) and its validator, or (None, None)."""
        if "fields" not in spec:
            if spec["kind"] == "dice":
                return None, bundled_validator(DIE_SCHEMA)
            return None, None
        path = self.inside(spec["fields"], f"{where}/fields")
        if path is None:
            return None, None
        schema, problems = read_json(path, self.shown(spec["fields"]))
        self.problems += problems
        if schema is None:
            return None, None
        try:
            Draft202012Validator.check_schema(schema)
        except SchemaError as exc:
            self.problems.append(
                Problem(
                    self.shown(spec["fields"]),
                    pointer(exc.absolute_path),
                    f"not a valid JSON Schema: {exc.message}",
                )
            )
            return None, None
        if (
            isinstance(schema, dict)
            and schema.get("type") == "object"
            and not (
                schema.get("additionalProperties") is False
                or schema.get("unevaluatedProperties") is False
            )
        ):
            self.problems.append(
                Problem(
                    self.shown(spec["fields"]),
                    "#",
                    'must set "additionalProperties": false so that unknown fields are rejected',
                )
            )
        return schema, validator_for(schema)

    def group(self, index: int, spec: dict[str, Any], prefix: str) -> Group:
        where = f"#/components/{index}"
        key = ITEMS_KEY[spec["kind"]]
        schema, validator = self.field_validator(spec, where)
        raw = spec[key]
        entries: list[tuple[dict[str, Any], str, Any]] = []
        if isinstance(raw, str):
            path = self.inside(raw, f"{where}/{key}")
            if path is not None:
                rows, problems = read_csv_items(path, self.shown(raw), schema, registry())
                self.problems += problems
                component_validator = bundled_validator("defs.schema.json")
                for row in rows:
                    if self.check_component(component_validator, row.item, self.shown(raw), row):
                        entries.append((row.item, f"{self.shown(raw)}:line {row.line}", row))
        else:
            for n, item in enumerate(raw):
                entries.append((item, f"{self.manifest_name}:{where}/{key}/{n}", None))
        components = []
        for n, (item, source, row) in enumerate(entries):
            file, place = (
                (self.shown(raw), f"line {row.line}")
                if row
                else (self.manifest_name, f"{where}/{key}/{n}")
            )
            if not item["id"].startswith(prefix + "-"):
                self.problems.append(
                    Problem(
                        file,
                        place + ("" if row else "/id"),
                        f"ID {item['id']!r} must start with the game's prefix {prefix + '-'!r}",
                    )
                )
            fields = item.get("fields", {})
            if validator is not None:
                for path, message in problems_in(validator, fields):
                    if row:
                        column = ".".join(map(str, path[:1])) or "fields"
                        number = row.columns.get(column)
                        loc = f"line {row.line}, column {number} ({column})" if number else place
                        detail = pointer(path[1:]) if len(path) > 1 else ""
                        self.problems.append(Problem(file, loc, f"{detail} {message}".strip()))
                    else:
                        self.problems.append(
                            Problem(
                                file,
                                pointer(["components", index, key, n, "fields", *path]),
                                message,
                            )
                        )
            elif "fields" in item and fields:
                self.problems.append(
                    Problem(file, place, "has fields but the group declares no `fields` schema")
                )
            components.append(
                Component(
                    id=item["id"],
                    name=item["name"],
                    count=item.get("count", 1),
                    kind=spec["kind"],
                    group=spec["id"],
                    fields=freeze(fields),
                    assumed=tuple(item.get("assumed", ())),
                    source=source,
                )
            )
        frozen_spec = freeze({k: v for k, v in spec.items() if k != key})
        return Group(spec["id"], spec["kind"], spec["name"], frozen_spec, tuple(components))

    def check_component(self, validator, item: dict[str, Any], file: str, row) -> bool:
        """Check a CSV row's common keys (id, name, count); True if they are valid."""
        schema = {"$ref": "defs.schema.json#/$defs/component", "$id": validator.schema["$id"]}
        found = list(problems_in(validator.evolve(schema=schema), item))
        for path, message in found:
            column = str(path[0]) if path else ""
            number = row.columns.get(column)
            where = f"line {row.line}, column {number} ({column})" if number else f"line {row.line}"
            self.problems.append(Problem(file, where, message))
        return not found

    def check_unique(self, groups: list[Group]) -> None:
        seen_groups: dict[str, int] = {}
        for index, group in enumerate(groups):
            if group.id in seen_groups:
                self.problems.append(
                    Problem(
                        self.manifest_name,
                        f"#/components/{index}/id",
                        f"duplicate group ID {group.id!r} (first at "
                        f"#/components/{seen_groups[group.id]})",
                    )
                )
            seen_groups.setdefault(group.id, index)
        first: dict[str, Component] = {}
        pieces = 0
        for group in groups:
            for component in group.components:
                pieces += component.count
                key = component.id.upper()
                if key in first:
                    file, _, place = component.source.rpartition(":")
                    self.problems.append(
                        Problem(
                            file,
                            place,
                            f"duplicate component ID {component.id!r} "
                            f"(first at {first[key].source})",
                        )
                    )
                else:
                    first[key] = component
        if pieces > MAX_PIECES:
            self.problems.append(
                Problem(
                    self.manifest_name,
                    "#/components",
                    f"{pieces} pieces in all: the limit is {MAX_PIECES}",
                )
            )


def validate_game(directory: Path) -> Game:
    """Validate a game directory and load it; DefinitionError lists every problem."""
    return _Loader(directory).load()
