"""Words the screens share: the names of things a player sees in more than one place.

Colours are named by the theme (`Theme.edge_names`, English messages) and translated
here; the rules hand out colour indices only."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Final

from game.i18n import N_, _, format_number, format_short_date_time, ngettext
from game.persist.files import Notice
from game.rules.contacts import Contact
from game.rules.figure_refusals import (
    AWAY_FROM_LAST,
    COLOUR_CLASH,
    FIRST_ELSEWHERE,
    TAKEN,
    TOO_FAR,
    TOUCHES_NOTHING,
    VALUE_CLASH,
    Refusal,
)
from game.rules.modes import Mode
from game.rules.moves import DISCARD_PILE, PILE, STOCK, Move
from game.rules.share import ShareCodeError
from game.rules.table_refusals import FITS_NOWHERE, NOT_SMALLEST
from game.rules.tiles import TILE_VALUES, TileId

MODE_TITLES: Final[dict[str, str]] = {
    Mode.TABLE: N_("Table game"),
    Mode.DRAW_SOLITAIRE: N_("Draw solitaire"),
    Mode.STACKED_SOLITAIRE: N_("Stacked solitaire"),
}
"""Each game mode's name on screen."""
KIND_WORDS: Final = (
    ("human", N_("Human")),
    ("ai:random", N_("Computer · random")),
    ("ai:easy", N_("Computer · easy")),
    ("ai:greedy", N_("Computer · greedy")),
    ("ai:expert", N_("Computer · expert")),
    ("ai:master", N_("Computer · master")),
)
"""Each kind of seat (docs/record.md "Players": "human" or "ai:<level>") as the screens name it."""
PERSON_SEAT_NAME: Final = N_("Player {number}")
"""A person's seat's name at a table set up, until the player types one."""
SPEED_WORDS: Final = {
    "slow": N_("Slow"),
    "normal": N_("Normal"),
    "fast": N_("Fast"),
    "instant": N_("Instant"),
}
"""Each animation speed's name on screen."""


def colour_word(colour_names: Sequence[str], colour: int) -> str:
    """The theme's name of edge colour `colour` in the player's language ("blue", "azul")."""
    return _(colour_names[colour])


def capitalised(text: str) -> str:
    """`text` with its first letter a capital (the rest as it is)."""
    return text[:1].upper() + text[1:]


def refusal_words(refusal: Refusal, colour_names: Sequence[str]) -> str:
    """Why a tile may not go on a spot, in a player's words and the theme's colours."""
    kind = refusal.kind
    if kind == COLOUR_CLASH:
        return capitalised(
            _("{colour} cannot touch {other}.").format(
                colour=colour_word(colour_names, refusal.colour),
                other=colour_word(colour_names, refusal.other_colour),
            )
        )
    if kind == VALUE_CLASH:
        return capitalised(
            _("{colour} {value} cannot touch {colour} {other}.").format(
                colour=colour_word(colour_names, refusal.colour),
                value=refusal.value,
                other=refusal.other_value,
            )
        )
    return {
        TOO_FAR: _("That spot is too far out."),
        TAKEN: _("That spot is taken."),
        FIRST_ELSEWHERE: _("The first tile goes on the lit spot."),
        TOUCHES_NOTHING: _("A tile must touch the figure."),
        AWAY_FROM_LAST: _("A tile must touch the last tile (ringed) or two tiles at once."),
        NOT_SMALLEST: _("Only the smallest tile may start the hand."),
        FITS_NOWHERE: _("That tile fits nowhere now; pick a bright one."),
    }.get(kind, _("That tile cannot go there."))


def tile_words(tile: TileId) -> str:
    """A tile named by its values, smallest first: "1-2-3"."""
    return "-".join(str(value) for value in sorted(TILE_VALUES[tile]))


def source_words(move: Move) -> str:
    """Where a solitaire move's tile came from: "the stock", "pile 3", "the discard pile"
    ("" for a table move, from the player's hand)."""
    if move.source == PILE:
        return _("pile {number}").format(number=move.pile + 1)
    return {STOCK: _("the stock"), DISCARD_PILE: _("the discard pile")}.get(move.source, "")


def slip_words(last_winnable: int) -> str:
    """Where a solitaire slipped: "You could still have won after move 17: move 18 let
    it slip."."""
    if last_winnable == 0:
        return _("You could still have won at the start: move 1 let it slip.")
    return _("You could still have won after move {move}: move {next} let it slip.").format(
        move=last_winnable, next=last_winnable + 1
    )


def light_out_words(out_at: int | None) -> str:
    """Where a solitaire's "still winnable" light went out: "No longer winnable since
    move 32" (None or 0: from the start)."""
    if not out_at:
        return _("Not winnable from the start")
    return _("No longer winnable since move {move}").format(move=out_at)


def names_words(names: Sequence[str]) -> str:
    """Names joined as a sentence says them: "Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def moment_words(stamp: str) -> str:
    """A "2026-11-23 14:05" time stamp of the files, written the player's way (short:
    it stands in lists)."""
    try:
        return format_short_date_time(datetime.datetime.strptime(stamp, "%Y-%m-%d %H:%M"))
    except (TypeError, ValueError):
        return str(stamp)


def notice_words(notice: Notice | str) -> str:
    """A notice from the files in the player's language (its message and each field
    that is itself a message, such as a reason)."""
    if isinstance(notice, str):
        return notice
    return _(notice.message).format(
        **{key: _(value) if value else value for key, value in notice.fields.items()}
    )


def placed_words(placed: int) -> str:
    """A solitaire's progress: "Placed 17 of 36"."""
    return _("Placed {placed} of 36").format(placed=placed)


def chips_words(count: int) -> str:
    """ "1 chip", "40 chips" (Club Contack) in the player's language."""
    return ngettext("{count} chip", "{count} chips", count).format(count=format_number(count))


def purse_words(held: int, owed: int, lent: int) -> str:
    """A club seat's purse: "12 chips", with "owes 3" for its debts and "is owed 7" for
    what players borrowed from it (the Spanish book's club rules)."""
    chips = chips_words(held)
    if owed and lent:
        return _("{chips} · owes {owed} · is owed {lent}").format(
            chips=chips, owed=format_number(owed), lent=format_number(lent)
        )
    if owed:
        return _("{chips} · owes {owed}").format(chips=chips, owed=format_number(owed))
    if lent:
        return _("{chips} · is owed {lent}").format(chips=chips, lent=format_number(lent))
    return chips


def share_code_reason(error: ShareCodeError) -> str:
    """Why a typed share code cannot be read, in the player's language."""
    return _(error.reason).format(**error.fields)


def points_words(points: int) -> str:
    """ "1 point", "10 points" in the player's language."""
    return ngettext("{count} point", "{count} points", points).format(count=format_number(points))


def tiles_words(count: int) -> str:
    """ "1 tile", "3 tiles" in the player's language."""
    return ngettext("{count} tile", "{count} tiles", count).format(count=count)


def contact_sums(contacts: Sequence[Contact], colour_names: Sequence[str]) -> str:
    """A placement's contacts in the theme's colours: "Blue 4 + blue 6 = 10, red 2 meets
    red 2" (the table's and the replay's one wording)."""
    parts = []
    for contact in contacts:
        fields = {
            "colour": colour_word(colour_names, contact.colour),
            "value": contact.value,
            "other": contact.other_value,
            "sum": contact.points,
        }
        parts.append(
            (
                _("{colour} {value} + {colour} {other} = {sum}")
                if contact.counting
                else _("{colour} {value} meets {colour} {other}")
            ).format(**fields)
        )
    return capitalised(_(", ").join(parts))


def contact_words(contacts: Sequence[Contact], colour_names: Sequence[str]) -> str:
    """What a placement's contacts made, in the theme's colours: "Blue 4 + blue 6 = 10:
    10 points." or "Red 2 meets red 2: no points."."""
    if not contacts:
        return ""
    points = sum(contact.points for contact in contacts if contact.counting)
    return _("{contacts}: {points}.").format(
        contacts=contact_sums(contacts, colour_names),
        points=points_words(points) if points else _("no points"),
    )
