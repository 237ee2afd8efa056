"""The help a human gets at the table: the engine's hint for their move, shown on the
board until a move is played, and the coach's live tips. The match finds the hint and
the tips; `TableHelp` keeps the hint shown and says in words what a tip said, for the
screen to show."""

from __future__ import annotations

from game.play.events import HintFound, TipFound
from game.play.table_flow import TableFlow
from game.rules.lattice import Cell
from game.rules.moves import PLACE, Move
from game.ui.coach_words import tip_words


class TableHelp:
    """The hint shown (`hint`, with the points it scores) and the coach's tips."""

    def __init__(self, match: TableFlow) -> None:
        self.match = match
        self.hint: Move | None = None
        self.hint_points = 0

    def show(self, move: Move | None) -> None:
        """Show `move` as the hint from now on (None: no hint)."""
        self.hint = move
        self.hint_points = 0
        if move is not None and move.action == PLACE:
            self.hint_points = self.match.state.placement_score(move)

    def hinted_tile(self) -> int | None:
        """The hand tile the hint places, if it places one."""
        hint = self.hint
        return hint.tile if hint is not None and hint.action == PLACE else None

    def spots(self) -> set[Cell]:
        """The cell the hint writes its points on, when it places a tile."""
        hint = self.hint
        return {hint.cell} if hint is not None and hint.action == PLACE else set()

    def found(self) -> Move | None:
        """The hint the engine has found since it was asked, shown from now on."""
        move = None
        for event in self.match.advice.poll_hint(self.match.position()):
            if isinstance(event, HintFound):
                move = event.move
                self.show(move)
        return move

    def set_tips(self, wanted: bool) -> None:
        """The coach's live tips, when `wanted` (never in a lesson, which keeps no record)."""
        self.match.advice.tips = wanted and self.match.keeps_record

    def tips(self) -> list[str]:
        """The coach's tips found since the last step, each after its player's name."""
        said = []
        for event in self.match.advice.poll_tips():
            if isinstance(event, TipFound):
                words = tip_words(event.review)
                if words:
                    said.append(f"{self.match.names[event.review.player]}: {words}")
        return said
