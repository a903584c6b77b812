"""Reading JSON files with errors that give the line and column, or the JSON pointer."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

from pnpkit.components.validation import pointer
from pnpkit.errors import Problem

CONSTANT = re.compile(r"-?Infinity|NaN")


class _Object(dict):
    """A JSON object that remembers the keys its text gives more than once."""

    repeated: tuple[str, ...] = ()


class _NotJson(ValueError):
    """NaN or Infinity: Python's parser takes them, JSON has no such numbers."""


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = _Object(pairs)
    if len(found) < len(pairs):
        found.repeated = tuple(k for k, n in Counter(k for k, _ in pairs).items() if n > 1)
    return found


def _constant(name: str) -> Any:
    raise _NotJson(name)


def _plain(value: Any, path: list[Any], problems: list[tuple[list[Any], str]]) -> Any:
    """`value` with plain dicts, noting each object's repeated keys with the object's path."""
    if isinstance(value, dict):
        problems += [(path, key) for key in getattr(value, "repeated", ())]
        return {k: _plain(v, [*path, k], problems) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v, [*path, n], problems) for n, v in enumerate(value)]
    return value


def read_json(path: Path, shown: str) -> tuple[Any, list[Problem]]:
    """Parse a JSON file; on failure, the problem names `shown` with line and column.

    Stricter than Python's parser: NaN, Infinity and a key given twice in an object are errors.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, [Problem(shown, "", "file not found")]
    except UnicodeDecodeError as exc:
        return None, [Problem(shown, "", f"not UTF-8 text ({exc.reason} at byte {exc.start})")]
    except OSError as exc:
        return None, [Problem(shown, "", f"cannot read: {exc.strerror}")]
    repeated: list[tuple[list[Any], str]] = []
    try:
        data = _plain(
            json.loads(text, object_pairs_hook=_object, parse_constant=_constant), [], repeated
        )
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        return None, [Problem(shown, where, f"malformed JSON: {exc.msg}")]
    except _NotJson as exc:
        found = CONSTANT.search(text)
        at = found.start() if found else 0
        line, column = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
        message = f"malformed JSON: {exc} is not a JSON number"
        return None, [Problem(shown, f"line {line}, column {column}", message)]
    except RecursionError:
        return None, [Problem(shown, "", "malformed JSON: nested too deeply")]
    problems = [
        Problem(shown, pointer(where), f"key {key!r} appears more than once; keep one")
        for where, key in repeated
    ]
    return data, problems
