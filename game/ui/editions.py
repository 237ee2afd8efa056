"""Editions: the game's own modern one (the fresh settings), the 1939 and 1962 English
boxes and the Spanish one, each a theme, a language and the options a new table game
starts with, chosen together in one go.

Each part can still be changed on its own afterwards (the settings keep the edition
chosen last; the edition choice shows "Your own mix" once the parts no longer match)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Final

from game.i18n import N_
from game.persist.settings import Settings, TableSetup
from game.rules.table_rules import TableRules


@dataclass(frozen=True)
class Edition:
    """One box of the game: its tile colours, its language, its table options."""

    key: str
    label: str
    """The edition's name, an English message for the catalogue."""
    theme: str
    language: str
    """The language it sets; "" for the modern one, which speaks the player's."""
    table_options: dict[str, Any]
    """The rules (docs/record.md "Rules") a new table game of this edition starts from."""
    club_first: bool = False
    """Club Contack offered before standard scoring (the Spanish book describes it)."""

    def speaks(self, language: str) -> bool:
        """Whether the settings' `language` ("" follows the system) is this edition's."""
        return not self.language or (language or self.language) == self.language


EDITIONS: Final = {
    "": Edition(
        "",
        N_("Modern Contack"),
        "modern",
        "",
        {"variant": "standard", "free_draw": False, "club_rules": "standard", "chips": 40},
    ),
    "1939": Edition(
        "1939",
        N_("1939 English"),
        "1939",
        "en",
        {"variant": "standard", "free_draw": True, "club_rules": "standard", "chips": 40},
    ),
    "1962": Edition(
        "1962",
        N_("1962 English"),
        "1962",
        "en",
        {"variant": "standard", "free_draw": False, "club_rules": "standard", "chips": 40},
    ),
    "spanish": Edition(
        "spanish",
        N_("Spanish"),
        "1939",
        "es",
        {"variant": "club", "free_draw": False, "club_rules": "spanish", "chips": 200},
        club_first=True,
    ),
}
"""Every edition, in the order the choice offers them: first the game's own, which fresh
settings are ("": none chosen). The 1939 box came with the leaflet that allows the free
draw; the Spanish one alone has Club Contack, by its own rules."""
MIX: Final = "mix"
"""The edition choice's key once theme or language were chosen apart (never stored)."""
MIX_LABEL: Final = N_("Your own mix")


def edition_options() -> list[tuple[str, str]]:
    """The edition choice's (key, label) options, the mix last."""
    return [(key, edition.label) for key, edition in EDITIONS.items()] + [(MIX, MIX_LABEL)]


def current_edition(settings: Settings) -> str:
    """The edition the settings are set to, or `MIX` once its parts were changed."""
    edition = EDITIONS.get(settings.edition)
    if edition is None or settings.theme != edition.theme or not edition.speaks(settings.language):
        return MIX
    return edition.key


def apply_edition(settings: Settings, key: str) -> None:
    """Set the theme, the language and the new-game options of edition `key` (`MIX`
    changes nothing)."""
    edition = EDITIONS.get(key)
    if edition is None:
        return
    settings.edition = key
    settings.theme = edition.theme
    settings.language = edition.language or settings.language
    last = settings.last_setup or TableSetup()
    rules = TableRules.from_dict({**last.rules.to_dict(), **edition.table_options})
    settings.last_setup = dataclasses.replace(last, rules=rules)


def club_first(settings: Settings) -> bool:
    """Whether the setup offers Club Contack before standard scoring."""
    edition = EDITIONS.get(settings.edition)
    return edition is not None and edition.club_first
