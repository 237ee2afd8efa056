"""The scroll bar of the records and history tables, driven with real posted mouse events."""

from __future__ import annotations

import copy
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.persist.history import add_finished_game
from game.persist.records import save_named_record
from game.rules.record.document import GameRecord
from game.scenes.games.frame import RowList
from game.scenes.games.history import HistoryScene
from game.scenes.games.records import RecordsScene
from game.scenes.menus.menu import MenuScene
from game.scenes.requests import Screen
from game.ui.theme import PALETTE
from game.ui.widgets.scrollbar import ScrollBar
from tests.drive import Input, new_app
from tests.persistence_helpers import finished_record

SIZE = (800, 600)
MANY = 30


def open_games(tmp_path: Path, tab: str, count: int) -> tuple[App, RowList]:
    """An 800x600 app with `count` records (or history entries), on the `tab` screen."""
    app = new_app(tmp_path, size=SIZE)
    record = finished_record("draw-solitaire", 1, seed=5)
    for number in range(1, count + 1):
        if tab == "records":
            save_named_record(app.storage, GameRecord.parse(record), f"Game {number}")
        else:
            game = copy.deepcopy(record)
            game["players"][0]["name"] = f"Player {number}"
            assert add_finished_game(app.storage, GameRecord.parse(game)) is not None
    menu = app.scene
    assert isinstance(menu, MenuScene)
    Input(app).click(menu.buttons["games"])
    scene = app.scene
    assert isinstance(scene, RecordsScene)
    if tab == "history":
        Input(app).click(scene.tabs[Screen.HISTORY])
        scene = app.scene
        assert isinstance(scene, HistoryScene)
    assert len(scene.list.rows) == count
    return app, scene.list


def mouse(kind: int, pos: tuple[int, int], held: bool = False) -> None:
    """One mouse event of a gesture the test paces itself (a thumb drag)."""
    if kind == pygame.MOUSEMOTION:
        Input.post(kind, pos=pos, rel=(0, 0), buttons=(int(held), 0, 0))
    else:
        Input.post(kind, pos=pos, button=1)


def colour_at(app: App, pos: tuple[int, int]) -> tuple[int, int, int]:
    r, g, b, _a = app.screen.get_at(pos)
    return (r, g, b)


def track_spot(bar: ScrollBar) -> tuple[int, int]:
    """A point of the track that the thumb does not cover (the thumb is at the top)."""
    assert bar.thumb.bottom < bar.rect.bottom - bar.rect.width
    return (bar.rect.centerx, bar.rect.bottom - bar.rect.width)


@pytest.mark.parametrize("tab", ["records", "history"])
def test_dragging_the_thumb_to_the_bottom_shows_the_last_row(tmp_path: Path, tab: str) -> None:
    app, rows = open_games(tmp_path, tab, MANY)
    bar = rows.scrollbar
    shown = rows.visible_rows
    assert shown < MANY and bar.needed
    assert bar.rect.right <= rows.rect.right and bar.rect.top > rows.rect.top
    assert abs(bar.thumb.height - bar.rect.height * shown / MANY) <= 1
    assert bar.thumb.top == bar.rect.top and rows.top == 0
    assert colour_at(app, bar.thumb.center) == PALETTE.panel_edge
    assert colour_at(app, track_spot(bar)) == ScrollBar.TRACK

    start = bar.thumb.center
    mouse(pygame.MOUSEMOTION, start)
    mouse(pygame.MOUSEBUTTONDOWN, start)
    mouse(pygame.MOUSEMOTION, (start[0], start[1] + 1), held=True)
    app.run_frames(2)
    assert rows.top == 0 and bar.dragging  # taking the thumb does not make it jump
    assert colour_at(app, bar.thumb.center) == PALETTE.gold
    for y in range(start[1], bar.rect.bottom + 60, 25):
        mouse(pygame.MOUSEMOTION, (start[0] + 30, y), held=True)
    app.run_frames(2)
    assert rows.top == MANY - shown
    assert bar.thumb.bottom == bar.rect.bottom
    mouse(pygame.MOUSEBUTTONUP, (start[0] + 30, bar.rect.bottom + 60))
    app.run_frames(2)
    assert not bar.dragging and rows.top == MANY - shown
    assert colour_at(app, bar.thumb.center) == PALETTE.panel_edge
    assert rows.selected == 0 and app.scene.list is rows  # scrolling chose nothing

    last_slot = pygame.Rect(
        rows.rect.x,
        rows.rect.y + rows.row_height * shown,
        bar.rect.x - rows.rect.x,
        rows.row_height,
    )
    texts = {
        colour_at(app, (x, y))
        for x in range(last_slot.left, last_slot.right, 2)
        for y in range(last_slot.top, last_slot.bottom)
    }
    assert PALETTE.text in texts  # the last row is drawn in the last slot
    assert rows.top + shown == len(rows.rows)


@pytest.mark.parametrize("tab", ["records", "history"])
def test_clicking_the_track_pages_up_and_down(tmp_path: Path, tab: str) -> None:
    app, rows = open_games(tmp_path, tab, MANY)
    bar = rows.scrollbar
    shown = rows.visible_rows
    most = MANY - shown
    Input(app).click(track_spot(bar))
    assert rows.top == shown
    Input(app).click((bar.rect.centerx, bar.rect.bottom - 2))
    assert rows.top == most and bar.thumb.bottom == bar.rect.bottom
    Input(app).click((bar.rect.centerx, bar.rect.top + 2))
    assert rows.top == most - shown
    Input(app).click((bar.rect.centerx, bar.rect.top + 2))
    assert rows.top == 0 and bar.thumb.top == bar.rect.top
    assert isinstance(app.scene, (RecordsScene, HistoryScene))
    assert rows.selected == 0 and app.scene.list is rows

    Input(app).press(pygame.K_PAGEDOWN, times=2)  # the keys and the wheel move the thumb too
    assert rows.top > 0 and bar.offset == rows.top and bar.thumb.top > bar.rect.top
    Input.post(pygame.MOUSEWHEEL, x=0, y=MANY, flipped=False)
    app.run_frames(2)
    assert rows.top == 0 and bar.thumb.top == bar.rect.top


@pytest.mark.parametrize(("tab", "count"), [("records", 3), ("history", 3), ("records", 0)])
def test_no_bar_when_every_row_fits(tmp_path: Path, tab: str, count: int) -> None:
    app, rows = open_games(tmp_path, tab, count)
    bar = rows.scrollbar
    assert not bar.needed and bar.rect.height > 0
    drawn = {
        colour_at(app, (x, y))
        for x in range(bar.rect.left, bar.rect.right)
        for y in range(bar.rect.top, bar.rect.bottom)
    }
    assert PALETTE.panel_edge not in drawn and ScrollBar.TRACK not in drawn
    below_rows = rows.rect.y + rows.row_height * (count + 1) + 4
    empty_panel = colour_at(app, (rows.rect.centerx, bar.rect.bottom - 4))
    for y in range(max(below_rows, bar.rect.top), bar.rect.bottom, 7):
        seen = colour_at(app, (bar.rect.centerx, y))
        assert max(abs(a - b) for a, b in zip(seen, empty_panel, strict=True)) <= 8
    before = rows.top
    Input(app).click((bar.rect.centerx, bar.rect.bottom - 4))
    assert rows.top == before == 0
