"""Turn notices by e-mail against real processes: a `python -m game.server` that mails
through a real SMTP server (aiosmtpd, `tests/smtp_sink.py`). A player's address is
confirmed by the code mailed to it; a table that waits for them mails "your turn"; the
mail's stop link, opened as a browser does, turns notices off, and none comes after."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

from game.net.messages import ClubTableOptions, TablePace, create_frame, hello_frame, join_frame
from game.net.notice_messages import notices_request
from tests.conftest import GUARD_S
from tests.net_mail import SmtpSink
from tests.net_process import end, start_server

PUBLIC = "https://club.example.org"
WAITS = ClubTableOptions(pace=TablePace(days=3))


def answer(connection: ClientConnection, frame: str, kind: str) -> dict[str, Any]:
    """Send `frame`; the first answer of type `kind` (or the error)."""
    connection.send(frame)
    while True:
        message: dict[str, Any] = json.loads(connection.recv(timeout=GUARD_S))
        if message["type"] in (kind, "error"):
            return message


def hello(connection: ClientConnection, name: str) -> None:
    assert answer(connection, hello_frame(name, name.lower() * 32), "welcome")["name"] == name


def waiting_table(address: str, name: str) -> None:
    """A table that waits days, both seats taken by `name`, who then leaves it: it waits
    for them."""
    with connect(address) as player:
        hello(player, name)
        code = answer(player, create_frame(["remote", "remote"], club=WAITS), "created")["table"]
        for seat in range(2):
            assert answer(player, join_frame(code, name), "joined")["seat"] == seat


def confirmed(connection: ClientConnection, sink: SmtpSink, mailed: int, address: str) -> None:
    """Give `address` and confirm it with the code mailed, the `mailed`th mail."""
    asked = answer(connection, notices_request(address=address), "notices")
    assert asked == {"type": "notices", "address": address, "confirmed": False, "on": True}
    mail = sink.wait_for(mailed)[-1]
    assert mail["To"] == address
    code = re.search(r"\b(\d{6})\b", mail.get_content()).group(1)  # type: ignore[union-attr]
    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    assert answer(connection, notices_request(code=wrong), "notices")["code"] == "wrong-code"
    told = answer(connection, notices_request(code=code), "notices")
    assert told == {"type": "notices", "address": address, "confirmed": True, "on": True}


def test_a_turn_is_mailed_once_and_none_after_the_stop_link(tmp_path: Path) -> None:
    sink = SmtpSink(tmp_path / "mail")
    mail_options = ["--smtp-host", "127.0.0.1", "--smtp-port", str(sink.port)]
    mail_options += ["--smtp-security", "none", "--mail-from", "club@example.org"]
    mail_options += ["--limit", "join_burst=50"]  # three tables and five hellos at once
    server, address = start_server(tmp_path / "home", None, *mail_options, "--public-url", PUBLIC)
    try:
        with connect(address) as ann:
            hello(ann, "Ann")
            confirmed(ann, sink, 1, "ann@example.org")
        waiting_table(address, "Ann")
        turn = sink.wait_for(2)[-1]
        assert turn["Subject"] == "Contack: your turn" and turn["To"] == "ann@example.org"
        link = re.search(rf"{PUBLIC}(/notices/stop\?token=\S+)", turn.get_content())
        assert link is not None and turn["List-Unsubscribe"] == f"<{link.group(0)}>"
        here = address.replace("ws://", "http://")
        with urllib.request.urlopen(here + link.group(1), timeout=GUARD_S) as page:
            assert b"ann@example.org are off" in page.read()
        try:
            urllib.request.urlopen(here + "/notices/stop?token=nobodys", timeout=GUARD_S)
        except urllib.error.HTTPError as refused:
            assert refused.code == 404

        with connect(address) as ann:  # the switch as the club tells it now
            hello(ann, "Ann")
            told = answer(ann, notices_request(), "notices")
            assert told == {
                "type": "notices",
                "address": "ann@example.org",
                "confirmed": True,
                "on": False,
            }
            with connect(address) as bob:
                hello(bob, "Bob")
                confirmed(bob, sink, 3, "bob@example.org")
        waiting_table(address, "Ann")  # stopped: nothing mailed
        waiting_table(address, "Bob")  # looked through after Ann's, mailed
        mails = sink.wait_for(4)
        assert [mail["To"] for mail in mails[3:]] == ["bob@example.org"]
        assert [mail["Subject"] for mail in mails[3:]] == ["Contack: your turn"]
    finally:
        sink.close()
        assert "Traceback" not in end(server)
