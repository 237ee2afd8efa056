"""The hands at the table, headless: a draw played for a human at the hand-off."""

from __future__ import annotations

from pathlib import Path

from game.rules.moves import DRAW_MOVE, PLACE
from game.rules.table import TableState
from tests.conftest import AppMaker
from tests.drive import run_until
from tests.test_scene_table import open_table, position


def draws_then_fits(state: TableState) -> bool:
    """The second person must draw, and the tile drawn fits: the mouse is passed to them."""
    if state.current != 1 or state.legal_moves() != [DRAW_MOVE]:
        return False
    after = state.clone()
    after.apply(DRAW_MOVE)
    return any(move.action == PLACE for move in after.legal_moves())


def test_a_draw_played_for_a_person_lands_in_their_hand_and_their_log(
    make_app: AppMaker, tmp_path: Path
) -> None:
    """The drawn tile flew to the tray while the draw was played, and the hand-off then
    gave the tray to the other person: the tile must follow its hand to the seat's
    panel (it stayed under the hand-off panel, so the panel said three tiles beside two),
    and the log they read says the draw was played for them."""
    record = position(["human", "human", "ai:greedy"], draws_then_fits, level="greedy")
    app = make_app(tmp_path, speed="normal", banner=True)
    scene = open_table(app, record=record)
    run_until(app, lambda: scene.turns.banner_seat == 1 and not scene.tweens.busy)
    tiles = scene.match.hands()[1]
    panel = scene.layout.seats[1].rect
    assert scene.hands.tray_seat == 0
    assert all(panel.collidepoint(scene.hands.sprites[tile].centre) for tile in tiles)
    drawn = scene.match.record.last_hand_moves()[-1]
    assert drawn.move == DRAW_MOVE
    assert scene.turns.news[1] == ["P2 drew a tile"]
