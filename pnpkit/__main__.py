"""`python -m pnpkit` runs the `pnp` command."""

from pnpkit.cli import main

main()
