"""Arctic's rules: tests (imports through `pnpkit.referee.games.arctic.tests`)."""
