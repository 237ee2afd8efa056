"""Errors of the rules engine; all are `ValueError`s with a message fit to show a player."""

from __future__ import annotations


class RulesError(ValueError):
    """Base of every error the rules raise."""


class IllegalMoveError(RulesError):
    """A move that the rules do not allow in this position."""


class InvalidMoveError(RulesError):
    """A move whose text or record form cannot be read."""
