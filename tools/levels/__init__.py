"""The levels the tools can name: the game's ladder (`game.ai.players.LEVELS`) and the
yardsticks kept here, outside the game's package, that the game never offers: the frozen
levels (`frozen`: master-2026) and the oracle (`oracle`, which reads the stock order).
`make_any_player` builds any of them."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from game.ai.players import LEVELS, Player, make_player
from tools.levels.frozen import Master2026
from tools.levels.oracle import Oracle

FROZEN_LEVELS: dict[str, Callable[[random.Random, int], Player]] = {
    "master-2026": Master2026,
}
"""The frozen levels by name; each takes its rng and a work cap per move."""

TOOL_ONLY_LEVELS: dict[str, Callable[..., Player]] = {
    **FROZEN_LEVELS,
    "oracle": Oracle,
}
"""The yardsticks for the tools: the frozen levels, then the oracle; each takes its rng
and, when given, a work cap per move."""

TOOL_LEVELS: Final = (*LEVELS, *TOOL_ONLY_LEVELS)
"""Every level the tools can name: the ladder, then the yardsticks."""


def make_any_player(level: str, rng: random.Random, positions: int | None = None) -> Player:
    """A player of a level of the ladder or a yardstick, with its own work cap per move
    when given; `ValueError` naming every level for an unknown one."""
    yardstick = TOOL_ONLY_LEVELS.get(level)
    if yardstick is None:
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r} (levels: {', '.join(TOOL_LEVELS)})")
        return make_player(level, rng, positions)
    return yardstick(rng) if positions is None else yardstick(rng, positions)
