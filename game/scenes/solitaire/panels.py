"""What the solitaire screens draw around the figure: the title with the deal number, the
banners over the figure (searching for a deal, the game's end with the solver's verdict),
the "still winnable" light and the count badges of piles and stock. Drawing only:
nothing here changes state."""

from __future__ import annotations

import math

import pygame

from game.ai.analysis import SolitaireReview
from game.ai.daily import record_day
from game.i18n import N_, _, format_date
from game.play.solitaire_light import OUT, THINKING, WINNABLE, WinnableLight
from game.rules.figure import Figure
from game.rules.moves import Move
from game.rules.record.document import GameRecord
from game.rules.share import ShareCode, deal_number
from game.ui.board.board import GLIDE_S, Board, around_last, in_view
from game.ui.painting import Ui, blit_text, draw_panel
from game.ui.text import shrunk_text
from game.ui.theme import PALETTE, Colour
from game.ui.words import light_out_words, slip_words

VERDICT_WORDS = {
    "won": N_("Press N for a new deal, R to play it again."),
    "could": N_("This deal could have been won: undo (U) and try another way."),
    "could not": N_("No order of play could have won this deal."),  # untranslated: a key
    "unknown": N_("The solver could not decide this deal in time."),
}
CHECKING = N_("Checking whether the deal could have been won…")
Line = tuple[str, float, Colour]


def draw_title(
    surface: pygame.Surface,
    ui: Ui,
    title: str,
    field: pygame.Rect,
    typing: bool,
    note: str,
    right: int,
) -> None:
    """The solitaire's name, the label of its deal-number field and, beside the field up
    to `right`, `note` (the share code; the date of a daily deal)."""
    left = ui.px(20)
    blit_text(
        surface,
        ui.text(title, 30, (8, 30, 20), "title"),
        (left + ui.px(2), field.centery + ui.px(2)),
        "midleft",
    )
    blit_text(
        surface, ui.text(title, 30, (240, 214, 150), "title"), (left, field.centery), "midleft"
    )
    blit_text(
        surface,
        ui.text(_("Deal"), 18, PALETTE.text_dim),
        (field.x - ui.px(8), field.centery),
        "midright",
    )
    words = _("Type a deal number, then Enter") if typing else note
    room = right - field.right - ui.px(20)
    if words and room > ui.px(40):
        blit_text(
            surface,
            shrunk_text(ui, words, 15, room, PALETTE.text_dim),
            (field.right + ui.px(10), field.centery),
            "midleft",
        )


COUNT_SIZE = 15
"""The design size of a count's number (`draw_count`)."""


def count_radius(ui: Ui, text: str) -> int:
    """The radius of the badge `draw_count` draws around `text`."""
    width, height = ui.font(COUNT_SIZE, "bold").size(text)
    return max(width, height) // 2 + ui.px(5)


def draw_count(surface: pygame.Surface, ui: Ui, centre: tuple[float, float], text: str) -> None:
    """A small round badge with a number (pile and stock counts)."""
    label = ui.text(text, COUNT_SIZE, PALETTE.ink, "bold")
    radius = count_radius(ui, text)
    pygame.draw.circle(surface, PALETTE.gold, centre, radius)
    pygame.draw.circle(surface, PALETTE.gold_dark, centre, radius, max(1, ui.px(2)))
    blit_text(surface, label, (round(centre[0]), round(centre[1])))


def banner_box(
    ui: Ui, area: pygame.Rect, lines: list[Line]
) -> tuple[pygame.Rect, list[pygame.Surface]]:
    """Where the panel at the top of the figure's area goes for `lines`, and their
    images (a bold first line; each wrapped to the area's width)."""
    room = area.width - ui.px(70)
    texts = [
        ui.text(wrapped, size, colour, style)
        for i, (words, size, colour) in enumerate(lines)
        for style in ["bold" if i == 0 else "regular"]
        for wrapped in ui.wrap(words, size, room, style)
    ]
    width = max(t.get_width() for t in texts) + ui.px(60)
    height = sum(t.get_height() for t in texts) + ui.px(14) * (len(texts) - 1) + ui.px(40)
    box = pygame.Rect(0, 0, width, height)
    box.midtop = (area.centerx, area.top + ui.px(8))
    return box, texts


def draw_banner(surface: pygame.Surface, ui: Ui, area: pygame.Rect, lines: list[Line]) -> None:
    """The panel at the top of the figure's area with `lines` (`banner_box`)."""
    box, texts = banner_box(ui, area, lines)
    draw_panel(surface, box, ui, alpha=235, border=PALETTE.gold_dark)
    y = box.top + ui.px(20)
    for text in texts:
        rect = blit_text(surface, text, (box.centerx, y), "midtop")
        y = rect.bottom + ui.px(14)


def verdict_words(verdict: str | None, review: SolitaireReview | None) -> str:
    """The solver's word on the end of a deal, saying where a lost game slipped."""
    if verdict == "could" and review is not None and review.last_winnable is not None:
        return _("{slip} Review (V) shows where.").format(slip=slip_words(review.last_winnable))
    return _(VERDICT_WORDS.get(verdict or "", CHECKING))


def game_over_lines(won: bool, placed: int, words: str, notes: tuple[str, ...] = ()) -> list[Line]:
    """The end of a deal: won, or how far it got, whether it could have been won and
    `notes` (where the light went out, the fair odds)."""
    if won:
        return [
            (_("Solved! All 36 tiles placed."), 38, PALETTE.gold),
            (verdict_words("won", None), 19, PALETTE.text_dim),
        ]
    lines: list[Line] = [
        (_("No more moves: {placed} of 36 placed.").format(placed=placed), 26, PALETTE.text),
        (words, 19, PALETTE.text_dim),
    ]
    return [*lines, *((note, 17, PALETTE.text_dim) for note in notes if note)]


def light_words(shows: str, out_at: int | None) -> str:
    """What the "still winnable" light says."""
    if shows == WINNABLE:
        return _("Still winnable")
    if shows == OUT:
        return light_out_words(out_at)
    if shows == THINKING:
        return _("Still winnable? Thinking…")
    return _("Winnable? The solver cannot tell")


def light_end_words(out_at: int | None) -> str:
    """The end of a lost deal: the move at which the light went out (if it did)."""
    if out_at is None:
        return ""
    if out_at == 0:
        return _("The light was out from the start: no order of play could win this deal.")
    return _("The light went out at move {move}.").format(move=out_at)


def draw_light(
    surface: pygame.Surface,
    ui: Ui,
    rect: pygame.Rect,
    light: WinnableLight,
    time: float,
) -> None:
    """The "still winnable" light in its row: a lamp (green, out, pulsing while the solver
    thinks, a hollow ring when it cannot tell) and its words."""
    radius = ui.px(8)
    centre = (rect.x + radius + ui.px(4), rect.centery)
    shows = light.shows
    if shows == WINNABLE:
        pygame.draw.circle(surface, (40, 90, 55), centre, radius + ui.px(3))
        pygame.draw.circle(surface, PALETTE.good, centre, radius)
    elif shows == OUT:
        pygame.draw.circle(surface, (60, 40, 38), centre, radius)
        pygame.draw.circle(surface, PALETTE.penalty, centre, radius, max(1, ui.px(2)))
    elif shows == THINKING:
        glow = 0.55 + 0.45 * math.sin(time * 6)
        red, green, blue = PALETTE.gold
        colour = (round(red * glow), round(green * glow), round(blue * glow))
        pygame.draw.circle(surface, colour, centre, radius)
    else:
        pygame.draw.circle(surface, PALETTE.text_dim, centre, radius, max(1, ui.px(2)))
    left = centre[0] + radius + ui.px(10)
    words = light_words(shows, light.out_at)
    colour = PALETTE.text if shows in (WINNABLE, OUT) else PALETTE.text_dim
    room = rect.right - left
    lines = ui.wrap(words, 15, room)
    images = (
        [ui.text(line, 15, colour) for line in lines]
        if len(lines) <= 2
        else [shrunk_text(ui, words, 15, room, colour)]
    )
    y = rect.centery - sum(image.get_height() for image in images) // 2
    for image in images:
        y = blit_text(surface, image, (left, y), "topleft").bottom


def draw_figure_message(
    surface: pygame.Surface,
    ui: Ui,
    area: pygame.Rect,
    end: list[Line],
    busy: str,
) -> None:
    """Above the figure: the game's `end` (the figure kept clear of it) or the search
    for a deal."""
    if end:
        draw_banner(surface, ui, area, end)
    elif busy:
        draw_banner(surface, ui, area, [(busy, 24, PALETTE.text)])


def draw_hinted_spot(surface: pygame.Surface, board: Board, move: Move, time: float) -> None:
    """The hinted placement: its tile as a ghost on the spot, with a pulsing ring."""
    clip = surface.get_clip()
    surface.set_clip(board.area)
    board.marks.draw_ghost(surface, move.tile, move.cell, move.rot, None)
    board.marks.draw_ring(surface, move.cell, 0.5 + 0.5 * math.sin(time * 5))
    surface.set_clip(clip)


class PanelBackdrop:
    """The felt with the side panel on it, drawn once per felt and layout."""

    def __init__(self) -> None:
        self._image: pygame.Surface | None = None
        self._key: tuple[object, ...] = ()

    def get(self, felt: pygame.Surface, panel: pygame.Rect, ui: Ui) -> pygame.Surface:
        key = (felt, tuple(panel))  # the felt itself: a new theme or size makes a new one
        if self._image is None or self._key != key:
            self._image = felt.copy()
            draw_panel(self._image, panel, ui, alpha=150)
            self._key = key
        return self._image


def follow_figure(
    board: Board, figure: Figure, finished: bool, ui: Ui, duration: float = GLIDE_S
) -> None:
    """The camera's view of the figure and the cells where a tile may go (see `in_view`
    and `Board.framing`), gliding there over `duration` seconds; once the game is over,
    of the whole figure, clear of the game-over words (the board keeps them clear), as
    there is no play left to follow."""
    if finished:
        board.glide([cell for cell, _tile, _rot in figure.tiles()], duration, (), board.room())
    else:
        board.glide(in_view(figure), duration, around_last(figure), board.room())


def title_note(mode: str, seed: int, record: GameRecord) -> str:
    """The line under a solitaire's title: its share code and, for a daily deal, its day."""
    deal = deal_number(seed)
    note = "" if deal is None else share_note(mode, deal)
    day = record_day(record)
    if day is not None:
        daily = _("Daily deal of {date}").format(date=format_date(day))
        note = f"{daily} · {note}" if note else daily
    return note


def share_note(mode: str, deal: int) -> str:
    """A solitaire deal's share code, as the line under its title says it."""
    return _("Share code {code}").format(code=ShareCode(mode, deal))
