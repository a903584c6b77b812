"""The game log on disk: writing it safely, starting a game, replaying one, entering a move."""
