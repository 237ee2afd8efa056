"""tools/fit_spread.py: the spread of a hand's outcome around the search's judgement."""

from __future__ import annotations

from tools.fit_spread import FEWEST, MOST_HELD, play, spreads


def test_a_game_notes_every_position_and_each_hands_margin() -> None:
    misses, margins = play("expert", 0, 0)
    assert len(margins) == 3
    assert misses and all(2 <= held <= MOST_HELD for held, _ in misses)
    assert play("expert", 0, 0) == (misses, margins)  # one seed, one fit


def test_a_count_seen_too_rarely_takes_the_nearest_counts_spread() -> None:
    misses = [(4, 3.0)] * FEWEST + [(6, -5.0)] * FEWEST + [(9, 100.0)] * (FEWEST - 1)
    found = spreads(misses)
    assert len(found) == MOST_HELD + 1
    assert found[:6] == [3.0] * 6  # 5 is as near to 4 as to 6: the lower count's
    assert found[6:] == [5.0] * 5  # 9 is seen too rarely
