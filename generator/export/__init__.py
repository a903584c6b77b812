"""`pnp export`: PNG faces, print-shop files, Tabletop Simulator objects and showcase
images."""
