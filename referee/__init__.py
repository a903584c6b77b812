"""The referee: checks a real game's moves against its rules module, keeps the log, scores.

Sub-packages by job: `engine` (the rules contract, moves, verdicts, hidden information, a game in
progress), `log` (the game log on disk), `views` (what each viewer is shown), `simulation` (bots
and simulated games), `checks` (lint and the play-through harness), `photo` (moves and positions
read from photos), `cli`, `web`, and `games` (each bundled game in its own folder). Rules authors
import only `pnpkit.referee.api`.
"""

from pnpkit.referee import legacy_names

legacy_names.install()
