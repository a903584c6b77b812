"""Errors that carry where they happened, for messages that name file and place."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input: the file, the place in it, and what was expected."""

    file: str
    where: str
    message: str

    def __str__(self) -> str:
        from pnpkit.names import shown  # printed from data: escaped, never run by a terminal

        place = f"{self.file}:{self.where}" if self.where else self.file
        return shown(f"{place}: {self.message}", None)


class PnpError(Exception):
    """A user-facing error: printed without a traceback, with a non-zero exit."""

    exit_code = 2


class DefinitionError(PnpError):
    """One or more problems in a game's definition files."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))
