"""The turn notices' message of protocol version 3 (docs/protocol.md
"Turn notices"), read into a typed value, and the server's answer to it.

One message, `notices`, asks for the player's notice settings and changes at most one
of them: the address (a confirming code is mailed to it), the code that confirms it, or
the switch. A reader here raises `ValueError` with the one line that
`game.net.messages` refuses the frame with (`bad-message`). The client writes it with
`notices_request` and reads the answer with `read_notice_answer`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from game.net.reply_fields import read_flag, read_text

ADDRESS_LIMIT: Final = 254
"""The longest e-mail address (RFC 5321's path limit, less its brackets)."""
ADDRESS_PATTERN: Final = re.compile(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9.-]+")
"""An address a notice may go to: a plain local part and a domain, nothing a mail
header could be split at (no space, no line break, no comma, no angle bracket)."""
CODE_PATTERN: Final = re.compile(r"[0-9]{6}")
"""The code mailed to an address to confirm it."""
NOTICE_TYPES: Final = frozenset({"notices"})
"""The types of message that version 3's turn notices add."""
WRONG_CODE: Final = "wrong-code"
"""A code the notices add: the code does not confirm the address (or none is due)."""
NO_NOTICES: Final = "no-notices"
"""A code the notices add: this club sends no mail (no SMTP server configured)."""


@dataclass(frozen=True)
class NoticeRequest:
    """Ask for the player's notice settings, changing first at most one: `address` (a
    new address to confirm; "" leaves it), `code` (confirms it) or `on` (the switch)."""

    address: str = ""
    code: str = ""
    on: bool | None = None


def notice_address(value: object) -> str:
    """An address as `ADDRESS_PATTERN` reads it, its domain in small letters."""
    if not isinstance(value, str) or len(value) > ADDRESS_LIMIT:
        raise ValueError(f"address must be an e-mail address of at most {ADDRESS_LIMIT} characters")
    if ADDRESS_PATTERN.fullmatch(value) is None or ".." in value.partition("@")[2]:
        raise ValueError("address must be one plain e-mail address (name@domain)")
    local, _, domain = value.partition("@")
    if "." not in domain.strip("."):
        raise ValueError("address must be one plain e-mail address (name@domain)")
    return f"{local}@{domain.lower()}"


def read_notice_message(data: Mapping[str, object]) -> NoticeRequest:
    """The `notices` message in `data`."""
    changes = [key for key in ("address", "code", "on") if key in data]
    if len(changes) > 1:
        raise ValueError("notices changes one of address, code or on at a time")
    if "address" in data:
        return NoticeRequest(address=notice_address(data["address"]))
    if "code" in data:
        code = data["code"]
        if not isinstance(code, str) or CODE_PATTERN.fullmatch(code) is None:
            raise ValueError("code must be the 6 digits mailed to the address")
        return NoticeRequest(code=code)
    if "on" in data:
        on = data["on"]
        if type(on) is not bool:
            raise ValueError("on must be true or false")
        return NoticeRequest(on=on)
    return NoticeRequest()


def notices_frame(address: str, confirmed: bool, on: bool) -> str:
    """The player's notice settings: the address ("" none, sent as null), whether it is
    confirmed, and whether notices are on."""
    data = {"type": "notices", "address": address or None, "confirmed": confirmed, "on": on}
    return json.dumps(data, separators=(",", ":"))


def notices_request(address: str = "", code: str = "", on: bool | None = None) -> str:
    """The `notices` message a client sends: asking, or changing one setting."""
    data: dict[str, object] = {"type": "notices"}
    if address:
        data["address"] = address
    elif code:
        data["code"] = code
    elif on is not None:
        data["on"] = on
    return json.dumps(data, separators=(",", ":"))


@dataclass(frozen=True)
class NoticeSettings:
    """The player's notice settings as the club told them: the address ("": none),
    whether it is confirmed, and whether notices are on."""

    address: str
    confirmed: bool
    on: bool


def read_notice_answer(data: Mapping[str, object]) -> NoticeSettings:
    """The club's `notices` answer (`BadReply` when it is not one)."""
    address = data.get("address")
    if address is not None:
        address = read_text(data, "address", ADDRESS_LIMIT)
    return NoticeSettings(address or "", read_flag(data, "confirmed"), read_flag(data, "on"))
