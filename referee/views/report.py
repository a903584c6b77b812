"""Text and JSON forms of what the referee reports: prompts, events, score sheets."""

from __future__ import annotations

import json
from typing import Any

from pnpkit.referee.engine.rules import Choices, Prompt, ScoreSheet
from pnpkit.referee.engine.verdict import Verdict
from pnpkit.referee.log.game_log import Event


def print_json(data: Any) -> None:
    """Print data as indented JSON."""
    print(json.dumps(data, indent=2, ensure_ascii=False))


def prompt_json(prompt: Prompt) -> dict[str, Any]:
    """A prompt as JSON."""
    return {"kind": prompt.kind, "actors": list(prompt.actors), "text": prompt.text}


def verdict_json(verdict: Verdict) -> dict[str, Any]:
    """A verdict as JSON."""
    return {"accepted": verdict.ok, "rule": verdict.rule, "reason": verdict.reason}


def choices_text(choices: Choices) -> list[str]:
    """Secret choices entered together: the form, then each player's options."""
    width = max(len(p) for p in choices.options)
    return [
        f"{choices.form} (every player at once; each chooses one of):",
        *(f"  {p + ':':<{width + 1}} {', '.join(o)}" for p, o in choices.options.items()),
    ]


def event_line(event: Event, text: str | None = None) -> str:
    """One event for people: `  5 table  play AL-17 e4`, or with `text` as a viewer may read it
    (`Gate.entry`); a player's only move entered by the referee says so: `  6 forced pass  (the
    only move, entered by the referee — Ann: no hikers left: pass)`."""
    if "undo" in event:
        return f"{event['seq']:>4} undo   event {event['undo']}"
    text = event["text"] if text is None else text
    if event.get("by") == "forced" and text == event["text"]:
        why = f"the only move, entered by the referee — {event.get('prompt', '')}"
        return f"{event['seq']:>4} forced {text}  ({why})"
    return f"{event['seq']:>4} {event['by']:<6} {text}"


def score_text(sheet: ScoreSheet, final: bool) -> str:
    """A score sheet as a table with a line per player, its notes, the tie-break, and last the
    winner."""
    header = ["player", *sheet.categories, "total"]
    rows = [
        [p, *(str(cats.get(c, "?")) for c in sheet.categories), str(sheet.total(p))]
        for p, cats in sheet.points.items()
    ]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = [
        "  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)) for r in [header, *rows]
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    decided = sheet.decided(final)
    if sheet.tied and not decided:
        lines.append(f"no winner yet: {' and '.join(sheet.tied)} are tied")
        lines.append(f"to be decided at the table: {sheet.tiebreak}")
    elif not decided:
        lines.append(f"leading: {' and '.join(sheet.winners)}")
        lines.append("(the game is not over: a running count)")
    if sheet.notes:
        lines += ["", *sheet.notes]
    if decided:
        if sheet.tiebreak:
            lines.append(f"tie-break: {sheet.tiebreak}")
        lines.append(f"winner: {' and '.join(sheet.winners)}")
    return "\n".join(lines)


def owed_lines(events: list[Event], completed: bool) -> list[str]:
    """The events a log owed after an interrupted command: completed now, or still pending."""
    if not events:
        return []
    cause = "an interrupted command"
    if any(event.get("by") == "forced" for event in events):
        cause += ", or a log written before the referee entered players' only moves"
    if completed:
        head = f"the log stopped before the referee's own follow-up to its last move ({cause}); "
        head += "completed first:"
    else:
        head = (
            "pending: the log stopped before the referee's own follow-up to its last move "
            f"({cause}); the next move or undo writes these first:"
        )
    return [head, *(event_line(event) for event in events)]
