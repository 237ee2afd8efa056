"""The replay viewer's solitaire review: where the game slipped and the winning line.

A `SolitaireReview` (game.ai.analysis) becomes a record to watch: the game's moves up to
the last position that could still be won, then the solver's winning line. The viewer
opens it at that position, marks the move the player made there (outlined in red) and the move
that keeps the win (outlined in blue), each on a dark rim, and "Show me" plays the line on; the
words name an outline only where one is drawn (a discard has no place to mark). Drawing and
words only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

import pygame

from game.ai.analysis import SolitaireReview
from game.i18n import N_, _
from game.rules.lattice import Cell, neighbours
from game.rules.modes import Mode
from game.rules.moves import DISCARD, PLACE, Move
from game.rules.record.document import GameRecord
from game.rules.record.values import RecordMove
from game.ui.board.board import Board
from game.ui.theme import PALETTE
from game.ui.words import slip_words, source_words, tile_words

SAME_SPOT_TURN_S: Final = 1.5
"""How long each of two marked moves on one cell shows its tile before the other's."""
BEHIND_THE_CURTAIN = N_("The line knows the stock's order: a look behind the curtain.")
PLAYED_OUTLINE = N_("{move} (red outline)")
BETTER_OUTLINE = N_("{move} (blue outline)")
"""The words naming the outline of the move played, and of the better move."""


def line_record(record: GameRecord, review: SolitaireReview) -> GameRecord:
    """The game's first `last_winnable` moves, then the winning line, as a won game."""
    assert review.last_winnable is not None
    kept = record.hands[0].moves[: review.last_winnable]
    return record.only_hand(0, [*kept, *(RecordMove(0, move) for move in review.line)], "won")


def solitaire_move_words(move: Move, done: bool = True) -> str:
    """What a solitaire move did ("placed 2-7-8 from the stock") or, not `done`, does
    ("places 2-7-8 from the stock")."""
    tile, source = tile_words(move.tile), source_words(move)
    if move.action == DISCARD:
        words = (
            _("turned {tile} from the stock and discarded it")
            if done
            else _("turns {tile} from the stock and discards it")
        )
    else:
        words = _("placed {tile} from {source}") if done else _("places {tile} from {source}")
    return words.format(tile=tile, source=source)


def outlined_words(move: Move | None, words: str, outline: str) -> str:
    """`words` saying what `move` did or does, naming the `outline` that marks it when
    it places a tile (a draw, a pass or a discard has no place to mark)."""
    return _(outline).format(move=words) if move is not None and move.action == PLACE else words


def review_lines(review: SolitaireReview, mode: str) -> list[str]:
    """The review in words: where it slipped, what was played, what keeps the win."""
    k = review.last_winnable
    if k is None:
        return [
            _("No order of play could have won this deal."),
            _("The solver tried every way from the first move."),
            "",
        ]
    curtain = _(BEHIND_THE_CURTAIN) if mode == Mode.DRAW_SOLITAIRE else ""
    keep = review.line[0] if review.line else None
    if not review.slipped:
        if keep is None:
            return [_("Won: every move kept the win."), "", ""]
        return [
            _("Still winnable after move {move}: the win is still there.").format(move=k),
            _("The winning line goes on: it {move}.").format(
                move=outlined_words(keep, solitaire_move_words(keep, done=False), BETTER_OUTLINE)
            ),
            _("Show me (Space) plays it. {curtain}").format(curtain=curtain).strip(),
        ]
    played = review.slip_move
    assert played is not None and keep is not None
    return [
        slip_words(k),
        _("You {played}; the winning line {keeps}.").format(
            played=outlined_words(played, solitaire_move_words(played), PLAYED_OUTLINE),
            keeps=outlined_words(keep, solitaire_move_words(keep, done=False), BETTER_OUTLINE),
        ),
        _("Show me (Space) plays the winning line from here. {curtain}")
        .format(curtain=curtain)
        .strip(),
    ]


@dataclass(frozen=True)
class Focus:
    """A position the viewer points at: the move played there and a better one, with
    the words that say why (a solitaire's slip, a coach's note)."""

    hand: int
    index: int
    played: Move | None
    better: Move | None
    lines: tuple[str, str, str]

    def at(self, hand: int, index: int) -> bool:
        """Whether the replay stands at this position."""
        return (self.hand, self.index) == (hand, index)


def review_focus(review: SolitaireReview, mode: str) -> Focus:
    """The slip of a solitaire review (or the line's start when nothing slipped)."""
    first, second, third = review_lines(review, mode)
    return Focus(
        0,
        review.last_winnable or 0,
        review.slip_move,
        review.line[0] if review.line else None,
        (first, second, third),
    )


def focus_cells(focus: Focus, around: bool = True) -> list[Cell]:
    """The cells of the two marked moves and, `around`, their neighbours (the tiles they
    touch, whose digits are read with theirs: a review zooms to them)."""
    marked = [
        move.cell
        for move in (focus.played, focus.better)
        if move is not None and move.action == PLACE
    ]
    if not around:
        return marked
    return [*marked, *(side for cell in marked for side in neighbours(cell))] or [(0, 0)]


def draw_move_marks(surface: pygame.Surface, board: Board, focus: Focus, time: float) -> None:
    """The move played as a ghost outlined in red, the better move as a ghost outlined
    in blue, each on a dark rim (outlines follow the tiles' edges, so two neighbouring
    marks never cover each other or a label). On one cell both outlines show, the red
    one inside the blue, and the two ghosts take turns (`SAME_SPOT_TURN_S` each);
    draws, passes and discards have no place to mark."""
    marks = board.marks
    played, better = focus.played, focus.better
    placed = [move for move in (played, better) if move is not None and move.action == PLACE]
    same_spot = len(placed) == 2 and placed[0].cell == placed[1].cell
    shown = placed
    if same_spot:
        shown = [placed[int(time / SAME_SPOT_TURN_S) % 2]]
    for move in shown:
        marks.draw_ghost(surface, move.tile, move.cell, move.rot, None)
    lit = 0.9 + 0.1 * math.sin(time * 4)
    red, green, blue = PALETTE.marked_better
    if better is not None and better.action == PLACE:
        colour = (round(red * lit), round(green * lit), round(blue * lit))
        marks.draw_outline(surface, better.cell, colour, rim=True)
    if played is not None and played.action == PLACE:
        marks.draw_outline(surface, played.cell, PALETTE.marked_played, rim=True, nested=same_spot)
