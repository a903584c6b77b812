"""Game rules modules, one per game, found by the "rules" key of each game's game.json."""
