"""tools/duel.py: paired decisions between two levels in the same positions."""

from __future__ import annotations

from tools.duel import judge, positions


def test_two_levels_are_compared_only_where_they_choose_differently() -> None:
    found = positions(3, 0)
    assert found and all(state.current == 2 and len(state.legal_moves()) > 1 for state in found)
    state = found[0]
    assert judge(("greedy", "greedy", 0, state)) is None
    gains = [judge(("random", "greedy", index, state)) for index, state in enumerate(found[:4])]
    differing = [gain for gain in gains if gain is not None]
    assert differing
    for points, win in differing:
        assert -1.0 <= win <= 1.0 and abs(points) < 200
    assert state.current == 2 and not state.hand_over  # the position is left as it was
