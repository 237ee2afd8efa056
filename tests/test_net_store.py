"""The table server's saves (game/net/tables/store.py): every change written before it is
announced, as a record `check` passes; a server started again on the same folder
reopens its tables with their codes, seats and tokens; a damaged save is named and
skipped. The behaviours every store has are checked on Redis too (`kept`; the rest of
Redis's in tests/test_net_redis_store.py)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pytest

try:
    import resource
except ImportError:  # Windows
    resource = None  # type: ignore[assignment]

from game import cli
from game.net.messages import create_frame, join_frame, move_frame, rejoin_frame, watch_frame
from game.net.tables.redis_store import RedisStore
from game.net.tables.registry import Registry
from game.net.tables.store import TableStore
from game.net.tables.table import NetTable
from game.net.tables.takeback_journal import Note
from game.persist.atomic import write_text_atomically
from tests.net_helpers import (
    ROOMY,
    Inbox,
    ManualClock,
    dealer,
    first_legal_entry,
    on_redis,
    open_table,
    play_out,
)


def served(home: Path) -> Registry:
    store = TableStore(home)
    registry = Registry(ManualClock(), store=store, limits=ROOMY, deal=dealer())
    registry.open(store.load())
    return registry


@dataclass
class Kept:
    """A store as the tests see it: a server started on it (its tables reopened), and
    its open tables as it keeps them now."""

    serve: Callable[[], Registry]
    tables: Callable[[], list[NetTable]]


@pytest.fixture(params=["files", "redis"])
def kept(request: pytest.FixtureRequest, tmp_path: Path) -> Kept:
    """A store of each kind: files in the test's folder, and a real Redis of its own."""
    if request.param == "files":
        return Kept(partial(served, tmp_path), lambda: TableStore(tmp_path).load())
    url = request.getfixturevalue("redis_server").url
    return Kept(partial(on_redis, url), lambda: RedisStore(url).load())


def test_each_move_is_saved_before_it_is_announced_as_a_record_check_passes(
    kept: Kept, tmp_path: Path
) -> None:
    server = kept.serve()
    table, holders, _ = open_table(server, ["remote", "remote", "ai:greedy"])
    seen = []

    def saved_then_sent(frame: str) -> None:
        seen.append(kept.tables()[0].record.to_json()["hands"])

    watcher = Inbox(server)
    watcher.peer.send = saved_then_sent
    server.receive(watcher.peer, watch_frame(table.code))
    for _ in range(6):
        holders[table.state.current].send(move_frame(table.code, first_legal_entry(table)))
        assert seen[-1] == table.record.to_json()["hands"]
    path = tmp_path / "kept.contack.json"
    path.write_text(kept.tables()[0].saved_text())
    assert cli.run(["check", str(path)])["ok"] is True


def test_a_server_started_again_reopens_its_tables_with_codes_seats_and_tokens(
    kept: Kept,
) -> None:
    first = kept.serve()
    table, holders, tokens = open_table(first, ["remote", "ai:greedy", "remote"], {"hands": 1})
    for _ in range(5):
        holders[table.state.current].send(move_frame(table.code, first_legal_entry(table)))
    again = kept.serve()
    reopened = next(iter(again.tables.values()))
    assert reopened.code == table.code and reopened.tokens == table.tokens
    assert reopened.record == table.record
    back = {}
    for seat, token in tokens.items():
        back[seat] = Inbox(again)
        replies = back[seat].send(rejoin_frame(table.code, token))
        assert replies[0] == {"type": "joined", "table": table.code, "seat": seat, "token": token}
    play_out(reopened, back)
    assert reopened.is_over()


def test_a_damaged_save_is_named_and_skipped_and_a_cut_write_removed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = served(tmp_path)
    open_table(first, ["remote", "remote"])
    (tmp_path / "tables" / "broken.contack.json").write_text('{"format": "contack-record"')
    (tmp_path / "tables" / ".tmp-cut.part").write_text('{"format": "cont')
    (tmp_path / "tables" / "plain.contack.json").write_text(
        next(iter(first.tables.values())).record.dumps()
    )
    again = served(tmp_path)
    assert len(again.tables) == 1
    errors = capsys.readouterr().err
    assert "broken.contack.json" in errors and "plain.contack.json" in errors
    assert not (tmp_path / "tables" / ".tmp-cut.part").exists()


def test_moves_go_to_the_journal_until_a_hand_is_dealt_which_writes_the_whole_save(
    tmp_path: Path,
) -> None:
    server = served(tmp_path)
    table, holders, _ = open_table(server, ["remote", "remote"], {"hands": 2})
    save = tmp_path / "tables" / f"{table.code}.contack.json"
    journal = tmp_path / "tables" / f"{table.code}.moves"
    written = save.read_bytes()
    for count in range(1, 4):
        holders[table.state.current].send(move_frame(table.code, first_legal_entry(table)))
        assert len(journal.read_text().splitlines()) == count
    assert save.read_bytes() == written
    while table.record.hand_count == 1:
        holders[table.state.current].send(move_frame(table.code, first_legal_entry(table)))
    assert not journal.exists()
    assert NetTable.from_saved(save.read_bytes()).record == table.record


def test_a_journal_cut_short_or_already_saved_reopens_what_it_holds(tmp_path: Path) -> None:
    server = served(tmp_path)
    table, holders, _ = open_table(server, ["remote", "remote"])
    journal = tmp_path / "tables" / f"{table.code}.moves"
    for _ in range(4):
        holders[table.state.current].send(move_frame(table.code, first_legal_entry(table)))
    lines = journal.read_text().splitlines()
    TableStore(tmp_path).save(table)  # a whole save, then a crash before the journal emptied
    journal.write_text("\n".join(lines[:3]) + "\n" + lines[3][:20])
    reopened = TableStore(tmp_path).load()[0]
    assert reopened.record == table.record
    TableStore(tmp_path).save(table)
    for _ in range(2):
        holders[table.state.current].send(move_frame(table.code, first_legal_entry(table)))
    journal.write_text(journal.read_text()[:-5])  # the last line cut short
    assert len(TableStore(tmp_path).load()[0].state.moves) == 5


def test_a_lone_surrogate_in_a_name_is_saved_and_the_tables_after_it_too(kept: Kept) -> None:
    server = kept.serve()
    host = Inbox(server)
    hostile = {"type": "create", "players": 2, "seats": ["remote", "ai:random"]}
    created = host.send({**hostile, "names": [None, "\ud800"]})
    assert [m["type"] for m in created] == ["created"]
    joined = Inbox(server).send(join_frame(created[0]["table"], "\udfff Ann \u202e"))
    assert joined[0]["type"] == "joined"
    later = host.send(create_frame(["remote", "remote"]))
    server.save_all()
    reopened = {table.code: table for table in kept.serve().tables.values()}
    assert set(reopened) == {created[0]["table"], later[0]["table"]}
    players = reopened[created[0]["table"]].record.to_json()["players"]
    assert [p.get("name") for p in players] == ["Ann", ""]


def test_the_atomic_writer_takes_any_text_and_json_reads_back_the_same(tmp_path: Path) -> None:
    path = tmp_path / "odd.json"
    text = json.dumps({"name": "\ud800 \udfff é"}, ensure_ascii=False)
    write_text_atomically(path, text)
    assert json.loads(path.read_bytes()) == {"name": "\ud800 \udfff é"}


class FillingDisk(TableStore):
    """A store whose disk takes `room` more writes (None: any number), then refuses."""

    room: int | None = None

    def _write(self) -> None:
        if self.room is not None:
            if self.room == 0:
                raise OSError(28, "No space left on device")
            self.room -= 1

    def save(self, table: NetTable, durable: bool = False) -> None:
        self._write()
        super().save(table, durable)

    def append(self, table: NetTable, hand: int, index: int, entry: Mapping[str, object]) -> None:
        self._write()
        super().append(table, hand, index, entry)

    def takeback(self, table: NetTable, note: Note) -> None:
        self._write()
        super().takeback(table, note)


def on_a_filling_disk(home: Path) -> tuple[Registry, FillingDisk]:
    store = FillingDisk(home)
    return Registry(ManualClock(), store=store, limits=ROOMY, deal=dealer()), store


def test_a_move_the_disk_refuses_is_not_played_and_everyone_at_the_table_is_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    server, disk = on_a_filling_disk(tmp_path)
    table, holders, _ = open_table(server, ["remote", "remote"])
    watcher = Inbox(server)
    watcher.send(watch_frame(table.code))
    holders[table.state.current].send(move_frame(table.code, first_legal_entry(table)))
    before = table.record.dumps()
    disk.room = 0
    mover = holders[table.state.current]
    for _ in range(2):
        refused = mover.send(move_frame(table.code, first_legal_entry(table)))
        assert [(r["type"], r["code"]) for r in refused] == [("error", "not-saved")]
        assert "No space left on device" in refused[0]["message"]
    assert table.record.dumps() == before
    others = [holders[1 - table.state.current], watcher]
    for inbox in others:  # told once, with the table's code, and shown no move
        told = [m for m in inbox.messages if m["type"] == "error"]
        assert [(m["code"], m["table"]) for m in told] == [("not-saved", table.code)]
    assert [len(inbox.of_type("move")) for inbox in others] == [1, 1]
    assert "cannot save a move" in capsys.readouterr().err
    disk.room = None
    assert mover.send(move_frame(table.code, first_legal_entry(table)))[0]["type"] == "move"
    assert TableStore(tmp_path).load()[0].record == table.record


def test_a_table_or_a_seat_the_disk_refuses_is_not_opened_or_given(tmp_path: Path) -> None:
    server, disk = on_a_filling_disk(tmp_path)
    disk.room = 0
    refused = Inbox(server).send(create_frame(["remote", "remote"]))
    assert [(r["type"], r["code"]) for r in refused] == [("error", "not-saved")]
    assert not server.tables and TableStore(tmp_path).load() == []
    disk.room = 1
    code = Inbox(server).send(create_frame(["remote", "remote"]))[0]["table"]
    assert Inbox(server).send(join_frame(code, "Ann"))[0]["code"] == "not-saved"
    table = next(iter(server.tables.values()))
    assert table.tokens == [None, None] and "name" not in table.record.to_json()["players"][0]
    disk.room = None
    assert Inbox(server).send(join_frame(code, "Bob"))[0]["seat"] == 0


def test_a_computer_whose_move_the_disk_refuses_waits_and_plays_once_it_is_taken(
    tmp_path: Path,
) -> None:
    server, disk = on_a_filling_disk(tmp_path)
    table, holders, _ = open_table(server, ["remote", "ai:greedy"])
    while table.state.current != 0:
        server.sweep()  # the computer's first move
    disk.room = 1  # the person's move, not the computer's answer
    holders[0].send(move_frame(table.code, first_legal_entry(table)))
    assert table.state.current == 1 and holders[0].of_type("error")[-1]["code"] == "not-saved"
    moves = len(holders[0].of_type("move"))
    server.sweep()
    assert len(holders[0].of_type("move")) == moves
    disk.room = None
    server.sweep()
    assert len(holders[0].of_type("move")) > moves
    assert TableStore(tmp_path).load()[0].record == table.record


def test_a_journal_goes_on_into_the_next_hand_when_the_deal_could_not_be_saved(
    tmp_path: Path,
) -> None:
    server, disk = on_a_filling_disk(tmp_path)
    table, holders, _ = open_table(server, ["remote", "remote"], {"hands": 2})
    while table.record.hand_count == 1:
        disk.room = None if len(table.state.moves) < 3 or not _ends_hand(table) else 1
        holders[table.state.current].send(move_frame(table.code, first_legal_entry(table)))
    disk.room = None
    for _ in range(3):
        holders[table.state.current].send(move_frame(table.code, first_legal_entry(table)))
    lines = (tmp_path / "tables" / f"{table.code}.moves").read_text().splitlines()
    assert [json.loads(line)["hand"] for line in lines][-4:] == [0, 1, 1, 1]
    assert TableStore(tmp_path).load()[0].record == table.record


def _ends_hand(table: NetTable) -> bool:
    """Whether the first legal move of the seat to act ends the hand."""
    state = table.state.clone()
    state.apply(state.legal_moves()[0])
    return state.hand_over


def test_stopping_on_a_full_disk_says_which_tables_are_not_saved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    server, disk = on_a_filling_disk(tmp_path)
    table, holders, _ = open_table(server, ["remote", "remote"])
    assert server.save_all() is True
    holders[table.state.current].send(move_frame(table.code, first_legal_entry(table)))
    disk.room = 0
    assert server.save_all() is False
    assert f"cannot save table {table.code}" in capsys.readouterr().err


@pytest.mark.skipif(resource is None, reason="file size limits are POSIX")
def test_an_append_the_disk_cuts_short_leaves_no_part_of_its_line(tmp_path: Path) -> None:
    assert resource is not None
    server = served(tmp_path)
    table, holders, _ = open_table(server, ["remote", "remote"])
    holders[table.state.current].send(move_frame(table.code, first_legal_entry(table)))
    journal = tmp_path / "tables" / f"{table.code}.moves"
    written = journal.read_bytes()
    limits = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (len(written) + 10, limits[1]))
    try:
        refused = holders[table.state.current].send(
            move_frame(table.code, first_legal_entry(table))
        )
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, limits)
    assert refused[0]["code"] == "not-saved" and journal.read_bytes() == written
    holders[table.state.current].send(move_frame(table.code, first_legal_entry(table)))
    assert TableStore(tmp_path).load()[0].record == table.record


def test_stopping_saves_whole_only_the_tables_whose_journal_holds_moves(tmp_path: Path) -> None:
    server = served(tmp_path)
    moved, holders, _ = open_table(server, ["remote", "remote"])
    still, _, _ = open_table(server, ["remote", "remote"])
    holders[moved.state.current].send(move_frame(moved.code, first_legal_entry(moved)))
    saves = {t.code: tmp_path / "tables" / f"{t.code}.contack.json" for t in (moved, still)}
    before = {code: path.stat().st_ino for code, path in saves.items()}
    assert server.save_all() is True
    assert saves[still.code].stat().st_ino == before[still.code]  # not written again
    assert saves[moved.code].stat().st_ino != before[moved.code]
    assert not (tmp_path / "tables" / f"{moved.code}.moves").exists()
    reopened = {t.code: t.record for t in TableStore(tmp_path).load()}
    assert reopened == {moved.code: moved.record, still.code: still.record}
