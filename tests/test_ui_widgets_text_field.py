"""Text fields, typed into through posted keys and clicks (the setup screen's first
name): Ctrl+A selects all, a click puts the caret where it lands, a paste stops at the
field's length."""

from __future__ import annotations

import pygame

from game.scenes.requests import Screen
from game.scenes.setup.scene import SetupScene
from game.ui.widgets.text_field import TextField
from tests.conftest import AppMaker
from tests.drive import Input


def field_in_setup(make_app: AppMaker) -> tuple[Input, TextField]:
    app = make_app(speed="instant")
    app.open(Screen.SETUP)
    app.run_frames(3)
    setup = app.scene
    assert isinstance(setup, SetupScene)
    return Input(app), setup.names[0]


def test_ctrl_a_selects_all_and_typing_replaces_it(make_app: AppMaker) -> None:
    drive, field = field_in_setup(make_app)
    drive.click(field)
    drive.press(pygame.K_a, pygame.KMOD_CTRL)
    drive.text("Zoë")
    assert field.text == "Zoë"
    drive.press(pygame.K_a, pygame.KMOD_CTRL)
    drive.press(pygame.K_BACKSPACE)
    assert field.text == ""


def test_a_click_puts_the_caret_where_it_lands(make_app: AppMaker) -> None:
    drive, field = field_in_setup(make_app)
    drive.click(field)
    drive.press(pygame.K_a, pygame.KMOD_CTRL)
    drive.text("Abcdef")
    assert field.ui is not None
    font = field.ui.font(TextField.TEXT_SIZE)
    x = field.rect.x + field.ui.px(10) + font.size("Abc")[0]
    drive.click((x, field.rect.centery))
    assert field.caret == 3
    drive.text("X")
    assert field.text == "AbcXdef"
    drive.press(pygame.K_HOME)
    drive.press(pygame.K_DELETE)
    assert field.text == "bcXdef"
    drive.text("y" * 10_000)  # a huge paste stops at the field's length, and says so
    assert len(field.text) == field.max_length and field.overflowed
