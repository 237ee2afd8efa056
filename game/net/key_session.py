"""This computer's key at a club, asked of the club
(docs/protocol.md "Your key on any computer"), no pygame: `KeySession` is the connection
the Your key screen holds. It asks for a link code for another computer, links this
computer with a code another gave, and replaces the key; a new key the club took is
`taken`, for the screen to keep in the settings and call the club with again. `poll`
never waits."""

from __future__ import annotations

from game.i18n import _
from game.net.client import CLOSED, ClientEvent, ClubIdentity, Disconnected, TableClient
from game.net.club_answers import Welcome
from game.net.key_answers import LinkCode, Linked, NewKey
from game.net.key_messages import typed_code
from game.net.network_words import club_connection_words, club_error_words
from game.net.replies import ErrorReply


class KeySession:
    """One connection to the club at `address`, as the player `hello` says."""

    def __init__(self, address: str, hello: ClubIdentity) -> None:
        self.client = TableClient(address, hello=hello).start()
        self.welcome: Welcome | None = None
        self.code: LinkCode | None = None
        """The link code the club last gave (None: none asked for)."""
        self.sent = ""
        """The new key a `link` or `replace-key` sent, until the club answers."""
        self.taken = ""
        """The new key the club took: this computer's from now on ("": none yet)."""
        self.linked = False
        """Whether `taken` was linked to another computer's player (else replaced)."""
        self.problem = ""
        """What went wrong, in the player's words."""

    def ask_code(self) -> None:
        self.client.link_code()

    def link(self, typed: str, key: str) -> bool:
        """Link this computer with the code `typed`, under the new key `key` (False: what
        was typed is no link code)."""
        code = typed_code(typed)
        if code is None:
            return False
        self.sent, self.problem = key, ""
        self.client.link(code, key)
        return True

    def replace(self, key: str) -> None:
        self.sent, self.problem = key, ""
        self.client.replace_key(key)

    def poll(self) -> None:
        for event in self.client.poll():
            self.receive(event)

    def receive(self, event: ClientEvent) -> None:
        if isinstance(event, Welcome):
            self.welcome = event
        elif isinstance(event, LinkCode):
            self.code, self.problem = event, ""
        elif isinstance(event, Linked | NewKey):
            self.taken, self.sent, self.linked = self.sent, "", isinstance(event, Linked)
        elif isinstance(event, ErrorReply):
            self.sent = ""
            self.problem = key_error_words(event, self.welcome is not None)
        elif isinstance(event, Disconnected) and event.cause != CLOSED:
            self.problem = club_connection_words(event)

    def close(self) -> None:
        self.client.close(timeout=0.5)


def key_error_words(error: ErrorReply, welcomed: bool) -> str:
    """A refusal of a key's message in the player's words: a club that cannot read it is
    an older one."""
    if error.code == "bad-message" and welcomed:
        return _("This club cannot link computers (an older version).")
    return club_error_words(error, welcomed)
