"""A player's key on any computer (docs/protocol.md "Version 3", "Your key on any
computer"): a signed-in connection asks for a link code; another computer sends the code
with a new key of its own, which is bound to the same player; and a key is replaced,
every other key of the player then refused for good, on every server of the store.

Each computer keeps a key of its own, all bound to the player: no key ever crosses the
network but in its own computer's messages, and a code, short enough to type, binds
one key once within ten minutes. Replacing a key ends every other (the player cannot
know which computer's was stolen, and whoever holds one could link a computer of their
own): the player's other computers link again with a code."""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable
from typing import Final, TypeVar

from game.net.key_messages import Link, ReplaceKey, new_link_code
from game.net.messages import BAD_CODE, BAD_MESSAGE, OLD_KEY, Refused
from game.net.tables.keeping import not_saved
from game.net.tables.limits import Clock
from game.net.tables.players import Card, PlayerBook, key_hash

T = TypeVar("T")

CODE_LASTS_S: Final = 600.0
"""How long a link code binds a key (ten minutes)."""


def code_hash(code: str) -> str:
    """What the book keeps of a link code: its sha256, in hex."""
    return hashlib.sha256(b"link:" + code.encode()).hexdigest()


def link_code_frame(code: str) -> str:
    return f'{{"type":"link-code","code":"{code}","expires_s":{int(CODE_LASTS_S)}}}'


def linked_frame(pid: str) -> str:
    return f'{{"type":"linked","player":"{pid}"}}'


def new_key_frame(pid: str) -> str:
    return f'{{"type":"new-key","player":"{pid}"}}'


class Keys:
    """Link codes and keys replaced, in the players' book."""

    def __init__(self, clock: Clock, book: PlayerBook) -> None:
        self.clock = clock
        self.book = book
        self.replaced: Callable[[str], None] = lambda pid: None
        """Tell the other servers of the store that player `pid`'s keys were replaced
        (`key_news.KeyNews`; a server alone has nobody to tell)."""

    def offer(self, player: Card, said: str) -> str:
        """A new link code for `player`, whose connection said the key of hash `said`
        (its code of before no longer binds): the frame that tells it."""
        self.refuse_replaced(said)
        code, now = new_link_code(), self.clock()
        self._write(lambda: self.book.offer(player.pid, code_hash(code), now, CODE_LASTS_S))
        return link_code_frame(code)

    def link(self, message: Link) -> str:
        """Bind the key of `message` to the player of its code: the frame that says so."""
        hashed = key_hash(message.key)
        pid = self._write(lambda: self.book.redeem(code_hash(message.code), self.clock()))
        if pid is None:
            raise Refused(BAD_CODE, "no player gave that link code, or it expired or was used")
        if not self._write(lambda: self.book.bind(hashed, pid)):
            raise Refused(BAD_MESSAGE, "key must be a new key, nobody's yet")
        return linked_frame(pid)

    def replace(self, player: Card, said: str, message: ReplaceKey) -> str:
        """Make the key of `message` `player`'s only key (their connection said the key
        of hash `said`): the frame that says so."""
        self.refuse_replaced(said)
        hashed = key_hash(message.key)
        if not self._write(lambda: self.book.replace(player.pid, hashed, said)):
            raise Refused(BAD_MESSAGE, "key must be a new key, nobody's yet")
        self.replaced(player.pid)
        return new_key_frame(player.pid)

    def refuse_replaced(self, said: str) -> None:
        """`Refused(OLD_KEY)` when the key of hash `said` was replaced."""
        if self._write(lambda: self.book.replaced(said)):
            raise Refused(OLD_KEY, "this key was replaced: it is nobody's now")

    @staticmethod
    def _write(change: Callable[[], T]) -> T:
        """`change` of the book (`not_saved` when the book cannot be reached)."""
        try:
            return change()
        except OSError as error:
            print(f"table server: cannot keep a key: {error}", file=sys.stderr)
            raise not_saved(error) from None
