"""Cards from a spreadsheet: CSV rows converted to components by the group's field schema."""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referencing import Registry

from pnpkit.errors import Problem

COMMON_COLUMNS = ("id", "name", "count", "assumed")
MAX_ROWS = 2000
LIST_SEPARATOR = ";"


@dataclass(frozen=True)
class CsvRow:
    """One converted row: the component object, its line, and each column's number by field."""

    item: dict[str, Any]
    line: int
    columns: dict[str, int]


def _resolve(schema: dict[str, Any], root: dict[str, Any], registry: Registry) -> dict[str, Any]:
    """Follow a $ref (local or to a bundled schema) one or more times."""
    seen = 0
    while isinstance(schema, dict) and "$ref" in schema and seen < 20:
        ref = schema["$ref"]
        if ref.startswith("#"):
            target: Any = root
            for part in ref.lstrip("#/").split("/") if ref != "#" else []:
                target = target[part.replace("~1", "/").replace("~0", "~")]
            schema = target
        else:
            resolved = registry.resolver().lookup(ref)
            schema = resolved.contents
        seen += 1
    return schema if isinstance(schema, dict) else {}


def _field_schema(path: list[str], root: dict[str, Any], registry: Registry) -> dict[str, Any]:
    schema = _resolve(root, root, registry)
    for part in path:
        schema = _resolve(schema.get("properties", {}).get(part, {}), root, registry)
    return schema


def _types(schema: dict[str, Any]) -> set[str]:
    declared = schema.get("type")
    if isinstance(declared, str):
        return {declared}
    if isinstance(declared, list):
        return set(declared)
    if "enum" in schema:
        return {type_name(v) for v in schema["enum"]}
    if "const" in schema:
        return {type_name(schema["const"])}
    return set()


def type_name(value: Any) -> str:
    """The JSON Schema type name of a Python value."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return "null"


def convert_cell(text: str, schema: dict[str, Any], root: dict, registry: Registry) -> Any:
    """A cell's text as the JSON value its schema wants; ValueError says what was expected."""
    types = _types(schema)
    if "integer" in types and "string" not in types:
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"expected a whole number, got {text!r}") from None
    if "number" in types and "string" not in types:
        try:
            return float(text)
        except ValueError:
            raise ValueError(f"expected a number, got {text!r}") from None
    if "boolean" in types:
        lowered = text.lower()
        if lowered in ("true", "yes", "1", "y"):
            return True
        if lowered in ("false", "no", "0", "n"):
            return False
        raise ValueError(f"expected true or false, got {text!r}")
    if "array" in types:
        items = _resolve(schema.get("items", {}), root, registry)
        parts = [p.strip() for p in text.split(LIST_SEPARATOR) if p.strip()]
        return [convert_cell(p, items, root, registry) for p in parts]
    if "object" in types or (not types and text[:1] in "{["):
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"expected a JSON object in the cell: {exc.msg}") from None
    return text


def _set_path(target: dict[str, Any], path: list[str], value: Any) -> None:
    for part in path[:-1]:
        target = target.setdefault(part, {})
    target[path[-1]] = value


def read_csv_items(
    path: Path, shown: str, field_schema: dict[str, Any] | None, registry: Registry
) -> tuple[list[CsvRow], list[Problem]]:
    """Rows of a CSV deck as component objects; problems name file, line and column."""
    problems: list[Problem] = []
    rows: list[CsvRow] = []
    try:
        handle = path.open(newline="", encoding="utf-8-sig")
    except FileNotFoundError:
        return [], [Problem(shown, "", "file not found")]
    except OSError as exc:
        return [], [Problem(shown, "", f"cannot read: {exc.strerror}")]
    with handle:
        reader = csv.reader(handle)
        try:
            header = next(reader, None)
        except (csv.Error, UnicodeDecodeError) as exc:
            return [], [Problem(shown, "line 1", f"unreadable CSV: {exc}")]
        if not header:
            return [], [Problem(shown, "line 1", "empty file: expected a header row")]
        header = [h.strip() for h in header]
        for required in ("id", "name"):
            if required not in header:
                problems.append(Problem(shown, "line 1", f"missing column {required!r}"))
        field_columns = [h for h in header if h not in COMMON_COLUMNS]
        if field_columns and field_schema is None:
            problems.append(
                Problem(
                    shown, "line 1", f"columns {field_columns} need the group's `fields` schema"
                )
            )
        if problems:
            return [], problems
        root = field_schema or {}
        known = set(_field_schema([], root, registry).get("properties", {}))
        for number, name in enumerate(header, start=1):
            top = name.split(".")[0]
            if name not in COMMON_COLUMNS and known and top not in known:
                problems.append(
                    Problem(
                        shown,
                        f"line 1, column {number} ({name})",
                        f"unknown column; the fields are: {', '.join(sorted(known))}",
                    )
                )
        if problems:
            return [], problems
        previous_end = 1
        try:
            for values in reader:
                line = previous_end + 1
                previous_end = reader.line_num
                if not any(v.strip() for v in values):
                    continue
                if len(values) != len(header):
                    problems.append(
                        Problem(
                            shown,
                            f"line {line}",
                            f"expected {len(header)} cells, found {len(values)}",
                        )
                    )
                    continue
                if len(rows) >= MAX_ROWS:
                    problems.append(Problem(shown, f"line {line}", f"more than {MAX_ROWS} rows"))
                    break
                row = _convert_row(values, header, line, shown, root, registry, problems)
                if row is not None:
                    rows.append(row)
        except (csv.Error, UnicodeDecodeError) as exc:
            problems.append(Problem(shown, f"line {previous_end + 1}", f"unreadable CSV: {exc}"))
    return rows, problems


def _convert_row(values, header, line, shown, root, registry, problems) -> CsvRow | None:
    item: dict[str, Any] = {}
    fields: dict[str, Any] = {}
    columns: dict[str, int] = {}
    ok = True
    for number, (name, raw) in enumerate(zip(header, values, strict=True), start=1):
        text = raw.strip()
        columns[name] = number
        if not text:
            continue
        where = f"line {line}, column {number} ({name})"
        if name in ("id", "name"):
            item[name] = text
        elif name == "count":
            try:
                item["count"] = int(text)
            except ValueError:
                problems.append(Problem(shown, where, f"expected a whole number, got {text!r}"))
                ok = False
        elif name == "assumed":
            item["assumed"] = [p.strip() for p in text.split(LIST_SEPARATOR) if p.strip()]
        else:
            path = name.split(".")
            try:
                value = convert_cell(text, _field_schema(path, root, registry), root, registry)
            except ValueError as exc:
                problems.append(Problem(shown, where, str(exc)))
                ok = False
                continue
            _set_path(fields, path, value)
    if fields or any(h not in COMMON_COLUMNS for h in header):
        item["fields"] = fields
    return CsvRow(item, line, columns) if ok else None
