"""Turn notices by e-mail (docs/protocol.md "Turn notices", docs/server.md
"Turn notices by e-mail"): a player gives an address, confirmed by a 6-digit code
mailed to it; while a table that waits is waiting for a player whose address is
confirmed and whose notices are on, the club mails them "your turn", at most once a
table a day; each mail carries a link that stops them.

`NoticeBook` keeps each player's address and when each table last mailed each player,
across restarts: `FileNoticeBook` in the server's home (`notices.json`), `RedisNoticeBook`
on a store's Redis
(`redis_notices.py`). `TurnNotices` answers the `notices` message and, on its own time
(`sweep`), hands mails to the `Mailer`'s thread and reads back which went; a mail that
did not go is tried again `RETRY_S` later. A club without an SMTP server has
`NO_NOTICES`: it refuses the message and mails nothing.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, replace
from email.message import EmailMessage
from pathlib import Path
from typing import Final, Protocol
from urllib.parse import parse_qs, urlsplit

from game.net.messages import TOO_FAST, Refused
from game.net.notice_messages import NO_NOTICES, WRONG_CODE, NoticeRequest, notices_frame
from game.net.tables.limits import Clock
from game.net.tables.mailer import Postbox
from game.net.tables.players import Card
from game.net.tables.table import Follower, NetTable
from game.persist.atomic import write_text_atomically
from game.persist.files import read_bounded
from game.rules.errors import RecordError

DAY_S: Final = 86_400.0
"""The least time between two notices of one table to one player."""
RETRY_S: Final = 600.0
"""How long after a mail that did not go it is tried again."""
RECHECK_S: Final = 60.0
"""How long a table's player who has nothing due (no confirmed address, notices off, or
mailed within the day) is not looked up again: a sweep every second reads the store
once a minute for each waiting table, not every second."""
CODE_EVERY_S: Final = 60.0
"""The least time between two codes mailed for one player (each mails someone)."""
CODE_TRIES: Final = 5
"""Wrong codes after which a code is spent: the player asks for a new one."""
STOP_PATH: Final = "/notices/stop"
"""The stop link's path on the club's public address (`?token=` the player's token)."""
NOTICES_FILE: Final = "notices.json"
NOTICES_BYTES: Final = 1 << 26
"""The largest notices file read."""


@dataclass(frozen=True)
class Subscription:
    """A player's notices: the address ("": none), whether it is confirmed, the switch,
    the code mailed to confirm it and the wrong tries at it, the stop link's token and
    when the last code was mailed."""

    address: str = ""
    confirmed: bool = False
    on: bool = True
    code: str = ""
    tries: int = 0
    stop: str = ""
    coded_at: float = 0.0


NOBODY: Final = Subscription()


class NoticeBook(Protocol):
    """Where the notices are kept (`OSError` when they cannot be)."""

    def read(self, pid: str) -> Subscription:
        """Player `pid`'s notices (`NOBODY` for a player who gave no address)."""

    def write(self, pid: str, subscription: Subscription) -> None: ...

    def stopped_by(self, token: str) -> str | None:
        """The player whose stop link has `token` (None: nobody's)."""

    def sent_at(self, table: str, pid: str) -> float | None:
        """When table `table` last mailed player `pid` (None: never)."""

    def sent(self, table: str, pid: str, when: float) -> None: ...


class MemoryNoticeBook:
    """Notices kept in memory (tests, and under `FileNoticeBook`)."""

    def __init__(self) -> None:
        self.players: dict[str, Subscription] = {}
        self.mailed: dict[str, float] = {}
        """When each table last mailed each player, by "TABLE PID"."""

    def read(self, pid: str) -> Subscription:
        return self.players.get(pid, NOBODY)

    def write(self, pid: str, subscription: Subscription) -> None:
        self.players[pid] = subscription
        self._kept()

    def stopped_by(self, token: str) -> str | None:
        found = (pid for pid, sub in self.players.items() if sub.stop and sub.stop == token)
        return next(found, None)

    def sent_at(self, table: str, pid: str) -> float | None:
        return self.mailed.get(f"{table} {pid}")

    def sent(self, table: str, pid: str, when: float) -> None:
        self.mailed = {key: at for key, at in self.mailed.items() if at > when - DAY_S}
        self.mailed[f"{table} {pid}"] = when
        self._kept()

    def _kept(self) -> None:
        """Keep a change (in memory: nothing more to do)."""


class FileNoticeBook(MemoryNoticeBook):
    """Notices in `home/notices.json`, written whole (atomically) at each change
    (`RecordError` when the file is not one)."""

    def __init__(self, home: Path) -> None:
        super().__init__()
        self.path = home / NOTICES_FILE
        if not self.path.exists():
            return
        try:
            data = json.loads(read_bounded(self.path, NOTICES_BYTES))
            self.players = {pid: Subscription(**sub) for pid, sub in data["players"].items()}
            self.mailed = {str(key): float(at) for key, at in data["mailed"].items()}
        except (ValueError, KeyError, TypeError, AttributeError):
            raise RecordError(f"{self.path.name}: not the turn notices") from None

    def _kept(self) -> None:
        players = {pid: asdict(sub) for pid, sub in self.players.items()}
        text = json.dumps({"players": players, "mailed": self.mailed})
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomically(self.path, text)


PlayerOf = Callable[[Follower], Card]
"""The player a connection said it is (`Refused(NO_PLAYER)` before `hello`)."""


class TurnNotices:
    """The club's turn notices, mailed through `mailer`, kept in `book`."""

    def __init__(self, clock: Clock, book: NoticeBook, mailer: Postbox, player_of: PlayerOf):
        self.clock = clock
        self.book = book
        self.mailer = mailer
        self.player_of = player_of
        self.due: dict[str, float] = {}
        """When each notice ("TABLE PID") may be posted again: one posted, `RETRY_S`
        after (it went, or it did not and is tried again then), or one found with
        nothing due, `RECHECK_S` after."""

    def receive(self, follower: Follower, request: NoticeRequest) -> None:
        """Change what `request` changes of its player's notices, and tell them all."""
        pid = self.player_of(follower).pid
        sub = self.book.read(pid)
        if request.address:
            sub = self._new_address(pid, sub, request.address)
        elif request.code:
            sub = self._confirm(pid, sub, request.code)
        elif request.on is not None:
            sub = replace(sub, on=request.on)
            self.book.write(pid, sub)
        follower.send(notices_frame(sub.address, sub.confirmed, sub.on))

    def _new_address(self, pid: str, sub: Subscription, address: str) -> Subscription:
        now = self.clock()
        if now - sub.coded_at < CODE_EVERY_S:
            raise Refused(TOO_FAST, "a code was mailed a moment ago; wait a minute")
        code = f"{secrets.randbelow(1_000_000):06d}"
        sub = Subscription(address, False, True, code, 0, secrets.token_urlsafe(24), now)
        self.book.write(pid, sub)
        self.mailer.post("code " + pid, self._code_mail(sub))
        return sub

    def _confirm(self, pid: str, sub: Subscription, code: str) -> Subscription:
        if not sub.code:
            raise Refused(WRONG_CODE, "no code is due: give the address again")
        if not secrets.compare_digest(sub.code, code):
            tries = sub.tries + 1
            spent = tries >= CODE_TRIES
            self.book.write(pid, replace(sub, tries=tries, code="" if spent else sub.code))
            raise Refused(WRONG_CODE, "that is not the code mailed" + ("; ask again" * spent))
        sub = replace(sub, confirmed=True, code="", tries=0)
        self.book.write(pid, sub)
        return sub

    def stop(self, token: str) -> str:
        """Turn off the notices whose stop link has `token`; the address they went to
        ("": no such token)."""
        pid = self.book.stopped_by(token)
        if pid is None:
            return ""
        sub = self.book.read(pid)
        self.book.write(pid, replace(sub, on=False))
        return sub.address

    def serves(self, path: str) -> bool:
        """Whether a plain HTTP GET of `path` is the stop link's (looked at in the
        server's loop, before every handshake: it reads nothing stored)."""
        return urlsplit(path).path == STOP_PATH

    def page(self, path: str) -> tuple[int, str] | None:
        """The answer to a plain HTTP GET of `path` on the club's address: the stop
        link's (an HTTP status and its text), or None for any other path."""
        url = urlsplit(path)
        if url.path != STOP_PATH:
            return None
        token = parse_qs(url.query).get("token", [""])[0]
        address = self.stop(token) if 1 <= len(token) <= 64 else ""
        if not address:
            return 404, "Contack: this link stops no notices (it may be an old one).\n"
        return 200, f"Contack: turn notices to {address} are off. Turn them on in the game.\n"

    # --- on the server's own time --------------------------------------------------------

    def sweep(self, tables: Iterable[NetTable]) -> None:
        """Mail every player a waiting table waits for, then note the mails that went."""
        now = self.clock()
        self.due = {key: due for key, due in self.due.items() if due > now}
        for table in list(tables):
            pid = waited_for(table)
            if pid is not None:
                self._notice(table, pid, now)
        for key, went in self.mailer.answered():
            if went and not key.startswith("code "):  # one that failed waits out its due
                code, player = key.split(" ")
                self.book.sent(code, player, now)
                self.due.pop(key, None)

    def _notice(self, table: NetTable, pid: str, now: float) -> None:
        key = f"{table.code} {pid}"
        if self.due.get(key, 0.0) > now:
            return
        sent = self.book.sent_at(table.code, pid)
        if sent is not None and now - sent < DAY_S:
            self.due[key] = now + RECHECK_S
            return
        sub = self.book.read(pid)
        if sub.confirmed and sub.on:
            self.due[key] = now + RETRY_S
            self.mailer.post(key, self._turn_mail(sub, table))
        else:
            self.due[key] = now + RECHECK_S

    def _mail(self, sub: Subscription, subject: str, text: str) -> EmailMessage:
        mail = EmailMessage()
        mail["From"] = self.mailer.settings.sender
        mail["To"] = sub.address
        mail["Subject"] = subject
        mail.set_content(text)
        return mail

    def _code_mail(self, sub: Subscription) -> EmailMessage:
        text = (
            f"Your code for Contack's turn notices is {sub.code}.\n\n"
            "Type it in the game, on the club's screen, to have this address told when a "
            "table waits for your move. If you did not ask for it, do nothing: nothing "
            "more will be mailed to you.\n"
        )
        return self._mail(sub, f"Contack: your code is {sub.code}", text)

    def _turn_mail(self, sub: Subscription, table: NetTable) -> EmailMessage:
        link = f"{self.mailer.settings.public_url.rstrip('/')}{STOP_PATH}?token={sub.stop}"
        names = [str(player.name or "?") for player in table.record.players]
        text = (
            f"It is your turn at a Contack table of your club ({', '.join(names)}).\n"
            "Open Contack and choose Play online to play your move.\n\n"
            f"No more of these mails: {link}\n"
        )
        mail = self._mail(sub, "Contack: your turn", text)
        mail["List-Unsubscribe"] = f"<{link}>"
        return mail


def waited_for(table: NetTable) -> str | None:
    """The player a table that waits is waiting for, and who is not at it now (None:
    none: a live table, one not started or over, a computer's turn, or theirs while
    they are connected)."""
    if table.club.options.days is None or not table.started or table.is_over():
        return None
    seat = table.state.current
    if table.connected()[seat]:
        return None
    return table.club.owner(seat)


class NoNotices:
    """A club that mails nothing: it has no SMTP server."""

    def receive(self, follower: Follower, request: NoticeRequest) -> None:
        raise Refused(NO_NOTICES, "this club mails no notices")

    def sweep(self, tables: Iterable[NetTable]) -> None:
        """Nothing to mail."""

    def serves(self, path: str) -> bool:
        return False

    def page(self, path: str) -> tuple[int, str] | None:
        return None


NO_NOTICES_DESK: Final = NoNotices()


class NoticeDesk(Protocol):
    """The club's notices, or `NO_NOTICES_DESK`."""

    def receive(self, follower: Follower, request: NoticeRequest) -> None: ...

    def sweep(self, tables: Iterable[NetTable]) -> None: ...

    def serves(self, path: str) -> bool: ...

    def page(self, path: str) -> tuple[int, str] | None: ...
