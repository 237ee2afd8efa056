"""The window's title says when a club table waits for the player, and the desktop is
notified as the first one starts to (game/ui/turn_title.py), in the player's language."""

from __future__ import annotations

import pygame

from game.i18n import set_language
from game.ui.turn_title import TurnTitle


def test_the_title_says_your_turn_and_the_desktop_is_told_once_it_starts() -> None:
    told: list[tuple[str, str]] = []
    title = TurnTitle(lambda summary, body: told.append((summary, body)))
    title.tell(2)
    assert pygame.display.get_caption()[0] == "Contack — your turn"
    title.tell(3)  # still the player's turn: no second notification
    assert told == [("Contack — your turn", "Your turn at 2 tables of your club")]
    title.tell(0)
    assert pygame.display.get_caption()[0] == "Contack"
    set_language("es")
    try:
        title.tell(1)
        assert len(told) == 2 and pygame.display.get_caption()[0] != "Contack — your turn"
        assert told[1][1] != "Your turn at 1 table of your club"
    finally:
        set_language("en")
        title.tell(0)
