"""pnpkit: print-and-play board games from validated definitions, and a referee for the table."""

__version__ = "0.1.0"
