"""Gentoo's rules, one module per part of the rulebook (see rules.py); `RULES` is what the
`pnpkit.rules` entry point names."""

from pnpkit.referee.games.gentoo.rules import RULES, Gentoo

__all__ = ["RULES", "Gentoo"]
