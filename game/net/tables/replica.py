"""This server's copies of the tables that several servers share through one Redis
(`redis_store.py`): a registry holds a table as any other, and the replica keeps its copy
up to the store's.

- Every server holds every open table: those open when it starts, and each one opened
  since on another server, read from the store at its first change (`apply`, `load`);
  so each server's lobby and `mine` are the whole club's.
- Every server follows the store's stream of changes (`follow`, redis-py's asyncio
  client): a change another server made to a table held here is played on the copy, and
  its followers here are told exactly what that server told its own: the move, the view
  of the hand it dealt, the end of the game (`apply`). A change the copy cannot take in
  order (it missed some, or another server joined a seat or gave one to a computer) reads
  the table again from the store, its whole save and then each move of its journal, and
  tells the followers each step as its server did (`catch_up`). Who is connected to a
  seat, on any server, is `presence.py`'s.
- A write refused because another server changed the table first (`Stale`) is caught up
  the same way, then the registry does the message again against what the table is now.
- A store that lost what it held (Redis restarted with nothing kept, or flushed: its
  club's generation is not the one this server joined) is noticed by a write (`Lost`),
  a catch-up or the check each second (`keep_club`): the server says so in one line,
  joins it anew, and writes back each table it holds (`_write_back`: only where the
  store's copy is gone or older), so no move it announced is lost; a copy behind the one
  another server wrote back catches up from it, so no two copies go two ways.
- The server that made a computer's turn come thinks for it; when a computer's turn waits
  longer than `TAKEOVER_S` (that server is gone), any server holding the table thinks for
  it (`take_over`). Two servers answering at once is harmless: one write is stale.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from collections.abc import Awaitable, Callable, Iterator, Mapping
from functools import partial
from typing import Any, Final

from game.net.club_replies import said_frame
from game.net.messages import ClientMessage, Refused
from game.net.replies import move_frame, presence_frame
from game.net.tables.keeping import Stale, not_saved
from game.net.tables.presence import SeatsHeld
from game.net.tables.redis_address import shown
from game.net.tables.redis_store import (
    CHANGES,
    TIMEOUT_S,
    Kept,
    Lost,
    RedisStore,
    async_client_for,
    digest,
    read_on,
)
from game.net.tables.registry import Peer, Rate, Registry, after_move, view_of
from game.net.tables.store import heard
from game.net.tables.table import NetTable, code_key
from game.net.tables.takeback_journal import take_in
from game.net.takeback_messages import took_back_frame
from game.rules import jsontext
from game.rules.errors import RulesError
from game.rules.record.values import RecordMove

STALE_TRIES: Final = 3
"""How often a message is done when another server changed its table first each time."""
TAKEOVER_S: Final = 30.0
"""How long a computer's turn may wait before any server thinks for it."""
PRESENCE_S: Final = 1.0
"""How often a server says which seats its connections hold, and takes over turns."""
BLOCK_S: Final = 5.0
"""How long one read of the stream waits for a change."""
READ_COUNT: Final = 1_000


def _tell(table: NetTable, frames: list[str]) -> None:
    for frame in frames:
        for follower in table.followers():
            follower.send(frame)


def moved(table: NetTable, line: str, rate: Rate, now: float) -> list[str]:
    """Take journal `line` in at `table`, at `now`: a line of chat, a take-back, or the
    move after its last (`RulesError` when it is not); what the server that wrote it told
    after it (a take-back asked: with the time left now)."""
    written = jsontext.parse(line)
    said = heard(table, written)
    if said is not None:
        return [said_frame(table.code, said)]
    told = take_in(table, written, now)
    if told is not None:
        return told
    position = table.position
    hand, index = written["hand"], written["index"]
    table.catch_up(hand, index, written["move"], written["active"])
    if table.position == position:
        raise RulesError(f"journal: hand {hand} move {index} is not the next")
    return [move_frame(table.code, hand, index, table.last_entry()), *after_move(table, rate)]


def moves_after(table: NetTable, later: NetTable) -> Iterator[tuple[int, int, RecordMove]]:
    """The moves `later`, a later copy of `table`, has past `table`'s: (hand, index,
    move as recorded)."""
    hands = later.record.hands
    first, done = table.record.hand_count - 1, len(table.state.moves)
    for hand in range(first, len(hands)):
        moves = hands[hand].moves
        for index in range(done if hand == first else 0, len(moves)):
            yield hand, index, moves[index]


def differences(table: NetTable, later: NetTable, rate: Rate) -> list[str]:
    """The frames that take `table`'s followers to `later` (a later copy of it) as its
    servers told theirs: each move with what followed it, then the seats' presence and a
    view when seats were taken (a view, then the presence, when one was given to a
    computer); a view alone when `later` does not go on from `table` (the copy had a
    change the store has not); a `took-back` when `later` is `table` with the take-back
    asked there accepted."""
    taken = taken_back(table, later)
    if taken:
        return taken + new_chat(table, later)
    frames = []
    try:
        for hand, index, written in moves_after(table, later):
            if table.is_next(hand, index):
                table.play_written(hand, index, written)
            frames.append(move_frame(table.code, hand, index, table.last_entry()))
            frames += after_move(table, rate)
        if [h.played for h in table.record.hands] != [h.played for h in later.record.hands]:
            raise RulesError("the copy went another way")
    except RulesError:
        return [view_of(later)]
    if table.record.players != later.record.players or (table.tokens != later.tokens):
        view = view_of(later)
        presence = presence_frame(later.code, later.connected())
        stood_in = any(
            later.is_computer(s) > table.is_computer(s) for s in range(len(later.tokens))
        )
        frames += [view, presence] if stood_in else [presence, view]  # as the registry tells
    return frames + new_chat(table, later)


def taken_back(table: NetTable, later: NetTable) -> list[str]:
    """The `took-back` frame that tells `table`'s followers its take-back asked was
    accepted, when `later` is `table` with its moves taken back (none otherwise)."""
    asked, moves = table.asked, table.record.last_hand_moves()
    if (
        not asked.pending
        or later.asked.pending
        or len(moves) <= asked.index
        or later.record.hand_count != table.record.hand_count
        or later.record.last_hand_moves() != moves[: asked.index]
    ):
        return []
    return [took_back_frame(table.code, asked.seat, asked.hand, asked.index)]


def new_chat(table: NetTable, later: NetTable) -> list[str]:
    """The `said` frames of the lines `later` holds past `table`: a table keeps its last
    lines, so the new ones follow the longest end of the old lines that begins the new."""
    old, new = list(table.club.chat), list(later.club.chat)
    for kept in range(min(len(old), len(new)), -1, -1):
        if old[len(old) - kept :] == new[:kept]:
            return [said_frame(later.code, line) for line in new[kept:]]
    return []


class Replica:
    """Keeps `registry`'s tables up to `store`'s (the registry's `elsewhere`)."""

    def __init__(self, registry: Registry, store: RedisStore) -> None:
        self.registry = registry
        self.store = store
        self.after = "0-0"
        """The last change of the stream read."""
        self.presence = SeatsHeld(store)
        self.unrestored: set[bytes] = set()
        """The tables held here that a store which lost them has not been written back."""
        registry.elsewhere = self

    def open(self) -> None:
        """Join the store's club, hold its every open table, and follow the changes from
        now on."""
        self.store.join()
        self.presence.beat()
        self.after = self.store.last_change()
        tables = self.store.load()
        for table in tables:
            self.presence.read(table.code)
            self.presence.show(table)
        self.registry.open(tables)

    def load(self, code: str) -> NetTable | None:
        try:
            table = self.store.fetch(code)
            if table is not None:
                self.presence.read(code)
        except OSError as error:
            raise not_saved(error) from None
        except RulesError as error:
            print(f"table server: cannot reopen table {code}: {error}", file=sys.stderr)
            return None
        if table is not None:
            self.presence.show(table)
            table.deal_if_due()
            self.registry.adopt(table)
        return table

    def again(self, work: Callable[[], None]) -> None:
        for tries_left in reversed(range(STALE_TRIES)):
            try:
                work()
                return
            except Lost as lost:
                if not tries_left:
                    raise
                self.restore(lost.table)
            except Stale as stale:
                if not tries_left:
                    raise
                self.catch_up(stale.table)

    def forwards(self, peer: Peer, message: ClientMessage, text: str) -> bool:
        return False  # every server holds every table

    def gone(self, peer: Peer) -> None:
        pass

    def keep_club(self) -> None:
        """Join the store anew when it is not the one this server joined, and write back
        every table held here that is not written back yet (one at a time: each once no
        other work has it)."""
        if self.store.lost():
            self._rejoin()
        turns = self.registry.turns
        for key in list(self.unrestored):
            with turns.apart():
                turns.take(key)
                held = self.registry.tables.get(key)
                if held is None:  # closed meanwhile
                    self.unrestored.discard(key)
                else:
                    self._write_back(held)

    def restore(self, code: str) -> None:
        """Write table `code`, this work's, back to a store that lost it (joined anew
        first, if no other work has yet)."""
        if self.store.lost():
            self._rejoin()
        held = self.registry.tables.get(code_key(code))
        if held is not None:
            self._write_back(held)

    def _rejoin(self) -> None:
        """The store lost what it held (Redis restarted with nothing kept, or flushed):
        join the club as the store holds it now, say so in one line, and note every
        table held here as one to write back (`keep_club`, or the first work on it), so
        that no change announced here is lost; where another server wrote a table back
        further, the copy here catches up from it, so no two copies go two ways."""
        if not self.store.join():
            return  # other work of this server joined it first
        self.unrestored = set(self.registry.tables)
        print(
            f"table server: the store {shown(self.store.url)} lost the club's tables (Redis "
            f"restarted with nothing kept, or flushed): writing back the "
            f"{len(self.unrestored)} held here",
            file=sys.stderr,
        )
        self.presence.lost()

    def _write_back(self, table: NetTable) -> None:
        """Write `table`, held here, back to a store behind it; catch the copy up when the
        store holds it further."""
        try:
            kept = self.store.seed(table)
        except OSError as error:  # the next write, or the next check, tries again
            print(f"table server: cannot write back table {table.code}: {error}", file=sys.stderr)
            return
        self.unrestored.discard(table.key)
        if kept > self.store.versions.get(table.code, 0):
            self.catch_up(table.code)
        self.registry.take_over(table)

    def catch_up(self, code: str) -> None:
        """Bring the copy of table `code` up to the store's: from its whole save when the
        copy is older, then each move of its journal; its followers are told what the
        servers that made the changes told theirs. A store that lost the table, or holds
        it older, has it written back instead."""
        self.registry.turns.take(code_key(code))
        held = self.registry.tables.get(code_key(code))
        if held is None:
            return
        try:
            kept = self.store.read(code)
            if kept is None and self.store.lost():
                self._rejoin()
            if kept is None and held.key not in self.unrestored:  # closed by another server
                self.registry.forget(held)
                self.store.versions.pop(code, None)
                return
            if kept is None or kept.version < self.store.versions.get(code, 0):
                self._write_back(held)
                return
            table, frames = self._from_save(held, kept)
        except (OSError, RulesError) as error:  # the copy stays behind: a write tries again
            print(f"table server: cannot read table {code}: {error}", file=sys.stderr)
            return
        versions = self.store.versions
        for version, line in enumerate(kept.journal, start=kept.saved_at + 1):
            if version > versions.get(code, 0):
                try:
                    frames += moved(table, line, self.registry.club.rate, self.registry.clock())
                except (ValueError, KeyError, TypeError):
                    break
                versions[code] = version
        _tell(table, frames)
        if held.flow.thinking and table is not held:  # the old copy's computer thought here
            self.registry.take_over(table)

    def _from_save(self, held: NetTable, kept: Kept) -> tuple[NetTable, list[str]]:
        """The copy that the journal of `kept` goes on from: `held`, when it holds the
        whole save already; else the save's table, in its place, and what tells `held`'s
        followers the way from one to the other."""
        if self.store.versions.get(held.code, 0) >= kept.saved_at:
            return held, []
        table = NetTable.from_saved(kept.save)
        table.holders, table.watchers = held.holders, held.watchers
        table.held_elsewhere = held.held_elsewhere
        self.registry.adopt(table)
        self.store.versions[held.code] = kept.saved_at
        frames = differences(held, table, self.registry.club.rate)
        self.registry.club.rate(table)  # the save of a server stopped before it rated
        return table, frames

    def apply(self, change: Mapping[str, str]) -> None:
        """Take in one change of the stream (this server's own are passed over: the copy
        is at their version already). A table not held here is read whole from the
        store at its first change (one created on another server since this one
        started), so that every server holds every open table: its lobby and `mine`
        are the club's."""
        code, kind = change.get("code", ""), change.get("kind")
        self.registry.turns.take(code_key(code))
        table = self.registry.tables.get(code_key(code))
        if table is None and kind in ("save", "move", "said", "takeback"):
            with contextlib.suppress(Refused):  # Redis did not answer: read when named
                self.load(code)
            return
        if table is None or table.code != code:
            return
        held, version = self.store.versions.get(code, 0), int(change.get("version", 0))
        if kind == "presence":
            if self.presence.heard(change):
                self._show_presence(table)
        elif kind in ("closed", "discarded"):
            self.registry.forget(table)
            self.store.versions.pop(code, None)
        elif version <= held:
            return
        elif version == held + 1 and kind in ("move", "said", "takeback"):
            try:
                frames = moved(
                    table, change["move"], self.registry.club.rate, self.registry.clock()
                )
            except (ValueError, KeyError, TypeError):
                self.catch_up(code)
                return
            self.store.versions[code] = version
            _tell(table, frames)
        elif (
            version == held + 1
            and kind == "save"
            and change.get("digest") == digest(table.saved_text())
        ):
            self.store.versions[code] = version  # it holds what the copy holds already
        else:
            self.catch_up(code)

    def _show_presence(self, table: NetTable) -> None:
        """Tell `table`'s followers who is connected, if that changed elsewhere."""
        connected = table.connected()
        self.presence.show(table)
        if table.connected() != connected:
            _tell(table, [presence_frame(table.code, table.connected())])

    def keep_presence(self) -> None:
        """Say which seats this server's connections hold where that changed; say it is
        alive, and show that those of servers no longer alive are not."""
        tables = self.registry.tables
        self.presence.publish(tables.values())
        for code in self.presence.beat():
            table = tables.get(code_key(code))
            if table is not None:
                self._show_presence(table)

    def take_over(self) -> None:
        """Think for each computer whose turn has waited longer than `TAKEOVER_S`."""
        now = self.registry.clock()
        for table in list(self.registry.tables.values()):
            if (
                table.flow.computer_to_act() is not None
                and not table.flow.thinking
                and now - table.last_active > TAKEOVER_S
            ):
                self.registry.take_over(table)

    async def follow(self) -> None:
        """Read the store's changes as they come and take each in, until cancelled."""
        client = async_client_for(self.store.url, BLOCK_S + TIMEOUT_S)

        def changes() -> Awaitable[Any]:
            """The changes after the last one taken in (`after` moves as they are)."""
            return client.xread({CHANGES: self.after}, count=READ_COUNT, block=int(BLOCK_S * 1000))

        try:
            async for read in read_on(changes, "read the store"):
                await self.registry.turns.run(partial(self.take_in, read))
        finally:
            await client.aclose()

    def take_in(self, read: Any) -> None:
        """`apply` each change of `read`, an answer of XREAD; a failure is logged and the
        next change goes on."""
        for _stream, changes in read or []:
            for identity, change in changes:
                self.after = identity
                try:
                    with self.registry.turns.apart():
                        self.apply(change)
                except Exception:
                    logging.getLogger(__name__).exception("table server: change not taken in")

    def chores(self) -> None:
        """What a server does every `PRESENCE_S`: take over the computers' waiting turns,
        check that the store is the club's, say who is connected here."""
        self.take_over()
        self.keep_club()
        self.keep_presence()

    async def run(self) -> None:
        """Follow the store, say who is connected here, and take over the computers'
        waiting turns, until cancelled."""
        reading = asyncio.create_task(self.follow())
        try:
            while True:
                await asyncio.sleep(PRESENCE_S)
                try:
                    await self.registry.turns.run(self.chores)
                except OSError:
                    pass  # Redis does not answer: the reader says so, and this tries again
                except Exception:
                    logging.getLogger(__name__).exception("table server: a chore failed")
        finally:
            reading.cancel()
