"""hearts serve: online tables (a face of the game)."""
