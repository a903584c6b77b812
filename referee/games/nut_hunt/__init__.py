"""Nut Hunt's rules as a package, one module per part of the rulebook (see rules.py)."""

from pnpkit.referee.games.nut_hunt.rules import RULES, NutHuntRules

__all__ = ["RULES", "NutHuntRules"]
