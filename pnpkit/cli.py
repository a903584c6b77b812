"""The `pnp` command: games, validate, components, render, and the referee."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from pnpkit.cli_options import APP_SETTINGS, VersionOption, complete_game
from pnpkit.errors import DefinitionError, PnpError
from pnpkit.names import shown
from pnpkit.tables import Format, FormatOption, chosen, print_rows
from pnpkit.wording import counted

app = typer.Typer(**APP_SETTINGS)


JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON (as --format json).")]


@app.callback()
def _root(version: VersionOption = False) -> None:
    """pnpkit: print-and-play games from validated definitions, and a referee for the table."""


def _register_subcommands() -> None:
    """Attach the generator's commands and `scan` (each imports its heavy parts lazily)."""
    from pnpkit.generator.cli import register as register_generator
    from pnpkit.scan.cli import register as register_scan

    register_generator(app)
    register_scan(app)


def _app_for(args: list[str]) -> typer.Typer:
    """The app to run `args` with: when they start with a command's name, an app holding that
    command alone, since typer builds the options of every command it holds before running
    one (a sixth of a small render's time); for help, completion and the rest, the whole app
    with the referee's commands too (`pnp referee …` itself goes straight to the referee,
    see pnpkit.entry)."""
    for info in app.registered_commands:
        if args[:1] == [info.name or info.callback.__name__.replace("_", "-")]:
            single = typer.Typer(**APP_SETTINGS)
            single.registered_callback = app.registered_callback
            single.registered_commands = [info]
            return single
    if not app.registered_groups:
        from pnpkit.referee.cli.commands import app as referee_app

        app.add_typer(referee_app, name="referee", help="Record and check a real game's moves.")
    return app


@app.command()
def games(as_json: JsonOption = False, fmt: FormatOption = None) -> None:
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
            "rules": _rules_origin(g.manifest.get("rules")),
        }
        for g in loaded
    ]
    output = chosen(fmt, as_json)
    if output is Format.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    cells = []
    for row in rows:
        players = f"{row['players']['min']}–{row['players']['max']}"
        if row["players"]["solo"]:
            players += " (+solo)"
        cells.append(
            (row["id"], row["name"], players, row["designer"], str(row["components"]),
             str(row["pieces"]), _origin_text(row["rules"]))
        )  # fmt: skip
    columns = ("id", "name", "players", "designer", "components", "pieces", "rules")
    print_rows(output, columns, cells)


def _rules_origin(name: str | None) -> dict[str, str] | None:
    """Where a game's rules come from (the entry point's distribution and module), unloaded."""
    if not name:
        return None
    from pnpkit.referee.engine.registry import source_of

    try:
        source = source_of(name)
    except PnpError as exc:
        return {"name": name, "problem": str(exc)}
    return {
        "name": name,
        "distribution": source.distribution,
        "version": source.version,
        "module": source.module,
    }


def _origin_text(rules: dict[str, str] | None) -> str:
    """`alpina: pnpkit 0.1.0, pnpkit.referee.games.alpina`, or what is wrong."""
    if rules is None:
        return "none"
    if "module" not in rules:
        return f"{rules['name']}: {rules['problem']}"
    return f"{rules['name']}: {rules['distribution']} {rules['version']}, {rules['module']}"


@app.command()
def validate(
    targets: Annotated[
        list[str] | None,
        typer.Argument(
            help="Game IDs or game directories (default: all bundled).",
            autocompletion=complete_game,
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Check game definitions and that every face can be drawn (markup, fonts, glyphs);
    print every problem with its file and place. Exit 2 if any."""
    from pnpkit.components import bundled_game_ids

    results = [_validated(target) for target in targets or bundled_game_ids()]
    if as_json:
        print(json.dumps(results, indent=2, ensure_ascii=False))
    else:
        for result in results:
            for warning in result["warnings"]:
                print(f"warning: {result['target']}: {shown(warning, None)}", file=sys.stderr)
            for problem in result["problems"]:
                print(problem, file=sys.stderr)
            if result["valid"]:
                kinds = counted(result["components"], "component")
                print(f"{result['target']}: valid ({kinds}, {counted(result['pieces'], 'piece')})")
            elif result["problems"] and not result["problems"][0].startswith("error: "):
                print(
                    f"{result['target']}: {counted(len(result['problems']), 'problem')}",
                    file=sys.stderr,
                )
    if not all(result["valid"] for result in results):
        raise typer.Exit(2)


def _validated(target: str) -> dict:
    """What `validate` found for one game: valid or not, its counts, problems and warnings
    (those the render would print too)."""
    from pnpkit.components import load_game
    from pnpkit.generator.faces.check import check_faces

    result: dict = {"target": target, "valid": False, "problems": [], "warnings": []}
    try:
        game = load_game(target)
        report = check_faces(game)
        if report.problems:  # what stops a face being drawn, artwork aside
            raise DefinitionError(report.problems)
    except DefinitionError as exc:
        result["problems"] = [str(problem) for problem in exc.problems]
        return result
    except PnpError as exc:
        result["problems"] = [f"error: {exc}"]
        return result
    result["warnings"], result["problems"] = report.warnings, report.art_errors
    result["valid"] = not report.art_errors
    result["components"] = sum(1 for _ in game.components())
    result["pieces"] = sum(c.count for c in game.components())
    return result


@app.command()
def components(
    game: Annotated[
        str, typer.Argument(help="A game ID or a game directory.", autocompletion=complete_game)
    ],
    as_json: JsonOption = False,
    fmt: FormatOption = None,
) -> None:
    """List every distinct component of a game with its ID, kind, name and copies."""
    from pnpkit.components import load_game

    loaded = load_game(game)
    output = chosen(fmt, as_json)
    if output is Format.json:
        print(json.dumps([c.to_json() for c in loaded.components()], indent=2, ensure_ascii=False))
        return
    cut = 40 if output is Format.table else None
    rows = [
        (c.id, c.kind, c.group, c.name, str(c.count),
         ", ".join(f"{k}={_shown(v, cut)}" for k, v in c.fields.items()))
        for c in loaded.components()
    ]  # fmt: skip
    columns = ("id", "kind", "group", "name", "count", "fields")
    print_rows(output, columns, rows, title=loaded.name if output is Format.table else None)


@app.command()
def new(
    folder: Annotated[Path, typer.Argument(help="The new game's folder (absent or empty).")],
    rules: Annotated[
        bool, typer.Option("--rules", help="Also a rules package, its index and a harness test.")
    ] = False,
) -> None:
    """Start a new game: manifest, CSV deck, card layout (and with --rules, its referee rules)."""
    from pnpkit.scaffold import scaffold

    for path in scaffold(folder, rules):
        print(f"wrote {path}")
    print(f"next: pnp validate {folder} && pnp render {folder} --out output")
    if rules:
        print(f"rules: python -m pip install -e {folder} && pytest {folder / 'tests'}")


@app.command()
def schema() -> None:
    """Print the path of the manifest's JSON Schema, for a game.json's `$schema` key."""
    from pnpkit.components.catalog import SCHEMA_DIR

    print((SCHEMA_DIR / "game.schema.json").resolve())


def _shown(value: object, cut: int | None) -> str:
    """A field's value as text, cut to `cut` characters (for a terminal's table) if given."""
    from pnpkit.components.model import thaw

    text = json.dumps(thaw(value), ensure_ascii=False) if not isinstance(value, str) else value
    return text if cut is None or len(text) <= cut else text[: cut - 3] + "…"


_register_subcommands()


def main() -> None:
    """Entry point: run the CLI; user errors print one clear message and exit non-zero."""
    from pnpkit.boundary import run_command

    run_command(_app_for(sys.argv[1:]))
