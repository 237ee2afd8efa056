"""The app itself (game/app.py): the first window's size."""

from __future__ import annotations


def test_the_first_window_is_sized_from_the_desktop() -> None:
    from game.app import DEFAULT_SIZE, window_size_for

    assert window_size_for([]) == DEFAULT_SIZE
    assert window_size_for([(3840, 2160)]) == (2938, 1836)  # a 4K screen in real pixels
    assert window_size_for([(1920, 1080)]) == (1469, 918)
    assert window_size_for([(1366, 768)]) == (1229, 768)  # all the height there is
