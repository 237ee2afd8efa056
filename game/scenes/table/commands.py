"""What the table's buttons and keys do: ask for a hint, undo, redo, a free draw, and keep
the game as a named record. Each is done only when it can be done now (the match says
whether it can); the free draw, an undo and a redo go through the table's context, whose
parts show what they did."""

from __future__ import annotations

from collections.abc import Callable

from game.play.table_flow import TableFlow
from game.rules.moves import DRAW_MOVE
from game.scenes.requests import SaveRecordRequest
from game.scenes.session_screen import SessionContext
from game.scenes.table.turns import TableTurns
from game.ui.tween import Tweens


class TableCommands:
    """The table's commands; `can_act` says whether the human to play may place now."""

    def __init__(
        self,
        context: SessionContext[TableFlow],
        turns: TableTurns,
        tweens: Tweens,
        *,
        can_act: Callable[[], bool],
    ) -> None:
        self.context = context
        self.match = context.session
        self.turns = turns
        self.tweens = tweens
        self.can_act = can_act

    def hint(self) -> None:
        """Ask the engine's best player for the active human's move; shown on the board."""
        if self.can_act():
            self.match.ask_hint()

    def undo(self) -> None:
        """Take back the acting human's last placement (and the computer moves after it)."""
        if not self.tweens.busy:
            self.context.show(self.match.undo(self.turns.tray_seat()))

    def redo(self) -> None:
        """Play again what the last undo took back."""
        if not self.tweens.busy:
            self.context.show(self.match.redo())

    def undoer(self) -> int | None:
        """The human an undo is for now (the one at the tray), when they have a move to
        take back."""
        seat = self.turns.tray_seat()
        return seat if seat is not None and self.match.can_undo(seat) else None

    def draw(self) -> None:
        """Free draw: draw instead of placing (when the rules allow it)."""
        if self.can_act() and self.match.can_free_draw():
            self.context.play(DRAW_MOVE)

    def save(self) -> None:
        """Keep the game, as it stands, as a named record (a dialog asks the name); a
        match that keeps no record (the lesson) is not kept."""
        if self.match.keeps_record:
            self.context.services.open(SaveRecordRequest(record=self.match.record))

    def enabled(self) -> dict[str, bool]:
        """By button name: whether what it does can be done now."""
        human = self.can_act()
        idle = not self.tweens.busy
        match = self.match
        return {
            "hint": human and match.assists and not match.advice.hint_pending,
            "undo": idle and match.can_undo(self.turns.tray_seat()),
            "redo": idle and match.can_redo(),
            "draw": human and match.can_free_draw(),
        }
