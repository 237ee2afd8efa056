"""Pacing at the table you can follow: a computer's move stays in view (marked, not covered)
for the pause its speed gives; the hand-off sums up what happened; a seat with no move
gets no hand-off; the opening says who starts and why; unplayable tiles look apart."""

from __future__ import annotations

import itertools
import math
import random
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import pygame
import pytest

import game.scenes.table.stage as table_stage_module
from game.ai.players import make_player
from game.app import App, ManualClock
from game.play.table_flow import Turn
from game.rules.lattice import Cell
from game.rules.moves import PLACE
from game.scenes.games.records import SaveRecordScene
from game.scenes.requests import Screen
from game.scenes.review.replay import ReplayScene
from game.scenes.table.panels import draw_tray_label, status_words
from game.scenes.table.scene import TableRole, TableScene
from game.scenes.table.score import KEYS_ARMED_S, ScoreScene
from game.scenes.table.turns import LANDED_PAUSE_S, PAUSE_FACTOR_CAP
from game.ui.board.marks import LAST_MARK
from game.ui.pacing import FIXED_DT
from game.ui.theme import PALETTE, Colour
from game.ui.tiles.image import DIGIT_SHARE, TileState, triangle_points
from game.ui.tween import SPEED_FACTORS
from tests.conftest import AppMaker
from tests.drive import Input, run_until, undrawn
from tests.test_ui_slip import APART, SEEN_AS, seen_as
from tools.samples import table_config


def open_table(app: App, players: list[tuple[str, str]], seed: int) -> TableScene[TableRole]:
    scene = TableScene(app, table_config(players, seed))
    app.push(scene)
    app.run_frames(1)
    return scene


def first_human_move(app: App, scene: TableScene[TableRole]) -> None:
    """Let the computers play until the human may act, then place the first legal tile."""
    run_until(app, scene.human_can_act)
    scene.play(scene.legal_moves()[0])


def held_frames(app: App, scene: TableScene[TableRole]) -> int:
    """After a human's move: the frames from the computer's tile coming to rest until
    the game moves on (the human may act again or the next computer thinks)."""
    figure = len(scene.state.figure)
    run_until(
        app,
        lambda: (
            len(scene.state.figure) > figure
            and not scene.tweens.busy
            and scene.state.current_player == 0
        ),
    )
    frames = 0
    while scene.turns.showing_move:
        app.run_frames(1)
        frames += 1
    return frames


@pytest.mark.parametrize("speed", ["normal", "slow"])
def test_a_computer_move_stays_in_view_for_its_pause(make_app: AppMaker, speed: str) -> None:
    app = make_app(size=(800, 600), speed=speed, frames=1)
    with undrawn(app):  # the pause is counted in frames of the game's state
        for seed in range(1, 40):  # a deal where the computer answers with a placement
            scene = open_table(app, [("Ann", "human"), ("Bot", "ai:greedy")], seed)
            first_human_move(app, scene)
            if scene.state.current_player == 1 and any(
                m.action == PLACE for m in scene.legal_moves()
            ):
                break
            app.pop()
            app.run_frames(1)
        frames = held_frames(app, scene)
    pause = LANDED_PAUSE_S * min(SPEED_FACTORS[speed], PAUSE_FACTOR_CAP)
    assert frames * FIXED_DT >= pause - FIXED_DT
    # Marked on the board while it is held: the last-tile ring's white is in the pixels.
    assert scene.board.last == scene.state.figure.last_cell


def test_the_last_tile_mark_is_in_the_pixels(make_app: AppMaker) -> None:
    app = make_app(speed="instant", banner=False, frames=1)
    scene = open_table(app, [("Ann", "human"), ("Ben", "human")], 5)
    first_human_move(app, scene)
    app.run_frames(3)
    cell = scene.state.figure.last_cell
    assert cell is not None
    board = scene.board
    x, y = board.view.cell_box_centre(cell)
    up = (cell[0] + cell[1]) % 2 == 0
    # Just outside the tile's bottom edge (up tiles) or top edge (down tiles).
    offset = board.view.side * 0.8660254 * 0.5 * 0.97 + 4  # the middle of the white band
    probe = (round(x), round(y + offset if up else y - offset))
    marked = app.screen.get_at(probe)[:3]
    board.last = None
    app.run_frames(1)
    plain = app.screen.get_at(probe)[:3]
    assert sum(marked) > sum(plain) + 150, (marked, plain)
    assert max(abs(a - b) for a, b in zip(marked, LAST_MARK, strict=True)) < 60


def play_until_handoff(app: App, scene: TableScene[TableRole], moves: int) -> int:
    """Play on (the people by a greedy choice, Enter at each hand-off) until a hand-off
    has at least `moves` moves to tell; the seat it waits for. A computer's move is
    never still in view under a hand-off."""
    bot = make_player("greedy", random.Random(1))
    for _ in range(4000):
        seat = scene.turns.banner_seat
        if seat is not None and len(scene.turns.news_for(seat)) >= moves:
            return seat
        assert seat is None or not scene.turns.showing_move
        if seat is not None:
            Input(app, frames=0).press(pygame.K_RETURN)
        elif scene.human_can_act():
            scene.play(bot.choose(scene.state))
        app.run_frames(1)
    raise AssertionError("no hand-off came")


def test_the_handoff_waits_for_the_computer_and_sums_up(make_app: AppMaker) -> None:
    app = make_app(size=(800, 600), speed="normal", banner=True, frames=1)
    scene = open_table(app, [("Ann", "human"), ("Edna", "ai:greedy"), ("Ben", "human")], 3)
    drive = Input(app, frames=1)
    with undrawn(app):
        seat = play_until_handoff(app, scene, 2)
    news = scene.turns.news_for(seat)
    assert any(line.startswith("Edna") for line in news)
    assert all("(" not in line for line in news)  # tiles in words, no cells
    drive.press(pygame.K_RETURN)
    assert scene.turns.banner_seat is None and seat not in scene.turns.news


def test_the_handoff_keeps_every_move_of_five_computers_and_scrolls(make_app: AppMaker) -> None:
    """With five computers between two people, the hand-off's log holds every move
    since the player's last turn (it showed the last four), scrolls with the wheel,
    and the tiles those moves placed are ringed on the board. Only Ready (or Enter)
    hands the mouse over: a click elsewhere on the panel does nothing."""
    app = make_app(size=(800, 600), speed="instant", banner=True, frames=1, painted=True)
    seats = [("Ann", "human"), *((name, "ai:greedy") for name in "BCDEF"), ("Gus", "human")]
    scene = open_table(app, seats, 3)
    drive = Input(app, frames=1)
    seat = play_until_handoff(app, scene, 6)
    news = scene.turns.news_for(seat)
    panel = scene.handoff
    assert panel.lines == news and len(news) >= 6
    shown = panel.scrollbar.shown
    assert shown < len(news) and panel.offset == len(news) - shown  # the newest in view
    drive.post(pygame.MOUSEWHEEL, x=0, y=10, flipped=False, precise_x=0.0, precise_y=10.0)
    drive.frames(1)
    assert panel.offset == 0  # scrolled back to the first move since their last turn
    placed = scene.turns.placed_since[seat]
    assert placed and all(cell in scene.state.figure for cell in placed)
    rings: list[Any] = []
    real_outline = scene.board.marks.draw_outline

    def draw_outline(
        surface: pygame.Surface, cell: Cell, colour: Colour, rim: bool = False, nested: bool = False
    ) -> None:
        rings.append(cell)
        real_outline(surface, cell, colour, rim, nested)

    scene.board.marks.draw_outline = draw_outline  # type: ignore[method-assign]
    app.run_frames(1)
    assert set(rings) >= set(placed) - {scene.state.figure.last_cell}
    empty_spot = (panel.panel.right - 4, panel.panel.bottom - 4)
    drive.click(empty_spot)
    assert scene.turns.banner_seat == seat
    drive.click(panel.ready)
    assert scene.turns.banner_seat is None and scene.hands.tray_seat == seat


def forced_table(app: App) -> TableScene[TableRole]:
    """Two humans, and the seat to act can only draw or pass (found by playing on)."""
    for seed in range(1, 200):
        scene = TableScene(app, table_config([("Ann", "human"), ("Ben", "human")], seed))
        bot = make_player("greedy", random.Random(seed))
        for _ in range(60):
            if scene.state.hand_over:
                break
            if scene.match.turn() is Turn.FORCED:
                scene.turns.mouse_holder = 1 - scene.state.current_player
                app.push(scene)
                return scene
            scene.match.play(bot.choose(scene.state))
    raise AssertionError("no forced turn found")


def test_no_handoff_for_a_seat_that_cannot_place(make_app: AppMaker) -> None:
    app = make_app(speed="normal", banner=True, frames=1)
    scene = forced_table(app)
    seat = scene.state.current_player
    played = len(scene.match.record.to_json()["hands"][-1]["moves"])
    reason_said = False
    while len(scene.match.record.to_json()["hands"][-1]["moves"]) == played:
        app.run_frames(1)
        assert scene.turns.banner_seat is None
        reason_said = (
            reason_said
            or "fits" in status_words(scene.match, 0.0, scene.turns.forced_shown, False, False)[0]
        )
    assert reason_said
    assert scene.last_words.startswith(scene.match.names[seat])


def test_the_tray_shows_whose_forced_draw_it_is(make_app: AppMaker) -> None:
    """Ben's draw, played for him, lands in a tray that says it is Ben's (the tray said
    "Ann's tiles" while Ben drew)."""
    app = make_app(speed="normal", banner=True, frames=1, painted=True)
    scene = forced_table(app)
    seat = scene.state.current_player
    app.run_frames(2)
    assert scene.hands.tray_seat == seat
    captions: list[str] = []
    real_label = draw_tray_label

    def label(surface: Any, ui: Any, rect: Any, name: str) -> None:
        captions.append(name)
        real_label(surface, ui, rect, name)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(table_stage_module, "draw_tray_label", label)
        app.run_frames(1)
    assert captions == [scene.match.names[seat]]


def test_opening_names_the_starting_tile_and_mutes_the_rest(make_app: AppMaker) -> None:
    app = make_app(speed="instant", banner=False, frames=1)
    scene = open_table(app, [("Ann", "human"), ("Ben", "human")], 9)
    run_until(app, scene.human_can_act)
    words = status_words(scene.match, 0.0, False, False, False)[0]
    assert "starts with" in words and "smallest" in words
    seat = scene.state.current_player
    starters = {m.tile for m in scene.legal_moves() if m.action == PLACE}
    app.run_frames(1)
    for tile in scene.state.hand_tiles(seat):
        sprite = scene.hands.sprites[tile]
        assert (sprite.state is TileState.MUTED) == (tile not in starters)


def test_hand_order_kept_and_its_row_nested_after_a_placement(
    make_app: AppMaker, tmp_path: Path
) -> None:
    app = make_app(speed="instant", banner=False, frames=1)
    scene = open_table(app, [("Ann", "human"), ("Ben", "human")], 4)
    run_until(app, scene.human_can_act)
    seat = scene.state.current_player
    before = {
        t: (s.centre[0], s.up)
        for t, s in scene.hands.sprites.items()
        if t in scene.state.hand_tiles(seat)
    }
    move = scene.legal_moves()[0]
    scene.play(move)
    run_until(app, lambda: not scene.tweens.busy)
    after = {
        t: (s.centre[0], s.up)
        for t, s in scene.hands.sprites.items()
        if t in scene.state.hand_tiles(seat)
    }
    left = [t for t in sorted(before, key=lambda t: before[t][0]) if t != move.tile]
    assert sorted(after, key=lambda t: after[t][0]) == left
    ups = [after[t][1] for t in left]
    assert all(a != b for a, b in itertools.pairwise(ups))  # nested: no gap
    turned = sum(after[t][1] != before[t][1] for t in left)
    assert turned <= len(left) // 2  # the fewer side of the gap turns over


def test_a_hint_shows_its_points_and_escape_clears_it(make_app: AppMaker) -> None:
    app = make_app(speed="instant", banner=False, frames=1)
    scene = open_table(app, [("Ann", "human"), ("Ben", "human")], 6)
    first_human_move(app, scene)
    run_until(app, scene.human_can_act)
    drive = Input(app)
    drive.press(pygame.K_h)
    run_until(app, lambda: scene.help.hint is not None)
    hint = scene.help.hint
    assert hint is not None
    if hint.action == PLACE:
        assert scene.help.hint_points == scene.state.placement_score(hint)
    drive.press(pygame.K_ESCAPE)
    assert scene.help.hint is None and app.scene is scene


def test_the_hint_ring_stands_out_on_the_felt(make_app: AppMaker) -> None:
    """The hint's ring was light green on the green felt, hard to see: it is drawn (found
    on screen) in a colour as far from the felt as the review's outlines are, in normal
    and in red-green colour-blind vision."""
    app = make_app(size=(1280, 800), speed="instant", banner=False, frames=1)
    scene = open_table(app, [("Ann", "human"), ("Ben", "human")], 6)
    first_human_move(app, scene)
    run_until(app, scene.human_can_act)
    Input(app).press(pygame.K_h)
    run_until(app, lambda: scene.help.hint is not None)
    assert scene.help.hint is not None and scene.help.hint.action == PLACE
    marks = scene.board.marks
    drawn: list[Colour] = []
    real = marks.draw_ring

    def draw_ring(
        surface: pygame.Surface, cell: Cell, pulse: float, colour: Colour = PALETTE.hint
    ) -> None:
        drawn.append(colour)
        real(surface, cell, pulse, colour)

    marks.draw_ring = draw_ring  # type: ignore[method-assign]
    app.redraw()
    app.run_frames(1)
    screen = app.screen  # the frame painted, as it is looked at
    assert drawn
    x, y = (round(v) for v in scene.board.view.cell_centre(scene.help.hint.cell))
    near = pygame.Rect(0, 0, scene.board.view.side * 1.2, scene.board.view.side * 1.2)
    near.center = (x, y)
    shown = {
        screen.get_at((px, py))[:3]
        for px in range(near.left, near.right)
        for py in range(near.top, near.bottom)
    }
    for colour in drawn:
        assert colour in shown
        for vision in SEEN_AS:
            for cloth in (PALETTE.felt, PALETTE.felt_light):

                def apart(one: Colour, vision: str = vision, cloth: Colour = cloth) -> float:
                    return math.dist(seen_as(vision, one), seen_as(vision, cloth))

                outlines = (PALETTE.marked_played, PALETTE.marked_better)
                assert apart(colour) >= min(apart(one) for one in outlines) > APART, vision


def test_notices_keep_off_the_buttons_and_go_with_their_screen(make_app: AppMaker) -> None:
    app = make_app(speed="instant", banner=False, frames=1)
    scene = open_table(app, [("Ann", "human"), ("Ben", "human")], 6)
    app.notify(
        "A notice long enough to reach across the whole row of buttons at the "
        "bottom of the table screen"
    )
    app.run_frames(1)
    buttons = [b.rect for b in scene.buttons.values() if b.visible]
    text = app.ui.text(app.notices[0], 17)
    # The notice's row is clear of every button: no button pixel changed colour.
    top = min(rect.top for rect in buttons)
    below = app.screen.subsurface(pygame.Rect(0, top, app.size[0], app.size[1] - top)).copy()
    app.notice_board.shown.clear()  # gone before its time: compare with the plain table
    app.run_frames(1)
    plain = app.screen.subsurface(pygame.Rect(0, top, app.size[0], app.size[1] - top))
    assert pygame.image.tobytes(below, "RGB") == pygame.image.tobytes(plain, "RGB")
    assert text.get_width() > 0
    app.notify("Ann went out!")
    app.run_frames(1)
    app.open(Screen.RULES)
    app.run_frames(2)
    assert "Ann went out!" not in app.notices


@pytest.mark.parametrize("seats", [2, 7])
def test_the_tiles_in_the_tray_are_readable_at_800x600(make_app: AppMaker, seats: int) -> None:
    app = make_app(size=(800, 600), speed="instant", banner=False, frames=1)
    players = [("Ann", "human")] + [(f"C{n}", "ai:greedy") for n in range(1, seats)]
    scene = open_table(app, players, 2)
    tray = scene.layout.tray
    assert tray is not None and scene.hands.tray_seat == 0
    digit = app.art.fonts.get(round(tray.tile_side * DIGIT_SHARE), "bold")
    assert digit.render("8", True, (0, 0, 0)).get_bounding_rect().height >= 12
    for tile in scene.state.hand_tiles(0):
        assert tray.rect.collidepoint(scene.hands.sprites[tile].centre)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_no_tile_in_the_tray_covers_the_name_above_it(
    make_app: AppMaker, size: tuple[int, int]
) -> None:
    app = make_app(size=size, speed="instant", banner=False, frames=1)
    scene = open_table(app, [("Ann", "human"), ("Bot", "ai:greedy")], 2)
    tray = scene.layout.tray
    assert tray is not None
    sprites = [scene.hands.sprites[tile] for tile in scene.state.hand_tiles(0)]
    assert {sprite.up for sprite in sprites} == {True, False}
    for sprite in sprites:
        corners = triangle_points(sprite.side, sprite.up, sprite.centre)
        assert min(y for _, y in corners) >= tray.header.bottom


def test_resizing_while_a_tile_flies_lands_it(make_app: AppMaker) -> None:
    app = make_app(speed="slow", banner=False, frames=1)
    scene = open_table(app, [("Ann", "human"), ("Bot", "ai:greedy")], 8)
    run_until(app, scene.human_can_act)
    move = scene.legal_moves()[0]
    scene.play(move)
    assert scene.tweens.busy
    with undrawn(app):  # a new size is laid out in the frame, before any drawing
        for size in ((900, 650), (1500, 900), (800, 600)):
            Input.post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
            app.run_frames(2)
        run_until(app, lambda: len(scene.state.figure) >= 3)
    assert scene.board.sprites.keys() == {cell for cell, _t, _r in scene.state.figure.tiles()}


def computers_to_the_scores(app: App, hands: int) -> TableScene[TableRole]:
    """Two computers play their first hand; the score screen is then on top."""
    scene = TableScene(
        app, table_config([("Ann", "ai:greedy"), ("Bot", "ai:greedy")], 3, hands=hands)
    )
    app.push(scene)
    run_until(app, lambda: isinstance(app.scene, ScoreScene))
    return scene


def test_the_final_scores_need_a_deliberate_click(make_app: AppMaker) -> None:
    app = make_app(speed="instant", banner=False, frames=1)
    computers_to_the_scores(app, hands=1)
    score = app.scene
    assert isinstance(score, ScoreScene) and score.final
    drive = Input(app)
    drive.press(pygame.K_RETURN)  # pressed for the table: ignored
    app.run_frames(round(KEYS_ARMED_S / FIXED_DT) + 2)
    drive.press(pygame.K_RETURN)
    drive.press(pygame.K_SPACE)
    assert app.scene is score
    assert [b.label for b in score.buttons] == [
        "Rematch",
        "Play this deal again",
        "Coach",
        "Watch replay",
        "Save record",
        "Menu",
    ]
    drive.click(score.buttons[3])
    assert isinstance(app.scene, ReplayScene)
    drive.press(pygame.K_ESCAPE)
    assert app.scene is score
    drive.click(score.buttons[4])
    assert isinstance(app.scene, SaveRecordScene)


@pytest.mark.parametrize("painted", [True, False], ids=["painted", "undrawn"])
def test_between_hands_enter_deals_the_next_hand_once_armed(
    make_app: AppMaker, painted: bool
) -> None:
    """The window's count of frames drawn arms the sheet's keys, not its painting: in
    frames drawn but not painted (the screenshots' and the tests' `undrawn`) Enter deals
    the next hand once the keys are armed, as in frames painted."""
    app = make_app(speed="instant", banner=False, frames=1)
    scene = computers_to_the_scores(app, hands=2)
    drive = Input(app)
    with nullcontext() if painted else undrawn(app):
        drive.press(pygame.K_RETURN)
        shown = app.scene
        assert isinstance(shown, ScoreScene)
        app.run_frames(round(KEYS_ARMED_S / FIXED_DT) + 2)
        drive.press(pygame.K_RETURN)
        assert app.scene is scene and len(scene.match.record.to_json()["hands"]) == 2


def test_an_enter_queued_before_the_scores_showed_deals_nothing(make_app: AppMaker) -> None:
    """A key pressed as the hand ends, read by the loop only after the steps it slept
    through opened the score screen (older by then than its first moments), was pressed
    before the screen was shown: the sheet stays, and the next press deals."""
    app = make_app(speed="instant", banner=False, frames=1)
    scene = TableScene(app, table_config([("Ann", "ai:greedy"), ("Bot", "ai:greedy")], 3, hands=2))
    app.push(scene)
    run_until(app, lambda: scene.turns.hand_end_played)
    assert not isinstance(app.scene, ScoreScene)
    drive = Input(app, frames=0)
    drive.press(pygame.K_RETURN)  # it wakes the sleeping loop
    app.pace.sleep(1.0)
    assert isinstance(app.clock, ManualClock)
    app.clock.advance(1.0)
    app.run_frames(1)  # the steps slept open the scores, then the key is read
    shown = app.scene
    assert isinstance(shown, ScoreScene)
    assert len(scene.match.record.to_json()["hands"]) == 1
    app.run_frames(round(KEYS_ARMED_S / FIXED_DT) + 2)
    drive.press(pygame.K_RETURN, frames=2)
    assert app.scene is scene and len(scene.match.record.to_json()["hands"]) == 2


def test_an_empty_hand_lays_out(make_app: AppMaker) -> None:
    app = make_app(speed="instant", frames=1)
    scene = open_table(app, [("Ann", "human"), ("Bot", "ai:greedy")], 3)
    assert scene.layout.seats[0].row(0) == []


@pytest.mark.parametrize(("speed", "most_s"), [("slow", 0.45), ("normal", 0.45)])
def test_a_greedy_computer_answers_briskly_even_at_slow(
    make_app: AppMaker, speed: str, most_s: float
) -> None:
    """Slow slows what moves, not the waiting: once the human's move has shown its
    points, a greedy computer's tile is chosen within a brisk pause at any speed (at
    Slow it "thought" 1.1 s a move on top of the animations: 4-5 s a move, and a round
    of seven seats half a minute)."""
    app = make_app(size=(800, 600), speed=speed, frames=1)
    scene = open_table(app, [("Ann", "human"), ("Bot", "ai:greedy")], 3)
    with undrawn(app):  # the pause is counted in frames of the game's state
        run_until(app, scene.human_can_act)
        figure = len(scene.state.figure)
        scene.play(scene.legal_moves()[0])
        run_until(
            app,
            lambda: not scene.tweens.busy and not scene.animator.busy and scene.turns.hold_s <= 0,
        )
        frames = 0
        while len(scene.state.figure) < figure + 2 and frames < 2000:  # the answer is a tile
            app.run_frames(1)
            frames += 1
    assert frames * FIXED_DT <= most_s, frames * FIXED_DT


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_notices_never_land_on_the_players_tiles(make_app: AppMaker, size: tuple[int, int]) -> None:
    """A refusal (or any notice) shows above the tray, not over the tiles in it."""
    app = make_app(size=size, speed="instant")
    scene = open_table(app, [("Ann", "human"), ("Bot", "ai:greedy")], 11)
    run_until(app, scene.human_can_act)
    for words in ("Red 10 cannot touch red 2.", "A longer notice " * 12, "Saved."):
        app.notify(words)
    app.run_frames(1)
    tray = scene.layout.tray
    assert tray is not None
    boxes = [box for _lines, box in app.notice_boxes()]
    assert len(boxes) == 3 and not any(box.colliderect(tray.rect) for box in boxes)
    assert all(app.screen.get_rect().contains(box) for box in boxes)


def test_a_seats_points_rise_beside_its_score_not_over_its_tile_count(make_app: AppMaker) -> None:
    """The '+10' of a move stays on the score's line in the seat's header: it printed
    over the seat's tile count ('+10' over '2 triángulos')."""
    app = make_app(size=(800, 600), speed="normal", frames=1)
    scene = open_table(app, [("Ann", "human"), ("Bot", "ai:greedy")], 23)
    with undrawn(app):  # where the label rises is worked out from the animation's state
        for _turn in range(20):  # play on until the person has a scoring move
            run_until(app, scene.human_can_act)
            scoring = max(scene.legal_moves(), key=lambda m: scene.state.clone().apply(m).points)
            if scene.state.clone().apply(scoring).points > 0:
                break
            scene.play(scoring)
        seat = scene.state.current_player
        scene.play(scoring)
        panel = scene.layout.seats[seat].rect

        def labels() -> list[Any]:
            return [f for f in scene.animator.floats.items if panel.collidepoint(f.start)]

        run_until(app, lambda: bool(labels()), limit=600)
    header = scene.layout.seats[seat].header
    for label in labels():
        box = label.surface.get_rect(center=(round(label.start[0]), round(label.start[1])))
        box.y -= round(label.rise)
        assert header.top - app.ui.px(10) <= box.top and box.bottom <= header.y + app.ui.px(30)
