"""The fields of a server's messages, read as strictly as a record file: each reader
raises `BadReply` with a one-line reason for a value that is not of its kind."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Final

CODE: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""A table's code, a seat's or the host's token, an error's code: what a server makes."""


class BadReply(ValueError):
    """A frame from the server that is not a message of the protocol: why, in one line."""


def read_code(data: Mapping[str, object], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or CODE.fullmatch(value) is None:
        raise BadReply(f"{key} is not a code of 1 to 64 letters, digits, - or _")
    return value


def read_count(data: Mapping[str, object], key: str, below: int | None = None) -> int:
    value = data.get(key)
    if type(value) is not int or value < 0 or (below is not None and value >= below):
        limit = f" below {below}" if below is not None else ""
        raise BadReply(f"{key} is not a whole number from 0{limit}")
    return value


def read_text(data: Mapping[str, object], key: str, most: int) -> str:
    """Text of 1 to `most` characters (shown only as the game keeps names: trimmed)."""
    value = data.get(key)
    if not isinstance(value, str) or not 0 < len(value) <= most:
        raise BadReply(f"{key} is not text of 1 to {most} characters")
    return value


def read_flag(data: Mapping[str, object], key: str) -> bool:
    value = data.get(key)
    if type(value) is not bool:
        raise BadReply(f"{key} is not true or false")
    return value


def read_number(data: Mapping[str, object], key: str) -> float:
    """A finite number (a rating)."""
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BadReply(f"{key} is not a number")
    if not math.isfinite(value):
        raise BadReply(f"{key} is not a finite number")
    return float(value)


def read_list(data: Mapping[str, object], key: str, most: int) -> list[Mapping[str, object]]:
    """A list of at most `most` objects."""
    value = data.get(key)
    if not isinstance(value, list) or len(value) > most:
        raise BadReply(f"{key} is not a list of at most {most}")
    if not all(isinstance(item, dict) for item in value):
        raise BadReply(f"{key} lists objects")
    return value
