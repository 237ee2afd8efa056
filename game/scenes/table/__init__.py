"""The table game's room: the table screen and its parts, the guided first game, the score."""
