"""Turn notices by e-mail in the registry, without a network (docs/protocol.md
"Turn notices"): the `notices` message read defensively (hostile input is one line of refusal
and changes nothing), a code that confirms an address, and the sweep that mails a turn
once a table a day, again after a mail that failed, never to an unconfirmed address nor
after the stop link. The mails go to a postbox of the test's; the real SMTP server's
tests are in tests/test_net_notices_process.py."""

from __future__ import annotations

import argparse
import json
import queue
import re
import smtplib
import threading
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from game.net.tables.mailer import Mailer, SmtpSettings, add_mail_options, mail_settings
from game.net.tables.notices import DAY_S, RETRY_S, MemoryNoticeBook, TurnNotices
from game.net.tables.redis_notices import RedisNoticeBook
from game.net.tables.registry import Registry
from tests.conftest import GUARD_S
from tests.net_helpers import Inbox, ManualClock, on_redis
from tests.test_net_club import club, create, hello
from tools.redis_server import RedisServer

SETTINGS = SmtpSettings("smtp.test", 25, "none", "club@example.org", "https://club.test")


class InlinePostbox:
    """Mails sent at once, in the test's thread, to `sent`; while `failing` the SMTP
    server refuses them."""

    def __init__(self) -> None:
        self.settings = SETTINGS
        self.sent: list[EmailMessage] = []
        self.failing = False
        self._answers: list[tuple[str, bool]] = []

    def post(self, key: str, mail: EmailMessage) -> None:
        if not self.failing:
            self.sent.append(mail)
        self._answers.append((key, not self.failing))

    def answered(self) -> list[tuple[str, bool]]:
        answers, self._answers = self._answers, []
        return answers


def noticing() -> tuple[Registry, ManualClock, InlinePostbox]:
    clock = ManualClock()
    registry = club(clock)
    postbox = InlinePostbox()
    notices = TurnNotices(clock, MemoryNoticeBook(), postbox, registry.club.need_player)
    registry.notices = notices
    return registry, clock, postbox


def ask(inbox: Inbox, **change: Any) -> dict[str, Any]:
    (answer,) = inbox.send({"type": "notices", **change})
    return answer


def confirm(inbox: Inbox, postbox: InlinePostbox, address: str) -> None:
    assert ask(inbox, address=address)["confirmed"] is False
    code = re.search(r"\d{6}", str(postbox.sent[-1]["Subject"]))
    assert code is not None and ask(inbox, code=code.group(0))["confirmed"] is True


def waiting_for(registry: Registry, inbox: Inbox) -> str:
    """A table that waits days, both seats the player's of `inbox`, who has left it."""
    code = create(inbox, pace={"days": 3})
    for _ in range(2):
        assert inbox.send({"type": "join", "table": code, "name": "x"})[0]["type"] == "joined"
    registry.disconnect(inbox.peer)
    return code


def sweep(registry: Registry) -> None:
    registry.notices.sweep(registry.tables.values())


HOSTILE = [
    {"address": "ann@example.org\r\nBcc: all@example.org"},
    {"address": "ann@example.org, bob@example.org"},
    {"address": "Ann <ann@example.org>"},
    {"address": "ann example@example.org"},
    {"address": "x" * 250 + "@example.org"},
    {"address": "ann@localhost"},
    {"address": "ann@exa..mple.org"},
    {"address": "@example.org"},
    {"address": "ann@"},
    {"address": "ánn@example.org"},
    {"address": 42},
    {"address": None},
    {"code": "12345"},
    {"code": "1234567"},
    {"code": "12345a"},
    {"code": 123456},
    {"code": "١٢٣٤٥٦"},  # Arabic-Indic digits are digits to \d, not to the code
    {"on": "no"},
    {"on": 0},
    {"address": "ann@example.org", "on": False},
]


@pytest.mark.parametrize("change", HOSTILE, ids=lambda change: json.dumps(change)[:30])
def test_a_hostile_notices_message_is_one_line_of_refusal_and_changes_nothing(
    change: dict[str, Any],
) -> None:
    registry, _, postbox = noticing()
    ann = hello(registry, "Ann", 1)
    confirm(ann, postbox, "ann@example.org")
    before = ask(ann)
    answer = ask(ann, **change)
    assert answer["type"] == "error" and answer["code"] == "bad-message"
    assert "\n" not in answer["message"] and len(answer["message"]) < 120
    assert ask(ann) == before and len(postbox.sent) == 1


def test_notices_need_a_hello_a_club_that_mails_and_the_code_mailed() -> None:
    assert ask(hello(club(), "Ann", 1))["code"] == "no-notices"  # no SMTP server
    registry, clock, postbox = noticing()
    assert ask(Inbox(registry))["code"] == "no-player"
    ann = hello(registry, "Ann", 1)
    assert ask(ann) == {"type": "notices", "address": None, "confirmed": False, "on": True}
    assert ask(ann, code="123456")["code"] == "wrong-code"  # no code due
    ask(ann, address="Ann@Example.ORG")
    assert postbox.sent[-1]["To"] == "Ann@example.org"
    assert ask(ann, address="ann@example.org")["code"] == "too-fast"  # a minute between
    code = re.search(r"\d{6}", str(postbox.sent[-1]["Subject"]))
    assert code is not None
    wrong = f"{(int(code.group(0)) + 1) % 1_000_000:06d}"
    for _ in range(5):
        assert ask(ann, code=wrong)["code"] == "wrong-code"
    assert ask(ann, code=code.group(0))["code"] == "wrong-code"  # spent after five
    clock.now += 60
    confirm(ann, postbox, "ann@example.org")
    assert ask(ann, on=False)["on"] is False


def test_an_unconfirmed_address_gets_its_code_and_nothing_more() -> None:
    registry, _, postbox = noticing()
    ann = hello(registry, "Ann", 1)
    ask(ann, address="ann@example.org")
    waiting_for(registry, hello(registry, "Ann", 1))
    sweep(registry)
    assert [str(mail["Subject"])[:20] for mail in postbox.sent] == ["Contack: your code i"]


def test_a_turn_is_mailed_once_a_day_and_again_after_the_smtp_server_failed() -> None:
    registry, clock, postbox = noticing()
    ann = hello(registry, "Ann", 1)
    confirm(ann, postbox, "ann@example.org")
    waiting_for(registry, ann)
    postbox.failing = True
    sweep(registry)
    clock.now += RETRY_S - 1
    sweep(registry)
    assert len(postbox.sent) == 1  # the code only: the turn's mail failed, not yet tried again
    postbox.failing = False
    clock.now += 1
    sweep(registry)
    assert [mail["Subject"] for mail in postbox.sent[1:]] == ["Contack: your turn"]
    clock.now += DAY_S - 1
    sweep(registry)
    sweep(registry)
    assert len(postbox.sent) == 2  # at most one a table a day
    clock.now += RETRY_S + 1
    sweep(registry)
    assert len(postbox.sent) == 3


def test_the_stop_link_turns_notices_off_and_none_is_mailed_after() -> None:
    registry, _, postbox = noticing()
    ann = hello(registry, "Ann", 1)
    confirm(ann, postbox, "ann@example.org")
    waiting_for(registry, hello(registry, "Ann", 1))
    sweep(registry)
    mail = postbox.sent[-1].get_content()
    link = re.search(r"https://club\.test(/notices/stop\?token=\S+)", mail)
    assert link is not None
    pages = registry.notices
    assert pages.page("/") is None and pages.page("/notices/stop?token=nobody")[0] == 404  # type: ignore[index]
    assert pages.page(link.group(1)) == (
        200,
        "Contack: turn notices to ann@example.org are off. Turn them on in the game.\n",
    )
    assert ask(ann) == {
        "type": "notices",
        "address": "ann@example.org",
        "confirmed": True,
        "on": False,
    }
    waiting_for(registry, hello(registry, "Ann", 1))
    sweep(registry)
    assert len(postbox.sent) == 2


def test_servers_on_one_redis_mail_a_turn_once_a_day_between_them_and_stop_it(
    redis_server: RedisServer,
) -> None:
    clock = ManualClock()
    first = on_redis(redis_server.url, clock=clock)
    postbox = InlinePostbox()
    first_book = RedisNoticeBook(redis_server.url)
    first.notices = TurnNotices(clock, first_book, postbox, first.club.need_player)
    ann = hello(first, "Ann", 1)
    confirm(ann, postbox, "ann@example.org")
    pid = first.club.need_player(ann.peer).pid
    code = waiting_for(first, ann)
    sweep(first)
    assert len(postbox.sent) == 2  # the code and the turn
    second = on_redis(redis_server.url, clock=clock)  # the table reopened from the store
    assert any(table.code == code for table in second.tables.values())
    second.notices = TurnNotices(
        clock, RedisNoticeBook(redis_server.url), postbox, second.club.need_player
    )
    clock.now += DAY_S / 2
    sweep(second)
    assert len(postbox.sent) == 2  # mailed by the first within the day
    link = re.search(r"/notices/stop\?token=\S+", postbox.sent[-1].get_content())
    assert link is not None and second.notices.page(link.group(0))[0] == 200  # type: ignore[index]
    assert first_book.read(pid).on is False
    clock.now += DAY_S
    sweep(second)
    assert len(postbox.sent) == 2  # stopped


def test_a_slow_smtp_server_never_holds_up_whoever_posts_and_a_failure_comes_back() -> None:
    release = threading.Event()
    tried: queue.SimpleQueue[str] = queue.SimpleQueue()

    def send(settings: SmtpSettings, mail: EmailMessage) -> None:
        tried.put(str(mail["To"]))
        release.wait(GUARD_S)
        raise smtplib.SMTPServerDisconnected("gone")

    mailer = Mailer(SETTINGS, send)
    mail = EmailMessage()
    mail["To"] = "ann@example.org"
    mailer.post("first", mail)
    mailer.post("second", mail)  # posted while the first waits on the server
    assert tried.get(timeout=GUARD_S) == "ann@example.org"
    assert mailer.answered() == []
    release.set()
    assert tried.get(timeout=GUARD_S) == "ann@example.org"  # the first has come back
    assert mailer.answered()[0] == ("first", False)


def test_the_command_line_names_the_smtp_server_and_its_password_never(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parser = argparse.ArgumentParser()
    add_mail_options(parser)
    named = ["--smtp-host", "smtp.test", "--mail-from", "club@example.org"]
    assert mail_settings(parser.parse_args([])) is None
    with pytest.raises(ValueError, match="--public-url"):
        mail_settings(parser.parse_args(named))
    named += ["--public-url", "https://club.test"]
    monkeypatch.setenv("CONTACK_SMTP_PASSWORD", "from-the-environment")
    settings = mail_settings(parser.parse_args(named))
    assert settings is not None and (settings.port, settings.security) == (587, "starttls")
    assert settings.password == "from-the-environment"
    secret = tmp_path / "password"
    secret.write_text("from-a-file\n")
    named += ["--smtp-security", "tls", "--smtp-password-file", str(secret)]
    settings = mail_settings(parser.parse_args(named))
    assert settings is not None and (settings.port, settings.password) == (465, "from-a-file")
