"""Rows of data for people and for pipes: a table on a terminal, tab-separated values otherwise
(one row a line, nothing wrapped or cut), or JSON on request."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Annotated

import typer

from pnpkit.names import shown


class Format(StrEnum):
    table = "table"
    tsv = "tsv"
    json = "json"


FormatOption = Annotated[
    Format | None,
    typer.Option(
        "--format",
        case_sensitive=False,
        help="table (default on a terminal), tsv (default in a pipe) or json.",
    ),
]


def chosen(fmt: Format | None, as_json: bool) -> Format:
    """The format to print in: --json wins, then --format, then the terminal decides."""
    if as_json:
        return Format.json
    if fmt is not None:
        return fmt
    return Format.table if sys.stdout.isatty() else Format.tsv


def print_rows(
    fmt: Format, columns: Sequence[str], rows: Iterable[Sequence[str]], title: str | None = None
) -> None:
    """Print rows as a rich table or as TSV with a header line (`fmt` is not json)."""
    if fmt is Format.tsv:
        print("\t".join(columns))
        for row in rows:
            print("\t".join(_cell(value) for value in row))
        return
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    table = Table(*columns, title=escape(shown(title, None)) if title else None)
    for row in rows:
        table.add_row(*(escape(shown(value, None)) for value in row))
    Console().print(table)


def _cell(value: str) -> str:
    return shown(" ".join(value.replace("\t", " ").splitlines()), None)
