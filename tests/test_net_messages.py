"""The protocol's messages (game/net/messages.py and replies.py): what a client writes
the server reads as typed values, and what the server writes the client reads back."""

from __future__ import annotations

import pytest

from game.net.messages import (
    Create,
    Join,
    MoveRequest,
    Refused,
    Rejoin,
    StandIn,
    Watch,
    create_frame,
    join_frame,
    move_frame,
    read_client_message,
    rejoin_frame,
    stand_in_frame,
    watch_frame,
)
from game.net.replies import (
    Created,
    ErrorReply,
    GameOver,
    Joined,
    MoveMessage,
    Presence,
    TableView,
    created_frame,
    error_frame,
    joined_frame,
    over_frame,
    presence_frame,
    read_server_message,
    view_frame,
)
from game.net.replies import move_frame as announced_move_frame
from game.net.reply_fields import BadReply
from game.rules.modes import Mode
from game.rules.moves import DRAW_MOVE, PASS_MOVE, PLACE, Move
from game.rules.record.document import GameRecord
from game.rules.table_rules import TableRules
from game.rules.tiles import parse_tile


def test_what_a_client_writes_the_server_reads() -> None:
    created = read_client_message(create_frame(["remote", "ai:expert"], {"hands": 2}, seed=5))
    assert created == Create(("remote", "ai:expert"), TableRules(hands=2))  # no seed read
    assert read_client_message(join_frame("C", "Ann")) == Join("C", "Ann")
    assert read_client_message(rejoin_frame("C", "T")) == Rejoin("C", "T")
    assert read_client_message(watch_frame("C")) == Watch("C")
    tile = parse_tile("01-02-03")
    placed = {"player": 1, "tile": "01-02-03", "cell": [1, 0], "rot": 2, "score": 99}
    assert read_client_message(move_frame("C", placed)) == MoveRequest(
        "C", 1, Move(PLACE, tile, (1, 0), 2)
    )
    drawn = {"player": 0, "draw": True, "tile": "99-99-99"}  # a draw's tile is ignored
    assert read_client_message(move_frame("C", drawn)) == MoveRequest("C", 0, DRAW_MOVE)
    assert read_client_message(stand_in_frame("C", "H", 2, "easy")) == StandIn("C", "H", 2, "easy")
    passed = {"player": 0, "pass": True}
    assert read_client_message(move_frame("C", passed)) == MoveRequest("C", 0, PASS_MOVE)


@pytest.mark.parametrize(
    "frame",
    [
        "",
        "null",
        "[]",
        '{"type": "join", "table": "C"}',
        '{"type": "join", "table": "", "name": "A"}',
        '{"type": "rejoin", "table": "C", "token": 5}',
        '{"type": "create", "players": 2, "rules": {"time_limit_s": 60}}',
        '{"type": "create", "players": 3, "rules": {"partners": true}}',
        '{"type": "create", "players": 2, "names": ["Gus"]}',
        '{"type": "create", "players": 2, "names": [null, 5]}',
        '{"type": "move", "table": "C", "move": {"player": true, "draw": true}}',
        '{"type": "move", "table": "C", "move": {"player": 0, "tile": "01-02-03"}}',
        '{"type": "move", "table": "C", "move": [0]}',
        '{"type": "watch", "table": "C", "n": 1e999}',
        '{"type": "stand-in", "table": "C", "host": "H", "seat": 1, "level": "god"}',
        '{"type": "stand-in", "table": "C", "host": "H", "seat": "1", "level": "easy"}',
        '{"type": "watch", "table": "' + "C" * 65 + '"}',
        '{"type": "watch", "table": "\\ud800"}',
        '{"type": "rejoin", "table": "C", "token": "a b"}',
    ],
)
def test_what_is_not_a_message_is_refused_as_bad(frame: str) -> None:
    with pytest.raises(Refused) as refused:
        read_client_message(frame)
    assert refused.value.code == "bad-message"
    assert "\n" not in refused.value.message


def test_what_the_server_writes_a_client_reads_as_typed_values() -> None:
    record = GameRecord.new(Mode.TABLE, [{"kind": "human"}, {"kind": "ai:greedy"}])
    entry = {"player": 1, "draw": True, "tile": "01-02-03"}
    frames = [
        created_frame("C", "H"),
        joined_frame("C", 1, "T"),
        view_frame("C", record.to_json()),
        announced_move_frame("C", 0, 4, entry),
        over_frame("C", record.to_json()),
        error_frame("too-fast", "wait"),
        presence_frame("C", [True, False]),
    ]
    read = [read_server_message(frame) for frame in frames]
    assert read[:2] == [Created("C", "H"), Joined("C", 1, "T")]
    assert isinstance(read[2], TableView) and read[2].record == record
    assert isinstance(read[3], MoveMessage) and read[3].move.drawn == parse_tile("01-02-03")
    assert isinstance(read[4], GameOver)
    assert read[5:] == [ErrorReply("too-fast", "wait"), Presence("C", (True, False))]


def test_a_client_ignores_what_a_newer_server_adds() -> None:
    assert read_server_message('{"type": "later", "table": 5}') is None
    extra = read_server_message('{"type": "created", "table": "C", "host": "H", "new": [1]}')
    assert extra == Created("C", "H")


def test_names_are_read_as_the_game_keeps_them() -> None:
    hidden = '{"type": "create", "players": 2, "names": [null, "\\ud800\\u202e"]}'
    assert read_client_message(hidden) == Create(("remote", "remote"), TableRules(), (None, None))
    assert read_client_message(join_frame("C", " \udfffAnn\u0000" + "n" * 30)) == Join(
        "C", "Ann" + "n" * 20 + "…"
    )


@pytest.mark.parametrize(
    "frame, words",
    [
        ("", "not JSON"),
        ("{", "not JSON"),
        ("[]", "a JSON object"),
        (b"{}", "binary"),
        ('{"table": "C"}', "a type"),
        ('{"type": "move", "table": "C", "hand": 0}', "index"),
        ('{"type": "joined", "table": "C", "seat": 7, "token": "T"}', "seat"),
        ('{"type": "joined", "table": "C/..", "seat": 1, "token": "T"}', "table"),
        ('{"type": "presence", "table": "C", "connected": [true, 1]}', "true or false"),
        ('{"type": "presence", "table": "C", "connected": [true]}', "2 to 7"),
        ('{"type": "error", "code": "x", "message": "' + "m" * 2000 + '"}', "at most 1000"),
        ('{"type": "view", "table": "C", "record": []}', "record"),
    ],
)
def test_a_client_refuses_what_is_not_a_message_in_one_line(frame: str | bytes, words: str) -> None:
    with pytest.raises(BadReply) as refused:
        read_server_message(frame)
    assert words in str(refused.value) and "\n" not in str(refused.value)
    assert len(str(refused.value)) < 200
