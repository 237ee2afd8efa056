"""Protocol version 3, a player's finished games (game/net/tables/finished.py): `games`
pages a player's games newest first, those over at open tables before the closed ones,
with seats, scores, the asker's place and rated or not; `game` gives any member a
finished game's whole record, never an unfinished one's; hostile requests are one-line
refusals. In process on the files' store, on a real redis-server and PostgreSQL, and
against a real server process with and without `--archive`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from game.net.games_answers import GameAnswer, GamesPage
from game.net.games_messages import GAMES_PAGE_MOST, game_frame, games_frame
from game.net.replies import read_server_message
from game.net.reply_fields import BadReply
from game.net.tables.archive import NO_ARCHIVE, Archive
from game.net.tables.limits import Limits
from game.net.tables.players import FileBook, MemoryBook
from game.net.tables.postgres_archive import PostgresArchive
from game.net.tables.redis_store import RedisStore
from game.net.tables.registry import Registry
from game.net.tables.replica import Replica
from game.net.tables.store import TableStore
from game.net.tables.table import SERVER_KEY
from tests.conftest import GUARD_S
from tests.net_helpers import ROOMY, Inbox, ManualClock, dealer, play_out
from tests.net_process import end, start_server
from tests.test_net_club import club, create, hello, key, seated, table_of
from tools.postgres_server import PostgresServer
from tools.redis_server import RedisServer

HOUR = 3600.0


def on_files(clock: ManualClock, home: Path, archive: Archive = NO_ARCHIVE) -> Registry:
    """A registry on the files of `home`, its finished games read as a server reads them."""
    store = TableStore(home, archive)
    registry = Registry(clock, store=store, limits=ROOMY, deal=dealer(), book=FileBook(home))
    registry.shelf.finished = archive.finished(store)
    return registry


def played_games(
    registry: Registry, clock: ManualClock, count: int, rated: bool = False
) -> list[str]:
    """Ann (player 0) and Bob (player 1) play `count` one-hand games, an hour apart, each
    at its own table; their codes, oldest first."""
    codes = []
    for _ in range(count):
        code = create(hello(registry, "Host", 9), rated=rated, rules={"hands": 1})
        holders = seated(registry, code, ["Ann", "Bob"])
        play_out(table_of(registry, code), holders)
        codes.append(code)
        clock.now += HOUR
    return codes


def closed(registry: Registry, clock: ManualClock) -> None:
    """Every table idle long enough, closed."""
    clock.now += ROOMY.idle_s + 1
    registry.sweep()


def page(inbox: Inbox, number: int, per_page: int) -> dict[str, Any]:
    (answer,) = inbox.send(games_frame(number, per_page))
    assert answer["type"] == "games", answer
    return answer


def test_a_players_games_come_newest_first_in_pages_with_seats_scores_and_their_place(
    tmp_path: Path,
) -> None:
    clock = ManualClock()
    registry = on_files(clock, tmp_path)
    codes = played_games(registry, clock, 3)
    closed(registry, clock)
    latest = played_games(registry, clock, 1)  # over, its table open yet
    ann = hello(registry, "Ann", 0)
    first = page(ann, 1, 2)
    assert [game["table"] for game in first["games"]] == [latest[0], codes[2]]
    assert (first["page"], first["per_page"], first["total"], first["more"]) == (1, 2, 4, True)
    second = page(ann, 2, 2)
    assert [game["table"] for game in second["games"]] == [codes[1], codes[0]]
    assert second["more"] is False
    assert page(ann, 9, 2)["games"] == second["games"]  # past the last: the last
    for game in first["games"] + second["games"]:
        kept = (
            json.loads((tmp_path / "closed" / f"{game['table']}.contack.json").read_text())
            if (game["table"] != latest[0])
            else None
        )
        seat = game["seat"]
        assert game["players"][seat]["name"] == "Ann"
        assert [p["kind"] for p in game["players"]] == ["human", "human"]
        assert game["rated"] is False and game["over"] is True
        scores = [p["score"] for p in game["players"]]
        assert game["place"] == 1 + sum(score > scores[seat] for score in scores)
        if kept is not None:
            assert game["finished"] == round(kept[SERVER_KEY]["active"])
    typed = read_server_message(json.dumps(first))
    assert isinstance(typed, GamesPage) and typed.paging.total == 4
    assert page(hello(registry, "Carol", 5), 1, 20)["games"] == []  # Carol played none


def test_any_member_reads_a_finished_games_record_and_nobody_an_unfinished_ones(
    tmp_path: Path,
) -> None:
    clock = ManualClock()
    registry = on_files(clock, tmp_path)
    (old,) = played_games(registry, clock, 1)
    closed(registry, clock)
    (recent,) = played_games(registry, clock, 1)
    playing = create(hello(registry, "Host", 9), rules={"hands": 1})
    seated(registry, playing, ["Ann", "Bob"])
    carol = hello(registry, "Carol", 5)  # played neither: club games are public to members
    for code in (old, recent):
        (answer,) = carol.send(game_frame(code))
        assert answer["type"] == "game" and answer["table"] == code, answer
        assert SERVER_KEY not in answer["record"] and answer["record"]["seed"] is not None
        typed = read_server_message(json.dumps(answer))
        assert isinstance(typed, GameAnswer) and typed.record.players[0].name in ("Ann", "Bob")
    for code in (playing, "nO-such-table"):  # a game under way would give its seed away
        (refused,) = carol.send(game_frame(code))
        assert refused["code"] == "no-table", refused
    (refused,) = Inbox(registry).send(game_frame(old))
    assert refused["code"] == "no-player"


@pytest.mark.parametrize(
    "frame",
    [
        {"type": "games", "page": 0},
        {"type": "games", "page": "2"},
        {"type": "games", "per_page": GAMES_PAGE_MOST + 1},
        {"type": "games", "per_page": True},
        {"type": "game"},
        {"type": "game", "table": "../../etc/passwd"},
        {"type": "game", "table": ["x"]},
    ],
)
def test_a_hostile_games_request_is_a_one_line_refusal_and_the_connection_goes_on(
    frame: dict[str, Any],
) -> None:
    registry = club()
    ann = hello(registry, "Ann", 0)
    (refused,) = ann.send(frame)
    assert refused["type"] == "error" and refused["code"] == "bad-message", refused
    assert "\n" not in refused["message"]
    assert page(ann, 1, 20)["games"] == []


def test_a_games_page_needs_hello_and_is_no_attempt_at_tables_and_a_record_asked_is() -> None:
    registry = Registry(ManualClock(), deal=dealer(), book=MemoryBook())  # the usual limits
    (refused,) = Inbox(registry).send(games_frame(1))
    assert refused["code"] == "no-player"
    ann = hello(registry, "Ann", 0)
    for _ in range(3 * Limits().join_burst):
        assert page(ann, 1, 20)["total"] == 0
    again = hello(registry, "Ann", 0)  # a connection of its own: few messages on it
    asks = [again.send(game_frame("nO-such-table"))[0]["code"] for _ in range(Limits().join_burst)]
    assert asks[-1] == "too-fast" and asks[0] == "no-table"  # each record asked is one


def test_the_games_closed_on_redis_are_read_from_postgresql_with_an_archive(
    redis_server: RedisServer, postgres_server: PostgresServer
) -> None:
    archive = PostgresArchive(postgres_server.url)
    with archive.connection.transaction():
        archive.connection.execute("TRUNCATE contack_games")
    clock = ManualClock()
    store = RedisStore(redis_server.url, archive=archive)
    registry = Registry(clock, store=store, limits=ROOMY, deal=dealer(), book=MemoryBook())
    registry.shelf.finished = archive.finished(store)
    Replica(registry, store).open()
    codes = played_games(registry, clock, 3)
    closed(registry, clock)
    assert store.closed_codes() == []
    bob = hello(registry, "Bob", 1)
    assert [g["table"] for g in page(bob, 1, 2)["games"]] == codes[:0:-1]
    last = page(bob, 2, 2)
    assert [g["table"] for g in last["games"]] == codes[:1] and last["total"] == 3
    (answer,) = bob.send(game_frame(codes[0]))
    assert answer["type"] == "game" and SERVER_KEY not in answer["record"]
    archive.close()


@pytest.mark.parametrize("archived", [False, True])
def test_a_real_server_lists_and_gives_the_games_closed_before_it_started(
    tmp_path: Path, archived: bool, request: pytest.FixtureRequest
) -> None:
    """Games closed on the files (and moved to PostgreSQL with `--archive`) are listed
    and given by a server process started afterwards, to the player's key."""
    options: list[str] = []
    archive = None
    if archived:
        postgres: PostgresServer = request.getfixturevalue("postgres_server")
        archive = PostgresArchive(postgres.url)
        with archive.connection.transaction():
            archive.connection.execute("TRUNCATE contack_games")
        options = ["--archive", postgres.url]
    clock = ManualClock()
    home = tmp_path / "home"
    registry = on_files(clock, home, NO_ARCHIVE if archive is None else archive)
    codes = played_games(registry, clock, 2)
    closed(registry, clock)
    assert bool(list((home / "closed").glob("*"))) is not archived
    server, address = start_server(home, None, *options)
    try:
        with connect(address, max_size=2**24) as connection:
            connection.send(json.dumps({"type": "hello", "name": "Ann", "key": key(0)}))
            connection.send(games_frame(1))
            connection.send(game_frame(codes[0]))
            answers = [json.loads(connection.recv(timeout=GUARD_S)) for _ in range(3)]
    finally:
        assert "Traceback" not in end(server)
        if archive is not None:
            archive.close()
    welcome, games, game = answers
    assert welcome["type"] == "welcome", welcome
    assert [g["table"] for g in games["games"]] == codes[::-1], games
    assert game["type"] == "game" and game["table"] == codes[0], game


@pytest.mark.parametrize(
    "change",
    [
        {"place": 0},
        {"place": 3},
        {"seat": 2},
        {"finished": -1},
        {"rated": "yes"},
        {"players": [{"kind": "robot", "name": "R", "player": None, "score": 1}] * 2},
        {"players": [{"kind": "human", "name": "Ann", "player": None, "score": 1.5}] * 2},
        {"players": [{"kind": "human", "name": "Ann", "player": None, "score": 1}]},
        {"table": "../x"},
    ],
)
def test_a_games_answer_out_of_its_shape_is_a_broken_server(change: dict[str, Any]) -> None:
    """The client reads a `games` answer as strictly as every other frame."""
    seat = {"kind": "human", "name": "Ann", "player": "p-1", "score": 10}
    game = {"table": "RtZJ6L8smmiXwgey", "finished": 1, "players": [seat, seat]}
    game |= {"seat": 0, "place": 1, "rated": False, "over": True}
    answer = {"type": "games", "page": 1, "per_page": 20, "total": 1, "more": False}
    assert isinstance(read_server_message(json.dumps({**answer, "games": [game]})), GamesPage)
    with pytest.raises(BadReply):
        read_server_message(json.dumps({**answer, "games": [game | change]}))
    with pytest.raises(BadReply):
        read_server_message(json.dumps({**answer, "games": [game] * (GAMES_PAGE_MOST + 1)}))
