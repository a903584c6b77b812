"""The rules kit: building blocks for a game's table, its turns and steps, and moves declared once.

Rules authors import it through `pnpkit.referee.api` only (docs/engine.md builds a game with it).
"""
