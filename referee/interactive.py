"""`referee play`: a prompt for the table, with completion of legal moves, undo and help."""

from __future__ import annotations

import sys

from pnpkit.referee.report import choices_text, event_line, score_text
from pnpkit.referee.session import Session
from pnpkit.referee.terminal import print_table
from pnpkit.referee.verdict import MoveRefused

HELP = """Type a move in the game's syntax (Tab completes legal moves), or:
  legal   what may be entered now      show   the table
  undo    take back the last move      score  the scores so far
  rules   the move syntax              quit   leave (the log keeps the game)"""
COMMANDS = ("help", "legal", "show", "undo", "score", "rules", "quit")


def completions(session: Session, line: str) -> list[str]:
    """The legal moves and prompt commands that start with `line` (in any case); for choices
    entered together, the next `NAME=CHOICE` rather than every combination."""
    choices = session.rules.choices(session.setup, session.state)
    if choices is None:
        options = [session.text(m) for m in session.legal()]
    else:
        head = line[: len(line) - len(line.split(" ")[-1])]
        keyword = choices.form.split()[0]
        named = {word.partition("=")[0].lower() for word in head.split()[1:]}
        options = [f"{keyword} "] if not head.strip() else []
        options += [
            f"{head}{player}={choice}"
            for player, own in choices.options.items()
            if player.lower() not in named
            for choice in own
        ]
    return [o for o in [*options, *COMMANDS] if o.lower().startswith(line.lower())]


def _completer(session: Session):  # type: ignore[no-untyped-def]
    def complete(text: str, index: int) -> str | None:
        import readline

        line = readline.get_line_buffer()
        matches = [o[len(line) - len(text) :] for o in completions(session, line)]
        return matches[index] if index < len(matches) else None

    return complete


def play(session: Session) -> int:
    """Read commands and moves until the players quit (Ctrl-D and Ctrl-C quit too); the
    session's sink logs the moves. When the game ends the final scores are printed, the winner
    last, and the prompt stays open for undo, show and score. The number of refused moves."""
    try:
        import readline

        readline.set_completer(_completer(session))
        readline.set_completer_delims("")
        readline.parse_and_bind("tab: complete")
    except ImportError:
        pass
    rules, setup = session.rules, session.setup
    print_table(setup, rules.describe(setup, session.state))
    refused = 0
    over_announced = False
    while True:
        over = session.prompt().kind == "over"
        if over and not over_announced:
            print(score_text(rules.score(setup, session.state), final=True))
        over_announced = over
        asking = "game over: undo, show, score or quit" if over else session.prompt().text
        try:
            line = input(f"{asking}\n> ").strip()
        except (EOFError, KeyboardInterrupt):
            print()
            return refused
        command = line.lower()
        if command in ("quit", "exit"):
            return refused
        if command in ("help", "?"):
            print(HELP)
        elif command == "legal":
            choices = rules.choices(setup, session.state)
            moves = [session.text(m) for m in session.legal()] if choices is None else []
            for text in [
                *(choices_text(choices) if choices else moves),
                *(f"(also: {form})" for form in rules.also(setup, session.state)),
            ]:
                print(f"  {text}")
        elif command == "show":
            print_table(setup, rules.describe(setup, session.state))
        elif command == "score":
            print(score_text(rules.score(setup, session.state), final=over))
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
                print_table(setup, rules.describe(setup, session.state))
        elif line:
            try:
                for event in session.enter(line):
                    print(event_line(event))
                print_table(setup, rules.describe(setup, session.state))
            except MoveRefused as exc:
                refused += 1
                print(f"refused: {exc}", file=sys.stderr)
