"""Text as the screens draw it: never under 11 px, whatever the window, and paths broken
where they may be."""

from __future__ import annotations

import pygame

from game.ui.painting import SMALLEST_TEXT_PX, Ui
from game.ui.text import path_lines
from game.ui.theme import Fonts


def small_window_ui() -> Ui:
    pygame.font.init()
    return Ui(Fonts(), 0.625)  # 800x600


def test_text_is_never_drawn_under_the_smallest_size() -> None:
    """The interface scales lengths and words alike, but words never go under
    `SMALLEST_TEXT_PX` pixels: at 800x600 (0.625) a 14 px label is 11 px, not 9."""
    ui = small_window_ui()
    assert SMALLEST_TEXT_PX == 11
    assert ui.font(14).point_size == 11 and ui.font(12, "bold").point_size == 11
    assert ui.font(30).point_size == 19  # larger words scale as before
    assert ui.text("Hand 1 of 3", 13).get_height() == ui.fonts.get(11).get_height()


def test_a_long_path_is_broken_after_its_separators() -> None:
    """The About screen's folders: a path too long for its line goes on over the next,
    broken after a separator, never cut."""
    ui = small_window_ui()
    path = "/home/ann/.local/share/contack-games-on-the-family-computer/records"
    lines = path_lines(ui, path, 14, 260)
    assert "".join(lines) == path and len(lines) > 1
    assert all(line.endswith("/") for line in lines[:-1])
    assert all(ui.font(14).size(line)[0] <= 260 for line in lines)
    assert path_lines(ui, "C:\\Users\\Ann\\AppData", 14, 60)[0] == "C:\\Users\\"
