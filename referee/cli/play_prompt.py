"""`referee play`: a prompt for the table, with completion of legal moves, undo and help.

In a digital game that keeps secrets the prompt is a hot seat: it speaks to one player at a time
through the secrecy gate. When the decision passes to another player it clears the screen and
waits until that player has the screen (Enter), then shows the table as they may see it; a
secret choice made at once is asked of each player in turn and revealed when all have chosen.
"""

from __future__ import annotations

import sys

from pnpkit.referee.engine.rules import ScoreSheet
from pnpkit.referee.engine.session import Session
from pnpkit.referee.engine.verdict import MoveRefused
from pnpkit.referee.views.gate import SHARED, EventSecrecy, Gate, sight
from pnpkit.referee.views.report import event_line, score_text
from pnpkit.referee.views.terminal import print_table

HELP = """Type a move in the game's syntax (Tab completes legal moves), or:
  legal   what may be entered now      show   the table
  undo    take back the last move      score  the scores so far
  rules   the move syntax              quit   leave (the log keeps the game)"""
COMMANDS = ("help", "legal", "show", "undo", "score", "rules", "quit")
CLEAR = "\033[2J\033[H"


def completions(session: Session, line: str, viewer: str = SHARED) -> list[str]:
    """The legal moves `viewer` may enter and the prompt commands that start with `line` (in
    any case); for choices entered together, the next `NAME=CHOICE` rather than every
    combination."""
    gate = Gate(session, viewer)
    choices = gate.choices()
    if choices is None:
        options = gate.legal()
    else:
        head = line[: len(line) - len(line.split(" ")[-1])]
        keyword = choices["form"].split()[0]
        named = {word.partition("=")[0].lower() for word in head.split()[1:]}
        options = [f"{keyword} "] if not head.strip() else []
        options += [
            f"{head}{player}={choice}"
            for player, own in choices["options"].items()
            if player.lower() not in named
            for choice in own
        ]
    return [o for o in [*options, *COMMANDS] if o.lower().startswith(line.lower())]


class Table:
    """The prompt's one conversation: the session, and who has the screen now."""

    def __init__(self, session: Session):
        self.session = session
        self.hot_seat = sight(session.setup, session.state) is not None
        self.viewer = SHARED
        self.secrecy = EventSecrecy(session.setup)
        """Each logged event's secrecy, worked out once (the log only grows here)."""

    @property
    def gate(self) -> Gate:
        return Gate(self.session, self.viewer)

    def complete(self, text: str, index: int) -> str | None:
        import readline

        line = readline.get_line_buffer()
        matches = [o[len(line) - len(text) :] for o in completions(self.session, line, self.viewer)]
        return matches[index] if index < len(matches) else None

    def next_seat(self) -> str:
        """The player who decides next (the first who has not chosen at a secret choice)."""
        prompt, held = self.session.prompt(), self.session.committed()
        waiting = [p for p in prompt.actors if p not in held]
        return waiting[0] if waiting else SHARED

    def hand_over(self) -> bool:
        """In a hot seat, pass the screen to whoever decides now; False if they quit instead."""
        if not self.hot_seat or self.session.prompt().kind == "over":
            self.viewer = SHARED if self.hot_seat else self.viewer
            return True
        seat = self.next_seat()
        if seat == self.viewer or seat == SHARED:
            return True
        if sys.stdout.isatty():
            print(CLEAR, end="")
        try:
            line = input(f"{seat}'s turn: hand the screen to {seat}, then press Enter\n> ")
        except (EOFError, KeyboardInterrupt):
            print()
            return False
        if line.strip().lower() in ("quit", "exit"):
            return False
        if sys.stdout.isatty():
            print(CLEAR, end="")
        self.viewer = seat
        self.show()
        return True

    def show(self) -> None:
        text = self.gate.text()
        if text is None:
            print("(the table holds secrets: each player sees it when the screen is theirs)")
        else:
            print_table(self.session.setup, text)

    def print_events(self, events: list) -> None:
        session = self.session
        kept = self.secrecy.of(session.events)
        shown = self.gate.entries(session.events, kept)[len(session.events) - len(events) :]
        for event in shown:
            print(event_line(event))

    def score(self, final: bool) -> str:
        session = self.session
        categories = session.rules.score(session.setup, session.state).categories
        data = self.gate.score()
        return score_text(ScoreSheet.from_json(data, categories), final and data["final"])


def play(session: Session) -> int:
    """Read commands and moves until the players quit (Ctrl-D and Ctrl-C quit too); the
    session's sink logs the moves. When the game ends the final scores are printed, the winner
    last, and the prompt stays open for undo, show and score. The number of refused moves."""
    table = Table(session)
    try:
        import readline

        readline.set_completer(table.complete)
        readline.set_completer_delims("")
        readline.parse_and_bind("tab: complete")
    except ImportError:
        pass
    rules = session.rules
    if not table.hot_seat:
        table.show()
    refused = 0
    over_announced = False
    while True:
        if not table.hand_over():
            return refused
        over = session.prompt().kind == "over"
        if over and not over_announced:
            print(table.score(final=True))
        over_announced = over
        asking = "game over: undo, show, score or quit" if over else table.gate.prompt_text()
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
            gate = table.gate
            choices = gate.choices()
            lines = gate.legal()
            if choices:
                lines = [f"{choices['form']} (each player chooses one of):"] + [
                    f"  {p}: {', '.join(o)}" for p, o in choices["options"].items()
                ]
            for text in [*lines, *(f"(also: {form})" for form in gate.also())]:
                print(f"  {text}")
        elif command == "show":
            table.show()
        elif command == "score":
            print(table.score(final=over))
        elif command == "rules":
            print("\n".join(f"  {s.form}: {s.meaning}" for s in rules.syntax))
            print("  NAME: MOVE: a move by a player other than the expected one")
        elif command == "undo":
            try:
                event = table.gate.undo(table=not table.hot_seat)
            except MoveRefused as exc:
                print(f"refused: {exc}", file=sys.stderr)
            else:
                kept = table.secrecy.of(session.events)
                undone = session.events[event["undo"] - 1]
                print(f"undone: {table.gate.entry(undone, kept[event['undo'] - 1])}")
                table.show()
        elif line:
            try:
                events = table.gate.enter(line)
            except MoveRefused as exc:
                refused += 1
                print(f"refused: {exc}", file=sys.stderr)
            else:
                table.print_events(events)
                if not table.hot_seat or table.next_seat() == table.viewer:
                    table.show()
