"""Reading JSON files with errors that give the line and column, or the JSON pointer.

Every JSON text a game names (game.json, field schemas, layout templates, JSON in a CSV cell) is
parsed here, with bounds that keep a hostile file from crashing pnpkit: a number's text is at most
MAX_NUMBER_CHARS characters (Python refuses integers above 4,300 digits) and values nest at most
MAX_DEPTH deep (deeper nesting would exhaust the stack in the parser or in JSON Schema validation).
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from pathlib import Path
from typing import Any

from pnpkit.errors import Problem

CONSTANT = re.compile(r"-?Infinity|NaN")
MAX_NUMBER_CHARS = 100
MAX_DEPTH = 64
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.DOTALL)


class _Object(dict):
    """A JSON object that remembers the keys its text gives more than once."""

    repeated: tuple[str, ...] = ()


class _NotJson(ValueError):
    """Text Python's parser would take but pnpkit refuses: NaN, Infinity, a huge number."""

    def __init__(self, message: str, found: str):
        super().__init__(message)
        self.found = found


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = _Object(pairs)
    if len(found) < len(pairs):
        found.repeated = tuple(k for k, n in Counter(k for k, _ in pairs).items() if n > 1)
    return found


def _constant(name: str) -> Any:
    raise _NotJson(f"{name} is not a JSON number", name)


def _long(text: str) -> None:
    if len(text) > MAX_NUMBER_CHARS:
        message = f"a number of {len(text)} characters; at most {MAX_NUMBER_CHARS} are read"
        raise _NotJson(message, text)


def _integer(text: str) -> int:
    _long(text)
    return int(text)


def _float(text: str) -> float:
    _long(text)
    number = float(text)
    if not math.isfinite(number):
        raise _NotJson(f"{text} is too large for a number", text)
    return number


def _plain(value: Any, path: list[Any], problems: list[tuple[list[Any], str]]) -> Any:
    """`value` with plain dicts, noting each object's repeated keys with the object's path."""
    if isinstance(value, dict):
        problems += [(path, key) for key in getattr(value, "repeated", ())]
        return {k: _plain(v, [*path, k], problems) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v, [*path, n], problems) for n, v in enumerate(value)]
    return value


def _place(text: str, at: int) -> str:
    line, column = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
    return f"line {line}, column {column}"


def _too_deep(text: str) -> int | None:
    """Where the text's arrays and objects first nest more than MAX_DEPTH deep, if they do."""
    depth = 0
    for token in _TOKENS.finditer(text):
        mark = token.group()
        if mark in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return token.start()
        elif mark in "]}":
            depth -= 1
    return None


def parse_json(text: str, shown: str) -> tuple[Any, list[Problem]]:
    """Parse JSON text from `shown`; on failure, the problem gives line and column.

    Stricter than Python's parser: NaN, Infinity, numbers longer than MAX_NUMBER_CHARS, nesting
    deeper than MAX_DEPTH and a key given twice in an object are errors.
    """
    deep = _too_deep(text)
    if deep is not None:
        message = f"malformed JSON: nested more than {MAX_DEPTH} deep"
        return None, [Problem(shown, _place(text, deep), message)]
    repeated: list[tuple[list[Any], str]] = []
    try:
        parsed = json.loads(
            text,
            object_pairs_hook=_object,
            parse_constant=_constant,
            parse_int=_integer,
            parse_float=_float,
        )
        data = _plain(parsed, [], repeated)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        return None, [Problem(shown, where, f"malformed JSON: {exc.msg}")]
    except _NotJson as exc:
        found = CONSTANT.search(text) if exc.found in ("NaN", "Infinity", "-Infinity") else None
        at = found.start() if found else max(text.find(exc.found), 0)
        return None, [Problem(shown, _place(text, at), f"malformed JSON: {exc}")]
    except RecursionError:  # not reached within MAX_DEPTH; kept so no input can crash
        return None, [Problem(shown, "", "malformed JSON: nested too deeply")]
    if not repeated:
        return data, []
    from pnpkit.components.validation import pointer  # jsonschema: only when there is a problem

    problems = [
        Problem(shown, pointer(where), f"key {key!r} appears more than once; keep one")
        for where, key in repeated
    ]
    return data, problems


def read_json(path: Path, shown: str) -> tuple[Any, list[Problem]]:
    """Parse a JSON file; on failure, the problem names `shown` with line and column."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, [Problem(shown, "", "file not found")]
    except UnicodeDecodeError as exc:
        return None, [Problem(shown, "", f"not UTF-8 text ({exc.reason} at byte {exc.start})")]
    except OSError as exc:
        return None, [Problem(shown, "", f"cannot read: {exc.strerror}")]
    return parse_json(text, shown)
