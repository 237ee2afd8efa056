"""Words the screens share: the names of things a player sees in more than one place."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from game.rules.figure import (
    AWAY_FROM_LAST,
    COLOUR_CLASH,
    FIRST_ELSEWHERE,
    TAKEN,
    TOO_FAR,
    TOUCHES_NOTHING,
    VALUE_CLASH,
    Contact,
    Refusal,
)
from game.rules.moves import DISCARD_PILE, PILE, STOCK, Move
from game.rules.record import DRAW_SOLITAIRE, STACKED_SOLITAIRE, TABLE
from game.rules.tiles import TILE_VALUES, TileId

MODE_TITLES: Final = {TABLE: "Table game", DRAW_SOLITAIRE: "Draw solitaire",
                      STACKED_SOLITAIRE: "Stacked solitaire"}
"""Each game mode's name on screen."""


def refusal_words(refusal: Refusal, colour_names: Sequence[str]) -> str:
    """Why a tile may not go on a spot, in a player's words and the theme's colours."""
    kind = refusal.kind
    if kind == COLOUR_CLASH:
        colour, other = colour_names[refusal.colour], colour_names[refusal.other_colour]
        return f"{colour.capitalize()} cannot touch {other}."
    if kind == VALUE_CLASH:
        colour = colour_names[refusal.colour]
        return (f"{colour.capitalize()} {refusal.value} cannot touch {colour} "
                f"{refusal.other_value}.")
    return {
        TOO_FAR: "That spot is too far out.",
        TAKEN: "That spot is taken.",
        FIRST_ELSEWHERE: "The first tile goes on the lit spot.",
        TOUCHES_NOTHING: "A tile must touch the figure.",
        AWAY_FROM_LAST: "A tile must touch the last tile (ringed) or two tiles at once.",
    }.get(kind, "That tile cannot go there.")


def tile_words(tile: TileId) -> str:
    """A tile named by its values, smallest first: "1-2-3"."""
    return "-".join(str(value) for value in sorted(TILE_VALUES[tile]))


def source_words(move: Move) -> str:
    """Where a solitaire move's tile came from: "the stock", "pile 3", "the discard pile"
    ("" for a table move, from the player's hand)."""
    return {STOCK: "the stock", PILE: f"pile {move.pile + 1}",
            DISCARD_PILE: "the discard pile"}.get(move.source, "")


def slip_words(last_winnable: int) -> str:
    """Where a solitaire slipped: "You could still have won after move 17: move 18 let
    it slip."."""
    after = "at the start" if last_winnable == 0 else f"after move {last_winnable}"
    return f"You could still have won {after}: move {last_winnable + 1} let it slip."


def plural(count: int, noun: str, many: str | None = None) -> str:
    """"1 tile", "3 tiles", "1 match", "2 matches": a count with its noun."""
    return f"{count} {noun}" if count == 1 else f"{count} {many or noun + 's'}"


def contact_words(contacts: Sequence[Contact], colour_names: Sequence[str]) -> str:
    """What a placement's contacts made, in the theme's colours: "Blue 4 + blue 6 = 10:
    10 points." or "Red 2 meets red 2: no points."."""
    parts = []
    for contact in contacts:
        colour = colour_names[contact.colour]
        if contact.counting:
            parts.append(f"{colour} {contact.value} + {colour} {contact.other_value} = "
                         f"{contact.points}")
        else:
            parts.append(f"{colour} {contact.value} meets {colour} {contact.other_value}")
    if not parts:
        return ""
    points = sum(contact.points for contact in contacts if contact.counting)
    said = ", ".join(parts)
    return f"{said[0].upper()}{said[1:]}: {plural(points, 'point') if points else 'no points'}."
