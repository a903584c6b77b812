"""Arctic (Cédric Lefebvre, Ludonaute): its rules, one module per part of the rulebook; the
entry point `pnpkit.referee.games.arctic:RULES` names the rules object."""

from pnpkit.referee.games.arctic.rules import RULES, ArcticRules

__all__ = ["RULES", "ArcticRules"]
