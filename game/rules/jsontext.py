"""JSON text read defensively: every file and record the game reads comes through here.

The standard library's parser takes NaN and Infinity, numbers of any length and nesting
as deep as the interpreter's stack; a record or save may be damaged or hostile, so this
one refuses what no file of ours holds, each with a one-line `ValueError`.
"""

from __future__ import annotations

import json
import math
from typing import Any, Final

MAX_BYTES: Final = 16 * 1024 * 1024
"""The largest document read (a whole game's record is well under 1 MB)."""
MAX_DEPTH: Final = 32
"""The deepest nesting of arrays and objects taken (records nest five deep)."""
MAX_DIGITS: Final = 30
"""The longest number taken, in characters."""


class JsonTextError(ValueError):
    """A document that is not JSON the game can take; the message says why."""


def _number(text: str) -> int | float:
    if len(text) > MAX_DIGITS:
        raise JsonTextError(f"a number of {len(text)} digits")
    value = float(text) if any(c in text for c in ".eE") else int(text)
    if isinstance(value, float) and not math.isfinite(value):
        raise JsonTextError(f"the number {text} is out of range")
    return value


def _constant(name: str) -> Any:
    raise JsonTextError(f"{name} is not a number JSON allows")


def _depth(data: Any) -> int:
    """How deeply `data` nests (without recursion)."""
    deepest = 0
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, depth)
            if depth > MAX_DEPTH:
                return depth
            stack.extend(
                (child, depth + 1) for child in (item.values() if isinstance(item, dict) else item)
            )
    return deepest


def parse(text: str | bytes, limit: int = MAX_BYTES) -> Any:
    """The document in `text`, of at most `limit` bytes; `JsonTextError` when it is not
    JSON or not JSON we take."""
    if len(text) > limit:
        raise JsonTextError(f"larger than {limit // (1024 * 1024)} MB")
    try:
        data = json.loads(text, parse_int=_number, parse_float=_number, parse_constant=_constant)
    except RecursionError:
        raise JsonTextError(f"nested deeper than {MAX_DEPTH} levels") from None
    except JsonTextError:
        raise
    except UnicodeDecodeError as error:
        raise JsonTextError(f"not UTF-8 text ({error.reason})") from None
    except ValueError as error:
        raise JsonTextError(f"not JSON ({error})") from None
    if _depth(data) > MAX_DEPTH:
        raise JsonTextError(f"nested deeper than {MAX_DEPTH} levels")
    return data
