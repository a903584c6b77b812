"""Año Nuevo's rules as a package: `RULES` is what the `pnpkit.rules` entry point names."""

from pnpkit.referee.games.ano_nuevo.rules import RULES, AnoNuevoRules

__all__ = ["RULES", "AnoNuevoRules"]
