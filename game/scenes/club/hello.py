"""Who the player is at the club: the name in the settings (Join a table's too, else the
one typed for their seat at the last table set up) and the club's own key, made from the
secret the game makes once (kept in the settings file, never shown)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from game.i18n import in_every_language
from game.net.client import ClubIdentity
from game.persist.settings import TableSetup, club_keys
from game.ui.words import PERSON_SEAT_NAME

if TYPE_CHECKING:
    from game.scenes.base import Services

NAME_SETTING: Final = "table_name"
"""The settings file's key for the player's name at network tables."""
NAME_LENGTH: Final = 16


def saved_name(services: Services) -> str:
    """The name the player goes by at tables: the one said to a club or at Join a table,
    else the one typed for their seat when they last set up a table ("" when there is
    none: then Play online asks it)."""
    settings = services.settings
    said = str(settings.extra.get(NAME_SETTING, "")).strip()
    return said or typed_name(settings.last_setup)


def typed_name(setup: TableSetup | None) -> str:
    """The name typed for the first person's seat of `setup` ("" when that seat kept its
    default name, "Player 1" in any language, or there is none)."""
    seats = () if setup is None else setup.seats
    people = ((seat, name.strip()) for seat, (name, kind) in enumerate(seats) if kind == "human")
    seat, name = next(people, (0, ""))
    defaults = {words.format(number=seat + 1) for words in in_every_language(PERSON_SEAT_NAME)}
    return "" if name in defaults else name


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
