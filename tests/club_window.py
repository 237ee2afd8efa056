"""One real game window (a process of its own, no display) at a club's table that waits,
for tests/test_net_club_windows.py; HOME is its CONTACK_HOME (and so its key at the
club), ADDRESS the club's server:

    python -m tests.club_window create HOME ADDRESS       # prints "code CODE"
    python -m tests.club_window join HOME ADDRESS CODE
    python -m tests.club_window return HOME ADDRESS       # prints "turns", "tables", "came"

Create opens Play online, New online table: two seats, by invitation, a day a move, and
plays two moves; join takes the other seat by its code (Play online, Join by code) and
plays until the other player has gone and it is their turn; return starts the game again
on HOME, reads the menu's "your turn" line and Your tables, opens the table there, lets
the moves made since it left come in and plays one move. Each then leaves when it is the
other's turn, and prints "left JSON": its seats, the table's position and its moves as
this window saw them; the window closes at the table, or, coming back, goes to the menu
with Escape and prints its "turns" line again before it closes. Moves are played from the
keyboard (Tab picks a tile, Enter drops it on a lit spot).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pygame

from game.app import App
from game.persist.storage import Storage
from game.scenes.club.lobby import MINE, ClubScene
from game.scenes.club.new_table import NewClubTableScene
from game.scenes.menus.menu import MenuScene, turns_words
from game.scenes.online.calling import TableCallingScene
from game.scenes.online.remote import OnlineTable
from game.scenes.table.scene import TableScene
from tests.drive import Input, click_next, is_table_of, menu_button
from tests.game_window import open_window, play_until
from tests.net_process import moves_of

NAMES = {"create": "Ann", "join": "Bob"}
FIRST_MOVES = 2
"""The moves the window that opens the table plays before it leaves."""


def at_the_club(home: Path, address: str, name: str | None) -> None:
    """The settings on `home` (kept from the last time, if any) with the club's address
    and, the first time, the player's name."""
    storage = Storage(home)
    settings = storage.load_settings()
    settings.club_server = address
    if name is not None:
        settings.extra["table_name"] = name
    storage.save_settings(settings)


def play_online(app: App) -> ClubScene:
    Input(app).click(menu_button(app, "online"))
    lobby = app.scene
    assert isinstance(lobby, ClubScene)
    play_until(app, lambda: lobby.session is not None and lobby.session.welcome is not None)
    return lobby


def seated(app: App, calling: TableCallingScene) -> TableScene[OnlineTable]:
    """The table, once the call `calling` made has sat this window down."""

    def sat() -> bool:
        if is_table_of(app.scene, OnlineTable):
            return True
        if calling.opening is None:
            raise SystemExit(f"the table did not open: {getattr(calling, 'said', '')}")
        return False

    play_until(app, sat)
    table = app.scene
    assert is_table_of(table, OnlineTable)
    return table


def create(app: App) -> TableScene[OnlineTable]:
    """New online table: two seats, by invitation, a day a move."""
    drive = Input(app)
    drive.click(play_online(app).new)
    new = app.scene
    assert isinstance(new, NewClubTableScene)
    drive.press(pygame.K_2)  # the seats' counter has the focus
    click_next(app, new.who)
    click_next(app, new.pace)
    assert new.table_seats() == ["remote", "remote"] and new.pace.value == 1
    assert new.who.value is False
    drive.click(new.create)
    return seated(app, new)


def join(app: App, code: str) -> TableScene[OnlineTable]:
    """Play online, Join by code."""
    drive = Input(app)
    lobby = play_online(app)
    drive.click(lobby.code)
    drive.text(code)
    drive.press(pygame.K_RETURN)
    return seated(app, lobby)


def come_back(app: App) -> TableScene[OnlineTable]:
    """The menu's line, Your tables and the table opened there; the moves since come in."""
    say_turns(app)
    lobby = play_online(app)
    drive = Input(app)
    drive.click(lobby.tabs[MINE])
    play_until(app, lambda: bool(lobby.lists[MINE].rows))
    print("tables", json.dumps(lobby.lists[MINE].rows), flush=True)
    drive.click(lobby.again)
    table = seated(app, lobby)
    print("came", json.dumps(coming_in(app, table)), flush=True)
    return table


def say_turns(app: App) -> None:
    """Print the menu's "your turn" line once the club has answered it."""
    menu = app.scene
    assert isinstance(menu, MenuScene)
    play_until(app, lambda: menu.club is None)
    print("turns", json.dumps([menu.club_turns, turns_words(menu.club_turns)]), flush=True)


def coming_in(app: App, table: TableScene[OnlineTable]) -> dict[str, Any]:
    """Frames until the moves since the last visit have come in: the words of those shown
    as moves (the hand-off's log of this window's seat: a position taken whole adds
    none), and where the table is then."""

    def landed() -> bool:
        return not (table.role.remote.busy() or table.tweens.busy)

    play_until(app, landed)
    (seat,) = table.role.remote.held
    news = table.turns.news_for(seat)
    return {"shown": news, "position": table.role.remote.flow.position(), "moves": moves(table)}


def moves(table: TableScene[OnlineTable]) -> list[tuple[int, dict[str, Any]]]:
    return moves_of(table.role.remote.flow.record.to_json())


def mine(table: TableScene[OnlineTable]) -> int:
    """The moves this window's seats made at the table."""
    held = table.role.remote.held
    return sum(move["player"] in held for _hand, move in moves(table))


def play_then_leave(
    app: App, table: TableScene[OnlineTable], more: int, until_away: bool, to_the_menu: bool
) -> None:
    """Play `more` moves (at least; with `until_away`, until the other player has gone
    too) and leave as soon as it is their turn, once this window's last move has come
    back (their answer may be on its way already): the window closes at the table, or
    (`to_the_menu`) Escape leaves it for the menu, whose "your turn" line is printed,
    and the window closes there."""
    made, remote = mine(table), table.role.remote

    def done() -> bool:
        state = remote.flow.state
        theirs = not state.hand_over and state.current_player not in remote.held
        if until_away:  # and all that came is shown: their turn at the table as it is
            theirs = theirs and bool(remote.away_seats()) and not remote.busy()
        return theirs and mine(table) >= made + more

    play_until(app, done)
    left = {"seats": sorted(remote.held), "position": remote.flow.position()}
    print("left", json.dumps({**left, "moves": moves(table)}), flush=True)
    if to_the_menu:
        Input(app).press(pygame.K_ESCAPE)
        say_turns(app)
    app.close()


def main() -> None:
    role, home, address = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
    at_the_club(home, address, NAMES.get(role))
    app = open_window(home)
    if role == "create":
        table = create(app)
        print("code", table.role.remote.link.table, flush=True)
        play_then_leave(app, table, FIRST_MOVES, until_away=False, to_the_menu=False)
    elif role == "join":
        play_then_leave(app, join(app, sys.argv[4]), 1, until_away=True, to_the_menu=False)
    else:
        play_then_leave(app, come_back(app), 1, until_away=False, to_the_menu=True)


if __name__ == "__main__":
    main()
