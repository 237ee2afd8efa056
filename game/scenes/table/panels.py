"""What the table screen shows around the figure: the backdrop with the seat panels, each
seat's name, score and state, the status bar with the stock, the hand-off banner, and
the words for them. Drawing only: these read the match and change nothing."""

from __future__ import annotations

import math
from typing import Final

import pygame

from game.i18n import _, format_number, ngettext
from game.play.events import Redone, TookBack
from game.play.table_flow import TableFlow
from game.play.table_reading import time_left_s, who_went_out
from game.rules.moves import DRAW, PLACE
from game.rules.results import ALL_PASSED, DEAD_END, MoveResult
from game.rules.table_refusals import HAND_FULL, pass_reason
from game.ui.board.table_layout import TRAY_LABEL_SIZE, SeatBox, TableLayout
from game.ui.painting import Ui, blit_lines, blit_text, draw_panel
from game.ui.text import Said, shrunk_text, text_width, words_that_fit
from game.ui.theme import PALETTE, Colour
from game.ui.tiles.art import TileArt
from game.ui.tiles.image import TileState
from game.ui.widgets.controls import Button
from game.ui.widgets.rows import lay_out_row
from game.ui.words import KIND_WORDS, purse_words, tile_words, tiles_words

TEAM_COLOURS: Final[tuple[Colour, Colour]] = ((120, 190, 255), (255, 150, 120))
DOTS_PER_S: Final = 3
"""How often a second the dots after "is thinking" change."""
STATUS_SIZE: Final = 18
"""The design size of the status bar's words (smaller only where even its fewest words
are too wide)."""


def end_words(match: TableFlow) -> str:
    """How the hand ended, in a player's words."""
    state = match.state
    if state.end_reason == DEAD_END:
        return _("Dead end: no tile can ever be placed again. The hand is over.")
    if state.end_reason == ALL_PASSED:
        return _("Everyone passed. The hand is over.")
    went_out = who_went_out(match.state)
    if went_out is None:
        return _("The hand is over.")
    return _("{name} went out!").format(name=match.names[went_out])


def change_words(match: TableFlow, change: TookBack | Redone) -> str:
    """What an undo or a redo did, in words."""
    name = match.names[change.seat]
    if isinstance(change, TookBack):
        return _("Took back {name}'s last tile.").format(name=name)
    return _("Played {name}'s tile again.").format(name=name)


def move_words(name: str, result: MoveResult) -> str:
    """What a move did, for the others: "Edna: opportunity play, +15"."""
    if result.move.action == PLACE:
        if len(result.contacts) == 3:
            kind = _("three-sided opportunity play")
        elif len(result.contacts) == 2:
            kind = _("opportunity play")
        else:
            kind = _("placed {tile}").format(tile=tile_words(result.move.tile))
        if result.points:
            return _("{name}: {move}, +{points}").format(name=name, move=kind, points=result.points)
        return _("{name}: {move}").format(name=name, move=kind)
    if result.drawn is not None:
        return drew_words(name, 1)
    return _("{name} passed").format(name=name)


def drew_words(name: str, count: int) -> str:
    """A seat's draws in a row, told as one: "Bo drew a tile", "Bo drew 4 tiles"."""
    return ngettext("{name} drew a tile", "{name} drew {count} tiles", count).format(
        name=name, count=count
    )


def forced_words(match: TableFlow, seat: int) -> Said:
    """Why a seat that cannot place draws or passes, in a player's words (and in
    fewer)."""
    name = match.names[seat]
    if match.legal_moves()[0].action == DRAW:
        return (
            _("No tile of {name}'s fits: {name} draws").format(name=name),
            _("{name} draws").format(name=name),
        )
    if pass_reason(match.state, seat) == HAND_FULL:
        why = _("No tile of {name}'s fits and the hand is full: {name} passes")
    else:
        why = _("No tile of {name}'s fits and the stock is empty: {name} passes")
    return why.format(name=name), _("{name} passes").format(name=name)


def opening_words(match: TableFlow) -> Said:
    """Who starts, with which tile, and why (and in fewer words)."""
    seat = match.state.current_player
    tiles = sorted({m.tile for m in match.legal_moves() if m.action == PLACE})
    who = match.names[seat]
    if len(tiles) == 1:
        tile = tile_words(tiles[0])
        return (
            _("{name} starts with {tile}, the smallest tile in play").format(name=who, tile=tile),
            _("{name} starts with {tile}").format(name=who, tile=tile),
        )
    listed = ", ".join(tile_words(tile) for tile in tiles)
    return (
        _("{name} starts with one of the smallest tiles: {tiles}").format(name=who, tiles=listed),
        _("{name} starts: {tiles}").format(name=who, tiles=listed),
    )


def status_still_for(match: TableFlow, clock: float) -> float:
    """Seconds until the status bar's words change by themselves: the thinking dots of a
    computer's turn (none while a lesson's words are read), a timed game's time left
    (`math.inf`: neither shows)."""
    state = match.state
    if state.hand_over:
        return math.inf
    rest = math.inf
    if not match.is_human(state.current_player) and not match.news.reading():
        rest = (math.floor(clock * DOTS_PER_S) + 1) / DOTS_PER_S - clock
    left = time_left_s(match.state)
    if left:  # its whole seconds show
        rest = min(rest, left - int(left) or 1e-3)
    return rest


def status_words(
    match: TableFlow, clock: float, forced: bool, holding: bool, has_spots: bool
) -> Said:
    """What the status bar says: who is thinking, why a player must draw or pass, what
    to do with the tile held (each in fewer words too, for a narrow bar)."""
    state = match.state
    if state.hand_over:
        return (_("The hand is over"),)
    seat = state.current_player
    name = match.names[seat]
    if not match.is_human(seat):
        dots = "." * (1 + int(clock * DOTS_PER_S) % 3)
        return (_("{name} is thinking{dots}").format(name=name, dots=dots),)
    if forced:
        return forced_words(match, seat)
    if match.advice.hint_pending:
        return (
            _("{name}: the coach is looking for the best move…").format(name=name),
            _("The coach is looking…"),
        )
    if not state.figure and not holding:
        return opening_words(match)
    if not holding:
        return (
            _("{name}: pick a bright tile (drag it, or click it then a lit spot)").format(
                name=name
            ),
            _("{name}: pick a bright tile").format(name=name),
        )
    if not state.figure:
        return (
            _("First tile: the wheel or right-click turns it; click the lit spot"),
            _("First tile: click the lit spot"),
        )
    if not has_spots:
        return (_("That tile fits nowhere now; pick a bright one"), _("That tile fits nowhere"))
    return (_("Drop it on a lit spot (arrows + Enter work too)"), _("Drop it on a lit spot"))


def hand_words(match: TableFlow) -> str:
    """Which hand this is, and the time left in a timed game or the target score."""
    state = match.state
    left = time_left_s(match.state)
    if left is not None:
        if left <= 0:
            return _("Hand {number} · last hand").format(number=state.hand_number + 1)
        minutes, seconds = divmod(int(left), 60)
        return _("Hand {number} · {time} left").format(
            number=state.hand_number + 1, time=f"{minutes}:{seconds:02d}"
        )
    target = match.rules.target
    if target is not None:
        return _("Hand {number} · to {points} points").format(
            number=state.hand_number + 1, points=format_number(target)
        )
    return _("Hand {number} of {count}").format(
        number=state.hand_number + 1, count=match.rules.hands
    )


def corner_words(
    layout: TableLayout, ui: Ui, deal: tuple[int, str | None] | None
) -> list[tuple[pygame.Surface, pygame.Rect]]:
    """The words in the figure area's corners, each with where it goes: `deal`, the deal
    number and share code, at the top left, and under the stock at the top right its
    name (the status bar draws the stock over it, with the tiles left)."""
    figure, stock = layout.figure, layout.stock
    room = stock.x - figure.x - ui.px(22)  # up to the stock
    words = []
    if deal is not None:
        number, code = deal
        label = shrunk_text(
            ui, _("Deal {deal}").format(deal=number), 16, room, PALETTE.gold, "bold"
        )
        at = label.get_rect(topleft=(figure.x + ui.px(14), figure.y + ui.px(10)))
        words.append((label, at))
        if code is not None:
            shared = _("Share code {code}").format(code=code)
            line = shrunk_text(ui, shared, 14, room, PALETTE.text_dim)
            words.append((line, line.get_rect(topleft=at.bottomleft)))
    name = ui.text(_("stock"), 14, PALETTE.text_dim)
    words.append(
        (name, name.get_rect(midtop=(stock.centerx, stock.bottom + ui.px(2))).union(stock))
    )
    return words


def backdrop(
    felt: pygame.Surface,
    layout: TableLayout,
    ui: Ui,
    corners: list[tuple[pygame.Surface, pygame.Rect]],
) -> pygame.Surface:
    """The felt with the seat panels, the figure's area with the words in its `corners`
    and the status bar (drawn once per layout)."""
    surface = felt.copy()
    for box in layout.seats:
        draw_panel(surface, box.rect, ui, alpha=200)
    area = pygame.Surface(layout.figure.size, pygame.SRCALPHA)
    pygame.draw.rect(area, (0, 0, 0, 40), area.get_rect(), border_radius=ui.px(18))
    surface.blit(area, layout.figure)
    for words, rect in corners:
        surface.blit(words, words.get_rect(midbottom=rect.midbottom))
    draw_panel(surface, layout.status, ui, alpha=170)
    if layout.tray is not None:
        draw_panel(surface, layout.tray.rect, ui, alpha=150)
    return surface


def draw_tray_label(surface: pygame.Surface, ui: Ui, tray: SeatBox, name: str) -> None:
    """Whose tiles lie in the tray."""
    whose = (
        _("Your tiles")
        if name in ("You", _("You"))  # untranslated: a seat's name
        else _("{name}'s tiles").format(name=name)
    )
    blit_text(
        surface,
        shrunk_text(ui, whose, TRAY_LABEL_SIZE, tray.header.width, PALETTE.gold, "bold"),
        tray.header.topleft,
        "topleft",
    )


def draw_status(
    surface: pygame.Surface,
    ui: Ui,
    art: TileArt,
    layout: TableLayout,
    match: TableFlow,
    said: Said,
) -> None:
    """The hand (and time) on the left, in the middle the longest of `said` that fits
    one line at the bar's size, the stock on the right."""
    rect = layout.status
    left = blit_text(
        surface,
        ui.text(hand_words(match), 19, PALETTE.gold, "bold"),
        (rect.x + ui.px(16), rect.centery),
        "midleft",
    )
    room = rect.right - left.right - ui.px(32)
    lines, size = ui.fitted(
        words_that_fit(ui, said, STATUS_SIZE, room),
        STATUS_SIZE,
        room,
        max_lines=2 if rect.height >= 2 * ui.font(12).get_height() else 1,
        height=rect.height,
    )
    blit_lines(
        surface,
        [ui.text(line, size, PALETTE.text) for line in lines],
        ((left.right + rect.right) // 2, rect.centery),
    )
    stock = layout.stock
    back = art.image(0, ui.px(44), True, 0, TileState.FACE_DOWN)
    surface.blit(back, back.get_rect(center=stock.center))
    blit_text(
        surface,
        ui.text(str(match.state.stock_left), 20, PALETTE.ivory, "bold"),
        (stock.centerx, stock.centery + ui.px(6)),
    )


def draw_seat(
    surface: pygame.Surface,
    ui: Ui,
    match: TableFlow,
    seat: int,
    name: str,
    box: SeatBox,
    score: int,
    in_tray: bool = False,
    said: str | None = None,
) -> None:
    """A seat's panel: its `name` (and team), the score as it shows now, who plays (or what
    it just did: `said`), tiles or chips; the seat to play glows. A seat whose tiles lie
    in the tray says so."""
    state = match.state
    active = match.shows_turn and not state.hand_over and seat == state.current_player
    if active:
        glow = box.rect.inflate(ui.px(6), ui.px(6))
        pygame.draw.rect(surface, PALETTE.gold, glow, max(2, ui.px(4)), border_radius=ui.px(16))
    header = box.header
    name_colour = PALETTE.gold if active else PALETTE.ivory
    room = header.width - text_width(ui.font(26, "bold"), str(score)) - ui.px(12)
    written = blit_text(
        surface,
        shrunk_text(ui, name, 20, room, name_colour, "bold"),
        (header.x, header.y),
        "topleft",
    )
    if match.rules.partners:
        team = seat % 2
        tag = ui.text(_("Team {number}").format(number=team + 1), 13, TEAM_COLOURS[team], "bold")
        blit_text(surface, tag, (written.right + ui.px(8), written.centery), "midleft")
    shown = blit_text(
        surface,
        ui.text(str(score), 26, PALETTE.ivory, "bold"),
        (header.right, header.y - ui.px(2)),
        "topright",
    )
    line_y = max(written.bottom + ui.px(2), shown.bottom + 1)  # below the name and the score
    kind = match.kinds[seat]
    detail = _(dict(KIND_WORDS).get(kind, kind))
    if active:
        detail = _("to play") if match.is_human(seat) else _("thinking…")
    detail = match.news.seat_note(seat) or detail
    if said is not None:  # what the seat just did takes the details' lines for a moment
        lines, size = ui.fitted(said, 14, header.width)
        blit_lines(
            surface,
            [ui.text(line, size, PALETTE.gold) for line in lines],
            (header.x, line_y),
            "topleft",
            flush_left=True,
        )
    else:
        _draw_detail_line(surface, ui, match, seat, header, line_y, detail, active)
    if in_tray and state.hand_size(seat):
        room = box.rect.width - ui.px(16)
        lines, size = ui.fitted(_("Tiles in the tray below"), 15, room)
        blit_lines(
            surface,
            [ui.text(line, size, PALETTE.text_dim) for line in lines],
            (box.rect.centerx, round(box.row_y)),
        )


def _draw_detail_line(
    surface: pygame.Surface,
    ui: Ui,
    match: TableFlow,
    seat: int,
    header: pygame.Rect,
    line_y: int,
    detail: str,
    active: bool,
) -> None:
    """Who plays or the seat's kind on the left, its tiles or purse on the right; the
    tiles or purse on a line of their own where one line does not hold both, and a
    purse too long for a line on both lines (the seat's kind left out, unless it is
    the seat to play)."""
    state = match.state
    right = tiles_words(state.hand_size(seat))
    if match.rules.club:
        right = purse_words(
            state.sheet.chips_held[seat], state.sheet.chips_owed[seat], state.sheet.chips_lent[seat]
        )
    font, width = ui.font(14), header.width
    colour = PALETTE.gold if active else PALETTE.text_dim
    if text_width(font, detail) + ui.px(8) + text_width(font, right) <= width:
        blit_text(surface, ui.text(detail, 14, colour), (header.x, line_y), "topleft")
        blit_text(surface, ui.text(right, 14, PALETTE.text_dim), (header.right, line_y), "topright")
        return
    if text_width(font, right) > width and not active:  # a long purse on both lines
        rows = [(line, PALETTE.text_dim, "topleft") for line in ui.wrap(right, 14, width)[:2]]
    else:
        rows = [(detail, colour, "topleft"), (right, PALETTE.text_dim, "topright")]
    for index, (words, tint, align) in enumerate(rows):
        x = header.x if align == "topleft" else header.right
        image = shrunk_text(ui, words, 14, width, tint)
        blit_text(surface, image, (x, line_y + index * font.get_linesize()), align)


def lay_out_buttons(buttons: list[Button], area: pygame.Rect, ui: Ui, widest: float = 150) -> None:
    """The table's buttons side by side, centred in `area`, each at most `widest` design
    pixels wide unless its label needs more."""
    lay_out_row(buttons, area, ui.px(widest), ui.px(10), ui)
