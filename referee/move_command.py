"""Entering one move into a log: the work of `referee move`, shared by the CLI and its fast path."""

from __future__ import annotations

import sys
from pathlib import Path

from pnpkit.referee.report import event_line, owed_lines, print_json, prompt_json, verdict_json
from pnpkit.referee.store import writing_session
from pnpkit.referee.verdict import MoveRefused, Verdict

ACCEPTED_EXIT, REFUSED_EXIT = 0, 1
COMMANDS = ("undo", "legal", "show", "score", "replay", "rules")
"""Referee commands that people type as a move by mistake."""


def enter_move(log: Path, text: str, as_json: bool) -> int:
    """Check and record `text` in `log`; print the outcome. 0 if accepted, 1 if refused (by a
    rule, or as text that is not a move, citing the game's syntax rule).

    Events the log owed after an interrupted command are completed (and printed) first, whatever
    becomes of the move: a refused move adds nothing of its own.
    """
    with writing_session(log) as (session, warnings, completed):
        for warning in warnings:
            print(f"warning: {warning}", file=sys.stderr)
        if not as_json:
            for line in owed_lines(completed, completed=True):
                print(line)
        try:
            events = session.enter(text)
        except MoveRefused as exc:
            verdict: Verdict = exc.verdict
            verdict = Verdict(False, verdict.reason + _command_hint(text, log), verdict.rule)
        else:
            if as_json:
                print_json(
                    {"accepted": True, "events": events, "prompt": prompt_json(session.prompt())}
                    | ({"completed": completed} if completed else {})
                )
            else:
                for event in events:
                    print(event_line(event))
                print(f"next: {session.prompt().text}")
            return ACCEPTED_EXIT
    if as_json:
        print_json(verdict_json(verdict) | ({"completed": completed} if completed else {}))
    print(f"refused: {verdict}", file=sys.stderr)
    return REFUSED_EXIT


def _command_hint(text: str, log: Path) -> str:
    """A pointer to the referee command that `text` names, if it names one."""
    word = text.strip().lower()
    return f" (`{word}` is a command of its own: referee {word} {log})" if word in COMMANDS else ""
