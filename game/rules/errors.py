"""Errors of the rules engine; all are `ValueError`s with a message fit to show a player."""

from __future__ import annotations

MESSAGE_LIMIT = 300
"""The most characters of an error's message: a reason may quote what a person typed or
a file held (any length), and an error is one readable line."""


class RulesError(ValueError):
    """Base of every error the rules raise; its message is one line of at most
    `MESSAGE_LIMIT` characters."""

    def __init__(self, message: object = "", *args: object) -> None:
        text = " ".join(str(message).split("\n"))
        if len(text) > MESSAGE_LIMIT:
            text = text[: MESSAGE_LIMIT - 1] + "…"
        super().__init__(text, *args)


class IllegalMoveError(RulesError):
    """A move that the rules do not allow in this position."""


class InvalidMoveError(RulesError):
    """A move whose text or record form cannot be read."""


class RecordError(RulesError):
    """A record that cannot be read or replayed; the message names where and why."""
