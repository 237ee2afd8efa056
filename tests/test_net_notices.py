"""Turn notices by e-mail in the registry, without a network (docs/protocol.md
"Turn notices"): the `notices` message read defensively (hostile input is one line of refusal
and changes nothing), a code that confirms an address, and the sweep that mails a turn
once a table a day, again after a mail that failed, never to an unconfirmed address nor
after the stop link. The mails go to a postbox of the test's; the real SMTP server's
tests are in tests/test_net_notices_process.py."""

from __future__ import annotations

import json
import re
from email.message import EmailMessage
from typing import Any

import pytest

from game.net.tables.mailer import SmtpSettings
from game.net.tables.notices import DAY_S, RETRY_S, MemoryNoticeBook, TurnNotices
from game.net.tables.registry import Registry
from tests.net_helpers import Inbox, ManualClock
from tests.test_net_club import club, create, hello

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
