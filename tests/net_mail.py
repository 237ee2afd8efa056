"""The tests' real SMTP server (`tests/smtp_sink.py`, a process of its own) and the mails
it received; a test that finds no aiosmtpd is skipped, saying why."""

from __future__ import annotations

import email
import email.policy
import json
import os
import select
import subprocess
import sys
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import GUARD_S

ROOT = Path(__file__).resolve().parent.parent


class SmtpSink:
    """The sink's process, and the mails it received."""

    def __init__(self, folder: Path) -> None:
        pytest.importorskip("aiosmtpd", reason="the turn notices' tests need aiosmtpd")
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.smtp_sink", str(folder)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            bufsize=0,
        )
        self.said = b""
        """What the sink said and was not read yet."""
        self.port: int = self._next()["port"]
        self.received = 0

    def mails(self) -> list[EmailMessage]:
        """Every mail received so far, in order."""
        paths = sorted(self.folder.glob("*.eml"), key=lambda path: int(path.stem))
        return [
            email.message_from_bytes(
                path.read_bytes(), _class=EmailMessage, policy=email.policy.default
            )
            for path in paths
        ]

    def wait_for(self, count: int) -> list[EmailMessage]:
        """The mails once the sink has said it received `count` (each waited for at most
        `GUARD_S`)."""
        while self.received < count:
            self.received = self._next()["mail"]
        return self.mails()

    def _next(self) -> dict[str, Any]:
        """The sink's next line (waited for at most `GUARD_S`)."""
        assert self.process.stdout is not None
        while b"\n" not in self.said:
            ready, _, _ = select.select([self.process.stdout], [], [], GUARD_S)
            assert ready, "the SMTP sink said nothing"
            more = os.read(self.process.stdout.fileno(), 4096)
            assert more, "the SMTP sink ended"
            self.said += more
        line, _, self.said = self.said.partition(b"\n")
        result: dict[str, Any] = json.loads(line)
        return result

    def close(self) -> None:
        self.process.kill()
        self.process.wait()
