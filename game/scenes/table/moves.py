"""How moves look at the table: a tile flying from a hand to its cell and its contacts
lighting up as it lands, a tile drawn from the stock, a pass, and the tiles left in hand
at the end costing their -10. `TableMoves` animates the results the match returns; it
decides nothing."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

from game.i18n import _
from game.play.table_reading import seat_hands
from game.rules.moves import PLACE
from game.rules.results import MoveResult
from game.scenes.table.stage import TableStage
from game.ui.board.board import FIGURE_LAYER
from game.ui.board.hands import MOVING_LAYER
from game.ui.layout import Point
from game.ui.theme import PALETTE
from game.ui.tiles.sprites import TileSprite

if TYPE_CHECKING:
    from game.play.table_flow import TableFlow
    from game.ui.sound import SoundPlayer

FLIGHT_S: Final = 0.35
"""How long a tile takes from a hand to its cell (normal speed)."""


class TableMoves:
    """Animates each move's result on the table's stage, with its sounds."""

    def __init__(self, stage: TableStage, match: TableFlow, sound: SoundPlayer) -> None:
        self.stage = stage
        self.match = match
        self.sound = sound
        self.sayings: dict[int, tuple[str, float]] = {}
        """Per seat: what it just did ("Draws a tile") and the seconds its panel still
        says so, in place of the seat's kind (over its tiles it would hide them)."""

    def show(self, result: MoveResult, forced: bool = False) -> None:
        """A move just played: the placement flies, a draw comes in, a pass is said (a
        `forced` draw or pass says why)."""
        seat = result.player
        if result.move.action == PLACE:
            self._placement(seat, result)
        elif result.drawn is not None:
            said = _("No tile fits: draws") if forced else _("Draws a tile")
            self._draw(seat, result.drawn, said)
        else:
            self.say(seat, _("No tile fits: passes") if forced else _("Passes"), duration=1.8)
            self.sound.play("pass")

    def _placement(self, seat: int, result: MoveResult) -> None:
        stage, move = self.stage, result.move
        sprite = stage.hands.take(move.tile)
        if sprite is None:
            sprite = TileSprite(
                stage.art,
                move.tile,
                stage.board.tile_side,
                stage.layout.seats[seat].rect.center,
            )
            stage.tiles.add(sprite, layer=MOVING_LAYER)
        board = stage.board
        stage.follow_figure(FLIGHT_S)  # the view fits the figure as the tile flies in
        board.adopt(move.cell, sprite, move.rot)
        stage.scores.wait(FLIGHT_S + 0.05)

        def landed() -> None:
            stage.tiles.change_layer(sprite, FIGURE_LAYER)
            self._celebrate(seat, result)

        def cell() -> Point:  # where the cell is as the view glides
            return board.view.cell_box_centre(move.cell)

        stage.tweens.move(sprite, cell, FLIGHT_S, on_done=landed)

    def _celebrate(self, seat: int, result: MoveResult) -> None:
        """The contacts light up; the seat's score shows what the move earned."""
        stage = self.stage
        stage.animator.placed(result)
        sound = self.sound
        if len(result.contacts) >= 2:
            sound.play("opportunity")
        else:
            sound.play("count" if result.points else "place")
        if result.points:  # left of the seat's score, on its line (not over the tile count)
            ui = stage.ui
            box = stage.layout.seats[seat].header
            score = round(stage.scores.shown[seat])
            score_width = max(
                ui.font(26, "bold").size(str(score))[0],
                ui.font(26, "bold").size(str(score + result.points))[0],
            )
            label_half = ui.font(24, "bold").size(f"+{result.points}")[0] // 2 + ui.px(4)
            stage.animator.show_label(
                f"+{result.points}",
                (box.right - score_width - ui.px(8) - label_half, box.y + ui.px(12)),
                24,
                PALETTE.good,
                delay=0.2,
                duration=1.6,
                rise=ui.px(4),
            )
        stage.scores.wait(0.15)

    def say(self, seat: int, words: str, duration: float = 1.4) -> None:
        """`words` on `seat`'s panel for `duration` seconds (scaled by the speed)."""
        self.sayings[seat] = words, duration * self.stage.animator.factor

    def saying(self, seat: int) -> str | None:
        """What `seat`'s panel says it just did, while it says so."""
        said = self.sayings.get(seat)
        return said[0] if said is not None else None

    def still_for(self) -> float:
        """Seconds until a seat's panel stops saying what it did (`math.inf`: none says)."""
        return min((left for _words, left in self.sayings.values()), default=math.inf)

    def update(self, dt: float) -> None:
        self.sayings = {
            seat: (words, left - dt) for seat, (words, left) in self.sayings.items() if left > dt
        }

    def _draw(self, seat: int, tile: int, words: str) -> None:
        stage = self.stage
        stage.hands.draw_in(
            self.match.state.hand_tiles(seat), seat, tile, stage.layout.stock.center
        )
        self.say(seat, words)
        self.sound.play("draw")

    def penalties(self) -> float:
        """Each tile left in hand costs its -10, visibly; the seconds (normal speed) it
        takes. The rules say which seats pay a penalty: none does in club games, and then
        nothing is shown."""
        stage = self.stage
        penalties = self.match.state.penalties()
        if not any(penalties):
            return 0.8
        delay = 0.3
        for tiles, penalty in zip(seat_hands(self.match.state), penalties, strict=True):
            for tile in tiles if penalty else ():
                at = stage.hands.mark_left(tile, delay)
                if at is not None:
                    stage.animator.penalty(at, delay)
                    delay += 0.18
        stage.scores.wait(0.3)
        return delay + 1.2

    def prepare_art(self) -> None:
        """Ask the tile art for what the next moves will probably show (the humans' tiles
        in the tray, the next move's placements landing, the figure one size smaller), so
        that it is drawn in spare moments rather than in a move's frame."""
        stage = self.stage
        hands = seat_hands(self.match.state)
        stage.hands.prepare_art(
            hands, [seat for seat in range(len(hands)) if self.match.is_human(seat)]
        )
        placements = [move for move in self.match.legal_moves() if move.action == PLACE]
        stage.board.prepare_next(self.match.state.figure, placements)
