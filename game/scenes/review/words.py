"""The replay viewer's words and marks for a position: what the move that led here did,
what ended the hand or game, and the contacts of the last placement drawn on the board."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.i18n import _
from game.play.replay import Replay, Step
from game.rules.moves import DISCARD, DRAW, PASS
from game.rules.results import ALL_PASSED, DEAD_END, WENT_OUT, WON
from game.ui.board.board import Board
from game.ui.painting import Ui, blit_text
from game.ui.theme import PALETTE
from game.ui.words import (
    contact_sums,
    names_words,
    points_words,
    source_words,
    tile_words,
)


def draw_contacts(surface: pygame.Surface, ui: Ui, board: Board, step: Step) -> None:
    """The shared sides of a placement, counting ones gold with their sums (inside the
    board)."""
    with board.marks.clipped(surface):
        _draw_contacts(surface, ui, board, step)


def _draw_contacts(surface: pygame.Surface, ui: Ui, board: Board, step: Step) -> None:
    for contact in step.contacts:
        start, end = board.edge(contact.cell, contact.side)
        colour = PALETTE.gold if contact.counting else PALETTE.ivory
        pygame.draw.line(surface, (20, 16, 8), start, end, max(3, ui.px(9)))
        pygame.draw.line(surface, colour, start, end, max(2, ui.px(5)))
        if not contact.counting:
            continue
        label = f"{contact.value} + {contact.other_value} = {contact.points}"
        text = ui.text(label, 18, PALETTE.ink, "bold")
        mid = board.view.side_midpoint(contact.cell, contact.side)
        box = text.get_rect(center=(round(mid[0]), round(mid[1]))).inflate(ui.px(14), ui.px(6))
        pygame.draw.rect(surface, PALETTE.gold, box, border_radius=box.height // 2)
        pygame.draw.rect(surface, PALETTE.ink, box, 1, border_radius=box.height // 2)
        blit_text(surface, text, box.center)


def describe(
    replay: Replay, step: Step | None, names: list[str], edge_names: Sequence[str]
) -> tuple[str, str]:
    """Words for the move that led here and for its contacts."""
    if step is None:
        if replay.mode.is_table:
            return (
                _("Hand {number} dealt. {name} holds the smallest tile and starts.").format(
                    number=replay.hand + 1, name=names[replay.state.current_player]
                ),
                "",
            )
        return _("The deal, before the first move."), ""
    move = step.move
    who = names[step.player] if replay.mode.is_table else _("You")
    tile = tile_words(move.tile) if move.tile >= 0 else ""
    if move.action == DRAW:
        if step.drawn is None:
            return _("{name} drew a tile from the stock.").format(name=who), ""
        return _("{name} drew {tile} from the stock.").format(
            name=who, tile=tile_words(step.drawn)
        ), ""
    if move.action == PASS:
        return _("{name} passed.").format(name=who), ""
    if move.action == DISCARD:
        return _(
            "Turned {tile} from the stock: it fits nowhere, so it goes to the discard."
        ).format(tile=tile), ""
    where = source_words(move)
    if replay.mode.is_table:
        said = _("{name} placed {tile}").format(name=who, tile=tile)
    elif where:
        said = _("Placed {tile} from {source}").format(tile=tile, source=where)
    else:
        said = _("Placed {tile}").format(tile=tile)
    score = step.score
    if score and replay.mode.is_table:
        said = _("{move} for {points}").format(move=said, points=points_words(score))
    sides = len(step.contacts)
    if sides >= 2:
        said = _("{move}, an opportunity play on {sides} sides").format(move=said, sides=sides)
    return _("{move}.").format(move=said), contact_sums(step.contacts, edge_names)


def ending(replay: Replay, names: list[str]) -> str:
    """What ended the hand or game at this position, if it did."""
    state = replay.state
    if not state.hand_over:
        return ""
    if replay.mode.is_table:
        why = {
            WENT_OUT: _("a player went out"),
            ALL_PASSED: _("everyone passed"),
            DEAD_END: _("a dead end"),
        }.get(state.end_reason or "", state.end_reason)
        if state.is_terminal():
            outcome = state.outcome()
            assert outcome is not None
            winners = names_words([names[s] for s in outcome.winners])
            return _("Hand over ({why}). Game over: {winners} won.").format(
                why=why, winners=winners
            )
        return _("Hand over ({why}).").format(why=why)
    if state.end_reason == WON:
        return _("All 36 placed: won!")
    return _("No tile can be placed: lost.")
