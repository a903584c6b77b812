"""Every face of a game built without printing it, so that `pnp validate` finds what would stop
the render: broken markup, an unknown font family, a style or a glyph a font lacks. Artwork
problems are left to artcheck."""

from __future__ import annotations

from pnpkit.components.model import Component, Game, thaw
from pnpkit.errors import DefinitionError, PnpError, Problem
from pnpkit.generator.builds import build_named
from pnpkit.generator.compose import ArtProblem, FaceError
from pnpkit.generator.faces import GroupFaces
from pnpkit.generator.imposition import PAPERS
from pnpkit.generator.sheetlayouts import place, sheet_layouts


def face_problems(game: Game) -> list[Problem]:
    """What keeps any face of `game` from being drawn, each named by component and side."""
    problems: list[Problem] = []
    drawn: dict[str, GroupFaces] = {}
    for group in game.groups:
        faces = GroupFaces(game, group)
        try:
            for component in group.components:
                problems += _component_problems(faces, component)
            drawn[group.id] = faces
        except DefinitionError as exc:  # the group's template: the same for every component
            problems += exc.problems
    if not problems:
        problems += _sheet_problems(game, drawn) + _build_problems(game)
    return problems


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


def _component_problems(faces: GroupFaces, component: Component) -> list[Problem]:
    file, _, place = component.source.rpartition(":")
    problems = []
    for side, draw in (("front", faces.front), ("back", faces.back)):
        try:
            draw(component)
        except FaceError as exc:
            label = f"{component.id} {side}"
            problems += [Problem(file, place, f"{label}: {m}") for m in exc.messages]
        except ArtProblem:
            continue  # a face's artwork: artcheck reports it, once every text can be set
        except DefinitionError:
            raise
        except PnpError as exc:  # anything else that keeps the face from being drawn
            problems.append(Problem(file, place, f"{side}: {exc}"))
    return problems
