"""The theme (game/ui/theme.py): its fonts and its felt."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tests.conftest import AppMaker

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


def test_a_font_file_is_read_once_a_process_whatever_the_windows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each window has its `Fonts`; a size of a bundled file is read for the first only
    (the tests open thousands of windows)."""
    from game.ui.theme import FONTS_DIR, Fonts

    folder = tmp_path / "fonts"
    folder.mkdir()
    for name in Fonts.FILES.values():
        (folder / name).write_bytes((FONTS_DIR / name).read_bytes())
    read: list[object] = []
    real = pygame.font.Font

    def counted(*args: object) -> pygame.font.Font:
        read.append(args)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(pygame.font, "Font", counted)
    pygame.font.init()
    first, second = Fonts(folder), Fonts(folder)
    assert second.get(23, "bold") is first.get(23, "bold") and len(read) == 1
    assert second.get(24, "bold") is not first.get(23, "bold") and len(read) == 2


def test_the_felt_is_rendered_once_a_process_for_each_size(make_app: AppMaker) -> None:
    """Every window of a size has the same felt: the second window of 800x600 takes the
    first's (rendering one took 3.6 ms, and the tests open thousands of windows), one
    of another size has its own, and windows only ever copy it or blit it."""
    felt = make_app(size=(800, 600)).felt()
    assert make_app(size=(800, 600)).felt() is felt
    other = make_app(size=(1024, 768)).felt()
    assert other is not felt and other.get_size() == (1024, 768)
