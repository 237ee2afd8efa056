"""Play online's events as a club's players expect them, driven by real input against a
real table server in a thread: New event offers the pace (a Swiss event starts in some
minutes, never at once, so that its players can join first), the list and the standings
say it; the event's screen offers Join or Leave as the standings say the player is in,
also when they joined on another connection; a player who left is dimmed."""

from __future__ import annotations

import time

from game.net.client import ClubIdentity
from game.net.club import ClubSession
from game.net.hosting import HostedServer
from game.net.messages import TablePace
from game.scenes.club.event_standings import EventScene
from game.scenes.club.hello import club_hello
from game.scenes.club.lobby import ClubScene
from game.scenes.club.new_event import NewEventScene
from tests.conftest import AppMaker
from tests.drive import Input, click_next
from tests.net_helpers import ManualClock
from tests.test_languages import drawn_words
from tests.test_scenes_club import at_address, heard
from tests.test_scenes_club_events import at_the_events, new_arena


def test_new_event_offers_the_pace_and_a_swiss_event_starts_later(
    make_app: AppMaker, table_server: HostedServer
) -> None:
    clock = table_server.registry.clock
    assert isinstance(clock, ManualClock)
    clock.now = time.time()  # the form's start is the window's clock's
    app = at_address(make_app, table_server.address or "")
    scene = at_the_events(app)
    Input(app).click(scene.new_event)
    form = app.scene
    assert isinstance(form, NewEventScene)
    click_next(app, form.kind)
    assert form.kind.value == "swiss" and not form.start.visible and form.swiss_start.visible
    assert 0 not in [minutes for minutes, _ in form.swiss_start.options]
    click_next(app, form.pace)
    click_next(app, form.pace)
    assert form.pace.value == 2 and form.event().days == 2 and form.event().start > 0
    Input(app).click(form.create)
    heard(app, lambda: scene.session, lambda: isinstance(app.scene, EventScene))
    event = app.scene
    assert isinstance(event, EventScene)
    heard(app, lambda: event.session, lambda: event.entry is not None)
    assert event.entry is not None and event.entry.pace == TablePace(2)
    assert any("2 days a move" in words for words in drawn_words(app))
    Input(app).click(event.back)
    assert isinstance(app.scene, ClubScene)
    heard(app, lambda: scene.session, lambda: bool(scene.events.list.rows))
    assert scene.events.list.rows[0][3] == "2 days a move"


def test_the_event_screen_offers_leave_to_a_player_who_joined_on_another_connection(
    make_app: AppMaker, table_server: HostedServer
) -> None:
    address = table_server.address or ""
    app = at_address(make_app, address)
    event = new_arena(app, at_the_events(app))
    session = event.session
    assert event.join.enabled and not event.leave.enabled
    elsewhere = ClubSession(address, club_hello(app), follow=False)  # Ann's other window
    bob = ClubSession(address, ClubIdentity("Bob", "b" * 40), follow=False)
    try:
        elsewhere.events.join(event.event)
        bob.events.join(event.event)
        heard(app, lambda: session, lambda: len(event.standings.rows) == 2)
        assert event.leave.enabled and not event.join.enabled
        Input(app).click(event.leave)
        # The answer to Leave (Join lit) and the standings' news (Ann's row dimmed) are
        # two messages: both are waited for.
        heard(app, lambda: session, lambda: event.join.enabled and bool(event.standings.dim))
        assert not event.leave.enabled
        (mine,) = event.standings.marked
        assert event.standings.dim == {mine}  # Ann left: her line stays, dimmed
    finally:
        elsewhere.close()
        bob.close()
