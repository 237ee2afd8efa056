"""The loop's pace (game/ui/pacing.py, through the real app): a still picture is not drawn
again and the loop sleeps; whatever moves is drawn every frame; news, input and the
changes a screen expects wake it; game time keeps real time across a sleep; frames are paced to the
display's refresh rate, in fixed steps with a cap."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import news
from game.app import ART_BUDGET_S, App, ManualClock, draw_ahead, run
from game.persist.storage import Storage
from game.play.table_reading import time_left_s
from game.scenes.base import Scene
from game.scenes.requests import Screen
from game.scenes.table.guided import LessonTable
from game.scenes.table.scene import TableRole, TableScene
from game.ui.pacing import FIXED_DT, MAX_STEPS
from tests.conftest import AppMaker
from tests.drive import Input, is_table_of, run_until
from tools.samples import table_config


@pytest.fixture
def flips(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How many frames reach the screen (`pygame.display.flip`), counted."""
    count = [0]
    flip = pygame.display.flip

    def counted() -> None:
        count[0] += 1
        flip()

    monkeypatch.setattr(pygame.display, "flip", counted)
    yield count


def rest(app: App) -> float:
    """How long the app's loop may sleep now."""
    return app.pace.rest(app.time, app.art.refining, app.art.generation)


def settle(app: App, limit: int = 2000) -> None:
    """Run frames until the loop may sleep (nothing moves, no art waits)."""
    run_until(app, lambda: rest(app) > 0, limit)


def test_a_still_menu_is_not_drawn_again_and_the_loop_may_sleep(
    make_app: AppMaker, flips: list[int]
) -> None:
    app = make_app()
    settle(app)
    before = flips[0]
    app.run_frames(240)
    assert flips[0] == before and rest(app) > 0


def table_waiting_for_ann(make_app: AppMaker) -> tuple[App, TableScene[TableRole]]:
    app = make_app(speed="normal", banner=False)
    scene = TableScene(app, table_config([("Ann", "human"), ("Bot", "ai:greedy")], 5))
    app.push(scene)
    run_until(app, scene.human_can_act)
    return app, scene


def test_a_table_waiting_for_its_player_is_not_drawn_again(
    make_app: AppMaker, flips: list[int]
) -> None:
    app, scene = table_waiting_for_ann(make_app)
    settle(app)
    before = flips[0]
    app.run_frames(240)
    assert scene.human_can_act() and flips[0] == before and rest(app) > 0


def test_a_flying_tile_is_drawn_every_frame_and_the_last_frame_shows_it_home(
    make_app: AppMaker, flips: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Animation as smooth as ever: every frame of a flight is drawn, at the leftover
    fraction of a step; the first still frame shows every tile where it lies."""
    app, scene = table_waiting_for_ann(make_app)
    settle(app)
    alphas: list[float] = []
    draw = app.draw

    def draw_and_note(alpha: float) -> None:
        alphas.append(alpha)
        draw(alpha)

    monkeypatch.setattr(app, "draw", draw_and_note)
    scene.play(scene.legal_moves()[0])
    ticks = 0
    while scene.tweens.busy:
        app.tick()
        ticks += 1
    assert ticks > 10 and len(alphas) == ticks
    settle(app)
    assert alphas[-1] == 1.0
    sprites = scene.board.sprites.values()
    assert all(sprite.previous_centre == sprite.rect.center for sprite in sprites)


def test_news_from_another_thread_wakes_a_sleeping_loop_at_once(
    make_app: AppMaker, flips: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker's answer (or a table's message) rings `game.news` from its thread: the
    sleep ends without waiting and the next frame is drawn."""
    app = make_app()
    settle(app)
    waited: list[int] = []
    monkeypatch.setattr(pygame.time, "wait", waited.append)
    thread = threading.Thread(target=news.arrived)
    thread.start()
    thread.join()
    app.pace.sleep(1.0)
    before = flips[0]
    app.tick()
    assert waited == [] and flips[0] == before + 1


def test_a_sleeping_loop_keeps_game_time_and_a_timed_clock_shows_each_second(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real loop (`run`) on a clock the test moves: a timed club game waiting for its
    player is drawn about once a second (its clock's seconds), the loop sleeps between,
    and the game's time (and the table's clock) keeps the real time slept."""
    from game.ai.worker import InProcessAdviser
    from game.persist.storage import Storage

    clock = ManualClock(step=0.0)
    app = App(clock=clock, storage=Storage(tmp_path), adviser=InProcessAdviser())
    app.settings.handoff_banner = False
    players = [("Ann", "human"), ("Bot", "ai:greedy")]
    config = table_config(players, 5, variant="club", time_limit_s=600.0)
    scene = TableScene(app, config)
    app.push(scene)
    seconds = 30.0

    def elapse(seconds_passed: float) -> None:
        clock.advance(seconds_passed)
        if clock.now >= seconds and not pygame.event.peek(pygame.QUIT):
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    class FrameClock:
        def tick(self, _rate: int) -> int:
            elapse(1 / 60)
            return 16

    shown: set[int] = set()
    draw = app.draw

    def draw_and_note(alpha: float) -> None:
        left = time_left_s(scene.match.state)
        assert left is not None
        shown.add(int(left))
        draw(alpha)

    monkeypatch.setattr(pygame.time, "Clock", FrameClock)
    monkeypatch.setattr(pygame.time, "wait", lambda ms: elapse(ms / 1000))
    monkeypatch.setattr(app, "draw", draw_and_note)
    pygame.event.clear()
    run(app)
    assert app.time == pytest.approx(seconds, abs=0.3)
    assert scene.state.clock_s == pytest.approx(app.time, abs=0.02)
    assert scene.human_can_act()
    assert set(range(600 - round(seconds) + 1, 600)) <= shown  # every second on screen
    assert app.frames < 10 * seconds  # a loop drawing at 60 a second makes 60 a second
    app.close()


def test_after_a_resize_the_art_scaled_for_the_moment_is_replaced_and_the_loop_sleeps(
    make_app: AppMaker,
) -> None:
    """A new size whose tiles are past a frame's art budget shows them scaled from another
    size, and the loop goes on until the real ones are drawn and shown, then sleeps: the
    menu, which has no updates, shows them too."""
    app = make_app(painted=True)
    settle(app)
    app.art.frame_budget_s = 0.0  # this frame draws no new image
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=700, size=(1000, 700)))
    app.tick()
    sprites = app.scene.tiles.sprites()  # type: ignore[attr-defined]
    assert app.art.refining and rest(app) == 0 and not all(sprite.drawn for sprite in sprites)
    app.art.frame_budget_s = ART_BUDGET_S  # as the game's own loop has it
    settle(app, limit=400)
    assert sprites and all(sprite.drawn for sprite in sprites)


def test_tile_art_asked_for_ahead_is_drawn_in_a_frames_spare_time_only(
    make_app: AppMaker,
) -> None:
    """Art asked for ahead is drawn after a frame is shown while it fits before the next
    frame is due, never in a frame: none when no time is left, all of it with time; and
    a still screen draws one at least, however busy the machine (the loop went on
    without sleeping while art waited that never seemed to fit)."""
    app = make_app()
    for tile in (5, 6, 7):
        app.art.prepare(tile, 77)
    app.scene.services.notify("a notice: the picture changed")  # not still
    draw_ahead(app, until=time.perf_counter())
    assert not app.art.is_drawn(5, 77)
    settle_without_art(app)
    draw_ahead(app, until=time.perf_counter())
    assert app.art.is_drawn(5, 77) and not app.art.is_drawn(6, 77)
    draw_ahead(app, until=time.perf_counter() + 10.0)
    assert not app.art.ahead and app.art.is_drawn(7, 77)


def settle_without_art(app: App) -> None:
    """Run frames until the picture is still (the art asked for ahead left waiting)."""
    run_until(app, lambda: app.pace.rest(app.time, False, app.art.generation) > 0)


def test_the_guided_game_rests_while_its_words_wait_to_be_read(
    make_app: AppMaker, flips: list[int]
) -> None:
    """The lesson's computer plays only once its words are read: the table is still
    until Continue, and then goes on (the computer's first tile flies in)."""
    app = make_app()
    app.open(Screen.GUIDED_GAME)
    app.run_frames(2)
    scene = app.scene
    assert is_table_of(scene, LessonTable)
    settle(app)
    before = flips[0]
    app.run_frames(240)
    assert flips[0] == before and scene.role.lesson.waiting
    drive = Input(app)
    while not scene.state.figure:
        drive.press(pygame.K_RETURN, frames=1)
        run_until(app, lambda: bool(scene.state.figure) or rest(app) > 0)
    assert flips[0] > before + 10


@pytest.mark.parametrize(("reported", "paced"), [(0, 60), (75, 75), (10, 30), (500, 240)])
def test_frames_are_paced_to_the_display_refresh_rate(
    make_app: AppMaker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reported: int, paced: int
) -> None:
    from game.ui.pacing import display_rate

    make_app(tmp_path)
    monkeypatch.setattr(pygame.display, "get_current_refresh_rate", lambda: reported)
    assert display_rate() == paced


def test_the_loop_runs_fixed_steps_with_a_cap() -> None:
    class Counter(Scene):
        def __init__(self, app: App) -> None:
            super().__init__(app)
            self.steps: list[float] = []
            self.alphas: list[float] = []

        def update(self, dt: float) -> None:
            self.steps.append(dt)

        def still_for(self) -> float:
            return 0.0  # it moves: drawn every frame, with the leftover fraction

        def draw(self, surface: pygame.Surface, alpha: float) -> None:
            self.alphas.append(alpha)

    clock = ManualClock(step=0.0)
    app = App(clock=clock, storage=Storage(os.environ.get("TMPDIR", "/tmp") + "/contack-loop"))
    counter = Counter(app)
    pygame.event.clear()  # no window events left from opening the window or other tests
    app.push(counter)
    clock.advance(FIXED_DT)
    app.tick()  # the menu's step, then the push
    assert app.scene is counter and not counter.steps
    clock.advance(FIXED_DT * 2.5)
    app.tick()
    assert counter.steps == [FIXED_DT, FIXED_DT] and counter.alphas[-1] == pytest.approx(0.5)
    clock.advance(5.0)  # a long stall: clamped, then capped
    app.tick()
    assert len(counter.steps) == 2 + MAX_STEPS
