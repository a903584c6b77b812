"""Load a game directory: parse, validate every file against its schema, check IDs and counts."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from pnpkit.components.catalog import MANIFEST
from pnpkit.components.csvrows import SPREADSHEETS, CsvRow, read_csv_items, read_sheet_items
from pnpkit.components.fontfiles import font_file_problem
from pnpkit.components.gamefiles import OutsideGame, game_file
from pnpkit.components.jsonread import read_json
from pnpkit.components.model import ITEMS_KEY, TEMPLATE_NAMES, Component, Game, Group, freeze
from pnpkit.components.validation import (
    blamed_path,
    bundled_validator,
    describe,
    leaf_errors,
    pointer,
    problems_in,
    ref_loops,
    registry,
    unresolvable_refs,
    validator_for,
)
from pnpkit.errors import DefinitionError, Problem
from pnpkit.names import name_problem

MAX_PIECES = 20000
DIE_SCHEMA = "die.schema.json"


class _Loader:
    """Collects every problem in one pass so that a designer sees them all at once."""

    def __init__(self, directory: Path):
        self.directory = directory
        self.root = directory.resolve()
        self.problems: list[Problem] = []
        self.manifest_name = str(directory / MANIFEST)
        self.field_schemas: dict[Path, tuple[Any, Any] | None] = {}

    def shown(self, relative: str) -> str:
        return str(self.directory / relative)

    def inside(self, relative: str, where: str) -> Path | None:
        """The path of a referenced file, or None (with a problem) if it leaves the game."""
        try:
            return game_file(self.root, relative)
        except OutsideGame as exc:
            self.problems.append(Problem(self.manifest_name, where, str(exc)))
            return None

    def load(self) -> Game:
        path = self.inside(MANIFEST, "")  # the manifest too may not be a symlink leading out
        if path is None:
            raise DefinitionError(self.problems)
        manifest, problems = read_json(path, self.manifest_name)
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
        # The groups need a list of components and the prefix; any other problem of the manifest
        # (a missing designer, a bad player count) still lets them be checked in the same run.
        structure_ok = (
            isinstance(manifest.get("components"), list)
            and isinstance(manifest.get("prefix"), str)
            and not any(
                p.where in ("#/prefix", "#/components") and "unknown key" not in p.message
                for p in self.problems
            )
        )
        if not structure_ok:
            raise DefinitionError(self.problems)
        self.check_name(manifest.get("name"), self.manifest_name, "#/name")
        if isinstance(manifest.get("fonts"), dict) and not any(
            p.where.startswith("#/fonts") for p in self.problems
        ):
            self.check_fonts(manifest["fonts"])
        # Groups that passed the manifest schema are still checked, so every error shows at once.
        groups = [
            self.group(index, spec, manifest["prefix"])
            for index, spec in enumerate(manifest["components"])
            if index not in broken_groups
        ]
        self.check_unique(groups)
        self.check_group_names(manifest, {g.id for g in groups})
        players = manifest.get("players")
        if (
            isinstance(players, dict)
            and not any(p.where.startswith("#/players") for p in self.problems)
            and players["min"] > players["max"]
        ):
            self.problems.append(
                Problem(self.manifest_name, "#/players", "min must not be greater than max")
            )
        if self.problems:
            raise DefinitionError(self.problems)
        return Game.from_manifest(manifest, self.directory, tuple(groups))

    def check_fonts(self, fonts: dict[str, dict[str, str]]) -> None:
        """Each declared font file exists inside the game and can be embedded in a PDF."""
        for family, files in fonts.items():
            for style, relative in files.items():
                where = pointer(["fonts", family, style])
                path = self.inside(relative, where)
                problem = font_file_problem(path) if path else None
                if problem:
                    message = f"font {relative!r} {problem}"
                    self.problems.append(Problem(self.manifest_name, where, message))

    def field_validator(self, spec: dict[str, Any], where: str) -> tuple[Any, Any] | None:
        """The group's field schema (as data) and its validator; None if the schema is broken.

        A schema file shared by several groups is read, and its problems reported, once.
        """
        if "fields" not in spec:
            if spec["kind"] == "dice":
                die = bundled_validator(DIE_SCHEMA)
                return die.schema, die
            return None, None
        path = self.inside(spec["fields"], f"{where}/fields")
        if path is None:
            return None
        if path not in self.field_schemas:
            self.field_schemas[path] = self.read_field_schema(path, self.shown(spec["fields"]))
        return self.field_schemas[path]

    def read_field_schema(self, path: Path, shown: str) -> tuple[Any, Any] | None:
        schema, problems = read_json(path, shown)
        self.problems += problems
        if problems:
            return None
        try:
            Draft202012Validator.check_schema(schema)
        except SchemaError as exc:
            where = pointer(exc.absolute_path)
            self.problems.append(Problem(shown, where, f"not a valid JSON Schema: {exc.message}"))
            return None
        broken = [
            Problem(shown, pointer(at), f"reference {ref!r} leads nowhere")
            for at, ref in unresolvable_refs(schema)
        ] or [Problem(shown, pointer(at), message) for at, message in ref_loops(schema)]
        if broken:
            self.problems += broken
            return None
        if not (
            isinstance(schema, dict)
            and (
                schema.get("additionalProperties") is False
                or schema.get("unevaluatedProperties") is False
            )
        ):
            self.problems.append(
                Problem(
                    shown,
                    "#",
                    'must be an object with "additionalProperties": false, '
                    "so that unknown fields are rejected",
                )
            )
        properties = schema.get("properties") if isinstance(schema, dict) else None
        for name in properties if isinstance(properties, dict) else ():
            if name in TEMPLATE_NAMES:
                self.problems.append(
                    Problem(
                        shown,
                        pointer(["properties", name]),
                        f"field name {name!r} is reserved: layouts already see pnpkit's own "
                        f"{name!r} under it; rename the field, e.g. 'card_{name}' (reserved: "
                        + ", ".join(TEMPLATE_NAMES)
                        + ")",
                    )
                )
        return schema, validator_for(schema)

    def group(self, index: int, spec: dict[str, Any], prefix: str) -> Group:
        where = f"#/components/{index}"
        key = ITEMS_KEY[spec["kind"]]
        self.check_name(spec["name"], self.manifest_name, f"{where}/name")
        checker = self.field_validator(spec, where)
        # A broken field schema is reported on its own; the group's items are not checked by it.
        schema, validator = checker or ({}, None)
        raw = spec[key]
        first_problem = len(self.problems)
        components = []
        if isinstance(raw, str | dict):
            relative, sheet = (raw, None) if isinstance(raw, str) else (raw["file"], raw["sheet"])
            for row in self.table_rows(relative, sheet, f"{where}/{key}", schema):
                place = f"{self.shown(relative)}:{row.at()}"
                components.append(self.component(spec, row.item, place, validator, prefix, row))
            # Problems of a CSV deck are listed line by line, as the designer reads the file.
            self.problems[first_problem:] = sorted(self.problems[first_problem:], key=_line_order)
        else:
            for n, item in enumerate(raw):
                place = f"{self.manifest_name}:{where}/{key}/{n}"
                components.append(self.component(spec, item, place, validator, prefix, None))
        if checker is not None and validator is None:
            for component in components:
                if component.fields:
                    file, place = _split_source(component.source)
                    self.problems.append(
                        Problem(file, place, "has fields but the group declares no `fields` schema")
                    )
        frozen_spec = freeze({k: v for k, v in spec.items() if k != key})
        return Group(spec["id"], spec["kind"], spec["name"], frozen_spec, tuple(components))

    def table_rows(self, relative: str, sheet: str | None, where: str, schema: Any) -> list[CsvRow]:
        """The rows of a CSV or spreadsheet deck whose id, name, count and assumed are valid."""
        path = self.inside(relative, where)
        if path is None:
            return []
        shown = self.shown(relative)
        if path.suffix.lower() in SPREADSHEETS:
            rows, problems = read_sheet_items(path, sheet, shown, schema, registry())
        else:
            rows, problems = read_csv_items(path, shown, schema, registry())
        self.problems += problems
        common = bundled_validator("defs.schema.json")
        common = common.evolve(schema={"$ref": "#/$defs/component", "$id": common.schema["$id"]})
        valid = []
        for row in rows:
            found = list(leaf_errors(common, row.item))
            self.problems += [Problem(shown, *_csv_place(row, e)) for e in found]
            if not found:
                valid.append(row)
        return valid

    def component(
        self,
        spec: dict[str, Any],
        item: dict[str, Any],
        source: str,
        validator: Any,
        prefix: str,
        row: CsvRow | None,
    ) -> Component:
        """One component, checked for its prefix and against the group's field schema."""
        file, place = _split_source(source)
        if not item["id"].startswith(prefix + "-"):
            where = row.at("id") if row else place + "/id"
            message = f"ID {item['id']!r} must start with the game's prefix {prefix + '-'!r}"
            self.problems.append(Problem(file, where, message))
        self.check_name(item["name"], file, row.at("name") if row else f"{place}/name")
        fields = item.get("fields", {})
        if validator is not None:
            for error in _errors(validator, fields, file, place):
                if row:
                    self.problems.append(Problem(file, *_csv_place(row, error)))
                else:
                    at = f"{place}/fields{pointer(error.absolute_path)[1:]}"
                    self.problems.append(Problem(file, at, describe(error)))
        return Component(
            id=item["id"],
            name=item["name"],
            count=item.get("count", 1),
            kind=spec["kind"],
            group=spec["id"],
            fields=freeze(fields),
            assumed=tuple(item.get("assumed", ())),
            source=source,
        )

    def check_name(self, name: Any, file: str, where: str) -> None:
        """A problem if `name` (a game's, a group's, a component's) could spoof another."""
        problem = name_problem(name) if isinstance(name, str) else None
        if problem:
            self.problems.append(Problem(file, where, problem))

    def check_group_names(self, manifest: dict[str, Any], known: set[str]) -> None:
        """Each group a custom sheet or a build names exists; a group is on one sheet at most."""
        names = ", ".join(sorted(known))
        sheets = manifest.get("sheets")
        on_sheet: dict[str, str] = {}
        for sheet, spec in sheets.items() if isinstance(sheets, dict) else ():
            for n, group in enumerate(spec.get("groups", []) if isinstance(spec, dict) else ()):
                where = pointer(["sheets", sheet, "groups", n])
                if group not in known:
                    message = f"no component group {group!r}; the groups are {names}"
                    self.problems.append(Problem(self.manifest_name, where, message))
                elif group in on_sheet and on_sheet[group] != sheet:
                    message = f"group {group!r} is on sheet {on_sheet[group]!r} already"
                    self.problems.append(Problem(self.manifest_name, where, message))
                on_sheet.setdefault(group, sheet)
        builds = manifest.get("builds")
        for build, spec in builds.items() if isinstance(builds, dict) else ():
            layouts = spec.get("layouts", {}) if isinstance(spec, dict) else {}
            for group in layouts if isinstance(layouts, dict) else ():
                if group not in known:
                    where = pointer(["builds", build, "layouts", group])
                    message = f"no component group {group!r}; the groups are {names}"
                    self.problems.append(Problem(self.manifest_name, where, message))

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
                    file, place = _split_source(component.source)
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


def _errors(validator: Any, fields: Any, file: str, place: str) -> list[Any]:
    """The field schema's complaints about `fields`; DefinitionError if checking cannot end."""
    try:
        return list(leaf_errors(validator, fields))
    except RecursionError:  # ref_loops finds the loops; this is the guard for anything it misses
        raise DefinitionError([Problem(file, place, "the field schema nests too deeply")]) from None


def _split_source(source: str) -> tuple[str, str]:
    """A component's source ("file:place") as file and place."""
    file, _, place = source.rpartition(":")
    return file, place


def _csv_place(row: CsvRow, error: Any) -> tuple[str, str]:
    """Where in a CSV row an error is (line and column), and what is wrong there."""
    path = [str(p) for p in blamed_path(error)]
    for size in range(len(path), 0, -1):
        column = ".".join(path[:size])
        if column in row.columns:
            where = row.at(column)
            if error.validator == "required" and size == len(path):
                return where, f"empty cell: {column!r} is required"
            detail = pointer(path[size:]) if size < len(path) else ""
            return where, f"{detail} {describe(error)}".strip()
    return row.at(), describe(error)


def _line_order(problem: Problem) -> tuple[int, int]:
    """A problem's line and column numbers, for sorting a CSV file's problems."""
    line, column, *_ = [int(n) for n in re.findall(r"\d+", problem.where.split("(")[0])] + [0, 0]
    return line, column


def validate_game(directory: Path) -> Game:
    """Validate a game directory and load it; DefinitionError lists every problem."""
    return _Loader(directory).load()
