"""Alpina (rules index: rules-index.md): the rules as a package, one module per part of the
rulebook; `RULES` is what the `pnpkit.rules` entry point names."""

from pnpkit.referee.games.alpina.rules import RULES, AlpinaRules
from pnpkit.referee.games.alpina.state import Alpina

__all__ = ["RULES", "Alpina", "AlpinaRules"]
