"""The `pnp` command: games, validate, components, render, and the referee."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from pnpkit.errors import DefinitionError, PnpError

if TYPE_CHECKING:
    from pnpkit.components.model import Game

app = typer.Typer(
    help="pnpkit: print-and-play games from validated definitions, and a referee for the table.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


def _register_subcommands() -> None:
    """Attach the generator's and the referee's commands (each imports its heavy parts lazily)."""
    from pnpkit.generator.cli import register as register_generator
    from pnpkit.referee.cli import app as referee_app

    register_generator(app)
    app.add_typer(referee_app, name="referee", help="Record and check a real game's moves.")


@app.command()
def games(as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """List the bundled games."""
    from pnpkit.components import bundled_game_ids, load_game

    loaded = [load_game(game_id) for game_id in bundled_game_ids()]
    rows = [
        {
            "id": g.id,
            "name": g.name,
            "players": {"min": g.players_min, "max": g.players_max, "solo": g.solo},
            "designer": g.designer,
            "components": sum(1 for _ in g.components()),
            "pieces": sum(c.count for c in g.components()),
        }
        for g in loaded
    ]
    if as_json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    table = Table("id", "name", "players", "designer", "components", "pieces")
    for row in rows:
        players = f"{row['players']['min']}–{row['players']['max']}"
        if row["players"]["solo"]:
            players += " (+solo)"
        cells = (row["id"], row["name"], players, row["designer"])
        table.add_row(*map(escape, cells), str(row["components"]), str(row["pieces"]))
    Console().print(table)


@app.command()
def validate(
    targets: Annotated[
        list[str] | None,
        typer.Argument(help="Game IDs or game directories (default: all bundled)."),
    ] = None,
) -> None:
    """Check game definitions and that every face can be drawn (markup, fonts, glyphs);
    print every problem with its file and place. Exit 2 if any."""
    from pnpkit.components import bundled_game_ids, load_game

    failed = False
    for target in targets or bundled_game_ids():
        try:
            game = load_game(target)
            _check_faces(game)
        except DefinitionError as exc:
            failed = True
            for problem in exc.problems:
                print(problem, file=sys.stderr)
            print(f"{target}: {len(exc.problems)} problem(s)", file=sys.stderr)
            continue
        except PnpError as exc:
            failed = True
            print(f"error: {exc}", file=sys.stderr)
            continue
        pieces = sum(c.count for c in game.components())
        print(f"{target}: valid ({sum(1 for _ in game.components())} components, {pieces} pieces)")
    if failed:
        raise typer.Exit(2)


def _check_faces(game: Game) -> None:
    """DefinitionError listing what keeps any face of `game` from being drawn."""
    from pnpkit.generator.facecheck import face_problems

    problems = face_problems(game)
    if problems:
        raise DefinitionError(problems)


@app.command()
def components(
    game: Annotated[str, typer.Argument(help="A game ID or a game directory.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List every distinct component of a game with its ID, kind, name and copies."""
    from pnpkit.components import load_game

    loaded = load_game(game)
    if as_json:
        print(json.dumps([c.to_json() for c in loaded.components()], indent=2, ensure_ascii=False))
        return
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    table = Table("id", "kind", "group", "name", "count", "fields", title=escape(loaded.name))
    for c in loaded.components():
        summary = ", ".join(f"{k}={_short(v)}" for k, v in c.fields.items())
        cells = (c.id, c.kind, c.group, c.name, str(c.count), summary)
        table.add_row(*map(escape, cells))
    Console().print(table)


@app.command()
def schema() -> None:
    """Print the path of the manifest's JSON Schema, for a game.json's `$schema` key."""
    from pnpkit.components.catalog import SCHEMA_DIR

    print((SCHEMA_DIR / "game.schema.json").resolve())


def _short(value: object) -> str:
    from pnpkit.components.model import thaw

    text = json.dumps(thaw(value), ensure_ascii=False) if not isinstance(value, str) else value
    return text if len(text) <= 40 else text[:37] + "…"


_register_subcommands()


def main() -> None:
    """Entry point: run the CLI; user errors print one clear message and exit non-zero."""
    try:
        app()
    except DefinitionError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        sys.exit(exc.exit_code)
    except PnpError as exc:
        print(f"error: {exc}", file=sys.stderr)
        sys.exit(exc.exit_code)
