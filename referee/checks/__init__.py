"""Checking a game's rules: `referee lint` and the random play-through harness."""
