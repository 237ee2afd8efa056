"""Who the player is at the club: the name in the settings (Join a table's too) and the
club's own key, made from the secret the game makes once (kept in the settings file,
never shown)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from game.net.client import ClubIdentity
from game.persist.settings import club_keys

if TYPE_CHECKING:
    from game.scenes.base import Services

NAME_SETTING: Final = "table_name"
"""The settings file's key for the player's name at network tables."""
NAME_LENGTH: Final = 16


def saved_name(services: Services) -> str:
    return str(services.settings.extra.get(NAME_SETTING, "")).strip()


def club_hello(services: Services) -> ClubIdentity:
    """The player's hello at the settings' club: its own key (the secret made and saved
    the first time), and the old key to move from there, if this is the club that knew
    it."""
    settings = services.settings
    made = settings.club_secret
    key, was = club_keys(settings, settings.club_server)
    if settings.club_secret != made:
        services.save_settings()
    return ClubIdentity(saved_name(services), key, was)
