"""A new table game's setup: seats, levels, rules and their words."""
