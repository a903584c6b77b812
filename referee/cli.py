"""The `pnp referee` command group (also installed as `referee`).

Exit codes: 0 done (a move accepted), 1 a move refused (the reason on stderr), 2 bad usage or a
log that cannot be used. Heavy modules are imported inside the commands so `move` starts fast.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pnpkit.cli_options import (
    CONTEXT,
    VersionOption,
    complete_game,
    complete_game_or_log,
    complete_log,
)
from pnpkit.errors import PnpError
from pnpkit.wording import counted

if TYPE_CHECKING:
    from pnpkit.referee.game_log import Event
    from pnpkit.referee.session import Session

app = typer.Typer(
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings=CONTEXT,
    help="Record and check a real game's moves.",
)

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]
LogArgument = Annotated[
    Path, typer.Argument(help="The game's log file (JSON Lines).", autocompletion=complete_log)
]
GameArgument = Annotated[
    str,
    typer.Argument(help="A bundled game's ID or a game directory.", autocompletion=complete_game),
]
VariantOption = Annotated[str, typer.Option("--variant", help="A variant of the rules.")]
GameOptions = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="A game option KEY=VALUE.")
]


def _seed(given: str | int) -> int:
    """A --seed: a whole number of at most MAX_DIGITS digits, as every number the referee reads."""
    from pnpkit.referee.moves import MAX_DIGITS, plain_digits

    text = str(given)
    if not plain_digits(text.removeprefix("-")):
        raise typer.BadParameter(f"expected a whole number of at most {MAX_DIGITS} digits")
    return int(text)


@app.callback()
def _group(version: VersionOption = False) -> None:
    """Record and check a real game's moves."""


def _warn(warnings: list[str]) -> None:
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)


def _read(log: Path) -> tuple[Session, list[Event]]:
    """A log's game as read-only commands show it: with the events it owes made, and those."""
    from pnpkit.referee.store import load_session

    session, warnings = load_session(log)
    _warn(warnings)
    return session.ahead()


def _pending(events: list[Event]) -> dict[str, list[Event]]:
    """The JSON key listing pending events, when there are any."""
    return {"pending": events} if events else {}


def _is_file(target: str) -> bool:
    """Whether `target` names a file (False for a name the system cannot even look up)."""
    try:
        return Path(target).is_file()
    except (OSError, ValueError):
        return False


def _options(pairs: list[str] | None) -> dict[str, str]:
    options = {}
    for item in pairs or []:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise PnpError(f"--option {item!r}: expected KEY=VALUE")
        options[key.strip()] = value.strip()
    return options


@app.command()
def new(
    game: GameArgument,
    players: Annotated[str, typer.Option("--players", help="Names in seat order: A,B,C.")],
    variant: VariantOption = "",
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", parser=_seed, metavar="N", help="Digital mode: the referee deals and rolls."
        ),
    ] = None,
    log: Annotated[Path | None, typer.Option("--log", help="Where to write the log.")] = None,
    option: GameOptions = None,
    as_json: JsonOption = False,
) -> None:
    """Start a game and its log."""
    import time

    from pnpkit.components import load_game
    from pnpkit.referee.report import event_line, print_json, prompt_json
    from pnpkit.referee.store import make_setup, new_game, new_numbered_game

    loaded = load_game(game)
    names = [p.strip() for p in players.split(",")]
    setup = make_setup(loaded, names, variant, _options(option), seed)
    if log is None:
        stem = Path(f"{loaded.id}-{time.strftime('%Y%m%d-%H%M%S')}")
        path, session = new_numbered_game(stem, setup)
    else:
        path, session = log, new_game(log, setup)
    if as_json:
        print_json(
            {"log": str(path), "events": session.events, "prompt": prompt_json(session.prompt())}
        )
        return
    print(f"{loaded.name} for {', '.join(names)}; log: {path}")
    for event in session.events:
        print(event_line(event))
    print(f"next: {session.prompt().text}")


@app.command()
def move(
    log: LogArgument,
    text: Annotated[str, typer.Argument(metavar="MOVE", help='The move, e.g. "play AL-17 e4".')],
    as_json: JsonOption = False,
) -> None:
    """Enter a move: exit 0 if accepted, 1 if refused (the reason on stderr)."""
    from pnpkit.referee.move_command import enter_move

    code = enter_move(log, text, as_json)
    if code:
        raise typer.Exit(code)


@app.command()
def legal(log: LogArgument, as_json: JsonOption = False) -> None:
    """What may be entered now, in the move syntax."""
    from pnpkit.referee.report import choices_text, owed_lines, print_json, prompt_json

    session, pending = _read(log)
    rules, setup, state = session.rules, session.setup, session.state
    also = list(rules.also(setup, state))
    choices = rules.choices(setup, state)
    if as_json:
        moves = [session.text(m) for m in session.legal()]
        together = {"form": choices.form, "options": choices.options} if choices else None
        print_json(
            {"prompt": prompt_json(session.prompt()), "moves": moves, "also": also}
            | ({"choices": together} if together else {})
            | _pending(pending)
        )
        return
    for line in owed_lines(pending, completed=False):
        print(line)
    print(session.prompt().text)
    lines = choices_text(choices) if choices else [session.text(m) for m in session.legal()]
    for line in [*lines, *(f"(also: {form})" for form in also)]:
        print(f"  {line}")


@app.command()
def show(
    log: LogArgument,
    svg: Annotated[
        Path | None, typer.Option("--svg", help="Also draw the table into FILE.")
    ] = None,
    player: Annotated[
        str | None, typer.Option("--player", help="Only what this player may see.")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """The table now, in the terminal (and as a picture with --svg)."""
    from pnpkit.referee.moves import player_named
    from pnpkit.referee.report import owed_lines, print_json, prompt_json
    from pnpkit.referee.verdict import MoveSyntaxError

    session, pending = _read(log)
    notice = owed_lines(pending, completed=False)
    if player is None:
        text = session.rules.describe(session.setup, session.state)
    else:
        try:
            name = player_named(player, session.setup.players)
        except MoveSyntaxError as exc:
            raise PnpError(f"--player: {exc}") from None
        text = session.rules.view(session.setup, session.state, name)
        if pending:
            notice = [
                f"pending: the referee owes {counted(len(pending), 'event')} after an interrupted "
                "command (shown by `show` without --player); the next move or undo writes them"
            ]
    if svg is not None:
        from pnpkit.atomic import write_text
        from pnpkit.referee.faces import faces_of

        face = faces_of(session.setup.game)
        picture = session.rules.svg(session.setup, session.state, face)
        try:
            write_text(svg, picture)
        except OSError as exc:
            raise PnpError(f"--svg {svg}: cannot write ({exc.strerror or exc})") from None
    if as_json:
        logged = len(session.events) - len(pending)
        print_json(
            {"table": text, "prompt": prompt_json(session.prompt()), "events": logged}
            | ({"pending": pending if player is None else len(pending)} if pending else {})
        )
        return
    for line in notice:
        print(line)
    print(text)
    print(f"next: {session.prompt().text}")
    if svg is not None:
        print(f"picture: {svg}")


@app.command()
def undo(log: LogArgument, as_json: JsonOption = False) -> None:
    """Take back the last move entered at the table (an undo event is appended)."""
    from pnpkit.referee.report import owed_lines, print_json, prompt_json, verdict_json
    from pnpkit.referee.store import writing_session
    from pnpkit.referee.verdict import MoveRefused

    with writing_session(log) as (session, warnings, completed):
        _warn(warnings)
        if not as_json:
            for line in owed_lines(completed, completed=True):
                print(line)
        try:
            event = session.undo()
        except MoveRefused as exc:
            if as_json:
                print_json(
                    verdict_json(exc.verdict) | ({"completed": completed} if completed else {})
                )
            print(f"refused: {exc}", file=sys.stderr)
            raise typer.Exit(1) from None
        taken = session.events[event["undo"] - 1]["text"]
    if as_json:
        print_json(
            {"undone": taken, "event": event, "prompt": prompt_json(session.prompt())}
            | ({"completed": completed} if completed else {})
        )
        return
    print(f"undone: {taken}")
    print(f"next: {session.prompt().text}")


@app.command()
def replay(log: LogArgument, as_json: JsonOption = False) -> None:
    """Re-check a whole log, event by event; exit 2 at the first event the rules refuse."""
    from pnpkit.referee.report import event_line, owed_lines, print_json, prompt_json

    session, pending = _read(log)
    logged = session.events[: len(session.events) - len(pending)]
    if as_json:
        print_json(
            {"ok": True, "events": logged, "prompt": prompt_json(session.prompt())}
            | _pending(pending)
        )
        return
    for event in logged:
        print(event_line(event))
    print(f"{counted(len(logged), 'event')} re-checked: the log is sound")
    for line in owed_lines(pending, completed=False):
        print(line)
    print(f"next: {session.prompt().text}")


@app.command()
def score(
    target: Annotated[
        str,
        typer.Argument(
            help="A log, or with --position a game.", autocompletion=complete_game_or_log
        ),
    ],
    position: Annotated[
        Path | None, typer.Option("--position", help="Score a typed finished position.")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Scores by category, the winner and the tie-break used."""
    from pnpkit.referee.report import owed_lines, print_json, score_text

    pending: list[Event] = []
    if position is not None:
        from pnpkit.components import load_game
        from pnpkit.referee.rules import load_rules

        game = load_game(target)
        try:
            text = position.read_text(encoding="utf-8")
        except OSError as exc:
            raise PnpError(f"{position}: cannot read ({exc.strerror})") from None
        except UnicodeDecodeError as exc:
            raise PnpError(f"{position}: not UTF-8 text (byte {exc.start + 1})") from None
        sheet, over = load_rules(game).score_position(game, text, str(position)), True
    else:
        if not _is_file(target):
            raise PnpError(
                f"{target}: no such log; to score a game that was not recorded, "
                "give the game and --position FILE"
            )
        session, pending = _read(Path(target))
        sheet = session.rules.score(session.setup, session.state)
        over = session.prompt().kind == "over"
    if as_json:
        print_json(sheet.to_json(over) | _pending(pending))
        return
    print(score_text(sheet, over))
    for line in owed_lines(pending, completed=False):
        print(line)


@app.command()
def rules(
    game: Annotated[
        str | None,
        typer.Argument(
            help="A game's ID or directory (none: every rules installed).",
            autocompletion=complete_game,
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """The move syntax of a game, its variants and options; without a game, every rules installed
    and where each comes from."""
    from pnpkit.components import load_game
    from pnpkit.referee.report import print_json
    from pnpkit.referee.rules import load_rules

    if game is None:
        _installed_rules(as_json)
        return
    loaded = load_game(game)
    found = load_rules(loaded)
    data = {
        "game": loaded.id,
        "rules_version": found.version,
        "moves": [{"form": s.form, "meaning": s.meaning, "rule": s.rule} for s in found.syntax],
        "syntax_rule": found.syntax_rule,
        "variants": dict(found.variants),
        "options": dict(found.options),
    }
    if as_json:
        print_json(data)
        return
    print(f"{loaded.name}: moves (`referee explain ID` prints the statement a refusal cites)")
    width = max([len("NAME: MOVE"), *(len(s.form) for s in found.syntax)])
    for s in found.syntax:
        print(f"  {s.form.ljust(width)}  {s.meaning}" + (f" [{s.rule}]" if s.rule else ""))
    print(f"  {'NAME: MOVE'.ljust(width)}  a move by a player other than the expected one")
    print("variants: " + "; ".join(f"{k} ({v})" for k, v in found.variants.items()))
    if found.options:
        print(
            "options (--option KEY=VALUE): "
            + "; ".join(f"{k}: {v}" for k, v in found.options.items())
        )


def _installed_rules(as_json: bool) -> None:
    """Every `pnpkit.rules` entry point, loaded and checked; exit 3 if any is broken."""
    from pnpkit.referee.registry import GROUP, load, sources
    from pnpkit.referee.report import print_json

    rows = []
    for name, providers in sources().items():
        for source in providers:
            row = {
                "name": name,
                "distribution": source.distribution,
                "version": source.version,
                "target": source.target,
                "contract": "",
                "problem": "",
            }
            try:
                row["contract"] = load(name).contract
            except PnpError as exc:
                row["problem"] = str(exc)
            rows.append(row)
    if as_json:
        print_json(rows)
    else:
        print(f"rules installed ({GROUP} entry points):")
        for row in rows:
            state = f"contract {row['contract']}" if not row["problem"] else "BROKEN"
            print(
                f"  {row['name']}: {row['distribution']} {row['version']}, "
                f"{row['target']} ({state})"
            )
            if row["problem"]:
                print(f"    {row['problem']}")
    if any(row["problem"] for row in rows):
        raise typer.Exit(3)


@app.command()
def explain(
    rule: Annotated[str, typer.Argument(help="A rule ID from a refusal, e.g. AL-11.")],
    as_json: JsonOption = False,
) -> None:
    """Print a rule's statement from the rules index its rules ship (works offline)."""
    from pnpkit.referee.registry import load, sources
    from pnpkit.referee.report import print_json
    from pnpkit.referee.rules_index import RULE_ID, index_text, statements

    wanted = rule.strip().upper()
    if not RULE_ID.match(wanted):
        raise PnpError(f"{rule!r} is not a rule ID (letters, a hyphen, a number: AL-11)")
    searched = []
    for name, providers in sources().items():
        try:
            found = load(name)
            if not found.index:
                continue  # rules that ship no index have nothing to explain
            text = index_text(providers[0], found)
        except PnpError as exc:
            _warn([f"skipped: {exc}"])
            continue
        searched.append(name)
        statement = statements(text).get(wanted)
        if statement is not None:
            if as_json:
                print_json({"rule": wanted, "rules": name, "statement": statement})
            else:
                print(f"{wanted} ({name}): {statement}")
            return
    raise PnpError(f"no rule {wanted} in the rules indexes of: {', '.join(searched) or 'none'}")


@app.command()
def play(
    target: Annotated[
        str,
        typer.Argument(
            help="A game to start, or a log to continue.", autocompletion=complete_game_or_log
        ),
    ],
    players: Annotated[
        str, typer.Option("--players", help="For a new game: names in seat order.")
    ] = "",
    variant: VariantOption = "",
    option: GameOptions = None,
    seed: Annotated[
        int | None, typer.Option("--seed", parser=_seed, metavar="N", help="Digital mode.")
    ] = None,
    log: Annotated[Path | None, typer.Option("--log", help="For a new game: the log.")] = None,
) -> None:
    """An interactive prompt for the table: whose turn, what is expected, Tab completion.

    Exit 1 when standard input is not a terminal (a script) and a move was refused."""
    import time

    from pnpkit.referee.interactive import play as run
    from pnpkit.referee.report import owed_lines
    from pnpkit.referee.store import make_setup, new_game, new_numbered_game, writing_session

    if not _is_file(target):
        from pnpkit.components import load_game

        if Path(target).suffix == ".jsonl":
            raise PnpError(f"{target}: no such log; start a game with `referee play GAME`")
        game = load_game(target)
        if not players:
            try:
                players = input("players (A,B,…): ")
            except (EOFError, KeyboardInterrupt):
                print()
                raise PnpError("no players given: name them with --players A,B") from None
        names = [p.strip() for p in players.split(",")]
        setup = make_setup(game, names, variant, _options(option), seed)
        if log is None:
            stem = Path(f"{game.id}-{time.strftime('%Y%m%d-%H%M%S')}")
            log, _ = new_numbered_game(stem, setup)
        else:
            new_game(log, setup)
        print(f"log: {log}")
        target = str(log)
    with writing_session(Path(target)) as (session, warnings, completed):
        _warn(warnings)
        for line in owed_lines(completed, completed=True):
            print(line)
        refused = run(session)
    print(f"game saved in {target}")
    if refused and not sys.stdin.isatty():
        raise typer.Exit(1)


@app.command()
def simulate(
    game: GameArgument,
    games: Annotated[int, typer.Option("--games", min=1, help="How many games.")] = 100,
    seed: Annotated[
        int, typer.Option("--seed", parser=_seed, metavar="N", help="The first game's seed.")
    ] = 0,
    players: Annotated[
        int, typer.Option("--players", min=0, help="Player count (default: the fewest).")
    ] = 0,
    variant: VariantOption = "",
    option: GameOptions = None,
    as_json: JsonOption = False,
) -> None:
    """Random legal play-throughs: wins by seat, scores, and the game's own figures."""
    from pnpkit.components import load_game
    from pnpkit.referee.report import print_json
    from pnpkit.referee.simulate import simulate as run

    loaded = load_game(game)
    count = players or loaded.players_min
    summary = run(loaded, count, games, seed, variant, _options(option))
    if as_json:
        print_json(summary)
        return
    print(
        f"{loaded.name}: {games} random game{'s' * (games != 1)}, "
        f"{count} player{'s' * (count != 1)}, "
        f"variant {summary['variant']}, seed {seed}"
    )
    for seat, wins in summary["wins_by_seat"].items():
        print(f"  {seat}: {wins} wins ({100 * wins / games:.1f}%)")
    for key in ("scores", "winning_scores"):
        spread = summary[key]
        print(f"  {key.replace('_', ' ')}: " + ", ".join(f"{k} {v}" for k, v in spread.items()))
    for key, value in summary["stats"].items():
        print(f"  {key}: {value}")


def main() -> None:
    """Entry point of the `referee` command."""
    try:
        app()
    except PnpError as exc:
        print(f"error: {exc}", file=sys.stderr)
        sys.exit(exc.exit_code)
    except Exception as exc:
        from pnpkit.referee.faults import report

        sys.exit(report(exc))
