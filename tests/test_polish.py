"""Polish a player notices: distinct computer names, statistics without doubled labels,
plurals, tiles named by their values, text fields that select all and take the caret
where clicked."""

from __future__ import annotations

import pygame

from game.rules.tiles import parse_tile
from game.scenes.requests import Screen
from game.scenes.setup import SetupScene, default_name
from game.ui.text_field import TextField
from game.ui.words import points_words, tile_words, tiles_words
from tests.conftest import AppMaker
from tests.drive import Input


def test_computer_seats_get_distinct_names(make_app: AppMaker) -> None:
    names = [default_name(seat, "ai:greedy") for seat in range(1, 7)]
    assert len(set(names)) == 6 and not any("(" in name for name in names)
    app = make_app(speed="instant")
    app.open(Screen.SETUP)
    app.run_frames(3)
    setup = app.scene
    assert isinstance(setup, SetupScene)
    computers = [
        field.text
        for field, kind in zip(setup.names, setup.kinds, strict=True)
        if kind.value.startswith("ai:")
    ]
    assert len(set(computers)) == len(computers) == 6


def test_plurals_and_tile_words() -> None:
    assert tiles_words(1) == "1 tile" and tiles_words(2) == "2 tiles"
    assert points_words(0) == "0 points" and points_words(1) == "1 point"
    assert tile_words(parse_tile("04-08-09")) == "4-8-9"


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


def test_the_first_window_is_sized_from_the_desktop() -> None:
    from game.app import DEFAULT_SIZE, window_size_for

    assert window_size_for([]) == DEFAULT_SIZE
    assert window_size_for([(3840, 2160)]) == (2938, 1836)  # a 4K screen in real pixels
    assert window_size_for([(1920, 1080)]) == (1469, 918)
    assert window_size_for([(1366, 768)]) == (1229, 768)  # all the height there is
