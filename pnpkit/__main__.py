"""`python -m pnpkit` runs the `pnp` command."""

from pnpkit.entry import main

main()
