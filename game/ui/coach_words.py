"""The coach's words: a table move, what it left on the table, a learner's tip."""

from __future__ import annotations

from game.ai.analysis import MoveReview
from game.i18n import _
from game.rules.moves import DRAW, PASS, Move
from game.ui.words import points_words, tile_words


def table_move_words(move: Move, points: int) -> str:
    """A table move in a few words: "3-4-5 for 10", "drew", "passed"."""
    if move.action == DRAW:
        return _("drew a tile")
    if move.action == PASS:
        return _("passed")
    if points:
        return _("{tile} for {points}").format(tile=tile_words(move.tile), points=points)
    return tile_words(move.tile)


def missed_words(review: MoveReview) -> str:
    """What the move left: points and the opportunity play, if any."""
    parts = []
    if review.points_missed:
        parts.append(points_words(review.points_missed))
    if review.opportunity is not None:
        parts.append(
            _("opportunity: {points} on {sides} sides").format(
                points=review.opportunity_points, sides=review.opportunity_sides
            )
        )
    return " · ".join(parts) or _("nothing")


def tip_words(review: MoveReview) -> str:
    """A learner's tip on one move, or "" when the move was as good as the master's."""
    if review.opportunity is not None:
        return _("Tip: a {points}-point opportunity play on {sides} sides was possible.").format(
            points=review.opportunity_points, sides=review.opportunity_sides
        )
    if review.points_missed:
        return _("Tip: {move} would have scored {points} more.").format(
            move=table_move_words(review.best, review.best_points), points=review.points_missed
        )
    return ""
