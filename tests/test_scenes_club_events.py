"""Play online's events, driven by real input against a real table server in a thread:
the Events tab lists the club's events, New event creates one and shows its standings,
Join puts the player's row there (picked out), the pairing seats them and their table
opens by itself (through the event's screen when the list shows), Menu at the table
comes back to the standings, and Back to the list, which counts the players; the same
screens in Spanish. Each wait is for one answer of the club or the table, never for the
clock."""

from __future__ import annotations

import pygame

from game.app import App
from game.net.client import ClubIdentity
from game.net.club import ClubSession
from game.net.hosting import HostedServer
from game.scenes.club.event_standings import EventScene
from game.scenes.club.lobby import EVENTS, LOBBY, ClubScene
from game.scenes.club.new_event import NewEventScene
from game.scenes.online.remote import OnlineTable
from tests.conftest import GUARD_S, AppMaker
from tests.drive import Input, click_next, is_table_of
from tests.test_languages import drawn_words
from tests.test_scenes_club import at_address, heard, play_online
from tests.test_scenes_online_remote import answer_until


def at_the_events(app: App) -> ClubScene:
    """Play online, once the club said who the player is, and its Events tab once listed."""
    scene = play_online(app)
    heard(app, lambda: scene.session, lambda: bool(scene.session and scene.session.welcome))
    Input(app).click(scene.tabs[EVENTS])
    session = scene.session
    assert session is not None
    heard(app, lambda: session, lambda: session.events.listed is not None)
    return scene


def new_arena(app: App, scene: ClubScene) -> EventScene:
    """New event: an arena of 45 minutes, created; its standings shown."""
    drive = Input(app)
    drive.click(scene.new_event)
    form = app.scene
    assert isinstance(form, NewEventScene)
    click_next(app, form.minutes)
    assert (form.kind.value, form.minutes.value, form.seats.value) == ("arena", 45, 2)
    drive.click(form.create)
    heard(app, lambda: scene.session, lambda: isinstance(app.scene, EventScene))
    standings = app.scene
    assert isinstance(standings, EventScene)
    heard(app, lambda: scene.session, lambda: standings.entry is not None)
    return standings


def test_a_tab_shown_by_the_game_takes_the_keyboards_ring_from_the_tab_before(
    make_app: AppMaker, table_server: HostedServer
) -> None:
    """The ring marks the tab shown (a table told while another tab shows, a picture
    staged), never one tab lit and another ringed."""
    scene = play_online(at_address(make_app, table_server.address or ""))
    assert scene.form.focused is scene.tabs[LOBBY]
    scene.show(EVENTS)
    assert scene.form.focused is scene.tabs[EVENTS]


def test_an_event_is_created_joined_and_its_table_opens_by_itself(
    make_app: AppMaker, table_server: HostedServer
) -> None:
    address = table_server.address or ""
    app = at_address(make_app, address)
    scene = at_the_events(app)
    assert "No event at this club yet: create one." in drawn_words(app)
    event = new_arena(app, scene)
    session = event.session
    assert "Arena · 45 minutes" in drawn_words(app)
    assert event.join.enabled and not event.leave.enabled
    drive = Input(app)
    drive.click(event.join)
    heard(app, lambda: session, lambda: len(event.standings.rows) == 1)
    assert event.standings.rows[0][:2] == ["1", "Ann"] and event.standings.marked == {0}
    assert event.leave.enabled and not event.join.enabled
    bob = ClubSession(address, ClubIdentity("Bob", "b" * 40), follow=False)
    try:
        bob.events.join(event.event)
        heard(app, lambda: session, lambda: event.opening is not None)
        answer_until(app, event, lambda: is_table_of(app.scene, OnlineTable))
        table = app.scene
        assert is_table_of(table, OnlineTable) and table.role.remote.link.at_club
        assert table.role.remote.link.table == seated_at(bob)
    finally:
        bob.close()
    drive.press(pygame.K_ESCAPE)  # Menu: back to the event, not to the menu
    assert top(app) is event
    heard(app, lambda: session, lambda: len(event.standings.rows) == 2)
    assert {row[1] for row in event.standings.rows} == {"Ann", "Bob"}
    drive.click(event.back)
    assert top(app) is scene and scene.tab == EVENTS
    heard(app, lambda: session, lambda: scene.events.list.rows[0][5] == "2")
    row = scene.events.list.rows[0]
    assert row[0] == "Arena · 45 minutes" and row[2:5] == ["Tables of 2", "Live", "Rated"]
    assert row[6] == "Ann"


def test_a_table_told_while_the_list_shows_opens_through_the_events_screen(
    make_app: AppMaker, table_server: HostedServer
) -> None:
    address = table_server.address or ""
    app = at_address(make_app, address)
    scene = at_the_events(app)
    event = new_arena(app, scene)
    session = event.session
    Input(app).click(event.join)
    heard(app, lambda: session, lambda: len(event.standings.rows) == 1)
    Input(app).click(event.back)
    assert top(app) is scene
    bob = ClubSession(address, ClubIdentity("Bob", "b" * 40), follow=False)
    try:
        bob.events.join(event.event)
        heard(app, lambda: session, lambda: isinstance(app.scene, EventScene))
        shown = app.scene
        assert isinstance(shown, EventScene) and shown.event == event.event
        app.run_frames(2)  # its first update takes the seat and calls the table
        answer_until(app, shown, lambda: is_table_of(app.scene, OnlineTable))
        table = app.scene
        assert is_table_of(table, OnlineTable)
        assert table.role.remote.link.table == seated_at(bob)
    finally:
        bob.close()


def top(app: App) -> object:
    return app.scene


def seated_at(player: ClubSession) -> str:
    """The table the player's session was told the pairing seated them at."""
    while player.events.seated is None:
        event = player.client.wait(GUARD_S)
        assert event is not None, "the club did not answer"
        player.receive(event)
    return player.events.seated.table


def test_the_events_tab_the_form_and_the_standings_speak_spanish(
    make_app: AppMaker, table_server: HostedServer
) -> None:
    app = at_address(make_app, table_server.address or "")
    app.settings.language = "es"
    app.apply_settings()
    scene = at_the_events(app)
    words = drawn_words(app)
    assert "Eventos" in words and "Nuevo evento" in words
    assert "Este club aún no tiene eventos: crea uno." in words
    Input(app).click(scene.new_event)
    words = drawn_words(app)
    assert "Arena" in words and "Crear" in words and "De inmediato" in words
    assert "30 minutos" in words
    form = app.scene
    assert isinstance(form, NewEventScene)
    Input(app).click(form.create)
    heard(app, lambda: scene.session, lambda: isinstance(app.scene, EventScene))
    event = app.scene
    assert isinstance(event, EventScene)
    heard(app, lambda: event.session, lambda: event.entry is not None)
    words = drawn_words(app)
    assert "Arena · 30 minutos" in words and "Entrar" in words and "Puesto" in words
