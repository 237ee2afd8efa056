"""A club's tables and players in the players' words (Play online): a table's rules in
short, its pace, who sits at it, whom the player plays with."""

from __future__ import annotations

from game.i18n import _, format_number, ngettext
from game.net.club_answers import LobbyEntry, MyTable
from game.net.club_messages import MAX_DAYS
from game.net.messages import TablePace
from game.rules.table_rules import TableRules


def rules_in_short(rules: TableRules) -> str:
    """ "3 hands · partners", "To 300 points · Club (chips)"..."""
    if rules.target is not None:
        parts = [_("To {points} points").format(points=format_number(rules.target))]
    else:
        parts = [ngettext("{count} hand", "{count} hands", rules.hands).format(count=rules.hands)]
    if rules.club:
        parts.append(_("Club (chips)"))
    if rules.partners:
        parts.append(_("partners"))
    if rules.free_draw:
        parts.append(_("free draw"))
    return " · ".join(parts)


def pace_words(pace: TablePace) -> str:
    """ "Live", or "3 days a move"."""
    if pace.live:
        return _("Live")
    return ngettext("{count} day a move", "{count} days a move", pace.days).format(count=pace.days)


def pace_options() -> list[tuple[int, str]]:
    """A form's paces, by days a move: live (0), then 1 to 14 days a move."""
    return [(days, pace_words(TablePace(days))) for days in range(MAX_DAYS + 1)]


def seated_words(entry: LobbyEntry) -> str:
    """Who sits at a lobby's table: "Ann, Expert" (those still free are counted apart)."""
    return ", ".join(seat.name for seat in entry.seats if seat.name) or "—"


def free_words(entry: LobbyEntry) -> str:
    return ngettext("{count} of {seats} free", "{count} of {seats} free", entry.free).format(
        count=entry.free, seats=entry.players
    )


def playing_with_words(table: MyTable) -> str:
    """Whom the player plays with at one of their tables: "Tom, Expert", "Tom · 1 seat
    free" ("—" when the server does not say)."""
    others = [seat for number, seat in enumerate(table.seats) if number != table.seat]
    names = ", ".join(seat.name for seat in others if seat.name)
    free = sum(seat.name is None for seat in others)
    if not free:
        return names or "—"
    waiting = ngettext("{count} seat free", "{count} seats free", free).format(count=free)
    return f"{names} · {waiting}" if names else waiting
