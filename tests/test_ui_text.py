"""Text as the screens draw it: never under 11 px, whatever the window, paths broken
where they may be, and words too many for their lines cut where it shows."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui import painting
from game.ui.painting import SMALLEST_TEXT_PX, Ui
from game.ui.text import fit_text, fitted_lines, path_lines, text_width, words_that_fit
from game.ui.theme import FONTS_DIR, Fonts


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


def test_words_too_many_for_their_lines_end_in_an_ellipsis_within_them() -> None:
    """A label that even the smallest size does not fit on its lines keeps to them, the
    last cut with an ellipsis: it was wrapped onto as many lines as it took, past its
    box, where what is drawn next covers them and no ellipsis tells of the loss."""
    ui = small_window_ui()
    label = "Play this deal again with the same seats and the same options"
    for most, height in ((2, None), (3, 2 * ui.font(12).get_height())):
        lines, size = fitted_lines(ui, label, 22, 110, most, height=height)
        assert len(lines) == 2 and size == 12
        assert lines[-1].endswith("…") and " ".join(lines).startswith("Play this deal")
        assert all(ui.font(size).size(line)[0] <= 110 for line in lines)
    assert fitted_lines(ui, "Play again", 22, 110) == (["Play again"], 22)


def test_words_fitted_before_a_text_size_change_are_fitted_anew_after_it(tmp_path: Path) -> None:
    """Settings' text size changes the `Ui` in place: the sizes it found for words at the
    old text size (kept to spare measuring them every frame) must not answer for the
    new one, where the same pixels stand for another design size."""
    pygame.font.init()
    words = ["Computadora · golosa", "Any free seats", "Hand 1 of 3"]
    asks = [(size, room) for size in range(12, 24) for room in range(60, 200, 7)]
    elsewhere = Ui(Fonts(), 0.625, 1.5)  # another window at the new look, asked first
    for size, room in reversed(asks):  # (the larger of two sizes of the same pixels first)
        elsewhere.common_size(words, size, room)
        elsewhere.fitted(words[0], size, room, 1)
    changed = Ui(Fonts(), 0.625)
    for size, room in asks:
        changed.common_size(words, size, room)
        changed.fitted(words[0], size, room, 1)
    changed.text_scale = 1.5
    (tmp_path / "fonts").symlink_to(FONTS_DIR)  # the same fonts, measured anew
    fresh = Ui(Fonts(tmp_path / "fonts"), 0.625, 1.5)
    for size, room in asks:
        assert changed.common_size(words, size, room) == fresh.common_size(words, size, room)
        assert changed.fitted(words[0], size, room, 1) == fresh.fitted(words[0], size, room, 1)


def test_every_window_renders_and_measures_words_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each window has its `Ui` (the tests open thousands): words one has rendered or
    fitted are the other's too, with the same fonts, and their own with other fonts."""
    pygame.font.init()
    first, second = Ui(Fonts(), 0.625), Ui(Fonts(), 0.625)
    rendered = first.text("Any free seats", 17)
    assert second.text("Any free seats", 17) is rendered
    assert Ui(Fonts(tmp_path), 0.625).text("Any free seats", 17) is not rendered
    fitted = first.fitted("Play this deal again with the same seats", 22, 150)
    monkeypatch.setattr(painting, "fitted_lines", None)  # measuring again would fail
    assert second.fitted("Play this deal again with the same seats", 22, 150) == fitted


def test_lengths_and_text_sizes_are_worked_out_once_a_scale(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A frame asks the `Ui` for the same lengths, text sizes and fonts hundreds of
    times: each is worked out once while the scales stay, and anew when either changes."""
    pygame.font.init()
    ui = Ui(Fonts(), 0.625)
    asked = [ui.px(14), ui.text_px(14, "bold"), ui.text_room(30)]
    font = ui.font(14, "bold")
    assert asked == [9, 11, 19] and font.point_size == 11
    monkeypatch.setattr(painting, "max", None, raising=False)  # working out would fail
    monkeypatch.setattr(ui.fonts, "get", None)
    assert [ui.px(14), ui.text_px(14, "bold"), ui.text_room(30)] == asked
    assert ui.font(14, "bold") is font
    monkeypatch.undo()
    ui.scale = 1.5
    assert [ui.px(14), ui.text_px(14, "bold"), ui.text_room(30)] == [21, 21, 45]
    assert ui.font(14, "bold").point_size == 21
    ui.text_scale = 1.6
    assert [ui.px(14), ui.text_px(14, "bold"), ui.text_room(30)] == [21, 34, 72]
    assert ui.font(14, "bold").point_size == 34
    assert ui.look() == (ui.fonts.folder, 1.5, 1.6)


class CountingFont(pygame.font.Font):
    """A font that counts the words it measures."""

    measured = 0

    def size(self, text: str | bytes) -> tuple[int, int]:
        CountingFont.measured += 1
        return super().size(text)


def test_words_are_measured_once_a_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """The screens measure the same words every frame, and every window again: a width
    is measured once in each font (a row fitting its label, a seat's details)."""
    pygame.font.init()
    ui = small_window_ui()
    font, other = CountingFont(FONTS_DIR / "DejaVuSans.ttf", 15), CountingFont(None, 15)
    monkeypatch.setattr(ui, "font", lambda size, style="regular": font)
    for _frame in range(3):
        assert fit_text(ui, "Any free seats", 15, 500) == "Any free seats"
        assert words_that_fit(ui, ("Any free seats", "Seats"), 15, 500) == "Any free seats"
    assert CountingFont.measured == 1
    assert text_width(font, "Any free seats") == ui.fonts.get(15).size("Any free seats")[0]
    assert text_width(other, "Any free seats") == other.size("Any free seats")[0]  # its own
