"""Moves and positions read from photos of the table (`pnp scan`'s pieces)."""
