"""`referee serve`: a live web page for the table, over the game's log."""
