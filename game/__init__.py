"""Contack, the 1939 game of matching triangles. The game's version is said here only
(pyproject.toml reads it; so do `contack --version` and the About screen)."""

__version__ = "0.1.0"
