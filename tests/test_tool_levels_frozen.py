"""The frozen levels: named by the tools, never offered by the game (nor shipped in its
package), and still playing the moves they played when they were frozen."""

from __future__ import annotations

import inspect
import random
from pathlib import Path

import pytest

import game
from game.ai.players import LEVELS, GreedyPlayer, MasterPlayer, make_player
from game.rules.table import TableGame, TableState
from game.rules.table_rules import TableRules
from tools.levels import FROZEN_LEVELS, TOOL_LEVELS, TOOL_ONLY_LEVELS, make_any_player

MASTER_2026_MOVES = (
    *("06-07-01@-1,-1r1", "04-05-06@-3,-1r0", "05-06-03@4,0r0", "08-04-07@3,3r0"),
    *("06-07-01@-1,-1r1", "draw", "05-06-03@4,0r0", "draw"),
    *("05-06-07@-2,0r1", "09-05-08@-2,0r0", "04-05-02@-3,-1r0", "06-07-04@-3,-3r0"),
    *("03-04-01@-1,-1r1", "06-02-05@-1,2r0", "08-01-07@-4,0r0", "draw"),
)
"""What master-2026 chose (12,000 positions, rng seed 7) in `frozen_positions`, recorded
when it was frozen."""


def frozen_positions() -> list[TableState]:
    """Four positions each at 2 seats, 2 seats with free draws, 4 partners and 3 seats."""
    states = []
    for players, rules in (
        (2, TableRules()),
        (2, TableRules(free_draw=True)),
        (4, TableRules(partners=True)),
        (3, TableRules()),
    ):
        for seed in range(4):
            state = TableGame(players, rules).new_state(f"frozen:{seed}")
            greedy = GreedyPlayer(random.Random(seed))
            for _ in range(2 + 2 * seed):
                if state.hand_over:
                    break
                state.apply(greedy.choose(state))
            states.append(state)
    return states


def test_master_2026_plays_the_moves_it_played_when_frozen() -> None:
    chosen = tuple(
        str(make_any_player("master-2026", random.Random(7), 12_000).choose(state))
        for state in frozen_positions()
    )
    assert chosen == MASTER_2026_MOVES


def test_frozen_levels_are_for_the_tools_only() -> None:
    assert not set(FROZEN_LEVELS) & set(LEVELS)
    assert not set(TOOL_ONLY_LEVELS) & set(LEVELS)
    assert (*LEVELS, *TOOL_ONLY_LEVELS) == TOOL_LEVELS
    assert set(FROZEN_LEVELS) < set(TOOL_ONLY_LEVELS)
    assert isinstance(make_any_player("master", random.Random(1), 500), MasterPlayer)
    with pytest.raises(ValueError, match="master-2026"):
        make_any_player("grandmaster", random.Random(1))


@pytest.mark.parametrize("level", TOOL_ONLY_LEVELS)
def test_the_yardsticks_live_outside_the_games_package(level: str) -> None:
    """The game's wheel ships `game` only: a yardstick defined in it would ship too."""
    source = Path(inspect.getfile(TOOL_ONLY_LEVELS[level])).resolve()
    assert not source.is_relative_to(Path(game.__file__).parent.resolve())
    with pytest.raises(ValueError, match=level):
        make_player(level, random.Random(1))
