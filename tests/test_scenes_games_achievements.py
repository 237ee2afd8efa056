"""Achievements on screen, through real posted events: the Achievements tab of Records &
statistics (earned ones with their day and picture, the others greyed with how close the
player has come, scrolled by keys and wheel), and the announcement of one just earned
(sliding in over the screen, clear of its buttons, with a sound, once, one after
another) when a lesson, a coach's review or a game earns it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.app import App, ManualClock
from game.i18n import _, set_language
from game.persist.achievement_list import ACHIEVEMENTS
from game.persist.achievements import Progress, count_coached, load_achievements, save_achievements
from game.persist.history import add_finished_game
from game.play.lesson import YOU
from game.rules.record.document import GameRecord
from game.scenes.games.achievements import AchievementsScene
from game.scenes.menus.menu import MenuScene
from game.scenes.requests import CoachRequest, Screen
from game.scenes.review.coach import CoachScene
from game.scenes.table.guided import LessonTable
from game.ui.achievements import toasts
from game.ui.achievements.cards import PAD, card_height, picture_side, words_room
from game.ui.achievements.toasts import SHOWN_S, card_shape, toast_words
from game.ui.pacing import FIXED_DT, MAX_STEPS
from game.ui.painting import alike
from tests.conftest import AppMaker
from tests.drive import Input, is_table_of, open_games_tab, run_until
from tests.test_languages import drawn_words
from tests.test_persist_achievements import WON, table_game
from tests.test_scenes_puzzles_scene import open_puzzles, place_by_keys
from tests.test_scenes_table_guided import play_step
from tools.screenshot import staged


def colourful(app: App, area: pygame.Rect) -> int:
    """The most any pixel of `area` on screen leans to one colour (0 for greys)."""
    pixels = (
        app.screen.get_at((x, y))
        for x in range(area.left, area.right, 2)
        for y in range(area.top, area.bottom, 2)
    )
    return max(max(p.r, p.g, p.b) - min(p.r, p.g, p.b) for p in pixels)


def picture_area(app: App, scene: AchievementsScene, index: int) -> pygame.Rect:
    box = scene.card_rect(index)
    assert box is not None
    pad = app.ui.px(PAD)
    return pygame.Rect(box.x + pad, box.y + pad, box.height - 2 * pad, box.height - 2 * pad)


def fast(app: App) -> None:
    """Frames of the most game time a frame may hold (announcements last seconds)."""
    assert isinstance(app.clock, ManualClock)
    app.clock.step = MAX_STEPS * FIXED_DT


def test_the_achievements_tab_shows_the_days_earned_and_how_close(make_app: AppMaker) -> None:
    app = make_app(size=(800, 600))
    save_achievements(
        app.storage,
        {
            "first-win": Progress(1, earned="2026-10-03"),
            "every-level": Progress(2, frozenset({"easy", "greedy"})),
            "fifty": Progress(35),
        },
    )
    scene = open_games_tab(app, Screen.ACHIEVEMENTS, AchievementsScene)
    words = drawn_words(app)
    assert {"1 of 31 earned", "Earned 3 October 2026", "2 of 4", "35 of 50"} <= set(words)
    assert "Not earned yet" in words
    assert colourful(app, picture_area(app, scene, 0)) > 120  # First win: in colour
    assert colourful(app, picture_area(app, scene, 1)) < 60  # Every level: greyed
    Input(app).press(pygame.K_END)
    assert scene.top == scene.rows - scene.shown_rows > 0
    assert scene.card_rect(0) is None and scene.card_rect(len(ACHIEVEMENTS) - 1) is not None
    Input(app).post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
    Input(app).frames()
    assert scene.top == scene.rows - scene.shown_rows - 1
    Input(app).press(pygame.K_HOME)
    assert scene.top == 0 and scene.card_rect(0) is not None


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_achievements_earned_together_slide_in_one_after_another(
    make_app: AppMaker, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """A game Ann won counted while the statistics are up (panels from side to side:
    the cards wait, and nothing waits for them), then the menu: each card comes once,
    on bare felt clear of every button and of the window's middle, with one sound for
    the lot, and goes."""
    app = make_app(size=size)
    sounds: list[str] = []
    monkeypatch.setattr(app.sound, "play", sounds.append)
    app.open(Screen.STATS)
    app.run_frames(2)
    add_finished_game(app.storage, GameRecord.parse(table_game(WON)))
    fast(app)
    app.run_frames(1)
    assert sounds == ["achievement"]
    assert app.toasts.shown is not None and not app.toasts.on_screen
    Input(app).press(pygame.K_ESCAPE)  # the menu
    announced: list[str] = []
    while app.toasts.on_screen:
        toast = app.toasts.shown
        assert toast is not None and toast.place is not None
        announced.append(toast.achievement.key)
        buttons = [w.rect for w in app.scene.form.widgets if w.visible]
        assert not any(toast.place.colliderect(rect) for rect in buttons)
        middle = pygame.Rect(size[0] // 3 + app.ui.px(20), 0, size[0] // 3 - app.ui.px(40), size[1])
        assert not toast.place.colliderect(middle)  # never over the figure's centre
        while app.toasts.shown is toast:
            app.tick()
    assert announced == ["first-win", "went-out", "clean-win"]
    assert sounds == ["achievement"]


def test_a_card_is_drawn_where_it_rests_and_gone_after_its_seconds(make_app: AppMaker) -> None:
    app = make_app()
    count_coached(app.storage)
    app.run_frames(1)
    toast = app.toasts.shown
    assert toast is not None and toast.place is not None
    before = app.screen.copy()
    fast(app)
    app.run_frames(10)  # slid in
    place = toast.place
    assert colourful(app, place) > 120 and app.screen.get_at(place.center) != before.get_at(
        place.center
    )
    elapsed = app.time
    run_until(app, lambda: not app.toasts.on_screen)
    assert app.time - elapsed <= SHOWN_S


def test_the_coach_earns_its_achievement_once_its_review_is_in(make_app: AppMaker) -> None:
    app = make_app()
    app.open(CoachRequest(GameRecord.parse(table_game(WON))))
    app.run_frames(3)
    assert isinstance(app.scene, CoachScene) and app.scene.review is not None
    assert load_achievements(app.storage)["coached"].earned is not None
    assert app.toasts.shown is not None and app.toasts.shown.achievement.key == "coached"


def test_the_lessons_opportunity_play_earns_its_achievement(
    make_app: AppMaker, tmp_path: Path
) -> None:
    app = make_app(tmp_path, speed="instant", frames=1)
    app.open(Screen.GUIDED_GAME)
    app.run_frames(1)
    scene = app.scene
    assert is_table_of(scene, LessonTable)
    while "lesson" not in load_achievements(app.storage):
        assert not scene.role.lesson.finished
        play_step(app, scene)
    placed = scene.role.lesson.last_placement
    assert placed is not None and placed.player == YOU and len(placed.contacts) >= 2
    shown = app.toasts.shown
    assert shown is not None and shown.achievement.key == "lesson"


def test_a_card_moves_off_the_buttons_of_a_screen_opened_under_it(make_app: AppMaker) -> None:
    app = make_app()  # the menu
    count_coached(app.storage)
    app.run_frames(2)
    toast = app.toasts.shown
    assert toast is not None and toast.place is not None
    first = toast.place.copy()
    app.open(Screen.DRAW_SOLITAIRE)  # its buttons sit where the card was
    app.run_frames(2)
    buttons = [w.rect for w in app.scene.form.widgets if w.visible]
    assert any(first.colliderect(rect) for rect in buttons)
    assert app.toasts.shown is toast
    assert not any(toast.place.colliderect(rect) for rect in buttons)


def test_a_card_up_takes_the_text_size_chosen(tmp_path: Path) -> None:
    """A card up when the player chooses another text size is laid out for it, as a
    card that came after: its place as large as its words now need, not as they did
    (over the final scores, whose buttons stay put, the words ran out of its foot)."""
    app = staged("achievement-earned", (800, 600), str(tmp_path))
    try:
        toast = app.toasts.shown
        assert toast is not None and toast.place is not None
        before = toast.place.size
        app.settings.text_size = "largest"
        app.apply_settings()
        app.run_frames(1)
        assert app.toasts.shown is toast and toast.place is not None
        assert toast.place.size == card_shape(app.ui, toast.achievement)[:2] != before
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_every_card_holds_its_words(
    make_app: AppMaker, size: tuple[int, int], language: str
) -> None:
    """What each achievement asks fits its card, announced (the card as tall as that
    needs) and on the Achievements screen (two lines), in each language and window."""
    app = make_app(size=size)
    set_language(language)
    app.open(Screen.ACHIEVEMENTS)
    app.run_frames(2)
    scene = app.scene
    assert isinstance(scene, AchievementsScene)
    ui = app.ui
    width, height = scene.card_size
    room = words_room(ui, width, picture_side(ui, height))
    for achievement in ACHIEVEMENTS:
        assert len(ui.fitted(_(achievement.description), 15, room, max_lines=9)[0]) <= 2
        card_width, card_tall, side = card_shape(ui, achievement)
        words = [*toast_words(achievement)[:2], toast_words(achievement)[2]._replace(lines=9)]
        assert card_height(ui, words, words_room(ui, card_width, side)) <= card_tall


def card_places_while(app: App, running: Callable[[], bool]) -> list[pygame.Rect | None]:
    """Where the card shown rests in each frame while `running()` (None: it waits)."""
    places = []
    while running():
        app.tick()
        shown = app.toasts.shown
        places.append(shown.place if shown is not None and app.toasts.on_screen else None)
    return places


def test_a_card_waits_for_bare_felt_off_the_coachs_and_the_puzzles_panels(
    make_app: AppMaker,
) -> None:
    """The card was drawn over the coach's summary, and over the puzzle trainer's score
    (the player's panel): where every place covers a panel it waits, and comes on the
    next screen with room, whole and on bare felt."""
    app = make_app(size=(1280, 800))
    fast(app)
    app.open(CoachRequest(GameRecord.parse(table_game(WON))))
    app.run_frames(3)
    coach = app.scene
    assert isinstance(coach, CoachScene) and coach.review is not None
    assert app.toasts.shown is not None and app.toasts.shown.achievement.key == "coached"
    words = pygame.Rect(0, coach.summary_top, app.size[0], coach.list.rect.bottom)
    for place in card_places_while(app, lambda: app.time < SHOWN_S):
        assert place is None or not place.colliderect(words)
    puzzles = open_puzzles(app)
    table = puzzles.table
    assert table is not None
    place_by_keys(app, puzzles, table.match.puzzle.answer)
    layout = table.stage.layout
    panels = [puzzles.panel, *(seat.rect for seat in layout.seats), layout.status]
    for place in card_places_while(app, lambda: not table.done or app.time < 2 * SHOWN_S):
        assert place is None or place.collidelist(panels) < 0
    Input(app).press(pygame.K_ESCAPE)  # the coach, still no room
    assert app.scene is coach and not app.toasts.on_screen
    Input(app).press(pygame.K_ESCAPE)  # the menu
    assert isinstance(app.scene, MenuScene)
    shown = app.toasts.shown
    assert shown is not None and shown.achievement.key in ("coached", "puzzle-first")
    assert shown.place is not None and app.toasts.on_screen


def test_a_waiting_card_looks_over_its_places_by_their_middle_rows(
    make_app: AppMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A card waiting over a screen with no bare felt looks again at every frame drawn:
    it compared every place it might take, whole, with the felt (ten cards' pixels a
    frame on the puzzle trainer's table). A place whose middle row is not bare is not,
    and the rest of it is not looked at."""
    app = make_app(size=(1280, 800))
    fast(app)
    app.open(CoachRequest(GameRecord.parse(table_game(WON))))
    app.run_frames(3)
    puzzles = open_puzzles(app)
    assert puzzles.table is not None
    place_by_keys(app, puzzles, puzzles.table.match.puzzle.answer)
    compared: list[int] = []

    def counted(screen: pygame.Surface, felt: pygame.Surface, within: int) -> pygame.mask.Mask:
        compared.append(screen.get_width() * screen.get_height())
        return alike(screen, felt, within)

    monkeypatch.setattr(toasts, "alike", counted)
    drawn = app.drawn
    app.run_frames(10)
    assert app.toasts.shown is not None and not app.toasts.on_screen
    width, height, _side = card_shape(app.ui, app.toasts.shown.achievement)
    assert app.drawn - drawn == 10 and compared
    assert sum(compared) < width * height  # ten frames' looks: less than one card
