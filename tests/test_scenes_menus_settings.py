"""The settings screen, through posted events: every setting changes and survives a
restart, its choices and sliders answer a click before they are drawn, and the text
size grows the words of every screen."""

from __future__ import annotations

import itertools
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.scenes.menus.menu import MenuScene
from game.scenes.menus.settings import SettingsScene
from game.scenes.requests import Screen
from game.scenes.table.scene import TableScene
from game.ui.widgets.controls import ROW_SIZE
from tests.conftest import AppMaker
from tests.drive import Input, click_next, open_from_menu
from tools.samples import table_config
from tools.screenshot import staged
from tools.text_audit import watching


def test_every_setting_changes_and_survives_a_restart(make_app: AppMaker, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    settings = open_from_menu(app, "settings", SettingsScene)
    click_next(app, settings.theme)
    Input(app).click(settings.colour_blind)
    Input(app).click(settings.volume)
    Input(app).press(pygame.K_LEFT)
    Input(app).click(settings.muted)
    click_next(app, settings.speed)
    Input(app).click(settings.handoff)
    Input(app).press(pygame.K_F11)
    assert settings.fullscreen.value
    expected = {
        "theme": "1939",
        "colour_blind": True,
        "muted": True,
        "animation_speed": "fast",
        "handoff_banner": False,
        "fullscreen": True,
    }
    for name, value in expected.items():
        assert getattr(app.settings, name) == value, name
    volume = app.settings.volume
    assert volume != pytest.approx(0.7)
    assert app.art.theme.key == "1939" and app.art.colour_blind
    again = make_app(tmp_path)
    for name, value in expected.items():
        assert getattr(again.settings, name) == value, name
    assert again.settings.volume == pytest.approx(volume)
    assert again.sound.muted


def test_choice_and_slider_hit_testing_does_not_wait_for_a_draw(
    make_app: AppMaker, tmp_path: Path
) -> None:
    """Their arrows and track come from the layout, so a click lands right even when the
    scene has not been drawn since it was laid out (drawing changes nothing)."""
    app = make_app(tmp_path)
    settings = open_from_menu(app, "settings", SettingsScene)
    settings.resize((1000, 700))
    speed = settings.speed
    before = app.settings.animation_speed
    left_arrow = (speed.rect.right - speed.rect.width // 2 + 4, speed.rect.centery)
    for event_type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        settings.handle_event(pygame.event.Event(event_type, pos=left_arrow, button=1))
    assert app.settings.animation_speed != before
    speed.step(1)
    assert app.settings.animation_speed == before
    volume = settings.volume
    far_left = (volume.rect.right - volume.rect.width // 2, volume.rect.centery)
    for event_type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        settings.handle_event(pygame.event.Event(event_type, pos=far_left, button=1))
    assert app.settings.volume == 0.0


def test_the_club_server_is_kept_once_it_is_an_address(make_app: AppMaker, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    settings = open_from_menu(app, "settings", SettingsScene)
    drive = Input(app)
    drive.click(settings.club)
    drive.text("http://club.example.org")
    assert "ws://" in settings.club_problem and app.settings.club_server == ""
    drive.press(pygame.K_a, pygame.KMOD_CTRL)
    drive.text("wss://club.example.org:8443")
    assert settings.club_problem == ""
    assert make_app(tmp_path).settings.club_server == "wss://club.example.org:8443"
    drive.press(pygame.K_a, pygame.KMOD_CTRL)
    drive.press(pygame.K_BACKSPACE)
    assert make_app(tmp_path).settings.club_server == ""


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_the_settings_panel_stays_whole_in_the_window(
    make_app: AppMaker, size: tuple[int, int]
) -> None:
    app = make_app(size=size)
    scene = open_from_menu(app, "settings", SettingsScene)
    assert app.screen.get_rect().contains(scene.panel)
    assert all(scene.panel.contains(widget.rect) for widget in scene.form.widgets)


def drawn_heights(app: App) -> dict[str, int]:
    """Each text one frame draws, with its height on screen."""
    with watching(app) as frame:
        app.draw(1.0)
    return {drawn.text: drawn.rect.height for drawn in frame.texts}


def grown(before: dict[str, int], after: dict[str, int]) -> list[float]:
    """How much taller each text drawn both times is the second time, smallest first."""
    return sorted(after[text] / before[text] for text in before.keys() & after.keys())


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=["800x600", "1920x1080"])
def test_the_largest_text_size_draws_taller_words_on_every_screen(
    make_app: AppMaker, tmp_path: Path, size: tuple[int, int]
) -> None:
    """Chosen on the settings screen, the largest text size draws the words of the
    settings screen itself, the menu and the table taller at once (none shorter; the
    middle one a quarter taller or more: titles keep their size, rows full already
    grow less); normal brings them back, and is kept."""
    app = make_app(tmp_path, size=size)
    menu = drawn_heights(app)
    settings = open_from_menu(app, "settings", SettingsScene)
    normal = drawn_heights(app)
    click_next(app, settings.text_size)
    click_next(app, settings.text_size)
    assert app.settings.text_size == "largest"
    largest = grown(normal, drawn_heights(app))
    assert largest[0] >= 1 and largest[len(largest) // 2] >= 1.25
    Input(app).press(pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    largest = grown(menu, drawn_heights(app))
    assert largest[0] >= 1 and largest[len(largest) // 2] >= 1.25
    app.push(TableScene(app, table_config([("Ann", "human"), ("Bot", "ai:greedy")], 3)))
    Input(app).frames()
    table = drawn_heights(app)
    app.settings.text_size = "normal"
    app.apply_settings()
    shrunk = grown(table, drawn_heights(app))
    assert shrunk[-1] <= 1 and shrunk[len(shrunk) // 2] <= 0.85
    assert make_app(tmp_path).settings.text_size == "normal"


@pytest.mark.parametrize(
    "size", [(1280, 800), (1366, 768), (1920, 1080)], ids=["1280x800", "1366x768", "1920x1080"]
)
def test_the_settings_panel_stays_in_the_window_at_the_largest_text_size(
    make_app: AppMaker, tmp_path: Path, size: tuple[int, int]
) -> None:
    """Rows as tall as the largest words draw closer together rather than push the
    panel past the window's bottom (it ran 4 px past at 1280x800, 15 px at 1920x1080);
    the colours' names go with the preview's tiles they name."""
    app = make_app(tmp_path, size=size)
    app.settings.text_size = "largest"
    app.apply_settings()
    settings = open_from_menu(app, "settings", SettingsScene)
    assert app.screen.get_rect().contains(settings.panel)
    rows = [w.rect for w in settings.form.widgets if w not in (settings.done, settings.about)]
    assert all(row.height >= app.ui.font(ROW_SIZE).get_height() for row in rows)
    assert all(above.bottom < below.top for above, below in itertools.pairwise(rows))
    with watching(app) as frame:
        app.draw(1.0)
    named = "Blue · Red · Gold" in [drawn.text for drawn in frame.texts]
    assert named == bool(settings.preview)


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=["800x600", "1920x1080"])
def test_the_settings_buttons_are_as_wide_as_their_larger_words(
    make_app: AppMaker, tmp_path: Path, size: tuple[int, int]
) -> None:
    """At the largest text size "Acerca de Contack" reads at the size of the rows'
    labels, its button grown with the words (at a fixed width it shrank to fit)."""
    app = make_app(tmp_path, size=size)
    app.settings.language, app.settings.text_size = "es", "largest"
    app.apply_settings()
    open_from_menu(app, "settings", SettingsScene)
    with watching(app) as frame:
        app.draw(1.0)
    px = {drawn.text: drawn.px for drawn in frame.texts}
    assert px["Acerca de Contack"] >= px["Edición"]


def handoff_log(app: App) -> list[tuple[str, pygame.Rect]]:
    """Each line of the hand-off panel's log one frame draws, with its rect."""
    scene = app.scene
    assert isinstance(scene, TableScene) and scene.turns.banner_seat is not None
    with watching(app) as frame:
        app.draw(1.0)
    log = scene.handoff.log
    return [(drawn.text, drawn.rect) for drawn in frame.texts if log.contains(drawn.rect)]


def test_a_text_size_chosen_over_a_table_lays_its_handoff_log_out_anew(tmp_path: Path) -> None:
    """The largest text size chosen on the settings screen over a table whose hand-off
    shows a long log: back at the table the log's lines stand where a table opened at
    that size puts them, apart, the newest move in view (it kept the offset of the
    normal size's five lines, so that its last three were moves before the newest)."""
    size = (1920, 1080)
    fresh = staged("table-banner-log", size, str(tmp_path / "fresh"), text_size="largest")
    expected = handoff_log(fresh)
    fresh.close()
    app = staged("table-banner-log", size, str(tmp_path / "live"), text_size="normal")
    app.open(Screen.SETTINGS)
    Input(app).frames()
    settings = app.scene
    assert isinstance(settings, SettingsScene)
    click_next(app, settings.text_size)
    click_next(app, settings.text_size)
    assert app.settings.text_size == "largest"
    Input(app).press(pygame.K_ESCAPE)
    lines = handoff_log(app)
    assert lines == expected
    rects = [rect for _, rect in lines]
    assert len(rects) >= 2 and all(a.bottom <= b.top for a, b in itertools.pairwise(rects))


def test_the_labels_rising_over_a_table_go_when_a_text_size_is_chosen(tmp_path: Path) -> None:
    """A move's sums rise over the figure, placed and drawn for the normal text size;
    the largest size chosen on the settings screen over the table lets them go (as a
    new window size does), where they went on rising at the old size and place."""
    app = staged("table-score-animation", (1280, 800), str(tmp_path), frames=3)
    scene = app.scene
    assert isinstance(scene, TableScene) and scene.stage.animator.floats.items
    app.open(Screen.SETTINGS)
    Input(app).frames(1)
    settings = app.scene
    assert isinstance(settings, SettingsScene)
    click_next(app, settings.text_size)
    Input(app).press(pygame.K_ESCAPE, frames=1)
    assert app.scene is scene and app.settings.text_size == "large"
    assert scene.stage.animator.floats.items == []


def test_every_row_shows_its_setting_changed_over_the_screen(app: App) -> None:
    """A setting changed while Settings shows (F11, a tool, another screen's shortcut)
    is what its row then shows: the rows are the settings, not what was last clicked."""
    app.open(Screen.SETTINGS)
    app.run_frames(2)
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    settings = app.settings
    settings.text_size, settings.theme, settings.muted = "largest", "1962", True
    app.apply_settings()
    assert (scene.text_size.value, scene.theme.value, scene.muted.value) == (
        "largest",
        "1962",
        True,
    )
