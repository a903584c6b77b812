"""Cards from a spreadsheet: CSV rows converted to components by the group's field schema."""

from __future__ import annotations

import csv
import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referencing import Registry
from referencing.jsonschema import DRAFT202012

from pnpkit.components.jsonread import MAX_NUMBER_CHARS, parse_json
from pnpkit.errors import Problem

if TYPE_CHECKING:
    from referencing._core import Resolver

COMMON_COLUMNS = ("id", "name", "count", "assumed")
MAX_ROWS = 2000
LIST_SEPARATOR = ";"
UNCLOSED = 'a quoted cell starting on this row has no closing "'


@dataclass(frozen=True)
class CsvRow:
    """One converted row: the component object, its line, and each column's number by field."""

    item: dict[str, Any]
    line: int
    columns: dict[str, int]


def resolver_for(root: Any, registry: Registry) -> Resolver:
    """A resolver for a field schema's references: local ones and those to the bundled schemas."""
    base = root.get("$id", "") if isinstance(root, dict) else ""
    return registry.with_resource(base, DRAFT202012.create_resource(root)).resolver(base_uri=base)


def _resolve(schema: Any, resolver: Resolver) -> tuple[dict[str, Any], Resolver]:
    """Follow $refs (the loader has checked that they resolve); the schema and its resolver."""
    seen = 0
    while isinstance(schema, dict) and "$ref" in schema and seen < 20:
        resolved = resolver.lookup(schema["$ref"])
        schema, resolver = resolved.contents, resolved.resolver
        seen += 1
    return (schema if isinstance(schema, dict) else {}), resolver


def _field_schema(path: list[str], root: Any, registry: Registry) -> tuple[dict, Resolver]:
    """The schema of the field at `path` (a dotted column split) and its resolver."""
    schema, resolver = _resolve(root, resolver_for(root, registry))
    for part in path:
        schema, resolver = _resolve(schema.get("properties", {}).get(part, {}), resolver)
    return schema, resolver


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
    return _convert(text, schema, resolver_for(root, registry))


def _convert(text: str, schema: dict[str, Any], resolver: Resolver) -> Any:
    types = _types(schema)
    if "integer" in types and "string" not in types:
        return whole_number(text)
    if "number" in types and "string" not in types:
        try:
            number = float(text) if len(text) <= MAX_NUMBER_CHARS else math.nan
        except ValueError:
            number = math.nan
        if not math.isfinite(number):
            raise ValueError(f"expected a number, got {_shown(text)}")
        return number
    if "boolean" in types:
        lowered = text.lower()
        if lowered in ("true", "yes", "1", "y"):
            return True
        if lowered in ("false", "no", "0", "n"):
            return False
        raise ValueError(f"expected true or false, got {text!r}")
    if "array" in types:
        items, resolver = _resolve(schema.get("items", {}), resolver)
        parts = [p.strip() for p in text.split(LIST_SEPARATOR) if p.strip()]
        return [_convert(p, items, resolver) for p in parts]
    if "object" in types or (not types and text[:1] in "{["):
        value, problems = parse_json(text, "")
        if problems:
            detail = problems[0].message.removeprefix("malformed JSON: ")
            raise ValueError(f"expected a JSON object in the cell: {detail}")
        return value
    return text


def whole_number(text: str) -> int:
    """A cell's whole number; ValueError if it is not one or is longer than a JSON number may be."""
    try:
        if len(text) <= MAX_NUMBER_CHARS:
            return int(text)
    except ValueError:
        pass
    raise ValueError(f"expected a whole number, got {_shown(text)}")


def _shown(text: str) -> str:
    """A cell's text for a message, cut short if long."""
    return repr(text) if len(text) <= 40 else f"{text[:30]!r}… ({len(text)} characters)"


def _set_path(target: dict[str, Any], path: list[str], value: Any) -> None:
    for part in path[:-1]:
        target = target.setdefault(part, {})
    target[path[-1]] = value


def _header_problems(
    header: list[str], shown: str, root: dict[str, Any] | None, registry: Registry
) -> list[Problem]:
    """What is wrong with the header row: missing, repeated or unknown columns."""
    if len(header) == 1 and (separator := next((c for c in ";\t|" if c in header[0]), None)):
        found = "tabs" if separator == "\t" else repr(separator)
        return [Problem(shown, "line 1", f"columns must be separated by commas, not {found}")]
    problems = []
    for required in ("id", "name"):
        if required not in header:
            like = [h for h in header if h.lower() == required]
            hint = f" (found {like[0]!r}: column names are case-sensitive)" if like else ""
            problems.append(Problem(shown, "line 1", f"missing column {required!r}{hint}"))
    for number, name in enumerate(header, start=1):
        first = header.index(name) + 1
        if first != number:
            where = f"line 1, column {number} ({name})"
            problems.append(Problem(shown, where, f"repeats column {first} ({name})"))
    field_columns = [h for h in header if h not in COMMON_COLUMNS]
    if field_columns and root is None:
        problems.append(
            Problem(shown, "line 1", f"columns {field_columns} need the group's `fields` schema")
        )
    if problems or root is None:
        return problems
    fields_schema = _field_schema([], root, registry)[0]
    for required in fields_schema.get("required", []):
        if required not in header:
            problems.append(
                Problem(shown, "line 1", f"missing column {required!r}: the field schema needs it")
            )
    known = set(fields_schema.get("properties", {}))
    for number, name in enumerate(header, start=1):
        if name not in COMMON_COLUMNS and known and name.split(".")[0] not in known:
            problems.append(
                Problem(
                    shown,
                    f"line 1, column {number} ({name})",
                    f"unknown column; the fields are: {', '.join(sorted(known))}",
                )
            )
    return problems


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
        reader = csv.reader(handle, strict=True)
        try:
            header = next(reader, None)
        except (csv.Error, UnicodeDecodeError) as exc:
            return [], [Problem(shown, "line 1", f"unreadable CSV: {exc}")]
        if not header:
            return [], [Problem(shown, "line 1", "empty file: expected a header row")]
        header = [h.strip() for h in header]
        problems = _header_problems(header, shown, field_schema, registry)
        if problems:
            return [], problems
        root = field_schema or {}
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
            reason = UNCLOSED if str(exc) == "unexpected end of data" else str(exc)
            problems.append(Problem(shown, f"line {previous_end + 1}", f"unreadable CSV: {reason}"))
    if not rows and not problems:
        problems.append(Problem(shown, "line 2", "no rows: expected at least one component"))
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
                item["count"] = whole_number(text)
            except ValueError as exc:
                problems.append(Problem(shown, where, str(exc)))
                ok = False
        elif name == "assumed":
            item["assumed"] = [p.strip() for p in text.split(LIST_SEPARATOR) if p.strip()]
        else:
            path = name.split(".")
            try:
                value = _convert(text, *_field_schema(path, root, registry))
            except ValueError as exc:
                problems.append(Problem(shown, where, str(exc)))
                ok = False
                continue
            _set_path(fields, path, value)
    if fields or any(h not in COMMON_COLUMNS for h in header):
        item["fields"] = fields
    return CsvRow(item, line, columns) if ok else None
