"""What a table screen reads of a table game's state beyond the rules' own questions:
each seat's tiles in the order its hand shows them, who went out and the club clock's time left."""

from __future__ import annotations

from game.rules.table import TableState
from game.rules.tiles import TileId


def seat_hands(state: TableState) -> list[list[TileId]]:
    """Every seat's tiles in hand, in the order the hand shows them."""
    return [state.hand_tiles(seat) for seat in range(state.players)]


def who_went_out(state: TableState) -> int | None:
    """The seat that placed its last tile, once a hand has ended that way."""
    if not state.hand_over:
        return None
    return next((seat for seat, hand in enumerate(state.hands) if not hand), None)


def time_left_s(state: TableState) -> float | None:
    """Timed club games: game time left (0 once it has run out)."""
    limit = state.game.rules.time_limit_s
    return None if limit is None else max(0.0, limit - state.clock_s)
