"""The network's news in the players' words: why a table cannot be reached or was left,
and a server's refusals; never an error's raw text (which names sockets and errno)."""

from __future__ import annotations

from typing import Final

from game.ai.rating_scale import club_rating, rating_words
from game.i18n import _, format_number
from game.net.client import (
    BAD_SERVER,
    HOST_LEFT,
    NOT_A_TABLE,
    REFUSED,
    TIMED_OUT,
    UNREACHABLE,
    Disconnected,
)
from game.net.club_answers import RatingOutcome
from game.net.replies import ErrorReply
from game.rules.seeds_names import cut_text

REASON_LIMIT: Final = 80
"""The most of a developer's reason a player's line quotes."""


def connection_words(lost: Disconnected) -> str:
    """Why the table's server cannot be reached (or was left), and what to do."""
    if lost.cause == REFUSED:
        return _("Nothing answers there: is the host's game still open?")
    if lost.cause == TIMED_OUT:
        return _("No answer from the host's computer: check its firewall.")
    if lost.cause == UNREACHABLE:
        return _("That address cannot be reached: check the invitation.")
    if lost.cause == NOT_A_TABLE:
        return _("That address answers, but it is not a Contack table.")
    if lost.cause == HOST_LEFT:
        return _("The host closed the table.")
    if lost.cause == BAD_SERVER:
        return _(
            "The table's server sent something wrong ({reason}); the connection is closed."
        ).format(reason=cut_text(lost.reason, REASON_LIMIT))
    return _("The connection to the table was lost.")


def club_connection_words(lost: Disconnected) -> str:
    """Why the club's server cannot be reached (or was left), and what to do."""
    if lost.cause in (REFUSED, TIMED_OUT, UNREACHABLE):
        return _("The club's server cannot be reached: check Settings, Club server.")
    if lost.cause == NOT_A_TABLE:
        return _("That address answers, but it is not a Contack club.")
    if lost.cause == BAD_SERVER:
        return connection_words(lost)
    return _("The connection to the club was lost: trying again…")


def club_error_words(error: ErrorReply, welcomed: bool) -> str:
    """A club's refusal in a player's words; before its welcome, a message it cannot read
    means a server that holds no club (an older one: tables by invitation only)."""
    if error.code == "bad-message" and not welcomed:
        return _("That server holds tables but no club (an older version).")
    return error_words(error)


def rating_change_words(change: RatingOutcome) -> str:
    """What a rated game did to the player's rating, on the one scale."""
    before, after = round(club_rating(change.before)), round(club_rating(change.after))
    return _("Your rating: {before} → {after} ({change})").format(
        before=rating_words(before),
        after=rating_words(after),
        change=("+" if after >= before else "\N{MINUS SIGN}") + format_number(abs(after - before)),
    )


def error_words(error: ErrorReply) -> str:
    """A server's refusal in a player's words."""
    words = {
        "no-table": _("There is no such table on that server (it may have ended)."),
        "table-full": _("Every seat of that table is taken; you can watch it."),
        "bad-token": _("That seat is no longer yours."),
        "too-fast": _("Too many tries: wait a moment and try again."),
        "too-many-tables": _(
            "You (or your network) already have as many open tables as the club allows: "
            "finish one first."
        ),
        "not-saved": _("The server could not save that, so nothing changed: try again soon."),
        "replaced": _("Your seat is now played from another window."),
        "not-your-turn": _("It is not your turn."),
        "illegal-move": _("The server refused that move; the table shows the game again."),
        "no-player": _("The club did not hear who you are yet: open Play online again."),
        "bad-code": _("That link code is not known: it may have expired or been used."),
        "old-key": _(
            "This computer's key was replaced on another computer: link it again with a "
            "code (Your key)."
        ),
        "no-takeback": _(
            "No take-back now: this table allows none, it was refused already, "
            "or another move came since."
        ),
    }
    return words.get(error.code, _("The server refused: {reason}").format(reason=error.message))
