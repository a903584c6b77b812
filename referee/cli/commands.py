"""The `pnp referee` command group (also installed as `referee`).

Exit codes: 0 done (a move accepted), 1 a move refused (the reason on stderr), 2 bad usage or a
log that cannot be used. Heavy modules are imported inside the commands so `move` starts fast.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pnpkit.cli_options import (
    APP_SETTINGS,
    VersionOption,
    complete_game,
    complete_game_or_log,
    complete_log,
)
from pnpkit.errors import PnpError
from pnpkit.wording import counted

if TYPE_CHECKING:
    from pnpkit.referee.engine.session import Session
    from pnpkit.referee.log.game_log import Event

app = typer.Typer(**APP_SETTINGS, help="Record and check a real game's moves.")

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
    from pnpkit.referee.engine.moves import MAX_DIGITS, plain_digits

    text = str(given)
    if not plain_digits(text.removeprefix("-")):
        raise typer.BadParameter(f"expected a whole number of at most {MAX_DIGITS} digits")
    return int(text)


# `play` and `serve` take a log to continue, or a game to start with these:
NewPlayersOption = Annotated[
    str, typer.Option("--players", help="For a new game: names in seat order.")
]
NewSeedOption = Annotated[
    int | None, typer.Option("--seed", parser=_seed, metavar="N", help="Digital mode.")
]
NewLogOption = Annotated[Path | None, typer.Option("--log", help="For a new game: the log.")]
PlayerOption = Annotated[
    str | None,
    typer.Option(
        "--player",
        help="As this player sees and acts (digital mode); without it, the shared screen.",
    ),
]


@app.callback()
def _group(version: VersionOption = False) -> None:
    """Record and check a real game's moves."""


def _warn(warnings: list[str]) -> None:
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)


def _read(log: Path, audit: bool = False) -> tuple[Session, list[Event]]:
    """A log's game as read-only commands show it: with the events it owes made, and those
    (`audit`: see `Session.replay`)."""
    from pnpkit.referee.log.store import load_session

    session, warnings = load_session(log, audit)
    _warn(warnings)
    return session.ahead()


def _pending(events: list[Event]) -> dict[str, list[Event]]:
    """The JSON key listing pending events, when there are any."""
    return {"pending": events} if events else {}


def _gated(session: Session, player: str | None, events: list[Event]) -> tuple[Any, list[Event]]:
    """The gate for --player (or the shared screen) and `events` (the session's last ones) as
    its viewer may read them."""
    from pnpkit.referee.views.gate import Gate, event_secrecy, viewer_named

    gate = Gate(session, viewer_named(player, session.setup.players))
    kept = event_secrecy(session.setup, session.events)
    shown = gate.entries(session.events, kept)
    return gate, shown[len(session.events) - len(events) :] if events else []


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
    """Start a game and its log (printed as the shared screen may read it)."""
    from pnpkit.referee.views.report import print_json

    path, session = _start(game, players, variant, option, seed, log)
    if as_json:
        gate, events = _gated(session, None, session.events)
        print_json({"log": str(path), "events": events, "prompt": gate.prompt()})
        return
    _print_opening(session, path)


def _print_opening(session, path: Path) -> None:  # type: ignore[no-untyped-def]
    """A new game's first lines for the shared screen: what was dealt in secret is left out."""
    from pnpkit.referee.views.gate import SHARED, Gate, event_secrecy
    from pnpkit.referee.views.report import event_line

    setup = session.setup
    print(f"{setup.game.name} for {', '.join(setup.players)}; log: {path}")
    kept = event_secrecy(setup, session.events)
    gate = Gate(session, SHARED)
    for event, secret_from in zip(session.events, kept, strict=True):
        print(event_line(event, gate.entry(event, secret_from)))
    if any(SHARED in k for k in kept):
        print(
            "(secret entries show only their public part here: each player sees their own with "
            f"`referee show {path} --player NAME` or on their page of `referee serve {path}`)"
        )
    print(f"next: {gate.prompt_text()}")


def _start(
    game: str,
    players: str,
    variant: str,
    option: list[str] | None,
    seed: int | None,
    log: Path | None,
) -> tuple[Path, Session]:
    """Start a new game: its log (default GAME-DATE-TIME.jsonl here, numbered if taken; beside
    the game's folder when here is inside it, since outputs stay out of a game) and the
    referee's opening moves."""
    import time

    from pnpkit.components import load_game
    from pnpkit.outputs import output_file
    from pnpkit.referee.log.store import make_setup, new_game, new_numbered_game

    loaded = load_game(game)
    names = [p.strip() for p in players.split(",")]
    setup = make_setup(loaded, names, variant, _options(option), seed)
    if log is None:
        game_dir = loaded.directory.resolve()
        here = game_dir.parent if Path.cwd().resolve().is_relative_to(game_dir) else Path()
        name = f"{loaded.id}-{time.strftime('%Y%m%d-%H%M%S')}"
        return new_numbered_game(output_file(here / name, games=[loaded.directory]), setup)
    return log, new_game(output_file(log, games=[loaded.directory]), setup)


@app.command()
def move(
    log: LogArgument,
    text: Annotated[
        str | None, typer.Argument(metavar="MOVE", help='The move, e.g. "play AL-17 e4".')
    ] = None,
    player: PlayerOption = None,
    as_json: JsonOption = False,
    photo: Annotated[
        Path | None,
        typer.Option("--photo", help="Enter the one legal move the pieces in a photo match."),
    ] = None,
) -> None:
    """Enter a move: exit 0 if accepted, 1 if refused (the reason on stderr)."""
    from pnpkit.referee.log.move_command import enter_move

    if (text is None) == (photo is None):
        raise PnpError("give the move, or --photo PHOTO to read it from a photo (not both)")
    if photo is not None:
        text = _move_from_photo(log, photo, player)
    assert text is not None
    code = enter_move(log, text, as_json, player)
    if code:
        raise typer.Exit(code)


def _move_from_photo(log: Path, photo: Path, player: str | None) -> str:
    """The one move `player` (or the shared screen) may enter now that the pieces in `photo`
    match, as the secrecy gate lists them; PnpError listing them if not one."""
    from pnpkit.referee.photo.move import the_move

    session, pending = _read(log)
    gate, _ = _gated(session, player, pending)
    return the_move(gate, photo)


@app.command()
def legal(log: LogArgument, player: PlayerOption = None, as_json: JsonOption = False) -> None:
    """What may be entered now, in the move syntax (the moves of the players this screen may
    act for)."""
    from pnpkit.referee.engine.rules import Choices
    from pnpkit.referee.views.report import choices_text, owed_lines, print_json

    session, pending = _read(log)
    gate, owed = _gated(session, player, pending)
    also, choices, moves = gate.also(), gate.choices(), gate.legal()
    if as_json:
        print_json(
            {"prompt": gate.prompt(), "moves": moves, "also": also}
            | ({"choices": choices} if choices else {})
            | _pending(owed)
        )
        return
    for line in owed_lines(owed, completed=False):
        print(line)
    print(gate.prompt_text())
    if choices and choices["options"]:
        lines = choices_text(Choices(choices["form"], choices["options"]))
    else:
        lines = moves
    for line in [*lines, *(f"(also: {form})" for form in also)]:
        print(f"  {line}")


@app.command()
def show(
    log: LogArgument,
    svg: Annotated[
        Path | None, typer.Option("--svg", help="Also draw the table into FILE.")
    ] = None,
    player: PlayerOption = None,
    as_json: JsonOption = False,
) -> None:
    """The table now, in the terminal (and as a picture with --svg), as the shared screen or
    --player may see it."""
    from pnpkit.referee.views.report import owed_lines, print_json

    session, pending = _read(log)
    gate, owed = _gated(session, player, pending)
    text = gate.text()
    if svg is not None:
        from pnpkit.atomic import write_text
        from pnpkit.outputs import output_file
        from pnpkit.referee.views.faces import faces_of

        output_file(svg, reads=[log], games=[session.setup.game.directory])
        face = faces_of(session.setup.game)
        picture = session.rules.svg(session.setup, session.state, face)
        try:
            write_text(svg, picture)
        except OSError as exc:
            raise PnpError(f"--svg {svg}: cannot write ({exc.strerror or exc})") from None
    if as_json:
        logged = len(session.events) - len(pending)
        print_json(gate.table() | {"text": text, "events": logged} | _pending(owed))
        return
    from pnpkit.referee.views.terminal import print_table

    for line in owed_lines(owed, completed=False):
        print(line)
    if text is None:
        print(
            "the table holds secrets: this is the shared screen; each player sees the table "
            f"with `referee show {log} --player NAME` (or on their page of `referee serve`)"
        )
    else:
        print_table(session.setup, text)
    print(f"next: {gate.prompt_text()}")
    if svg is not None:
        print(f"picture: {svg}")


TableOption = Annotated[
    bool,
    typer.Option("--table", help="The whole table agrees: any player's move, not only one's own."),
]


@app.command()
def undo(
    log: LogArgument,
    player: PlayerOption = None,
    table: TableOption = False,
    as_json: JsonOption = False,
) -> None:
    """Take back the last decision entered (an undo event is appended): in a digital game, a
    player's own with --player, anyone's with --table."""

    def undone(gate: Any, session: Any) -> tuple[str, dict[str, Any]]:
        event = gate.undo(table=table)
        taken = event["undo"] - 1
        return gate.entry(session.events[taken], kept_of(session)[taken]), {"event": event}

    _take_back(log, player, as_json, "undone", undone)


@app.command()
def redo(
    log: LogArgument,
    player: PlayerOption = None,
    table: TableOption = False,
    as_json: JsonOption = False,
) -> None:
    """Enter again the move the last undo took back, if nothing was chosen since: in a digital
    game, a player's own with --player, anyone's with --table."""

    def redone(gate: Any, session: Any) -> tuple[str, dict[str, Any]]:
        events = gate.redo(table=table)
        start = len(session.events) - len(events)
        return gate.entry(events[0], kept_of(session)[start]), {"events": len(events)}

    _take_back(log, player, as_json, "redone", redone)


def kept_of(session: Any) -> list[Any]:
    """What each event of the session keeps secret, for its entry in the log."""
    from pnpkit.referee.views.gate import event_secrecy

    return event_secrecy(session.setup, session.events)


def _take_back(
    log: Path, player: str | None, as_json: bool, done: str, act: Callable[..., tuple[str, dict]]
) -> None:
    """Undo or redo through the viewer's gate: `act(gate, session)` gives the entry taken
    back or entered again and its JSON facts; a refusal is exit 1."""
    from pnpkit.referee.engine.verdict import MoveRefused
    from pnpkit.referee.log.store import writing_session
    from pnpkit.referee.views.report import owed_lines, print_json, verdict_json

    with writing_session(log) as (session, warnings, completed):
        _warn(warnings)
        gate, owed = _gated(session, player, completed)
        if not as_json:
            for line in owed_lines(owed, completed=True):
                print(line)
        try:
            entry, facts = act(gate, session)
        except MoveRefused as exc:
            if as_json:
                print_json(verdict_json(exc.verdict) | ({"completed": owed} if owed else {}))
            print(f"refused: {exc}", file=sys.stderr)
            raise typer.Exit(1) from None
    if as_json:
        print_json(
            {done: entry}
            | facts
            | {"prompt": gate.prompt()}
            | ({"completed": owed} if owed else {})
        )
        return
    print(f"{done}: {entry}")
    print(f"next: {gate.prompt_text()}")


@app.command()
def replay(log: LogArgument, player: PlayerOption = None, as_json: JsonOption = False) -> None:
    """Re-check a whole log, event by event; exit 2 at the first event the rules refuse, exit 3
    when the rules' apply changes its input or gives another state for the same move. The
    events are printed as the shared screen (or --player) may read them."""
    from pnpkit.referee.views.report import event_line, owed_lines, print_json

    session, pending = _read(log, audit=True)
    gate, shown = _gated(session, player, session.events)
    logged, owed = shown[: len(shown) - len(pending)], shown[len(shown) - len(pending) :]
    if as_json:
        print_json({"ok": True, "events": logged, "prompt": gate.prompt()} | _pending(owed))
        return
    for event in logged:
        print(event_line(event))
    print(f"{counted(len(logged), 'event')} re-checked: the log is sound")
    for line in owed_lines(owed, completed=False):
        print(line)
    print(f"next: {gate.prompt_text()}")


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
    player: PlayerOption = None,
    as_json: JsonOption = False,
    photos: Annotated[
        list[Path] | None,
        typer.Option("--photo", help="Score the finished position in photos (repeatable)."),
    ] = None,
    save: Annotated[
        Path | None, typer.Option("--save", help="With --photo: write the position file read.")
    ] = None,
) -> None:
    """Scores by category, the winner and the tie-break used (before the end of a digital game,
    what rests on a secret only for the player it belongs to)."""
    from pnpkit.referee.engine.rules import ScoreSheet
    from pnpkit.referee.views.report import owed_lines, print_json, score_text

    read: dict[str, str] = {}
    if photos and position is not None:
        raise PnpError("give --photo or --position, not both")
    if save is not None and not photos:
        raise PnpError("--save writes the position read from --photo: give --photo too")
    if photos:
        from pnpkit.components import load_game
        from pnpkit.referee.engine.rules import load_rules
        from pnpkit.referee.photo.position import position_from_photos

        game = load_game(target)
        text = position_from_photos(game, photos, save)
        read = {"position": text}
        if not as_json:
            print(text)
        sheet, over = load_rules(game).score_position(game, text, "the photos' position"), True
    elif position is not None:
        from pnpkit.components import load_game
        from pnpkit.referee.engine.rules import load_rules

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
        gate, owed = _gated(session, player, pending)
        data = gate.score()
        if as_json:
            print_json(data | _pending(owed))
            return
        categories = session.rules.score(session.setup, session.state).categories
        print(score_text(ScoreSheet.from_json(data, categories), data["final"]))
        for line in owed_lines(owed, completed=False):
            print(line)
        return
    if as_json:
        print_json(sheet.to_json(over) | read)
        return
    print(score_text(sheet, over))


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
    from pnpkit.referee.engine.rules import load_rules
    from pnpkit.referee.views.report import print_json

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
    from pnpkit.referee.engine.registry import GROUP, load, sources
    from pnpkit.referee.views.report import print_json

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
def lint(
    game: GameArgument,
    games: Annotated[
        int, typer.Option("--games", min=1, help="Random digital games per player count.")
    ] = 2,
) -> None:
    """Check that a game's rules keep the contract (exit 3 with the problems found)."""
    from pnpkit.referee.checks.lint import lint as problems_of

    problems = problems_of(game, games)
    for problem in problems:
        print(f"problem: {problem}", file=sys.stderr)
    if problems:
        print(f"{game}: {counted(len(problems), 'contract problem')}", file=sys.stderr)
        raise typer.Exit(3)
    print(
        f"{game}: the rules keep the contract in {games} random digital games and one at the "
        "table per player count"
    )


@app.command()
def explain(
    rule: Annotated[str, typer.Argument(help="A rule ID from a refusal, e.g. AL-11.")],
    as_json: JsonOption = False,
) -> None:
    """Print a rule's statement from the rules index its rules ship (works offline)."""
    from pnpkit.referee.engine.registry import load, sources
    from pnpkit.referee.engine.rules_index import RULE_ID, index_text, statements
    from pnpkit.referee.views.report import print_json

    wanted = rule.strip().upper()
    if not RULE_ID.fullmatch(wanted):
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
    players: NewPlayersOption = "",
    variant: VariantOption = "",
    option: GameOptions = None,
    seed: NewSeedOption = None,
    log: NewLogOption = None,
) -> None:
    """An interactive prompt for the table: whose turn, what is expected, Tab completion.

    Exit 1 when standard input is not a terminal (a script) and a move was refused."""
    from pnpkit.referee.cli.play_prompt import play as run
    from pnpkit.referee.log.store import writing_session
    from pnpkit.referee.views.report import owed_lines

    if not _is_file(target):
        if Path(target).suffix == ".jsonl":
            raise PnpError(f"{target}: no such log; start a game with `referee play GAME`")
        from pnpkit.components import resolve_game

        resolve_game(target)  # an unknown game is refused before the players are asked
        if not players:
            try:
                players = input("players (A,B,…): ")
            except (EOFError, KeyboardInterrupt):
                print()
                raise PnpError("no players given: name them with --players A,B") from None
        log, _ = _start(target, players, variant, option, seed, log)
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
def serve(
    target: Annotated[str, typer.Argument(help="A log to serve, or a game to start.")],
    host: Annotated[
        str, typer.Option("--host", help="Listen here; 0.0.0.0 for phones (adds a token).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="0: any free port.")] = 8765,
    players: NewPlayersOption = "",
    variant: VariantOption = "",
    option: GameOptions = None,
    seed: NewSeedOption = None,
    log: NewLogOption = None,
) -> None:
    """A live web page for the table (and each player's own page in digital mode)."""
    import contextlib

    from pnpkit.referee.web.launch import serve as run

    path = Path(target)
    if not _is_file(target):
        if path.suffix == ".jsonl":
            raise PnpError(f"{target}: no such log; start a game with `referee serve GAME`")
        if not players:
            raise PnpError("a new game needs its players: --players A,B")
        path, session = _start(target, players, variant, option, seed, log)
        _print_opening(session, path)
    with contextlib.suppress(KeyboardInterrupt):  # uvicorn stops, then passes Ctrl+C on
        run(path, host, port)


@app.command()
def simulate(
    game: GameArgument,
    games: Annotated[int, typer.Option("--games", min=1, help="How many games.")] = 100,
    seed: Annotated[
        int, typer.Option("--seed", parser=_seed, metavar="N", help="The master seed.")
    ] = 0,
    players: Annotated[
        str,
        typer.Option(
            "--players",
            help="A player count (every seat random; default: the fewest), or one player per "
            "seat separated by commas: random, greedy, mcts or mcts:N (N rollouts per decision, "
            "100 by default), e.g. mcts:100,random.",
        ),
    ] = "0",
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", min=0, help="Worker processes (default 0: all cores).")
    ] = 0,
    executor: Annotated[
        tuple[str, str] | None,
        typer.Option(
            "--executor",
            metavar="dask ADDRESS",
            help="Play the games on an existing Dask cluster: --executor dask tcp://HOST:8786 "
            "(needs pnpkit[cluster]).",
        ),
    ] = None,
    report: Annotated[
        Path | None, typer.Option("--report", help="Write an HTML report with plots here.")
    ] = None,
    variant: VariantOption = "",
    option: GameOptions = None,
    as_json: JsonOption = False,
) -> None:
    """Simulated games in digital mode: wins by seat, scores, length and the game's own figures."""
    from pnpkit.components import load_game
    from pnpkit.referee.simulation.bots import parse_players
    from pnpkit.referee.simulation.simulate import (
        Plan,
        default_jobs,
        plan_setup,
        run_games,
        summarise,
    )
    from pnpkit.referee.views.report import print_json

    kind, address = executor or ("", "")
    if kind and kind != "dask":
        raise PnpError(f"--executor: unknown executor {kind!r}; the one known is dask")
    loaded = load_game(game)
    if report is not None:  # refused before the games are played, not after
        from pnpkit.outputs import output_file

        output_file(report, games=[loaded.directory])
    count, specs = parse_players(players)
    plan = Plan(
        str(loaded.directory), count or loaded.players_min, specs, variant, _options(option), seed
    )
    setup = plan_setup(plan, 0)
    records = _with_progress(
        lambda tick: run_games(plan, games, jobs or default_jobs(), kind, address, tick), games
    )
    summary = summarise(plan, setup, records)
    if report is not None:
        from pnpkit.atomic import write_text
        from pnpkit.referee.simulation.html_report import report_html

        write_text(report, report_html(summary, records))
    if as_json:
        print_json(summary)
        return
    lineup = f" ({', '.join(summary['players_by_seat'].values())})" if specs else ""
    print(
        f"{loaded.name}: {games}{'' if specs else ' random'} game{'s' * (games != 1)}, "
        f"{plan.seats} player{'s' * (plan.seats != 1)}{lineup}, "
        f"variant {summary['variant']}, seed {seed}"
    )
    for seat, wins in summary["wins_by_seat"].items():
        rate = summary["win_rate_by_seat"][seat]
        print(
            f"  {seat}: {wins} wins ({100 * wins / games:.1f}%, 95% CI "
            f"{100 * rate['low']:.1f}–{100 * rate['high']:.1f}%)"
        )
    for key in ("scores", "winning_scores", "moves"):
        spread = summary[key]
        print(f"  {key.replace('_', ' ')}: " + ", ".join(f"{k} {v}" for k, v in spread.items()))
    for key, value in summary["stats"].items():
        print(f"  {key}: {value}")
    if report is not None:
        print(f"report: {report}")


def _with_progress(work: Any, total: int) -> Any:
    """Run `work(tick)` with a progress bar on stderr when it is a terminal."""
    from rich.console import Console

    console = Console(stderr=True)
    if not console.is_terminal:
        return work(None)
    from rich.progress import Progress

    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("playing", total=total)
        return work(lambda done: progress.advance(task, done))


def main() -> None:
    """Entry point of the `referee` command."""
    from pnpkit.boundary import run_command

    run_command(app)
