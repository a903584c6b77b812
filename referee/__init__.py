"""The referee: checks a real game's moves against its rules module, keeps the log, scores."""
