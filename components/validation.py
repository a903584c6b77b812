"""JSON Schema validation against the bundled schemas, with messages a designer can act on."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource
from referencing.exceptions import Unresolvable
from referencing.jsonschema import DRAFT202012

from pnpkit.components.catalog import SCHEMA_DIR

SCHEMA_BASE = "https://pnpkit.dev/schema/"


@cache
def registry() -> Registry:
    """Every bundled schema, by its $id."""
    resources = []
    for path in sorted(SCHEMA_DIR.glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        resources.append((schema["$id"], Resource.from_contents(schema)))
    return Registry().with_resources(resources)


@cache
def bundled_validator(name: str) -> Draft202012Validator:
    """A validator for the bundled schema `name` (e.g. "game.schema.json")."""
    schema = registry().contents(SCHEMA_BASE + name)
    return Draft202012Validator(schema, registry=registry())


def validator_for(schema: dict[str, Any]) -> Draft202012Validator:
    """A validator for a game's own schema, able to $ref the bundled ones."""
    return Draft202012Validator(schema, registry=registry())


NOT_SCHEMAS = frozenset({"enum", "const", "default", "examples"})


def unresolvable_refs(schema: Any) -> Iterator[tuple[list[Any], str]]:
    """Each `$ref` of a game's own schema that leads nowhere: (its path, the reference)."""
    base = schema.get("$id", "") if isinstance(schema, dict) else ""
    resource = DRAFT202012.create_resource(schema)
    resolver = registry().with_resource(base, resource).resolver(base_uri=base)

    def walk(node: Any, path: list[Any], resolver: Any) -> Iterator[tuple[list[Any], str]]:
        if isinstance(node, list):
            for n, item in enumerate(node):
                yield from walk(item, [*path, n], resolver)
            return
        if not isinstance(node, dict):
            return
        if isinstance(node.get("$id"), str) and path:
            resolver = resolver.in_subresource(DRAFT202012.create_resource(node))
        if isinstance(node.get("$ref"), str):
            try:
                resolver.lookup(node["$ref"])
            except Unresolvable:
                yield [*path, "$ref"], node["$ref"]
        for key, value in node.items():
            if key not in NOT_SCHEMAS:
                yield from walk(value, [*path, key], resolver)

    yield from walk(schema, [], resolver)


def pointer(path: Iterable[Any]) -> str:
    """A JSON pointer (RFC 6901) for a path of keys and indexes."""
    parts = [str(p).replace("~", "~0").replace("/", "~1") for p in path]
    return "#/" + "/".join(parts) if parts else "#"


def _leaves(error: ValidationError) -> list[ValidationError]:
    """Errors to report; for oneOf/anyOf, those of the alternative that fits the value's type."""
    if not error.context:
        return [error]
    alternatives: dict[Any, list[ValidationError]] = {}
    for sub in error.context:
        alternatives.setdefault(sub.relative_schema_path[0], []).append(sub)

    def wrong_type(errors: list[ValidationError]) -> bool:
        return any(e.validator == "type" and not e.relative_path for e in errors)

    fitting = [errs for errs in alternatives.values() if not wrong_type(errs)]
    if not fitting:
        return [best_match(error.context)]
    chosen = min(fitting, key=len)
    return [leaf for sub in chosen for leaf in _leaves(sub)]


def _described_choice(error: ValidationError) -> str | None:
    """The description of the oneOf/anyOf whose alternative failed at the value itself, if any."""
    parent = error.parent
    if parent is None or parent.validator not in ("oneOf", "anyOf") or error.relative_path:
        return None
    return parent.schema.get("description") if isinstance(parent.schema, dict) else None


def describe(error: ValidationError) -> str:
    """What was expected, in words."""
    description = error.schema.get("description") if isinstance(error.schema, dict) else None
    value = error.instance
    kind = error.validator
    if kind == "required":
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        return f"missing required key {missing!r}"
    if kind in ("additionalProperties", "unevaluatedProperties"):
        allowed = sorted(error.schema.get("properties", {}))
        extra = sorted(set(value) - set(allowed)) if isinstance(value, dict) else []
        hint = f"; allowed keys: {', '.join(allowed)}" if allowed else ""
        return f"unknown key(s) {', '.join(map(repr, extra))}{hint}"
    if kind in ("not", None):
        because = f": {description}" if description else ""
        return f"{json.dumps(value, ensure_ascii=False)[:60]} is not allowed here{because}"
    if kind == "const":
        return f"expected {error.validator_value!r}, got {value!r}"
    if kind == "enum" and (choice := _described_choice(error)):
        expected = choice[0].lower() + choice[1:]
        return f"{json.dumps(value, ensure_ascii=False)[:60]} is not valid: expected {expected}"
    if kind == "enum":
        options = ", ".join(map(json.dumps, error.validator_value))
        return f"expected one of {options}, got {json.dumps(value)}"
    if kind == "type":
        return f"expected {error.validator_value}, got {json.dumps(value, ensure_ascii=False)[:60]}"
    if kind in ("pattern", "format") and description:
        expected = description[0].lower() + description[1:]
        return f"{json.dumps(value, ensure_ascii=False)} is not valid: expected {expected}"
    limit = error.validator_value
    if kind == "maximum":
        return f"{value} is more than the limit of {limit}"
    if kind == "minimum":
        return f"{value} is less than the minimum of {limit}"
    if kind in ("maxItems", "maxLength"):
        return f"too long: at most {limit} {'items' if kind == 'maxItems' else 'characters'}"
    if kind in ("minItems", "minLength"):
        return f"too short: at least {limit} {'items' if kind == 'minItems' else 'characters'}"
    if description:
        return f"{error.message}; expected {description}"
    return error.message


def leaf_errors(validator: Draft202012Validator, instance: Any) -> Iterator[ValidationError]:
    """Each schema violation worth reporting, in document order."""
    errors = sorted(validator.iter_errors(instance), key=lambda e: [str(p) for p in e.path])
    for error in errors:
        yield from _leaves(error)


def blamed_path(error: ValidationError) -> list[Any]:
    """Where the error is: its path, and for a missing required key, that key."""
    path = list(error.absolute_path)
    if error.validator == "required" and "'" in error.message:
        path.append(error.message.split("'")[1])
    return path


def problems_in(validator: Draft202012Validator, instance: Any) -> Iterator[tuple[list[Any], str]]:
    """Each schema violation as (path within the instance, message), in document order."""
    for leaf in leaf_errors(validator, instance):
        yield list(leaf.absolute_path), describe(leaf)
