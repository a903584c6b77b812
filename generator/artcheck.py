"""`pnp validate`'s check of a game's artwork: every image element of every face, per component.

A missing, unreadable or non-image file (judged by its content) is an error naming the component,
the field (or src) and the file; a bitmap printed below 200 dpi is a warning with the figure.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnpkit.components.model import Game
from pnpkit.errors import DefinitionError, PnpError
from pnpkit.generator.compose import ArtProblem
from pnpkit.generator.faces import GroupFaces


@dataclass
class ArtReport:
    """What the check found: errors (the game cannot be printed) and warnings."""

    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def check_art(game: Game) -> ArtReport:
    """Draw every face whose template has an image element; report what its files do wrong."""
    report = ArtReport()
    for group in game.groups:
        faces = GroupFaces(game, group)
        try:
            if not faces.draws_images():
                continue
        except DefinitionError as exc:  # a template that cannot be loaded
            report.errors += [str(problem) for problem in exc.problems]
            continue
        for component in group.components:
            for side in faces.sides():
                where = f"{game.id}: {group.id} {component.id} ({side})"
                try:
                    faces.front(component) if side == "front" else faces.back(component)
                except ArtProblem as problem:
                    report.errors.append(f"{where}: image ({problem.source}): {problem.detail}")
                except PnpError as exc:  # anything else that stops the face being drawn
                    report.errors.append(f"{where}: {exc}")
        report.warnings += faces.art_warnings
    return report
