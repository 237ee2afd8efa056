"""Where did I lose it? The solitaire review through posted events: at a loss, during
play (an assist), from the replay viewer; "Show me" plays the winning line to a win; the
fair odds of draw solitaire; what a review draws says what its words say (both marked
moves on one spot, the move the heading names, the figure whole above its caption)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from typing import Any, Final

import pygame
import pytest

import game.play.solitaire_advice as solitaire_advice
from game.ai.analysis import position_after, review_solitaire, table_positions
from game.ai.solver import SOLVER_POSITIONS, solve
from game.app import App
from game.cli import simulate
from game.rules.lattice import Cell
from game.rules.modes import Mode
from game.rules.moves import PLACE
from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import RecordedGame
from game.rules.solitaire import DrawSolitaireState, StackedSolitaireState
from game.rules.table_rules import TableRules
from game.scenes.review.coach import CoachScene
from game.scenes.review.replay import ReplayScene
from game.scenes.solitaire.draw import DrawSolitaireScene
from game.scenes.solitaire.stacked import StackedSolitaireScene
from game.ui.slip import SAME_SPOT_TURN_S, Focus
from game.ui.theme import PALETTE, Colour
from tests.conftest import AppMaker
from tests.drive import Input, run_until, undrawn, watched
from tests.test_ai_analysis import human_table_game
from tests.test_scenes_solitaire_base import lose_draw_deal

FRAMES = 3


pytestmark = pytest.mark.app(size=(800, 600), speed="instant")
"""This module's apps: small windows, instant animations."""


def open_review(app: App) -> ReplayScene:
    run_until(app, lambda: isinstance(app.scene, ReplayScene), limit=50)
    scene = app.scene
    assert isinstance(scene, ReplayScene) and scene.review is not None
    return scene


def test_a_lost_game_shows_where_it_slipped_and_show_me_wins(app: App) -> None:
    scene = lose_draw_deal(app, 7)
    app.run_frames(2)
    review = scene.session.review
    assert scene.session.verdict == "could" and review is not None and review.slipped
    k = review.last_winnable
    assert k is not None
    final = scene.draw_state
    assert solve(position_after(final, k)).winnable is True
    assert solve(position_after(final, k + 1)).winnable is False
    played = final.moves[k]
    Input(app, FRAMES).click(scene.bars.review_button)
    viewer = open_review(app)
    assert viewer.replay.index == k  # the board at the slip
    assert viewer.review is not None and viewer.review.slip_move == played
    assert viewer.buttons["play"].label == "▶ Show me"
    assert viewer.review.line[0] != played
    viewer.speed_choice.step(1)
    viewer.speed_choice.step(1)  # the fastest of the replay speeds
    assert viewer.speed == "faster"
    Input(app, FRAMES).click(viewer.buttons["play"])
    assert viewer.playing
    with undrawn(app):
        run_until(app, lambda: not viewer.playing, limit=20_000)
    state = viewer.replay.state
    assert viewer.replay.at_end and isinstance(state, DrawSolitaireState) and state.won
    Input(app, FRAMES).press(pygame.K_ESCAPE)
    assert app.scene is scene
    assert scene.session.loss_to_count  # looking back takes nothing back


def test_show_me_a_winning_line_stands_beside_auto_play_after_a_loss(app: App) -> None:
    scene = lose_draw_deal(app, 7)
    app.run_frames(2)
    assert scene.bars.line_button.visible and not scene.bars.auto_button.visible
    Input(app, FRAMES).click(scene.bars.line_button)
    viewer = open_review(app)
    assert viewer.playing  # the line plays at once


def test_a_review_during_play_counts_as_an_assist(app: App) -> None:
    scene = StackedSolitaireScene(app, seed=11)
    app.push(scene)
    app.run_frames(3)
    move = scene.state.legal_moves()[0]
    scene.play(move)
    app.run_frames(3)
    Input(app, FRAMES).press(pygame.K_v)
    viewer = open_review(app)
    review = viewer.review
    assert review is not None and scene.session.assists.get("review")
    assert scene.session.report().hints  # counted as help in the statistics
    if review.last_winnable == 1:  # still winnable: the line goes on from here
        assert viewer.replay.index == 1
        state = position_after(scene.stacked_state, 1)
        for step in review.line:
            state.apply(step)
        assert state.won


def test_the_replay_viewer_reviews_any_solitaire_record(app: App) -> None:
    record = lose_draw_deal(app, 7).session.recorded.record
    app.clear_to_root()
    viewer = ReplayScene(app, GameRecord.parse(record.to_json()))
    app.push(viewer)
    app.run_frames(3)
    assert viewer.buttons["review"].visible and viewer.review is None
    Input(app, FRAMES).click(viewer.buttons["review"])
    assert viewer.review is not None and viewer.review.slipped
    assert viewer.replay.index == viewer.review.last_winnable
    assert viewer.buttons["play"].label == "▶ Show me"


def test_a_deal_nobody_could_win_says_so_in_the_viewer(app: App) -> None:
    recorded = RecordedGame.new_stacked_solitaire({"name": "Me", "kind": "human"}, 750)
    state = recorded.state
    assert isinstance(state, StackedSolitaireState)
    while not state.is_terminal():
        recorded.play(state.legal_moves()[0])
    viewer = ReplayScene(app, recorded.record)
    app.push(viewer)
    app.run_frames(3)
    Input(app, FRAMES).click(viewer.buttons["review"])
    assert viewer.review is not None and viewer.review.last_winnable is None
    assert not viewer.buttons["review"].visible


def test_fair_odds_are_played_out_in_batches_and_shown(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(solitaire_advice, "ODDS_BATCH", 1)
    monkeypatch.setattr(solitaire_advice, "ODDS_GAMES", 2)
    scene = DrawSolitaireScene(app, seed=7)
    app.push(scene)
    app.run_frames(3)
    Input(app, FRAMES).press(pygame.K_o)
    app.run_frames(3)
    odds = scene.session.fair_odds.wins_games
    assert odds is not None and odds[1] == 2 and not scene.session.fair_odds.pending
    assert scene.odds_words().startswith("From here, a fair player wins about")
    assert f"of deals like this one ({odds[0]} of 2 games)" in scene.odds_words()
    assert isinstance(scene.state, DrawSolitaireState)
    scene.play(scene.state.legal_moves()[0])
    assert scene.session.fair_odds.wins_games is None  # the estimate was for the position before


def test_after_the_game_the_fair_odds_are_of_this_deal_with_their_progress(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(solitaire_advice, "ODDS_GAMES", 2)
    scene = lose_draw_deal(app, 7)
    session = scene.session
    Input(app, 1).press(pygame.K_o)  # the first game is played in the frame after
    odds = session.fair_odds
    assert odds.as_dealt and odds.from_move == 0 and odds.wins_games is not None
    assert scene.odds_words().startswith("Fair odds of this deal, as dealt: 1 of 2 games played,")
    assert scene.odds_words() in scene.end_note()  # the game-over banner says it too
    session.poll()
    wins = odds.wins_games[0]
    assert not odds.pending
    share = f"about {wins * 50}% of the time ({wins} of 2 games)."
    assert scene.odds_words() == f"A fair player wins this deal, as dealt, {share}"


def test_the_review_zooms_to_the_move_it_discusses(app: App) -> None:
    """At the slip the board is fitted to the two marked moves and the tiles they touch
    (their digits readable), and a step away shows the whole figure again."""
    from game.ui.slip import focus_cells

    scene = lose_draw_deal(app, 7)
    app.run_frames(2)
    Input(app, FRAMES).click(scene.bars.review_button)
    viewer = open_review(app)
    assert viewer.at_focus() and viewer.focus is not None
    zoomed = viewer.board.view.side
    assert viewer.board.shows(focus_cells(viewer.focus)[:2])
    Input(app, FRAMES).press(pygame.K_RIGHT)
    assert not viewer.at_focus() and viewer.board.view.side < zoomed


def same_spot_focus() -> tuple[Focus, GameRecord]:
    """A table game's position where two tiles may go on one cell: one played, the other
    the better (as a coach's note would have them)."""
    record = human_table_game(2)
    for hand, index, state, _move in table_positions(record):
        places = [move for move in state.legal_moves() if move.action == PLACE]
        for move in places:
            other = next((m for m in places if m.cell == move.cell and m.tile != move.tile), None)
            if other is not None:
                lines = (f"Hand {hand + 1}, move {index + 1}: played.", "The master.", "")
                return Focus(hand, index, move, other, lines), record
    raise AssertionError("no cell takes two tiles in this game")


@pytest.fixture
def viewer(make_app: AppMaker) -> Iterator[tuple[App, ReplayScene, Focus]]:
    """A review at a cell two moves share, each frame painted: its tests watch the marks
    each frame paints."""
    app = make_app(size=(1280, 800), speed="instant", painted=True)
    focus, record = same_spot_focus()
    scene = ReplayScene(app, record, focus=focus)
    app.push(scene)
    app.run_frames(2)
    assert scene.at_focus()
    yield app, scene, focus


def test_both_moves_on_one_spot_are_outlined_and_shown_in_turn(
    viewer: tuple[App, ReplayScene, Focus],
) -> None:
    """Only the better move's ghost and outline showed, while the caption named both."""
    app, scene, focus = viewer
    outlines: list[tuple[Cell, Colour]] = []
    ghosts: set[int] = set()
    marks = scene.board.marks
    real_outline, real_ghost = marks.draw_outline, marks.draw_ghost

    def draw_outline(
        surface: pygame.Surface, cell: Cell, colour: Colour, rim: bool = False, nested: bool = False
    ) -> None:
        outlines.append((cell, colour))
        real_outline(surface, cell, colour, rim, nested)

    def draw_ghost(
        surface: pygame.Surface, tile: int, cell: Cell, rot: int, score: int | None
    ) -> None:
        ghosts.add(tile)
        real_ghost(surface, tile, cell, rot, score)

    marks.draw_outline = draw_outline  # type: ignore[method-assign]
    marks.draw_ghost = draw_ghost  # type: ignore[method-assign]
    app.run_frames(round(2.2 * SAME_SPOT_TURN_S * 60))
    assert focus.played is not None and focus.better is not None
    cell = focus.played.cell
    assert (cell, PALETTE.marked_played) in outlines  # the red one, inside the blue one
    assert any(colour != PALETTE.marked_played for at, colour in outlines if at == cell)
    assert ghosts == {focus.played.tile, focus.better.tile}


def test_the_heading_names_the_move_the_marks_are_about(
    viewer: tuple[App, ReplayScene, Focus],
) -> None:
    """The heading said "Move 27 of 46" where the caption spoke of move 28."""
    app, scene, focus = viewer
    with watched(app) as frame:
        app.run_frames(1)
    said = [drawn.text for drawn in frame.texts]
    count = scene.replay.moves_in_hand
    assert any(f"Before move {focus.index + 1} of {count}" in text for text in said)
    assert any(f"move {focus.index + 1}:" in text for text in said)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_a_review_shows_the_figure_whole_above_its_caption(
    make_app: AppMaker, size: tuple[int, int]
) -> None:
    """The review zoomed to the slip: the figure was cut at the board's edge, and drawn
    on under the caption."""
    game = simulate(Mode.STACKED_SOLITAIRE, 1, 1, ["greedy"], TableRules())
    found = review_solitaire(game, SOLVER_POSITIONS)
    assert found.slipped
    app = make_app(size=size, speed="instant")
    scene = ReplayScene(app, game, review=found)
    app.push(scene)
    with watched(app) as frame:
        app.run_frames(2)
    board = scene.board
    corners = [
        board.view.cell_vertices(cell) for cell, _tile, _rot in scene.replay.state.figure.tiles()
    ]
    xs = [x for triangle in corners for x, _y in triangle]
    ys = [y for triangle in corners for _x, y in triangle]
    shown = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    assert board.area.contains(shown)
    caption = [drawn.rect for drawn in frame.texts if drawn.text in found_words(scene)]
    assert caption and all(rect.top >= board.area.bottom for rect in caption)


def found_words(scene: ReplayScene) -> str:
    """The caption's words, as one text."""
    assert scene.focus is not None
    return " ".join(scene.focus.lines)


SEEN_AS: Final = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protan": ((0.567, 0.433, 0.0), (0.558, 0.442, 0.0), (0.0, 0.242, 0.758)),
    "deutan": ((0.625, 0.375, 0.0), (0.7, 0.3, 0.0), (0.0, 0.3, 0.7)),
}
"""A colour as seen with normal vision and with the two red-green colour blindnesses
(the usual simulation's matrices)."""
APART: Final = 100
"""How far apart (RGB distance, as each vision sees them) two colours must be to tell
at a glance."""


def seen_as(vision: str, colour: Colour) -> tuple[float, ...]:
    return tuple(sum(w * c for w, c in zip(row, colour, strict=True)) for row in SEEN_AS[vision])


def outlines_drawn(app: App, scene: ReplayScene) -> list[Colour]:
    """The colours of the outlines the next frame draws, each found on screen."""
    colours: list[Colour] = []
    marks = scene.board.marks
    real = marks.draw_outline

    def draw_outline(
        surface: pygame.Surface, cell: Cell, colour: Colour, *args: Any, **options: Any
    ) -> None:
        colours.append(colour)
        real(surface, cell, colour, *args, **options)

    marks.draw_outline = draw_outline  # type: ignore[method-assign]
    app.redraw()
    app.run_frames(1)
    screen = app.screen  # the frame painted, as it is looked at
    area = scene.board.area
    for colour in colours:
        assert any(
            screen.get_at((x, y))[:3] == colour
            for x in range(area.left, area.right)
            for y in range(area.top, area.bottom, 2)
        )
    return colours


def coached_viewer(app: App) -> ReplayScene:
    """The coach's first move worth a look, shown on the board."""
    coach = CoachScene(app, human_table_game(2))
    app.push(coach)
    run_until(app, lambda: coach.review is not None)
    coach.show_selected()
    app.run_frames(2)
    assert isinstance(app.scene, ReplayScene)
    return app.scene


@pytest.mark.parametrize("seed", [2, 6, 7, "coach"])
def test_each_outline_the_caption_names_is_drawn_and_stands_out(
    make_app: AppMaker, seed: int | str
) -> None:
    """The caption said "(red outline)" of a discard, which has no place to mark, and
    the better move's dark green outline hardly showed on the green felt: each outline
    named is drawn, apart from the felt and from the other one in normal and red-green
    colour-blind vision (draw solitaire's seed 2: both moves placements; 6: the slip a
    discard; 7: the winning line's move a discard; the coach's first note)."""
    app = make_app(size=(1280, 800), speed="instant")
    if seed == "coach":
        scene = coached_viewer(app)
    else:
        game = simulate(Mode.DRAW_SOLITAIRE, 1, int(seed), ["random"], TableRules())
        scene = ReplayScene(app, game, review=review_solitaire(game, SOLVER_POSITIONS))
        app.push(scene)
        app.run_frames(2)
    assert scene.at_focus() and scene.focus is not None
    caption = " ".join(scene.focus.lines)
    drawn = outlines_drawn(app, scene)
    assert len(drawn) == caption.count(" outline)") > 0
    cloth = (PALETTE.felt, PALETTE.felt_light)
    for vision in SEEN_AS:
        for one, other in [*itertools.product(drawn, cloth), *itertools.combinations(drawn, 2)]:
            assert math.dist(seen_as(vision, one), seen_as(vision, other)) > APART, vision
