"""The theme (game/ui/theme.py): its fonts."""

from __future__ import annotations

from pathlib import Path

import pygame

# --- issue 16: malformed input refused in one line, damaged files set aside ------------


def test_a_damaged_font_file_falls_back_to_a_plain_font(tmp_path: Path) -> None:
    from game.ui.theme import Fonts

    folder = tmp_path / "fonts"
    folder.mkdir()
    for name in Fonts.FILES.values():
        (folder / name).write_bytes(b"not a font at all" * 10)
    pygame.font.init()
    fonts = Fonts(folder)
    for style in Fonts.FILES:
        assert fonts.get(18, style).render("Ann", True, (255, 255, 255)).get_width() > 0
    assert fonts.broken == set(Fonts.FILES.values())
