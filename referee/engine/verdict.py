"""What the referee says about a move: accepted, or refused with a reason and the rule's ID."""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.errors import PnpError
from pnpkit.names import MAX_MESSAGE, shown


@dataclass(frozen=True)
class Verdict:
    """The outcome of checking a move. `rule` is a rules-index ID such as "AL-12"."""

    ok: bool
    reason: str = ""
    rule: str = ""

    def __str__(self) -> str:
        if self.ok:
            return "accepted"
        return f"{self.rule}: {self.reason}" if self.rule else self.reason


ACCEPTED = Verdict(True)


def refuse(rule: str, reason: str) -> Verdict:
    """A refusal citing rule `rule` (e.g. "AL-12") with a reason a player understands (a reason
    quoting a huge or hostile move is cut and escaped: pnpkit.names.shown)."""
    return Verdict(False, shown(reason, MAX_MESSAGE), rule)


class MoveRefused(Exception):
    """A move the referee will not record; carries the verdict."""

    def __init__(self, verdict: Verdict):
        self.verdict = verdict
        super().__init__(str(verdict))


class MoveSyntaxError(ValueError):
    """Text that is not a move in the game's move syntax; the message says what was expected
    (cut and escaped as a refusal's reason, for it quotes what was typed)."""

    def __init__(self, message: str):
        super().__init__(shown(message, MAX_MESSAGE))


class LogError(PnpError):
    """A log that cannot be used: damaged, locked, or written for other component data."""
