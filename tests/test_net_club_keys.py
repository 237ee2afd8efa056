"""A key per club (docs/protocol.md "Players"), on real servers: the game tells each club
a key of its own, so a club that records it cannot be the player at another club; and a
player a club knew by the key of before keeps their place there, moved to the club's
own key, the old key then nobody's."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, cast

from websockets.sync.client import connect

from game.net.client import ClubIdentity
from game.net.messages import hello_frame, join_frame
from game.net.tables.players import FileBook, MemoryBook, PlayerBook
from game.net.tables.redis_book import RedisBook
from game.persist.settings import Settings
from game.scenes.club.hello import NAME_SETTING, club_hello
from tests.net_process import Player, end, start_server
from tests.test_net_club import key
from tools.redis_server import RedisServer

if TYPE_CHECKING:
    from game.scenes.base import Services

OLD_KEY = "the-key-every-club-was-told-" + "k" * 20


def hello_at(settings: Settings, address: str) -> ClubIdentity:
    """What the game says at the club at `address` (its hello, as the screens make it)."""
    settings.club_server = address
    services = SimpleNamespace(settings=settings, save_settings=lambda: True)
    return club_hello(cast("Services", services))


def seated(player: Player, identity: ClubIdentity) -> tuple[str, str]:
    """`player` says `identity`'s hello, opens a table of two and takes a seat: the
    player's public id and the seat's token."""
    said = hello_frame(identity.name, identity.key, identity.was)
    pid: str = player.ask(said, "welcome")["player"]
    create = {"type": "create", "players": 2, "seats": ["remote"] * 2}
    player.table = player.ask(json.dumps(create), "created")["table"]
    token: str = player.ask(join_frame(player.table, identity.name), "joined")["token"]
    return pid, token


def hello(player: Player, key: str) -> tuple[str, list[dict[str, object]]]:
    """Say hello with `key`: the public id welcomed, and the seats `mine` hands out."""
    pid: str = player.ask(hello_frame("Eve", key), "welcome")["player"]
    tables: list[dict[str, object]] = player.ask(json.dumps({"type": "mine"}), "my-tables")[
        "tables"
    ]
    return pid, tables


def test_a_club_that_records_a_players_key_cannot_be_that_player_at_another_club(
    tmp_path: Path,
) -> None:
    """Before, the game told every club the one key in its settings: club A's operator
    said hello at club B with it and was handed Ann's seat tokens there."""
    club_a, address_a = start_server(tmp_path / "a")
    club_b, address_b = start_server(tmp_path / "b")
    settings = Settings(extra={NAME_SETTING: "Ann"})
    try:
        with connect(address_b) as on_b:
            ann_at_b, token = seated(Player(on_b, ""), hello_at(settings, address_b))
        recorded = hello_at(settings, address_a).key  # what club A is told, and may keep
        with connect(address_a) as on_a:
            Player(on_a, "").ask(hello_frame("Ann", recorded), "welcome")
        with connect(address_b) as impostor:
            pid, tables = hello(Player(impostor, ""), recorded)
    finally:
        assert "Traceback" not in end(club_a) + end(club_b)
    assert pid != ann_at_b and tables == []
    assert token not in json.dumps(tables)


def test_a_player_known_by_the_key_of_before_keeps_their_place_under_the_clubs_own_key(
    tmp_path: Path,
) -> None:
    server, address = start_server(tmp_path / "club")
    old = Settings.from_dict({"club_key": OLD_KEY, "club_server": address})
    old.extra[NAME_SETTING] = "Ann"
    try:
        with connect(address) as before:
            ann, token = seated(Player(before, ""), ClubIdentity("Ann", OLD_KEY))
        identity = hello_at(old, address)
        assert identity.key != OLD_KEY and identity.was == OLD_KEY
        with connect(address) as after:
            player = Player(after, "")
            welcome = player.ask(hello_frame("Ann", identity.key, identity.was), "welcome")
            (mine,) = player.ask(json.dumps({"type": "mine"}), "my-tables")["tables"]
        with connect(address) as again:  # the new key alone is Ann from now on
            assert hello(Player(again, ""), identity.key)[0] == ann
        with connect(address) as stolen:  # the old key is nobody's now
            pid, tables = hello(Player(stolen, ""), OLD_KEY)
    finally:
        assert "Traceback" not in end(server)
    assert welcome["player"] == ann and mine["token"] == token
    assert pid != ann and tables == []


def knows(book: PlayerBook, key: str, name: str) -> bool:
    """Whether `book` holds the player of `key`, named `name`."""
    return not book.changes(key, name)


def test_the_books_move_a_player_to_a_new_key_once(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    new_key = "the-clubs-own-key-" + "n" * 30
    books: list[PlayerBook] = [MemoryBook(), FileBook(tmp_path), RedisBook(redis_server.url)]
    for book in books:
        ann = book.enter(OLD_KEY, "Ann")
        book.enter(key(2), "Bob")
        book.move(key(2), new_key)  # taken: Bob now holds it
        book.move(OLD_KEY, new_key)  # not moved onto Bob's key
        assert knows(book, OLD_KEY, "Ann") and book.enter(new_key, "Bob").pid != ann.pid
        book.move(OLD_KEY, key(3))
        assert not knows(book, OLD_KEY, "Ann") and book.enter(key(3), "Ann").pid == ann.pid
    reread = FileBook(tmp_path)
    assert not knows(reread, OLD_KEY, "Ann") and knows(reread, key(3), "Ann")
