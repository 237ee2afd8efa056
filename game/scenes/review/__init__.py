"""Looking back at a game: the replay viewer and the table coach."""
