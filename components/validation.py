"""JSON Schema validation against the bundled schemas, with messages a designer can act on."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource
from referencing.exceptions import Unresolvable
from referencing.jsonschema import DRAFT202012

from pnpkit.components.catalog import SCHEMA_DIR

SCHEMA_BASE = "https://pnpkit.dev/schema/"


@cache
def registry_of(folder: Path) -> Registry:
    """Every schema file of `folder` (`*.schema.json`), by its $id."""
    resources = []
    for path in sorted(folder.glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        resources.append((schema["$id"], Resource.from_contents(schema)))
    return Registry().with_resources(resources)


def registry() -> Registry:
    """Every bundled schema of the definitions, by its $id."""
    return registry_of(SCHEMA_DIR)


@cache
def anchored(pattern: str) -> re.Pattern[str]:
    """`pattern` compiled with JSON Schema's meaning of `$`, the end of the text: Python's `$`
    also matches before a final newline, which let `"HX-1\\n"` pass `^[A-Z]+-[0-9]+$`."""
    out, in_class, escaped = [], False, False
    for char in pattern:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "$":
            char = r"\Z"
        out.append(char)
    return re.compile("".join(out))


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator[ValidationError]:
    if validator.is_type(instance, "string") and not anchored(pattern).search(instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


Validator = validators.validates(Draft202012Validator.META_SCHEMA["$id"])(
    validators.extend(Draft202012Validator, {"pattern": _pattern})
)
"""Draft 2020-12 with patterns anchored as JSON Schema means them (`anchored`). It is registered
for the dialect, so that a `$ref` into a schema file that declares `$schema` keeps it."""


@cache
def bundled_validator(name: str) -> Any:
    """A validator for the bundled schema `name` (e.g. "game.schema.json")."""
    schema = registry().contents(SCHEMA_BASE + name)
    return Validator(schema, registry=registry())


def validator_for(schema: dict[str, Any]) -> Any:
    """A validator for a game's own schema, able to $ref the bundled ones."""
    return Validator(schema, registry=registry())


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


REFS = ("$ref", "$dynamicRef")
IN_PLACE = ("allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", *REFS)
"""Keywords that apply a subschema to the same value (not to a part of it)."""


def _in_place(node: dict[str, Any], resolver: Any) -> Iterator[tuple[Any, Any, list[Any]]]:
    """The subschemas `node` applies to the same value: (subschema, its resolver, the step)."""
    for key in IN_PLACE:
        value = node.get(key)
        if key in REFS:
            if isinstance(value, str):
                try:
                    found = resolver.lookup(value)
                except Unresolvable:  # reported by unresolvable_refs
                    continue
                yield found.contents, found.resolver, [key]
            continue
        if isinstance(value, dict):
            parts = value.items() if key == "dependentSchemas" else [(None, value)]
        elif isinstance(value, list):
            parts = enumerate(value)
        else:
            continue
        for name, sub in parts:
            if isinstance(sub, dict) and isinstance(sub.get("$id"), str):
                sub_resolver = resolver.in_subresource(DRAFT202012.create_resource(sub))
            else:
                sub_resolver = resolver
            yield sub, sub_resolver, [key] if name is None else [key, name]


def ref_loops(schema: Any) -> list[tuple[list[Any], str]]:
    """Each place where a game's schema `$ref`s back into itself without reaching a part of the
    value (`{"$ref": "#"}`, two definitions that refer to each other, …): validating against it
    would never end. (The path of the step that closes the loop, a description.)"""
    if not isinstance(schema, dict):
        return []
    base = schema.get("$id", "") if isinstance(schema.get("$id"), str) else ""
    resource = DRAFT202012.create_resource(schema)
    root = registry().with_resource(base, resource).resolver(base_uri=base)
    nodes: list[tuple[dict[str, Any], Any]] = []
    paths: dict[int, list[Any]] = {}
    pending: list[tuple[Any, list[Any], Any]] = [(schema, [], root)]
    while pending:  # every subschema of the game's own schema, with its path and resolver
        node, path, resolver = pending.pop()
        if isinstance(node, list):
            pending += [(item, [*path, n], resolver) for n, item in enumerate(node)]
            continue
        if not isinstance(node, dict):
            continue
        if isinstance(node.get("$id"), str) and path:
            resolver = resolver.in_subresource(DRAFT202012.create_resource(node))
        nodes.append((node, resolver))
        paths.setdefault(id(node), path)
        for key, value in node.items():
            if key not in NOT_SCHEMAS:
                pending.append((value, [*path, key], resolver))
    state: dict[int, int] = {}  # 1: on the current chain, 2: done
    loops = []
    for start, resolver in nodes:
        if id(start) in state:
            continue
        state[id(start)] = 1
        chain = [(start, _in_place(start, resolver))]
        while chain:
            node, steps = chain[-1]
            for sub, sub_resolver, step in steps:
                if not isinstance(sub, dict):
                    continue
                if state.get(id(sub)) == 1:
                    where = [*paths.get(id(node), []), *step]
                    ref = node.get(step[0]) if step[0] in REFS else None
                    what = f"reference {ref!r}" if ref is not None else "this subschema"
                    loops.append((where, f"{what} leads back to itself without reaching a value"))
                elif id(sub) not in state:
                    state[id(sub)] = 1
                    chain.append((sub, _in_place(sub, sub_resolver)))
                    break
            else:
                state[id(node)] = 2
                chain.pop()
    return loops


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
