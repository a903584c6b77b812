"""Arctic's rules: tests (imports through `tests.referee.arctic`)."""
