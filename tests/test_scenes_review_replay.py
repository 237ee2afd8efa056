"""The replay viewer, history list and statistics screens, driven by real posted events."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ai.solver import solve
from game.app import App
from game.cli import simulate
from game.persist.history import HISTORY_FILE, HISTORY_LIMIT, add_finished_game, load_history
from game.persist.storage import Storage
from game.play.replay import Replay
from game.rules.lattice import Cell
from game.rules.modes import Mode
from game.rules.moves import PLACE
from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import RecordedGame
from game.rules.solitaire import StackedSolitaireState
from game.rules.table import TableState
from game.rules.table_rules import TableRules
from game.scenes.dialog import ConfirmScene
from game.scenes.games.history import HistoryScene
from game.scenes.games.stats import StatsScene
from game.scenes.menus.menu import MenuScene
from game.scenes.requests import Screen
from game.scenes.review.captions import CAPTION_GAP, caption_images
from game.scenes.review.replay import STEP_SECONDS, ReplayScene
from tests.commands import command
from tests.conftest import AppMaker
from tests.drive import Input, open_games_tab, undrawn
from tests.persistence_helpers import finished_record
from tools.samples import fill_sample_history
from tools.screenshot import staged
from tools.text_audit import watching


def cli(*args: str) -> str:
    done = command(*args)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize(
    "simulate_args",
    [
        ["--mode", "table", "--players", "4", "--seed", "3", "--ai", "greedy"],
        [
            "--mode",
            "table",
            "--players",
            "4",
            "--seed",
            "8",
            "--ai",
            "random",
            "--rule",
            "partners=true",
            "--rule",
            "variant=club",
        ],
        ["--mode", "draw-solitaire", "--seed", "4", "--ai", "greedy"],
        ["--mode", "stacked-solitaire", "--seed", "9", "--ai", "greedy"],
    ],
)
def test_simulated_record_steps_to_the_end_with_the_scores_check_prints(
    make_app: AppMaker, tmp_path: Path, simulate_args: list[str]
) -> None:
    path = tmp_path / "game.contack.json"
    path.write_text(cli("simulate", *simulate_args))
    checked = json.loads(cli("check", str(path)))
    app = make_app(tmp_path / "home", record_path=str(path))
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    replay = scene.replay
    assert replay.at_start
    total = sum(len(steps) + 1 for steps in replay.steps) - 1
    with undrawn(app):
        Input(app).press(pygame.K_RIGHT, times=total)
    assert replay.at_end
    state = replay.state
    if isinstance(state, TableState):
        assert state.sheet.results == checked["results"]
        outcome = state.outcome()
        assert outcome is not None
        assert list(outcome.totals) == checked["totals"]
    else:
        assert [state.status] == checked["results"]
        assert [len(state.figure)] == checked["totals"]
    Input(app).press(pygame.K_RIGHT)
    assert replay.at_end
    Input(app).press(pygame.K_HOME)
    assert replay.at_start and len(replay.state.figure) <= 1


def test_each_step_shows_the_contacts_and_score_of_its_move() -> None:
    record = GameRecord.parse(finished_record("table", 3, 21))
    replay = Replay(record)
    for h, hand in enumerate(record.hands):
        for steps, entry in zip(replay.steps[h], hand.moves, strict=True):
            if entry.score is not None:
                assert steps.score == entry.score
    assert any(len(step.contacts) >= 2 for steps in replay.steps for step in steps)


def test_seek_back_and_forth_matches_stepping_forward() -> None:
    replay = Replay(GameRecord.parse(finished_record("table", 2, 13)))
    positions = []
    while True:
        assert isinstance(replay.state, TableState)
        positions.append(
            (
                (replay.hand, replay.index),
                replay.state.figure.tiles(),
                list(map(replay.state.hand_tiles, range(2))),
            )
        )
        if not replay.forward():
            break
    rng = random.Random(1)
    for _ in range(60):
        (hand, index), tiles, hands = rng.choice(positions)
        replay.seek(hand, index)
        assert isinstance(replay.state, TableState)
        assert replay.state.figure.tiles() == tiles
        assert [replay.state.hand_tiles(s) for s in range(2)] == hands
    replay.to_end()
    while replay.back():
        pass
    assert (replay.hand, replay.index) == (0, 0)


def test_play_pause_hands_and_speed_by_mouse(make_app: AppMaker, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = ReplayScene(app, GameRecord.parse(finished_record("table", 3, 2)))
    app.push(scene)
    app.run_frames(2)
    replay = scene.replay
    Input(app).click(scene.buttons["hand_on"])
    assert (replay.hand, replay.index) == (1, 0)
    Input(app).click(scene.buttons["hand_back"])
    assert (replay.hand, replay.index) == (0, 0)
    Input(app).click(scene.speed_choice)  # Normal -> Fast
    assert scene.speed == "fast"
    Input(app).click(scene.buttons["play"])
    assert scene.playing
    with undrawn(app):
        app.run_frames(200)
    moved = replay.index
    assert moved >= 3
    Input(app).click(scene.buttons["play"])
    assert not scene.playing
    with undrawn(app):
        app.run_frames(200)
    assert replay.index == moved
    Input(app).click(scene.buttons["step"])
    assert replay.index == moved + 1
    Input(app).click(scene.buttons["step_back"])
    assert replay.index == moved
    Input(app).press(pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def open_viewer(app: App, record: dict[str, Any]) -> ReplayScene:
    scene = ReplayScene(app, GameRecord.parse(record))
    app.push(scene)
    app.run_frames(2)
    return scene


def next_placement(app: App, scene: ReplayScene) -> Cell:
    """Step on by real key presses until the next move places a tile, let any slide land
    (undrawn), and give that move's cell."""
    with undrawn(app):
        while (step := scene.replay.next_step) is None or step.move.action != PLACE:
            Input(app).press(pygame.K_RIGHT)
        app.run_frames(60)
    assert not scene.flying
    return step.move.cell


def key_frame(app: App, key: int) -> None:
    """A real key press and a single frame, to look at the scene mid-animation."""
    Input(app).press(key, frames=1)


def inside(scene: ReplayScene, cell: Cell) -> tuple[int, int]:
    """A pixel inside the triangle of `cell`: felt there means no tile is drawn on it."""
    x, y = scene.board.view.cell_centre(cell)
    return round(x), round(y)


def resting(scene: ReplayScene) -> bool:
    """Every figure tile on its cell, nothing sliding."""
    return (
        not scene.flying
        and not scene.tweens.busy
        and all(
            math.dist(sprite.centre, scene.board.view.cell_box_centre(cell)) < 0.01
            for cell, sprite in scene.board.sprites.items()
        )
    )


@pytest.mark.parametrize(
    ("mode", "players", "seed"),
    [("table", 3, 2), ("draw-solitaire", 1, 4), ("stacked-solitaire", 1, 9)],
)
def test_a_step_forward_slides_the_placed_tile_from_the_panel_to_its_cell(
    make_app: AppMaker, tmp_path: Path, mode: str, players: int, seed: int
) -> None:
    app = make_app(tmp_path)
    scene = open_viewer(app, finished_record(mode, players, seed))
    with undrawn(app):
        Input(app).press(pygame.K_RIGHT, times=3)
    cell = next_placement(app, scene)
    target = scene.board.view.cell_box_centre(cell)
    key_frame(app, pygame.K_RIGHT)
    sprite = scene.board.sprites[cell]
    assert sprite in scene.flying and sprite not in scene.tiles
    assert scene.panel.rect.collidepoint(sprite.centre)
    away = math.dist(sprite.centre, target)
    assert away > scene.board.view.side
    assert app.screen.get_at(inside(scene, cell)) == app.felt().get_at(inside(scene, cell))
    with undrawn(app):
        app.run_frames(10)
    assert scene.board.view.side < math.dist(sprite.centre, target) < away  # on its way
    app.run_frames(50)
    assert sprite in scene.tiles and resting(scene)
    assert app.screen.get_at(inside(scene, cell)) != app.felt().get_at(inside(scene, cell))


def test_stepping_back_and_jumping_are_instant_and_a_new_step_lands_the_last(
    make_app: AppMaker, tmp_path: Path
) -> None:
    app = make_app(tmp_path)
    scene = open_viewer(app, finished_record("table", 3, 2))
    first, second = (step.move for step in scene.replay.steps[0][:2])
    assert first.action == second.action == PLACE
    key_frame(app, pygame.K_RIGHT)
    assert scene.board.sprites[first.cell] in scene.flying
    key_frame(app, pygame.K_RIGHT)  # mid-slide: the first tile lands at once
    assert scene.replay.index == 2
    assert list(scene.flying) == [scene.board.sprites[second.cell]]
    landed = scene.board.sprites[first.cell]
    assert landed in scene.tiles
    assert math.dist(landed.centre, scene.board.view.cell_box_centre(first.cell)) < 0.01
    key_frame(app, pygame.K_LEFT)  # mid-slide again: back, at once
    assert scene.replay.index == 1 and resting(scene)
    assert second.cell not in scene.board.sprites
    assert app.screen.get_at(inside(scene, second.cell)) == app.felt().get_at(
        inside(scene, second.cell)
    )
    assert app.screen.get_at(inside(scene, first.cell)) != app.felt().get_at(
        inside(scene, first.cell)
    )
    for key in (pygame.K_END, pygame.K_HOME, pygame.K_PAGEDOWN, pygame.K_PAGEUP):
        key_frame(app, pygame.K_RIGHT)
        key_frame(app, key)
        assert resting(scene), pygame.key.name(key)
    assert scene.replay.index == 0


def test_auto_play_slides_each_placement_in_before_the_next_step(
    make_app: AppMaker, tmp_path: Path
) -> None:
    app = make_app(tmp_path, size=(800, 600))
    scene = open_viewer(app, finished_record("stacked-solitaire", 1, 9))
    Input(app).click(scene.buttons["play"])
    assert scene.playing
    index, slid = scene.replay.index, 0
    with undrawn(app):
        for _ in range(600):
            app.tick()
            if scene.replay.index != index:
                assert scene.flying, "a placement during auto-play slides in"
                index, slid = scene.replay.index, slid + 1
            elif scene.timer > 0.75 * STEP_SECONDS[scene.speed]:
                assert resting(scene), "the slide lands before the next step"
    assert slid >= 3


def test_the_instant_animation_speed_places_at_once(make_app: AppMaker, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.settings.animation_speed = "instant"
    app.apply_settings()
    scene = open_viewer(app, finished_record("stacked-solitaire", 1, 9))
    cell = next_placement(app, scene)
    key_frame(app, pygame.K_RIGHT)
    assert cell in scene.board.sprites and resting(scene)


def test_history_keeps_the_last_fifty_games_and_their_records(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    first = None
    for seed in range(HISTORY_LIMIT + 2):
        entry = add_finished_game(
            storage,
            GameRecord.parse(finished_record("stacked-solitaire", 1, seed)),
            now=1_700_000_000 + seed,
        )
        assert entry is not None
        first = first or entry
    assert (
        add_finished_game(storage, GameRecord.parse(finished_record("stacked-solitaire", 1, 5)))
        is None
    )
    history = load_history(storage)
    assert len(history.games) == HISTORY_LIMIT
    assert first is not None and not (tmp_path / first.file).exists()
    assert all((tmp_path / entry.file).is_file() for entry in history.games)
    assert history.solitaires["stacked-solitaire"].played == HISTORY_LIMIT + 2


def solved_stacked_game() -> dict[str, Any]:
    """A stacked solitaire won by following the solver's line."""
    for seed in range(1, 30):
        game = RecordedGame.new_stacked_solitaire({"name": "Ann", "kind": "human"}, seed)
        assert isinstance(game.state, StackedSolitaireState)
        result = solve(game.state)
        if result.winnable:
            for move in result.moves:
                game.play(move)
            assert game.record.to_json()["hands"][0]["result"] == "won"
            return game.record.to_json()
    raise AssertionError("no winnable deal among the first seeds")


def test_statistics_count_players_and_solitaires(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    record = finished_record("table", 3, 7)
    record["players"][0].update(name="Ann", kind="human")
    add_finished_game(storage, GameRecord.parse(record))
    stats = load_history(storage).players["Ann"]
    assert stats.games == 1 and not stats.computer
    best_move = max(
        m.get("score", 0) for h in record["hands"] for m in h["moves"] if m.get("player") == 0
    )
    assert stats.best_move == best_move
    won, lost = solved_stacked_game(), finished_record("stacked-solitaire", 1, 1)
    assert lost["hands"][0]["result"] == "lost"
    add_finished_game(storage, GameRecord.parse(won))
    add_finished_game(storage, GameRecord.parse({**won, "seed": "again"}), hints=True)
    add_finished_game(storage, GameRecord.parse(lost))
    solitaire = load_history(storage).solitaires["stacked-solitaire"]
    assert (solitaire.played, solitaire.won, solitaire.clean_wins, solitaire.hint_wins) == (
        3,
        2,
        1,
        1,
    )
    assert (solitaire.streak, solitaire.best_streak) == (0, 2)


def test_bad_history_file_is_set_aside_and_a_fresh_one_started(tmp_path: Path) -> None:
    (tmp_path / HISTORY_FILE).write_bytes(b"\x00\xff garbage")
    storage = Storage(tmp_path)
    assert load_history(storage).games == []
    assert list(tmp_path.glob(f"{HISTORY_FILE}.bad-*"))
    assert add_finished_game(storage, GameRecord.parse(finished_record())) is not None
    assert len(load_history(storage).games) == 1


def test_statistics_screen_resets_only_when_confirmed(make_app: AppMaker, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    fill_sample_history(app.storage)
    stats = open_games_tab(app, Screen.STATS, StatsScene)
    assert stats.history.players
    Input(app).click(stats.reset)
    confirm = app.scene
    assert isinstance(confirm, ConfirmScene)
    Input(app).click(confirm.no)
    assert app.scene is stats and load_history(app.storage).players
    Input(app).click(stats.reset)
    confirm = app.scene
    assert isinstance(confirm, ConfirmScene)
    Input(app).click(confirm.yes)
    assert app.scene is stats
    history = load_history(app.storage)
    assert not history.players and history.solitaires["draw-solitaire"].played == 0
    assert len(history.games) == 6


def test_history_lists_games_and_opens_one_in_the_viewer(
    make_app: AppMaker, tmp_path: Path
) -> None:
    app = make_app(tmp_path, size=(800, 600))
    fill_sample_history(app.storage)
    scene = open_games_tab(app, Screen.HISTORY, HistoryScene)
    assert len(scene.list.rows) == 6
    Input(app).press(pygame.K_DOWN)
    assert scene.list.selected == 1
    Input(app).click(scene.watch)
    viewer = app.scene
    assert isinstance(viewer, ReplayScene)
    assert viewer.replay.record.to_json()["mode"] == scene.entries[1].mode
    Input(app).press(pygame.K_END)
    assert viewer.replay.at_end
    Input(app).press(pygame.K_ESCAPE)
    assert app.scene is scene


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_the_caption_under_the_figure_stands_clear_of_the_bar(
    make_app: AppMaker, language: str, size: tuple[int, int]
) -> None:
    """At a lost solitaire's last move the caption says the move, its contacts and the
    end: in Spanish at 800x600 that is more lines than a fixed room held, and the last
    went under the bar."""
    app = make_app(size=size)
    app.settings.language = language
    app.apply_settings()
    game = simulate(Mode.STACKED_SOLITAIRE, 1, 4, ["greedy"], TableRules())
    scene = ReplayScene(app, game)
    scene.replay.seek(0, len(scene.replay.steps[0]))
    app.push(scene)
    app.run_frames(2)
    ui, area = app.ui, scene.board.area
    lines = caption_images(ui, area.width, scene._caption())
    assert len(lines) >= 3
    bottom = area.bottom + ui.px(CAPTION_GAP) + sum(i.get_height() + ui.px(4) for i in lines)
    assert bottom - ui.px(4) <= scene.bar.top


def test_a_review_caption_too_long_for_its_lines_shrinks_and_keeps_every_word(
    tmp_path: Path,
) -> None:
    """At 800x600 in Spanish at the largest text size the review's closing words take
    three lines at their size: they shrink onto their two, where the third ("el
    telón.") was dropped, with no ellipsis."""
    app = staged("review-draw", (800, 600), str(tmp_path), language="es", text_size="largest")
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    closing = scene._caption()[2]
    assert len(app.ui.wrap(closing, 18, scene.board.area.width, "bold")) > 2
    with watching(app) as frame:
        app.draw(1.0)
    caption = pygame.Rect(0, scene.board.area.bottom, 800, scene.bar.top - scene.board.area.bottom)
    under = [d.text for d in frame.texts if caption.contains(d.rect)]
    assert " ".join(under).endswith(closing)
    app.close()
