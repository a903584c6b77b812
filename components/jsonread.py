"""Reading JSON files with errors that give the line and column."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pnpkit.errors import Problem


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
    try:
        return json.loads(text), []
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        return None, [Problem(shown, where, f"malformed JSON: {exc.msg}")]
