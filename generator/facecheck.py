"""Every face of a game built without printing it, so that `pnp validate` finds what would stop
the render: broken markup, an unknown font family, a style or a glyph a font lacks."""

from __future__ import annotations

from pnpkit.components.model import Game
from pnpkit.errors import DefinitionError, Problem
from pnpkit.generator.compose import FaceError
from pnpkit.generator.faces import GroupFaces


def face_problems(game: Game) -> list[Problem]:
    """What keeps any face of `game` from being drawn, each named by component and side."""
    problems: list[Problem] = []
    for group in game.groups:
        faces = GroupFaces(game, group)
        for component in group.components:
            file, _, place = component.source.rpartition(":")
            try:
                faces.front(component)
                faces.back(component)
            except FaceError as exc:
                problems += [Problem(file, place, f"{component.id}: {m}") for m in exc.messages]
            except DefinitionError as exc:  # the group's template: the same for every component
                problems += [p for p in exc.problems if p not in problems]
                break
    return problems
