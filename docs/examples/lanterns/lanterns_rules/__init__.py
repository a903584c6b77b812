"""Lantern Walk's rules for the pnpkit referee: a worked example of a designer's own rules package.

Installed with pip, this package provides the rules named "lanterns" through the `pnpkit.rules`
entry point of its pyproject.toml; the game's game.json names them with `"rules": "lanterns"`.
"""

from lanterns_rules.rules import RULES

__all__ = ["RULES"]
