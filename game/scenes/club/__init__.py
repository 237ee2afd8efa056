"""Play online: a club's lobby, your tables there, its ratings, and a new table."""
