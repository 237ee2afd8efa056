"""Where a server's Redis is (`python -m game.server --store URL`), as clubs run it:

- `redis://[[USER]:PASSWORD@]HOST:PORT/DB`: plain TCP, with a password (`AUTH`) or an
  ACL user and its password;
- `rediss://[[USER]:PASSWORD@]HOST:PORT/DB[?ssl_ca_certs=FILE]`: TLS to Redis, its
  certificate checked against the system's authorities or the CA file (PEM) named;
- `unix://[[USER]:PASSWORD@]/PATH/redis.sock[?db=DB]`: a Unix socket on this computer;
- `redis+sentinel://[[USER]:PASSWORD@]HOST:PORT[,HOST:PORT...]/MASTER/DB`: the master
  the Sentinels at those addresses name MASTER (asked again when it changes; the user
  and password are the master's, the Sentinels ask for none).

Checked here without Redis's client (the server's own dependency: a player's install
still starts and says what to install); `shown` is a URL as it may be printed, its
password hidden.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final
from urllib.parse import SplitResult, parse_qs, unquote, urlsplit

FORMS: Final = (
    "redis://[USER:PASSWORD@]HOST:PORT/DB, rediss://...?ssl_ca_certs=FILE, "
    "unix:///PATH?db=DB or redis+sentinel://HOST:PORT[,HOST:PORT]/MASTER/DB"
)
SENTINEL: Final = "redis+sentinel"
QUERIES: Final = {"redis": set(), "rediss": {"ssl_ca_certs"}, "unix": {"db"}, SENTINEL: set()}
"""What each scheme's URL may ask for after `?` (anything else would reach redis-py as an
argument it does not take)."""


@dataclass(frozen=True)
class Sentinels:
    """A master found through Sentinels: their addresses, its name, its database and the
    credentials it asks for."""

    hosts: tuple[tuple[str, int], ...]
    master: str
    db: int
    username: str | None
    password: str | None


def checked(url: str) -> str:
    """`url` when it is one of `FORMS`, else `ValueError` saying so in one line."""
    try:
        parts = urlsplit(url)
        _check(parts)
    except ValueError:
        raise ValueError(f"{shown(url)!r} is not {FORMS}") from None
    return url


def _check(parts: SplitResult) -> None:
    if parts.scheme not in QUERIES or parts.fragment:
        raise ValueError(parts.scheme)
    asked = parse_qs(parts.query, keep_blank_values=True, strict_parsing=bool(parts.query))
    if not set(asked) <= QUERIES[parts.scheme] or any(len(v) != 1 for v in asked.values()):
        raise ValueError(parts.query)
    if parts.scheme == "unix":
        if not parts.path.startswith("/") or not asked.get("db", ["0"])[0].isdigit():
            raise ValueError(parts.path)
    elif parts.scheme == SENTINEL:
        sentinels(parts.geturl())
    elif not parts.hostname or parts.port is None or not parts.path[1:].isdigit():
        raise ValueError(parts.netloc)


def sentinels(url: str) -> Sentinels | None:
    """The Sentinels a `redis+sentinel://` URL names (None for another scheme);
    `ValueError` when it is not one."""
    parts = urlsplit(url)
    if parts.scheme != SENTINEL:
        return None
    credentials, _, hosts = parts.netloc.rpartition("@")
    username, _, password = credentials.partition(":")
    addresses = []
    for host in hosts.split(","):
        name, port = urlsplit(f"//{host}").hostname, urlsplit(f"//{host}").port
        if not name or port is None:
            raise ValueError(host)
        addresses.append((name, port))
    master, _, db = parts.path[1:].partition("/")
    if not master or not db.isdigit():
        raise ValueError(parts.path)
    return Sentinels(
        tuple(addresses),
        unquote(master),
        int(db),
        unquote(username) or None,
        unquote(password) or None,
    )


def shown(url: str) -> str:
    """`url` with its password hidden, as it may be printed."""
    scheme, found, rest = url.partition("://")
    credentials, at, address = rest.partition("@")
    if not found or not at or "/" in credentials:
        return url
    username, colon, _ = credentials.partition(":")
    return f"{scheme}://{username}{colon and ':***'}@{address}"
