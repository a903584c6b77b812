"""Entering one move into a log: the work of `referee move`, shared by the CLI and its fast path."""

from __future__ import annotations

import sys
from pathlib import Path

from pnpkit.referee.engine.verdict import MoveRefused, Verdict
from pnpkit.referee.log.store import writing_session
from pnpkit.referee.views.gate import Gate, event_secrecy, viewer_named
from pnpkit.referee.views.report import event_line, owed_lines, print_json, verdict_json

ACCEPTED_EXIT, REFUSED_EXIT = 0, 1
COMMANDS = ("undo", "legal", "show", "score", "replay", "rules")
"""Referee commands that people type as a move by mistake."""


def enter_move(log: Path, text: str, as_json: bool, player: str | None = None) -> int:
    """Check and record `text` in `log` for `player` (None: the shared screen), through
    the secrecy gate; print the outcome as the viewer may read it. 0 if accepted, 1 if refused
    (by a rule, as text that is not a move citing the game's syntax rule, or as a move this
    viewer may not make).

    Events the log owed after an interrupted command are completed (and printed) first, whatever
    becomes of the move: a refused move adds nothing of its own.
    """
    with writing_session(log) as (session, warnings, completed):
        for warning in warnings:
            print(f"warning: {warning}", file=sys.stderr)
        gate = Gate(session, viewer_named(player, session.setup.players))
        start = len(session.events) - len(completed)
        try:
            events = gate.enter(text)
        except MoveRefused as exc:
            verdict: Verdict = exc.verdict
            verdict = Verdict(False, verdict.reason + _command_hint(text, log), verdict.rule)
            events = []
        shown = gate.entries(session.events, event_secrecy(session.setup, session.events))
        owed, new = shown[start : start + len(completed)], shown[start + len(completed) :]
        if not as_json:
            for line in owed_lines(owed, completed=True):
                print(line)
        if events:
            if as_json:
                print_json(
                    {"accepted": True, "events": new, "prompt": gate.prompt()}
                    | ({"completed": owed} if owed else {})
                )
            else:
                for event in new:
                    print(event_line(event))
                print(f"next: {gate.prompt_text()}")
            return ACCEPTED_EXIT
        completed = owed
    if as_json:
        print_json(verdict_json(verdict) | ({"completed": completed} if completed else {}))
    print(f"refused: {verdict}", file=sys.stderr)
    return REFUSED_EXIT


def _command_hint(text: str, log: Path) -> str:
    """A pointer to the referee command that `text` names, if it names one."""
    word = text.strip().lower()
    return f" (`{word}` is a command of its own: referee {word} {log})" if word in COMMANDS else ""
