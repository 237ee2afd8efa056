"""The table setup screen: its seats' default names, a saved setup of any shape, and its
deal box."""

from __future__ import annotations

from game.scenes.requests import Screen
from game.scenes.setup import SetupScene, default_name
from tests.conftest import AppMaker


def test_computer_seats_get_distinct_names(make_app: AppMaker) -> None:
    names = [default_name(seat, "ai:greedy") for seat in range(1, 7)]
    assert len(set(names)) == 6 and not any("(" in name for name in names)
    app = make_app(speed="instant")
    app.open(Screen.SETUP)
    app.run_frames(3)
    setup = app.scene
    assert isinstance(setup, SetupScene)
    computers = [
        field.text
        for field, kind in zip(setup.names, setup.kinds, strict=True)
        if kind.value.startswith("ai:")
    ]
    assert len(set(computers)) == len(computers) == 6
