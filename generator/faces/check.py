"""`pnp validate`'s check of every face, built without printing it: what would stop the render
(broken markup, an unknown font family, a style or a glyph a font lacks, artwork that is missing
or not an image) and what the render would warn about (text that overflows its box even at its
smallest size, a bitmap printed below 200 dpi, an unknown icon).

Each face's outcome is cached (pnpkit.components.cache, kind "faces") under a key made of all it
depends on: the generator's code and bundled files, game.json, the game's files other than its
component lists (templates, art, fonts), the group, the side, the layout templates and the
component's own values. Editing one card rebuilds that card's faces only. Custom sheet
layouts and builds are checked (uncached) once every face can be drawn.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from pnpkit.components import cache as store
from pnpkit.components.model import Component, Game, Group, thaw
from pnpkit.errors import DefinitionError, PnpError, Problem
from pnpkit.generator.faces.builds import build_named
from pnpkit.generator.faces.compose import ArtProblem, FaceError
from pnpkit.generator.faces.groups import GroupFaces
from pnpkit.generator.sheets.imposition import PAPERS
from pnpkit.generator.sheets.layouts import place, sheet_layouts
from pnpkit.layouts import TEMPLATES_DIR, load_template

FORMAT = 1
KIND = "faces"
GENERATOR_DIR = Path(__file__).parents[1]


@dataclass
class FaceReport:
    """What the check found. `problems` stop the render before any artwork is looked at (as
    the render stops); `art_errors` are artwork that cannot be drawn; warnings are the render's."""

    problems: list[Problem] = field(default_factory=list)
    art_errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


@cache
def _code_digest() -> bytes:
    """pnpkit's loading code, and the generator's and the layouts' code and bundled files."""
    h = hashlib.sha256(store.code_digest() + f"faces{FORMAT}".encode())
    for root in (GENERATOR_DIR, TEMPLATES_DIR.parent):
        for relative, digest in store._files(root):
            h.update(f"{root.name}/{relative}".encode() + b"\0" + digest)
    return h.digest()


def _game_digest(game: Game) -> bytes:
    """game.json as loaded and every file of the game but its component lists (whose rows
    reach a face only as that component's values)."""
    lists = {Path(c.source.rpartition(":")[0]).resolve() for c in game.components()}
    root = game.directory
    h = hashlib.sha256(_code_digest())
    h.update(_json(thaw(game.manifest)))
    for relative, digest in store._files(root):
        if (root / relative).resolve() not in lists:
            h.update(relative.encode() + b"\0" + digest)
    return h.digest()


def _json(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str).encode("utf-8")


def check_faces(game: Game) -> FaceReport:
    """Every face of `game` checked (from the cache where its inputs are unchanged)."""
    report = FaceReport()
    game_digest = _game_digest(game)
    drawn: dict[str, GroupFaces] = {}
    for group in game.groups:
        faces = GroupFaces(game, group)
        try:
            templates = _templates(faces, group)
        except DefinitionError as exc:  # the group's template: the same for every component
            report.problems += exc.problems
            continue
        drawn[group.id] = faces
        group_digest = hashlib.sha256(game_digest + _json([group.id, templates])).digest()
        for component in group.components:
            context = _json(faces.context(component))
            for side in faces.sides():
                key = hashlib.sha256(group_digest + side.encode() + b"\0" + context).hexdigest()
                outcome = store.read_record(KIND, key)
                if not isinstance(outcome, dict):
                    outcome = _outcome(faces, component, side)
                    store.write_record(KIND, key, outcome)
                _report(report, game, group, component, side, outcome)
    if not report.problems and not report.art_errors:
        report.problems += _sheet_problems(game, drawn) + _build_problems(game)
    report.warnings = list(dict.fromkeys(report.warnings))
    return report


def _build_problems(game: Game) -> list[Problem]:
    """A template that a build swaps in and that cannot be loaded."""
    problems: list[Problem] = []
    for name in thaw(game.manifest.get("builds", {})):
        build = build_named(game, name)
        for group_id, sides in build.layouts.items():
            faces = GroupFaces(game, game.group(group_id), build=build)
            for side in sides:
                try:
                    faces.builder(side)
                except DefinitionError as exc:
                    problems += exc.problems
    return problems


def _sheet_problems(game: Game, drawn: dict[str, GroupFaces]) -> list[Problem]:
    """Pieces that a custom sheet layout cannot place (on its paper, A4 by default)."""
    problems: list[Problem] = []
    for layout in sheet_layouts(game):
        fronts = [
            drawn[name].front(component)
            for name in layout.groups
            for component in game.group(name).components
            for _ in range(component.count)
        ]
        try:
            place(layout, fronts, PAPERS[layout.spec.get("paper", "a4")])
        except DefinitionError as exc:
            problems += exc.problems
    return problems


def _templates(faces: GroupFaces, group: Group) -> list[Any]:
    """The templates the group's faces are drawn from, as loaded (DefinitionError if not)."""
    sides = faces.sides() if group.kind != "standees" else ("front", "back")
    return [load_template(faces.template_name(side), faces.game.directory) for side in sides]


def _outcome(faces: GroupFaces, component: Component, side: str) -> dict[str, Any]:
    """Build one face: the FaceError messages, the artwork problem or other error that stops
    it, and the warnings its drawing gave."""
    warned, art_warned = len(faces.warnings), len(faces.art_warnings)
    outcome: dict[str, Any] = {"problems": [], "art": None, "error": None}
    try:
        faces.front(component) if side == "front" else faces.back(component)
    except FaceError as exc:
        outcome["problems"] = exc.messages
    except ArtProblem as problem:
        outcome["art"] = [problem.source, problem.detail]
    except DefinitionError:
        raise
    except PnpError as exc:
        outcome["error"] = str(exc)
    outcome["warnings"] = faces.art_warnings[art_warned:] + faces.warnings[warned:]
    return outcome


def _report(
    report: FaceReport, game: Game, group: Group, component: Component, side: str, outcome: dict
) -> None:
    file, _, place = component.source.rpartition(":")
    label = f"{component.id} {side}"
    report.problems += [Problem(file, place, f"{label}: {m}") for m in outcome["problems"]]
    if outcome["art"]:
        where = f"{game.id}: {group.id} {component.id} ({side})"
        source, detail = outcome["art"]
        report.art_errors.append(f"{where}: image ({source}): {detail}")
    elif outcome["error"]:
        report.problems.append(Problem(file, place, f"{side}: {outcome['error']}"))
    report.warnings += outcome["warnings"]
