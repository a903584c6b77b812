"""`referee play`: a prompt for the table, with completion of legal moves, undo and help."""

from __future__ import annotations

import sys

from pnpkit.referee.report import event_line, score_text
from pnpkit.referee.session import Session
from pnpkit.referee.verdict import MoveRefused, MoveSyntaxError

HELP = """Type a move in the game's syntax (Tab completes legal moves), or:
  legal   what may be entered now      show   the table
  undo    take back the last move      score  the scores so far
  rules   the move syntax              quit   leave (the log keeps the game)"""
COMMANDS = ("help", "legal", "show", "undo", "score", "rules", "quit")


def completions(session: Session, line: str) -> list[str]:
    """The legal moves and prompt commands that start with `line` (in any case)."""
    options = [session.text(m) for m in session.legal()] + list(COMMANDS)
    return [o for o in options if o.lower().startswith(line.lower())]


def _completer(session: Session):  # type: ignore[no-untyped-def]
    def complete(text: str, index: int) -> str | None:
        import readline

        line = readline.get_line_buffer()
        matches = [o[len(line) - len(text) :] for o in completions(session, line)]
        return matches[index] if index < len(matches) else None

    return complete


def play(session: Session) -> None:
    """Read moves until the game is over or the player quits; the session's sink logs them."""
    try:
        import readline

        readline.set_completer(_completer(session))
        readline.set_completer_delims("")
        readline.parse_and_bind("tab: complete")
    except ImportError:
        pass
    rules, setup = session.rules, session.setup
    print(rules.describe(setup, session.state))
    while session.prompt().kind != "over":
        try:
            line = input(f"{session.prompt().text}\n> ").strip()
        except EOFError:
            print()
            return
        command = line.lower()
        if command in ("quit", "exit"):
            return
        if command in ("help", "?"):
            print(HELP)
        elif command == "legal":
            print("\n".join(f"  {session.text(m)}" for m in session.legal()))
            for form in rules.also(setup, session.state):
                print(f"  (also: {form})")
        elif command == "show":
            print(rules.describe(setup, session.state))
        elif command == "score":
            print(score_text(rules.score(setup, session.state), final=False))
        elif command == "rules":
            print("\n".join(f"  {s.form}: {s.meaning}" for s in rules.syntax))
            print("  NAME: MOVE: a move by a player other than the expected one")
        elif command == "undo":
            try:
                event = session.undo()
            except MoveRefused as exc:
                print(f"refused: {exc}", file=sys.stderr)
            else:
                print(f"undone: {session.events[event['undo'] - 1]['text']}")
                print(rules.describe(setup, session.state))
        elif line:
            try:
                for event in session.submit(session.parse(line)):
                    print(event_line(event))
                print(rules.describe(setup, session.state))
            except (MoveRefused, MoveSyntaxError) as exc:
                print(f"refused: {exc}", file=sys.stderr)
    print(score_text(rules.score(setup, session.state), final=True))
