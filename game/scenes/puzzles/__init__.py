"""The puzzles: the puzzle of the day and the trainer, one puzzle on the table's stage."""
