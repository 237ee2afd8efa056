"""The club's mail (docs/server.md "Turn notices by e-mail"): its SMTP server, as the
command line names it, and a thread that sends through it, so that a slow or failing
SMTP server never holds up play. Each mail is handed over with a key; the key comes back
with whether it went (`answered`), read by whoever sends on their own time."""

from __future__ import annotations

import argparse
import logging
import os
import queue
import smtplib
import ssl
import threading
from collections.abc import Callable
from dataclasses import dataclass
from email.message import EmailMessage
from pathlib import Path
from typing import Final, Protocol

from game.persist.files import read_bounded

SMTP_TIMEOUT_S: Final = 30.0
"""How long one SMTP conversation may wait on the server at each step."""
SECURITIES: Final = ("starttls", "tls", "none")
"""How the SMTP connection is secured: STARTTLS after a plain start (port 587), TLS
from the start (port 465), or not at all (a relay on this computer)."""
LOG = logging.getLogger(__name__)


@dataclass(frozen=True)
class SmtpSettings:
    """The club's SMTP server and what its mail says it is from: `public_url` is the
    club's address on the web (`https://club.example.org`), where a mail's stop link
    points."""

    host: str
    port: int
    security: str
    sender: str
    public_url: str
    user: str = ""
    password: str = ""


Send = Callable[[SmtpSettings, EmailMessage], None]
"""Hand one mail to the SMTP server (`OSError` or `smtplib.SMTPException` when it fails)."""


def smtp_send(settings: SmtpSettings, mail: EmailMessage) -> None:
    """Send `mail` through the SMTP server of `settings`, on a connection of its own."""
    context = ssl.create_default_context()
    smtp: smtplib.SMTP
    if settings.security == "tls":
        smtp = smtplib.SMTP_SSL(
            settings.host, settings.port, timeout=SMTP_TIMEOUT_S, context=context
        )
    else:
        smtp = smtplib.SMTP(settings.host, settings.port, timeout=SMTP_TIMEOUT_S)
    with smtp:
        if settings.security == "starttls":
            smtp.starttls(context=context)
        if settings.user:
            smtp.login(settings.user, settings.password)
        smtp.send_message(mail)


class Postbox(Protocol):
    """Where mails are handed over (`Mailer`), and the keys of those tried come back."""

    settings: SmtpSettings

    def post(self, key: str, mail: EmailMessage) -> None:
        """Send `mail` soon; `key` comes back from `answered`."""

    def answered(self) -> list[tuple[str, bool]]:
        """The keys of the mails tried since last asked, each with whether it went."""


class Mailer:
    """Mails sent one after another by a thread of their own."""

    def __init__(self, settings: SmtpSettings, send: Send = smtp_send) -> None:
        self.settings = settings
        self._send = send
        self._waiting: queue.SimpleQueue[tuple[str, EmailMessage]] = queue.SimpleQueue()
        self._answers: queue.SimpleQueue[tuple[str, bool]] = queue.SimpleQueue()
        threading.Thread(target=self._run, name="mailer", daemon=True).start()

    def post(self, key: str, mail: EmailMessage) -> None:
        """Send `mail` soon; `key` comes back from `answered`."""
        self._waiting.put((key, mail))

    def answered(self) -> list[tuple[str, bool]]:
        """The keys of the mails tried since last asked, each with whether it went."""
        answers = []
        while not self._answers.empty():
            answers.append(self._answers.get())
        return answers

    def _run(self) -> None:
        while True:
            key, mail = self._waiting.get()
            try:
                self._send(self.settings, mail)
            except (OSError, smtplib.SMTPException) as error:
                LOG.warning("table server: cannot mail %s: %s", mail["To"], error)
                self._answers.put((key, False))
            else:
                self._answers.put((key, True))


PASSWORD_ENV: Final = "CONTACK_SMTP_PASSWORD"
"""The environment variable that may hold the SMTP password (or `--smtp-password-file`)."""
DEFAULT_PORTS: Final = {"starttls": 587, "tls": 465, "none": 25}
PASSWORD_BYTES: Final = 4096
"""The most a password file may hold."""


def add_mail_options(parser: argparse.ArgumentParser) -> None:
    """The command line's options of the club's SMTP server (docs/server.md)."""
    mail = parser.add_argument_group("turn notices by e-mail (all need --smtp-host)")
    mail.add_argument("--smtp-host", metavar="HOST", help="the club's SMTP server")
    mail.add_argument("--smtp-port", type=int, metavar="PORT", help="587, 465 or 25 by default")
    mail.add_argument(
        "--smtp-security", choices=SECURITIES, default="starttls", help="default starttls"
    )
    mail.add_argument("--smtp-user", default="", metavar="USER", help="log in as USER")
    mail.add_argument(
        "--smtp-password-file",
        type=Path,
        metavar="FILE",
        help=f"the password's file (else ${PASSWORD_ENV}, if set)",
    )
    mail.add_argument("--mail-from", metavar="ADDRESS", help="the notices' From address")
    mail.add_argument(
        "--public-url", metavar="URL", help="the club's address on the web, for the stop link"
    )


def mail_settings(args: argparse.Namespace) -> SmtpSettings | None:
    """The SMTP server the command line names (None: the club mails nothing);
    `ValueError` with one line when it names one only in part."""
    if not args.smtp_host:
        return None
    if not args.mail_from or not args.public_url:
        raise ValueError("--smtp-host needs --mail-from and --public-url")
    if not args.public_url.startswith(("https://", "http://")):
        raise ValueError("--public-url must start with https:// or http://")
    password = os.environ.get(PASSWORD_ENV, "")
    if args.smtp_password_file is not None:
        try:
            password = read_bounded(args.smtp_password_file, PASSWORD_BYTES).decode().strip()
        except (OSError, UnicodeDecodeError) as error:
            raise ValueError(f"cannot read {args.smtp_password_file}: {error}") from None
    port = args.smtp_port or DEFAULT_PORTS[args.smtp_security]
    return SmtpSettings(
        args.smtp_host,
        port,
        args.smtp_security,
        args.mail_from,
        args.public_url,
        args.smtp_user,
        password,
    )
