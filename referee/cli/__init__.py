"""The `pnp referee` commands, and the `play` prompt."""
