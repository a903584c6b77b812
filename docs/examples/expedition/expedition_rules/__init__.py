"""Expedition's rules for the pnpkit referee, written with the rules kit (docs/engine.md)."""

from expedition_rules.rules import RULES

__all__ = ["RULES"]
