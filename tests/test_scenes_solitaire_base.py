"""Both solitaire scenes in the real app, headless, played through posted mouse and keys."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pygame
import pytest

import game.scenes.session_screen as session_screen
import game.scenes.solitaire.deals as solitaire_deals
from game.ai.autoplay import best_stock_move, fair_move, simple_fair_move
from game.ai.solver import solve
from game.ai.worker import InProcessAdviser, Job
from game.app import App, ManualClock
from game.i18n import set_language
from game.play.events import Report
from game.rules.modes import Mode
from game.rules.moves import DISCARD_PILE, PILE, STOCK, Move
from game.rules.solitaire import DrawSolitaireState, StackedSolitaireState
from game.scenes.menus.menu import MenuScene
from game.scenes.solitaire.bars import option
from game.scenes.solitaire.base import SolitaireScene
from game.scenes.solitaire.draw import DrawSolitaireScene
from game.scenes.solitaire.panels import count_radius, light_end_words
from game.scenes.solitaire.sources import DISCARD_KEY, PILE_NUMBER_GAP, STOCK_KEY, SevenPiles
from game.scenes.solitaire.stacked import StackedSolitaireScene
from game.scenes.solitaire.stage import end_lines
from game.ui.pacing import FIXED_DT
from tests.conftest import AppMaker
from tests.drive import Input, at, new_app, run_until, undrawn, watched
from tools.text_audit import watching

Point = tuple[float, float]


@pytest.fixture
def finished_games(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Every finished game the scenes add to the history, with its flags."""
    calls: list[dict[str, Any]] = []

    def record_call(storage: Any, report: Report) -> None:
        flags = {"hints": report.hints, "undos": report.undos, "autoplay": report.autoplay}
        calls.append({"record": json.loads(json.dumps(report.record.to_json())), **flags})

    monkeypatch.setattr(solitaire_deals, "count_finished", record_call)  # a loss
    monkeypatch.setattr(session_screen, "count_finished", record_call)  # a win, by the autosave
    return calls


@pytest.fixture(scope="module")
def module_app(tmp_path_factory: pytest.TempPathFactory) -> App:
    """One small window for the module, so its tile art is rendered once, not per test."""
    return new_app(tmp_path_factory.mktemp("solitaire"), (800, 600), speed="instant")


@pytest.fixture
def menu_app(module_app: App) -> App:
    """The module's one app, made ready for the test."""
    return back_at_menu(module_app)


def back_at_menu(module_app: App) -> App:
    """The module's app back at its menu, with no saved game."""
    module_app.clear_to_root()
    module_app.run_frames(1)
    for mode in tuple(Mode):
        module_app.storage.clear_game(mode)
    module_app.settings.extra.pop("solitaire", None)
    module_app.adviser = InProcessAdviser()
    pygame.event.clear()
    return module_app


S = TypeVar("S", bound=SolitaireScene)
R = TypeVar("R")


def open_scene(app: App, scene: S) -> S:
    app.push(scene)
    app.run_frames(3)
    assert app.scene is scene
    return scene


FRAMES = 3
"""Frames after each click, drag or key press."""


def cell_point(scene: SolitaireScene, move: Move) -> Point:
    return scene.board.view.cell_centre(move.cell)


def winnable_stacked_seed() -> int:
    return next(seed for seed in range(1, 200) if solve(StackedSolitaireState(seed=seed)).winnable)


def play_draw_move(app: App, scene: DrawSolitaireScene, move: Move, by_drag: bool) -> None:
    """Carry out `move` the way a player would: turn the stock, then click or drag."""
    if move.source == STOCK:
        Input(app, FRAMES).click(scene.sources.centre(STOCK_KEY))
        if scene.session.turned:
            assert scene.controls.selected == STOCK_KEY
            placement = best_stock_move(scene.draw_state)
            target = cell_point(scene, placement)
            if by_drag:
                Input(app, FRAMES).drag(scene.sources.centre(STOCK_KEY), target)
            else:
                Input(app, FRAMES).click(target)
    elif by_drag:
        Input(app, FRAMES).drag(scene.sources.centre(DISCARD_KEY), cell_point(scene, move))
    else:
        Input(app, FRAMES).click(scene.sources.centre(DISCARD_KEY))
        assert scene.controls.selected == DISCARD_KEY
        Input(app, FRAMES).click(cell_point(scene, move))


def test_a_whole_draw_solitaire_by_mouse(
    menu_app: App, finished_games: list[dict[str, Any]]
) -> None:
    scene = open_scene(menu_app, DrawSolitaireScene(menu_app, seed=5))
    turns = 0
    with undrawn(menu_app):  # clicks on places worked out from the state; pixels after
        while not scene.session.recorded.is_over():
            before = len(scene.state.moves)
            move = simple_fair_move(scene.draw_state)
            play_draw_move(menu_app, scene, move, by_drag=turns % 3 == 0)
            assert len(scene.state.moves) == before + 1, "every action plays exactly one move"
            assert scene.session.record.to_json()["hands"][0]["moves"][-1]["from"] in (
                STOCK,
                DISCARD_PILE,
            )
            turns += 1
            if not scene.session.recorded.is_over():
                assert menu_app.storage.load_game(scene.mode) == scene.session.record
    record = scene.session.record
    assert record.to_json()["hands"][0]["result"] == scene.state.status
    # A win is counted and its save goes; a loss stays saved until it is counted.
    assert menu_app.storage.has_saved_game() is (not scene.state.won)
    menu_app.run_frames(3)
    first = scene.board.view.cell_centre((0, 0))
    felt = menu_app.felt().get_at((round(first[0]), round(first[1])))
    assert menu_app.screen.get_at((round(first[0]), round(first[1]))) != felt
    if not scene.state.won:
        assert finished_games == []  # a loss counts once the player moves on
        Input(menu_app, FRAMES).press(pygame.K_ESCAPE)
        assert menu_app.scene is not scene
    assert len(finished_games) == 1
    assert finished_games[0]["record"] == record.to_json()
    assert not any(finished_games[0][flag] for flag in ("hints", "undos", "autoplay"))


def test_a_winning_stacked_solitaire_by_mouse(
    menu_app: App, finished_games: list[dict[str, Any]]
) -> None:
    seed = winnable_stacked_seed()
    line = solve(StackedSolitaireState(seed=seed)).moves
    scene = open_scene(menu_app, StackedSolitaireScene(menu_app, seed=seed))
    with undrawn(menu_app):  # clicks on places worked out from the state
        for index, move in enumerate(line):
            top = scene.sources.centre((PILE, move.pile))
            if index % 2:
                Input(menu_app, FRAMES).drag(top, cell_point(scene, move))
            else:
                Input(menu_app, FRAMES).click(top)
                assert scene.controls.selected == (PILE, move.pile)
                Input(menu_app, FRAMES).click(cell_point(scene, move))
            assert scene.state.moves[-1] == move
    assert scene.state.won and scene.finished
    assert scene.session.verdict == "won"
    assert finished_games and finished_games[0]["record"]["hands"][0]["result"] == "won"
    assert not finished_games[0]["undos"] and not finished_games[0]["hints"]


def test_auto_play_wins_a_winnable_stacked_deal(
    menu_app: App, finished_games: list[dict[str, Any]]
) -> None:
    scene = open_scene(menu_app, StackedSolitaireScene(menu_app, seed=winnable_stacked_seed()))
    seen = []
    for _ in range(4):
        choice = scene.bars.speed_choice.rect
        Input(menu_app, FRAMES).click((choice.right - 20, choice.centery))
        seen.append(scene.autoplay.speed)
    assert seen == ["slow", "normal", "fast", "instant"]
    Input(menu_app, FRAMES).click(scene.bars.auto_button.rect.center)
    assert scene.autoplay.playing
    with undrawn(menu_app):
        run_until(menu_app, lambda: scene.finished)
    assert scene.state.won
    menu_app.tick()  # the history takes it in the next frame
    assert finished_games[0]["autoplay"] is True


class CountingAdviser(InProcessAdviser):
    """Answers in-process and notes how far into the pause each auto-play move was asked."""

    def __init__(self, scene: Callable[[], SolitaireScene]) -> None:
        super().__init__()
        self.scene = scene
        self.pause_left: list[float] = []

    def submit(self, work: Callable[..., R], *args: Any) -> Job[R]:
        if work is fair_move:
            self.pause_left.append(self.scene().autoplay.timer)
        return super().submit(work, *args)


def test_auto_play_thinks_about_the_next_move_during_the_pause(menu_app: App) -> None:
    adviser = CountingAdviser(lambda: scene)
    menu_app.adviser = adviser
    scene = open_scene(menu_app, DrawSolitaireScene(menu_app, seed=5))
    scene.autoplay.set_speed("normal")
    scene.autoplay.set(True)
    with undrawn(menu_app):
        run_until(menu_app, lambda: len(scene.state.moves) >= 3 or scene.finished)
    # The first move is asked at once; each one after it while the pause still runs.
    assert len(adviser.pause_left) >= 3
    assert all(left > 0 for left in adviser.pause_left[1:])


def test_auto_play_turns_the_stock_tile_over_before_it_goes(
    menu_app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The auto-player's move from the stock is shown as a player sees their own: the
    stock's top tile flips at the stock (face down and narrowing, then face up and
    widening; never face up before it turns) and only then is played, sliding from the
    stock to its cell. Frames come a little faster than the updates, as on a display of
    120 Hz or more: at most one update a frame."""
    assert isinstance(menu_app.clock, ManualClock)
    monkeypatch.setattr(menu_app.clock, "step", FIXED_DT * 0.9)
    scene = open_scene(menu_app, DrawSolitaireScene(menu_app, seed=5))
    stock = scene.sources.sprites[STOCK_KEY]
    centre, width = at(stock.rect.center), stock.rect.width
    face_down = menu_app.screen.get_at(centre)
    scene.autoplay.set_speed("normal")
    Input(menu_app, frames=0).click(scene.bars.auto_button)
    turning: list[tuple[int, int, pygame.Color]] = []  # each frame: tile, width, centre pixel
    turned_at = centre

    def watch_the_stock() -> bool:
        """Note the turned stock tile in the frame just drawn; whether a move was played."""
        nonlocal turned_at
        if scene.session.turned:
            sprite = scene.sources.sprites[STOCK_KEY]
            assert sprite.image is not None
            turning.append((sprite.tile, sprite.image.get_width(), menu_app.screen.get_at(centre)))
            turned_at = at(sprite.rect.center)
        return bool(scene.state.moves)

    run_until(menu_app, watch_the_stock)
    move = scene.state.moves[0]
    assert move.source == STOCK
    assert len(turning) > 5, "the tile was played without being turned over"
    assert {tile for tile, _, _ in turning} == {move.tile}
    widths = [tile_width for _, tile_width, _ in turning]
    narrowest = widths.index(min(widths))
    assert widths[narrowest] < width // 4 and 0 < narrowest < len(widths) - 1
    assert widths[:narrowest] == sorted(widths[:narrowest], reverse=True)
    assert widths[narrowest:] == sorted(widths[narrowest:])
    assert turning[0][2] == face_down and turning[-1][2] != face_down
    placed = scene.board.sprites[move.cell]
    assert at(placed.rect.center) == turned_at
    run_until(menu_app, lambda: not scene.stage.moving())
    assert at(placed.rect.center) == at(scene.board.view.cell_box_centre(move.cell))


def test_undo_and_redo_round_trip(menu_app: App) -> None:
    scene = open_scene(menu_app, DrawSolitaireScene(menu_app, seed=3))
    for turn in range(8):
        play_draw_move(menu_app, scene, simple_fair_move(scene.draw_state), by_drag=turn % 2 == 1)
    played = json.loads(json.dumps(scene.session.record.to_json()["hands"]))
    figure = scene.state.figure.tiles()
    for _ in range(5):
        Input(menu_app, FRAMES).press(pygame.K_z, pygame.KMOD_CTRL)
    assert len(scene.state.moves) == 3
    assert scene.session.record.to_json()["hands"][0]["moves"] == played[0]["moves"][:3]
    saved = menu_app.storage.load_game(scene.mode)
    assert saved is not None and saved.to_json()["hands"][0]["moves"] == played[0]["moves"][:3]
    Input(menu_app, FRAMES).click(scene.bars.redo_button.rect.center)
    for _ in range(4):
        Input(menu_app, FRAMES).press(pygame.K_y)
    assert scene.session.record.to_json()["hands"] == played
    assert scene.state.figure.tiles() == figure
    assert scene.session.record.to_json()["assists"] == {"undos": True}


def lose_draw_deal(app: App, seed: int) -> DrawSolitaireScene:
    """Deal `seed` of draw solitaire played to a loss (by the engine, quickly: a frame
    after each move, undrawn)."""
    scene = open_scene(app, DrawSolitaireScene(app, seed=seed))
    with undrawn(app):
        while not scene.session.recorded.is_over():
            scene.play(simple_fair_move(scene.draw_state))
            app.run_frames(1)
    assert not scene.state.won and scene.finished
    return scene


def test_undo_after_a_loss_goes_on_and_only_the_real_end_counts(
    menu_app: App, finished_games: list[dict[str, Any]]
) -> None:
    scene = lose_draw_deal(menu_app, 5)
    lost_moves = list(scene.state.moves)
    menu_app.run_frames(2)
    assert scene.bars.undo_button.enabled and not scene.bars.hint_button.enabled
    Input(menu_app, FRAMES).press(pygame.K_u)
    assert not scene.finished and scene.state.moves == lost_moves[:-1]
    assert menu_app.storage.has_saved_game()  # in play again, so saved again
    assert finished_games == []
    Input(menu_app, FRAMES).press(pygame.K_y)  # the same last move: lost again, still not counted
    assert scene.finished and scene.state.moves == lost_moves and finished_games == []
    Input(menu_app, FRAMES).press(pygame.K_n)
    assert len(finished_games) == 1
    counted = finished_games[0]
    assert counted["record"]["hands"][0]["result"] == "lost" and counted["undos"]
    assert not scene.finished and not scene.state.moves


def test_a_loss_is_counted_when_the_game_closes(
    make_app: AppMaker, tmp_path: Path, finished_games: list[dict[str, Any]]
) -> None:
    app = make_app(tmp_path, (800, 600), speed="instant")
    lose_draw_deal(app, 5)
    assert finished_games == []
    app.close()
    assert len(finished_games) == 1 and not app.scenes


def test_resume_from_the_saved_record(menu_app: App) -> None:
    scene = open_scene(menu_app, StackedSolitaireScene(menu_app, seed=9))
    for _ in range(4):
        move = scene.stacked_state.legal_moves()[0]
        Input(menu_app, FRAMES).click(scene.sources.centre((PILE, move.pile)))
        Input(menu_app, FRAMES).click(cell_point(scene, move))
    saved = menu_app.storage.load_game(scene.mode)
    assert saved is not None and len(saved.to_json()["hands"][0]["moves"]) == 4
    Input(menu_app, FRAMES).press(pygame.K_ESCAPE)
    assert isinstance(menu_app.scene, MenuScene)
    continue_button = menu_app.scene.buttons["continue-stacked"]
    assert continue_button.visible
    Input(menu_app, FRAMES).click(continue_button.rect.center)
    resumed = menu_app.scene
    assert isinstance(resumed, StackedSolitaireScene) and resumed is not scene
    assert resumed.seed == 9
    assert resumed.state.figure.tiles() == scene.state.figure.tiles()
    assert resumed.stacked_state.heights == scene.stacked_state.heights
    move = resumed.stacked_state.legal_moves()[0]
    Input(menu_app, FRAMES).click(resumed.sources.centre((PILE, move.pile)))
    Input(menu_app, FRAMES).click(cell_point(resumed, move))
    saved = menu_app.storage.load_game(scene.mode)
    assert saved is not None and len(saved.to_json()["hands"][0]["moves"]) == 5


def test_typed_deal_number_and_hint(menu_app: App) -> None:
    scene = open_scene(menu_app, DrawSolitaireScene(menu_app, seed=1))
    Input(menu_app, FRAMES).click(scene.bars.deal_field.rect.center)
    for _ in range(3):
        Input(menu_app, FRAMES).press(pygame.K_BACKSPACE, frames=1)
    Input(menu_app, FRAMES).text("42x", frames=0)
    Input(menu_app, FRAMES).press(pygame.K_RETURN)
    assert scene.seed == 42
    assert scene.draw_state.stock == DrawSolitaireState(seed=42).stock
    Input(menu_app, FRAMES).press(pygame.K_h)
    run_until(menu_app, lambda: scene.autoplay.hint_move is not None)
    assert scene.autoplay.hint_move in scene.state.legal_moves()
    assert scene.session.record.to_json()["assists"] == {"hints": True}


def test_winnable_deals_only_gives_a_winnable_deal(menu_app: App) -> None:
    scene = open_scene(menu_app, StackedSolitaireScene(menu_app, seed=1))
    Input(menu_app, FRAMES).click(scene.bars.winnable_toggle.rect.center)
    assert option(scene.services, "winnable_only")
    Input(menu_app, FRAMES).click(scene.bars.new_button.rect.center)
    run_until(menu_app, lambda: not scene.deals.searching)
    assert scene.seed != 1
    assert solve(StackedSolitaireState(seed=scene.seed)).winnable


def test_the_verdict_comes_from_the_adviser_not_from_the_frames(
    menu_app: App,
    monkeypatch: pytest.MonkeyPatch,
    finished_games: list[dict[str, Any]],
    held_adviser: Any,
) -> None:
    expected = solve(DrawSolitaireState(seed=5)).winnable
    assert expected is not None  # the solver decides this deal
    menu_app.adviser = held_adviser
    scene = lose_draw_deal(menu_app, 5)
    menu_app.run_frames(20)
    assert scene.session.verdict is None and scene.session.judging  # the window goes on meanwhile
    held_adviser.release()
    menu_app.run_frames(2)
    assert scene.session.verdict == {True: "could", False: "could not"}[expected]


def test_enter_alone_plays_draw_solitaire(menu_app: App) -> None:
    """The help says "arrows and Enter": Enter turns the stock, points at a lit spot for
    the turned tile, then places it, with no mouse and no other key."""
    scene = open_scene(menu_app, DrawSolitaireScene(menu_app, seed=5))
    drive = Input(menu_app, FRAMES)
    with undrawn(menu_app):
        for _press in range(40):
            if scene.finished or len(scene.state.figure) >= 4:
                break
            drive.press(pygame.K_RETURN)
            menu_app.run_frames(10)
    assert len(scene.state.figure) >= 4 or scene.finished
    assert scene.session.record.to_json()["hands"][0]["moves"]


# --- issue 16: malformed input refused in one line, damaged files set aside ------------


@pytest.mark.parametrize("typed", ["²", "⁵", "①", "٣", "1²"])
def test_unicode_digits_in_the_deal_box_are_refused_quietly(make_app: AppMaker, typed: str) -> None:
    from game.scenes.requests import Screen
    from tests.drive import type_into_deal_box

    app, scene = type_into_deal_box(make_app, Screen.DRAW_SOLITAIRE, typed)
    Input(app).press(pygame.K_RETURN)
    assert app.scene is scene and scene.bars.deal_field.text.isascii()  # type: ignore[attr-defined]


def test_a_won_solitaire_is_in_the_history_before_its_save_goes(
    make_app: AppMaker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ai.solver import solve
    from game.persist import autosave
    from game.persist.files import GameFiles
    from game.persist.history import load_history
    from game.scenes.solitaire.stacked import StackedSolitaireScene

    app = make_app(tmp_path, speed="instant")
    scene = StackedSolitaireScene(app, seed=3)
    app.push(scene)
    app.run_frames(2)
    answer = solve(scene.stacked_state)
    assert answer.winnable
    seen: list[int] = []
    clear = autosave.clear_game

    def clear_game(files: GameFiles, mode: str) -> None:
        seen.append(load_history(app.storage).solitaires[mode].won)
        clear(files, mode)

    monkeypatch.setattr(autosave, "clear_game", clear_game)
    for move in answer.moves:
        scene.play(move)
    app.tick()  # the frame the winning move was played in (here, before it) shows the win
    assert scene.state.won and not seen
    app.tick()
    assert seen == [1]


def test_a_solitaire_move_is_saved_in_the_frame_after_its_own(
    make_app: AppMaker, tmp_path: Path
) -> None:
    """A move's own frame starts its animation; its save waits for the next frame (with
    both, moves were an auto-play's slowest frames)."""
    app = make_app(tmp_path, speed="instant")
    scene = DrawSolitaireScene(app, seed=182)
    app.push(scene)
    app.run_frames(2)
    before = app.storage.load_game("draw-solitaire")
    scene.play(scene.state.legal_moves()[0])  # a click's frame
    app.tick()
    assert app.storage.load_game("draw-solitaire") == before != scene.session.record
    app.tick()
    assert app.storage.load_game("draw-solitaire") == scene.session.record


@pytest.mark.parametrize("scene_type", [DrawSolitaireScene, StackedSolitaireScene])
def test_after_a_move_the_tiles_the_sources_may_turn_up_are_drawn_ahead(
    make_app: AppMaker, tmp_path: Path, scene_type: type[SolitaireScene]
) -> None:
    """The next stock tile and the discard pile turned over, or the tile under each
    pile's top: drawn in spare moments, not in the frame that turns them up."""
    app = make_app(tmp_path, speed="instant")
    scene = scene_type(app, seed=7)
    app.push(scene)
    app.run_frames(2)
    scene.play(scene.state.legal_moves()[0])
    app.run_frames(2)
    app.art.render_prepared(1000)
    side, state = scene.sources.side, scene.state
    if isinstance(state, DrawSolitaireState):
        pile = state.discard
        assert state.stock_top is not None
        wanted = [(state.stock_top, True)] + [
            (tile, index % 2 != (len(pile) - 1) % 2) for index, tile in enumerate(pile)
        ]
    else:
        wanted = [
            (p[h - 2], True) for p, h in zip(state.piles, state.heights, strict=True) if h >= 2
        ]
    assert wanted and all(app.art.is_drawn(tile, side, up) for tile, up in wanted)


@pytest.mark.parametrize(
    ("size", "language"), [((800, 600), "es"), ((1280, 800), "en"), ((1920, 1080), "es")]
)
def test_the_end_of_a_deal_is_said_over_no_tile_of_the_figure(
    make_app: AppMaker, size: tuple[int, int], language: str
) -> None:
    """The game-over panel was drawn over the top tile of the figure (its words taller
    than the room kept for them: the verdict, where the light went out, the fair odds):
    the figure is fitted clear of it, also once the verdict has come."""
    app = make_app(size=size, speed="instant")
    app.settings.winnable_light = "every"
    set_language(language)
    scene = lose_draw_deal(app, 7)
    run_until(app, lambda: scene.session.verdict not in (None, "unknown"))
    assert light_end_words(scene.session.light.out_at)  # said on the panel
    with watched(app) as frame:
        app.redraw()
        app.run_frames(1)
    first = end_lines(scene.session, scene.end_note())[0][0]
    said = next(drawn.rect for drawn in frame.texts if drawn.text == first)
    banner = next(rect for _scene, rect in frame.panels if rect.contains(said))
    view = scene.board.view
    for cell, _tile, _rot in scene.state.figure.tiles():
        xs, ys = zip(*view.cell_vertices(cell), strict=True)
        tile = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        assert not tile.colliderect(banner), (cell, tile, banner)


@pytest.mark.parametrize("text_size", ["normal", "largest"])
def test_a_piles_number_stands_clear_of_the_count_on_its_left(
    make_app: AppMaker, text_size: str
) -> None:
    """At 1920x1080 each pile's number (its key) keeps `PILE_NUMBER_GAP` from the count
    by the pile on its left: closer ("5 3"), the two read as one number."""
    app = make_app(size=(1920, 1080))
    app.settings.text_size = text_size
    app.apply_settings()
    scene = open_scene(app, StackedSolitaireScene(app, seed=11))
    sources = scene.sources
    assert isinstance(sources, SevenPiles)
    with watching(app) as frame:
        app.draw(1.0)
    side = sources.side
    for pile in range(1, len(sources.pile_pos)):
        x, _y = sources.pile_pos[pile]
        number = next(
            d.rect
            for d in frame.texts
            if d.text == str(pile + 1) and abs(d.rect.right - (x - side * 0.47)) <= 1
        )
        count_x = sources.pile_pos[pile - 1][0] + side * 0.42
        count = next(
            d.rect for d in frame.texts if d.text.isdigit() and abs(d.rect.centerx - count_x) <= 1
        )
        badge_right = count_x + count_radius(app.ui, "99")
        assert number.left - badge_right >= app.ui.px(PILE_NUMBER_GAP) - 1, pile
        assert count.right < number.left
