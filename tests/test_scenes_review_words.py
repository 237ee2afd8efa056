"""The replay viewer's words for a position: a placement's contacts are worded as the
table's lesson words them, one wording of one thing."""

from __future__ import annotations

from game.play.replay import Replay
from game.scenes.review.words import describe
from game.ui.theme import THEMES
from game.ui.words import colour_word, contact_words
from tools.samples import sample_record


def test_the_replay_words_a_placements_contacts_as_the_table_does() -> None:
    names = THEMES["modern"].edge_names
    replay = Replay(sample_record())
    worded = 0
    while replay.forward():
        step = replay.last_step
        if step is None or not step.contacts:
            continue
        line = describe(replay, step, ["A", "B", "C", "D"], names)[1]
        first = step.contacts[0]
        colour = colour_word(names, first.colour)
        joined = "+" if first.counting else "meets"
        assert line.lower().startswith(f"{colour} {first.value} {joined} {colour}".lower())
        assert contact_words(step.contacts, names).startswith(f"{line}: ")
        worded += 1
    assert worded > 10
