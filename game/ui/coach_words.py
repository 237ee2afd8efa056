"""The coach's words: a table move, what it left on the table, a learner's tip."""

from __future__ import annotations

from game.ai.analysis import MoveReview
from game.rules.moves import DRAW, PASS, Move
from game.ui.words import tile_words


def table_move_words(move: Move, points: int) -> str:
    """A table move in a few words: "3-4-5 for 10", "drew", "passed"."""
    if move.action == DRAW:
        return "drew a tile"
    if move.action == PASS:
        return "passed"
    return f"{tile_words(move.tile)} for {points}" if points else f"{tile_words(move.tile)}"


def missed_words(review: MoveReview) -> str:
    """What the move left: points and the opportunity play, if any."""
    parts = []
    if review.points_missed:
        parts.append(f"{review.points_missed} points")
    if review.opportunity is not None:
        parts.append(f"opportunity: {review.opportunity_points} on "
                     f"{review.opportunity_sides} sides")
    return " · ".join(parts) or "nothing"


def tip_words(review: MoveReview) -> str:
    """A learner's tip on one move, or "" when the move was as good as the master's."""
    if review.opportunity is not None:
        return (f"Tip: a {review.opportunity_points}-point opportunity play on "
                f"{review.opportunity_sides} sides was possible.")
    if review.points_missed:
        return (f"Tip: {table_move_words(review.best, review.best_points)} would have "
                f"scored {review.points_missed} more.")
    return ""
