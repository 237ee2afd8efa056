"""Widgets size their words from the longest of their translations: a change of language
never shrinks, wraps or cuts a label, and the layouts make room for them."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.app import App
from game.i18n import in_every_language
from game.scenes.requests import Screen
from game.scenes.setup.scene import SetupScene
from game.scenes.table.scene import TableScene
from game.ui import painting, text
from game.ui.painting import Ui
from game.ui.text import common_size
from game.ui.theme import PALETTE, Colour, Fonts
from game.ui.widgets.controls import BUTTON_SIZE, LABEL, SHADOW, Button, Form, Toggle
from game.ui.widgets.rows import lay_out_row
from tests.conftest import AppMaker
from tools.screenshot import staged
from tools.text_audit import Drawn, audit, watching


def drawn_in(app: App, rect: pygame.Rect) -> list[Drawn]:
    """The texts one frame draws inside `rect`, top to bottom."""
    with watching(app) as frame:
        app.draw(1.0)
    return sorted((d for d in frame.texts if rect.contains(d.rect)), key=lambda d: d.rect.y)


def test_a_button_is_drawn_at_one_size_in_every_language(tmp_path: Path) -> None:
    """The table's Undo button at 800x600: "Deshacer (U)" is longer than "Undo (U)", and
    both are drawn at the size at which the Spanish fits, whole, inside the button."""
    sizes, problems = {}, []
    for code, label in (("en", "Undo (U)"), ("es", "Deshacer (U)")):
        app = staged("table-2", (800, 600), str(tmp_path / code), language=code)
        scene = app.scene
        assert isinstance(scene, TableScene)
        drawn = drawn_in(app, scene.buttons["undo"].rect)
        assert " ".join(d.text for d in drawn) == label
        sizes[code] = {d.px for d in drawn}
        problems += audit(app)
        app.close()
    assert sizes["en"] == sizes["es"] and len(sizes["en"]) == 1
    assert problems == []


def test_a_choice_shows_its_value_at_one_size_in_every_language(make_app: AppMaker) -> None:
    """A seat's choice on the setup screen at 800x600: "Computadora · golosa" is drawn
    whole and as large as "Computer · greedy" (the row makes room for the longest)."""
    sizes, problems = {}, []
    for code, words in (("en", "Computer · greedy"), ("es", "Computadora · golosa")):
        app = make_app(size=(800, 600))
        app.settings.language = code
        app.apply_settings()
        app.open(Screen.SETUP)
        app.run_frames(2)
        setup = app.scene
        assert isinstance(setup, SetupScene)
        seat = setup.kinds[1]
        seat.set_value("ai:greedy")
        drawn = drawn_in(app, seat.rect)
        assert [d.text for d in drawn] == [words]
        sizes[code] = drawn[0].px
        problems += audit(app)
    assert sizes["en"] == sizes["es"]
    assert problems == []


def test_a_press_is_one_buttons_even_when_it_moves_another_under_the_pointer(
    make_app: AppMaker,
) -> None:
    """The puzzles screen's Puzzle of the day laid its buttons out anew as it was pressed,
    Next puzzle came under the pointer, and the same press asked that too."""
    app = make_app(size=(800, 600))
    pressed: list[str] = []

    def press_first() -> None:
        pressed.append("first")
        lay_out(50)

    form = Form(app.ui)
    first = form.add(Button("First", press_first))
    second = form.add(Button("Second", lambda: pressed.append("second")))

    def lay_out(second_x: int) -> None:
        first.rect = pygame.Rect(0, 0, 100, 40)
        second.rect = pygame.Rect(second_x, 0, 100, 40)

    lay_out(200)
    form.handle_event(pygame.Event(pygame.MOUSEBUTTONDOWN, pos=(60, 20), button=1))
    assert pressed == ["first"] and form.focused is first


def window_ui(scale: float = 1.0) -> Ui:
    """The interface of a window of `scale` (1.0: 1280x800), with no window."""
    pygame.font.init()
    return Ui(Fonts(), scale)


def three_buttons_in_a_row(ui: Ui) -> list[Button]:
    """Back, Delete and Resume side by side at one size (as the records screen has them)."""
    buttons = [Button(label, lambda: None) for label in ("Back", "Delete", "Resume")]
    lay_out_row(buttons, pygame.Rect(0, 0, 600, 50), ui.px(220), ui.px(16), ui)
    return buttons


def test_a_row_of_buttons_measures_its_words_once_not_every_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each button draws its label at its row's size: the row measured every member's
    words in every language for each button of every frame (a third of the drawing's
    time in the tests). It measures each member once, until something changes."""
    ui = window_ui()
    buttons = three_buttons_in_a_row(ui)
    measured: list[str] = []
    words_size = Button.words_size

    def counted(button: Button, ui: Ui, role: str) -> float:
        measured.append(button.label)
        return words_size(button, ui, role)

    monkeypatch.setattr(Button, "words_size", counted)
    surface = pygame.Surface((600, 50))
    for _frame in range(3):
        for button in buttons:
            button.draw(surface, ui)
    assert sorted(measured) == ["Back", "Delete", "Resume"]


def test_a_rows_size_follows_its_labels_rooms_and_the_text_size() -> None:
    """The row's one size is worked out again when a member's label or rect changes,
    or the player's text size: always the smallest of its members' own."""
    ui = window_ui()
    back, delete, resume = buttons = three_buttons_in_a_row(ui)
    group = back.sizes

    def own_sizes() -> float:
        return min(button.words_size(ui, LABEL) for button in buttons)

    first = group.size(ui, LABEL)
    assert first == own_sizes() == BUTTON_SIZE
    delete.label = "Delete every game ever played"
    assert group.size(ui, LABEL) == own_sizes() < first
    delete.label = "Delete"
    resume.rect.width = 40
    assert group.size(ui, LABEL) == own_sizes() < first
    resume.rect.width = back.rect.width
    ui.text_scale = 1.6
    assert group.size(ui, LABEL) == own_sizes() < first
    ui.text_scale = 1.0
    assert group.size(ui, LABEL) == first


def test_a_rows_label_is_measured_once_not_every_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    """A row shrinks its label to its room as it draws: it measured the label at each
    size down from its own in every frame; now once, until the words or room change."""
    ui = window_ui()
    toggle = Toggle("Sound effects", True, lambda _on: None)
    toggle.rect = pygame.Rect(0, 0, 420, 44)
    measured: list[Sequence[str]] = []

    def counted(ui: Ui, texts: Sequence[str], size: float, room: int, style: str) -> float:
        measured.append(texts)
        return common_size(ui, texts, size, room, style)

    monkeypatch.setattr(painting, "common_size", counted)
    monkeypatch.setattr(text, "common_size", counted)
    surface = pygame.Surface((420, 44))
    for _frame in range(3):
        toggle.draw(surface, ui)
    assert measured == [in_every_language("Sound effects"), ["Sound effects"]]


def test_a_buttons_look_is_drawn_once_and_blitted_after(monkeypatch: pytest.MonkeyPatch) -> None:
    """A button's rounded face, edge and shadow cost three `pygame.draw.rect` each frame
    (38 us, more than the rest of the button); drawn once per look they are blitted."""
    ui = window_ui()
    buttons = three_buttons_in_a_row(ui)
    drawn: list[pygame.Rect] = []
    draw_rect = pygame.draw.rect

    def counted(
        surface: pygame.Surface, colour: Colour, rect: pygame.Rect, *args: Any, **kwargs: Any
    ) -> pygame.Rect:
        drawn.append(rect)
        return draw_rect(surface, colour, rect, *args, **kwargs)

    monkeypatch.setattr(pygame.draw, "rect", counted)
    surface = pygame.Surface((600, 60))
    for _frame in range(3):
        for button in buttons:
            button.draw(surface, ui)
    assert len(drawn) <= 3 * len(buttons)  # at most once per look


@pytest.mark.parametrize(
    ("rect", "scale"),
    [
        (pygame.Rect(10, 10, 180, 50), 1.0),
        (pygame.Rect(5, 20, 90, 30), 0.625),
        (pygame.Rect(150, 30, 300, 44), 1.5),
        (pygame.Rect(-20, -10, 120, 40), 1.0),  # partly off the surface
        (pygame.Rect(40, 40, 8, 6), 1.0),  # smaller than its corners
        (pygame.Rect(60, 30, -50, 30), 1.0),  # of negative width, as a squeezed row
        (pygame.Rect(60, 30, 0, 30), 1.0),
    ],
)
def test_a_buttons_look_blitted_is_pixel_for_pixel_the_look_drawn(
    rect: pygame.Rect, scale: float
) -> None:
    """The look as the button drew it, three rounded rects straight on the screen, in
    each of its colourings, clipped where the screen clips."""
    ui = window_ui(scale)
    for primary, enabled, lit in [(False, True, False), (True, True, True), (False, False, False)]:
        button = Button("", lambda: None, primary=primary)
        button.rect, button.enabled, button.hovered = rect.copy(), enabled, lit
        drawn, blitted = pygame.Surface((400, 120)), pygame.Surface((400, 120))
        for surface in (drawn, blitted):
            surface.fill(PALETTE.felt)
            surface.set_clip(pygame.Rect(0, 0, 380, 110))
        button.draw(blitted, ui)
        fill, edge, _words = button.colours()
        radius = ui.px(12)
        pygame.draw.rect(drawn, SHADOW, rect.move(0, ui.px(3)), border_radius=radius)
        pygame.draw.rect(drawn, fill, rect, border_radius=radius)
        pygame.draw.rect(drawn, edge, rect, max(1, ui.px(2)), border_radius=radius)
        assert pygame.image.tobytes(blitted, "RGB") == pygame.image.tobytes(drawn, "RGB")
