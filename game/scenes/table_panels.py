"""What the table screen shows around the figure: the backdrop with the seat panels, each
seat's name, score and state, the status bar with the stock, the hand-off banner, and
the words for them. Drawing only: these read the match and change nothing."""

from __future__ import annotations

import math
from typing import Final

import pygame

from game.i18n import _
from game.play.table_match import TableMatch
from game.rules.moves import DRAW, PLACE
from game.rules.results import MoveResult
from game.rules.table import ALL_PASSED, DEAD_END
from game.rules.table_refusals import HAND_FULL, pass_reason
from game.ui.painting import Ui, blit_lines, blit_text, draw_panel
from game.ui.table_layout import SeatBox, TableLayout
from game.ui.text import shrunk_text
from game.ui.theme import PALETTE, Colour
from game.ui.tiles import TileArt, TileState
from game.ui.widgets import Button
from game.ui.words import KIND_WORDS, purse_words, tile_words, tiles_words

TEAM_COLOURS: Final[tuple[Colour, Colour]] = ((120, 190, 255), (255, 150, 120))
DOTS_PER_S: Final = 3
"""How often a second the dots after "is thinking" change."""


def end_words(match: TableMatch) -> str:
    """How the hand ended, in a player's words."""
    state = match.state
    if state.end_reason == DEAD_END:
        return _("Dead end: no tile can ever be placed again. The hand is over.")
    if state.end_reason == ALL_PASSED:
        return _("Everyone passed. The hand is over.")
    went_out = match.went_out()
    if went_out is None:
        return _("The hand is over.")
    return _("{name} went out!").format(name=match.names[went_out])


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
        return _("{name} drew a tile").format(name=name)
    return _("{name} passed").format(name=name)


def forced_words(match: TableMatch, seat: int) -> str:
    """Why a seat that cannot place draws or passes, in a player's words."""
    name = match.names[seat]
    if match.legal_moves()[0].action == DRAW:
        return _("No tile of {name}'s fits: {name} draws").format(name=name)
    if pass_reason(match.state, seat) == HAND_FULL:
        return _("No tile of {name}'s fits and the hand is full: {name} passes").format(name=name)
    return _("No tile of {name}'s fits and the stock is empty: {name} passes").format(name=name)


def opening_words(match: TableMatch) -> str:
    """Who starts, with which tile, and why."""
    seat = match.state.current_player
    tiles = sorted({m.tile for m in match.legal_moves() if m.action == PLACE})
    who = match.names[seat]
    if len(tiles) == 1:
        return _("{name} starts with {tile}, the smallest tile in play").format(
            name=who, tile=tile_words(tiles[0])
        )
    return _("{name} starts with one of the smallest tiles: {tiles}").format(
        name=who, tiles=", ".join(tile_words(tile) for tile in tiles)
    )


def status_still_for(match: TableMatch, clock: float) -> float:
    """Seconds until the status bar's words change by themselves: the thinking dots of a
    computer's turn, a timed game's time left (`math.inf`: neither shows)."""
    state = match.state
    if state.hand_over:
        return math.inf
    rest = math.inf
    if not match.is_human(state.current_player):
        rest = (math.floor(clock * DOTS_PER_S) + 1) / DOTS_PER_S - clock
    left = match.time_left_s()
    if left:  # its whole seconds show
        rest = min(rest, left - int(left) or 1e-3)
    return rest


def status_words(
    match: TableMatch, clock: float, forced: bool, holding: bool, has_spots: bool
) -> str:
    """What the status bar says: who is thinking, why a player must draw or pass, what
    to do with the tile held."""
    state = match.state
    if state.hand_over:
        return _("The hand is over")
    seat = state.current_player
    name = match.names[seat]
    if not match.is_human(seat):
        dots = "." * (1 + int(clock * DOTS_PER_S) % 3)
        return _("{name} is thinking{dots}").format(name=name, dots=dots)
    if forced:
        return forced_words(match, seat)
    if not state.figure and not holding:
        return opening_words(match)
    if not holding:
        return _("{name}: pick a bright tile (drag it, or click it then a lit spot)").format(
            name=name
        )
    if not state.figure:
        return _("First tile: the wheel or right-click turns it; click the lit spot")
    if not has_spots:
        return _("That tile fits nowhere now; pick a bright one")
    return _("Drop it on a lit spot (arrows + Enter work too)")


def hand_words(match: TableMatch) -> str:
    """Which hand this is, and the time left in a timed game."""
    state = match.state
    left = match.time_left_s()
    if left is not None:
        if left <= 0:
            return _("Hand {number} · last hand").format(number=state.hand_number + 1)
        minutes, seconds = divmod(int(left), 60)
        return _("Hand {number} · {time} left").format(
            number=state.hand_number + 1, time=f"{minutes}:{seconds:02d}"
        )
    return _("Hand {number} of {count}").format(
        number=state.hand_number + 1, count=match.rules.hands
    )


def backdrop(
    felt: pygame.Surface, layout: TableLayout, ui: Ui, deal: tuple[int, str | None] | None = None
) -> pygame.Surface:
    """The felt with the seat panels, the figure's area and the status bar (drawn once per
    layout); `deal`, the deal number and share code, in the figure area's corner."""
    surface = felt.copy()
    for box in layout.seats:
        draw_panel(surface, box.rect, ui, alpha=200)
    area = pygame.Surface(layout.figure.size, pygame.SRCALPHA)
    pygame.draw.rect(area, (0, 0, 0, 40), area.get_rect(), border_radius=ui.px(18))
    surface.blit(area, layout.figure)
    if deal is not None:
        number, code = deal
        corner = (layout.figure.x + ui.px(14), layout.figure.y + ui.px(10))
        room = layout.figure.width // 2
        deal_words = _("Deal {deal}").format(deal=number)
        label = blit_text(
            surface, shrunk_text(ui, deal_words, 16, room, PALETTE.gold, "bold"), corner, "topleft"
        )
        if code is not None:
            blit_text(
                surface,
                shrunk_text(
                    ui, _("Share code {code}").format(code=code), 14, room, PALETTE.text_dim
                ),
                label.bottomleft,
                "topleft",
            )
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
        shrunk_text(ui, whose, 16, tray.header.width, PALETTE.gold, "bold"),
        tray.header.topleft,
        "topleft",
    )


def draw_status(
    surface: pygame.Surface,
    ui: Ui,
    art: TileArt,
    layout: TableLayout,
    match: TableMatch,
    words: str,
) -> None:
    """The hand (and time) on the left, `words` in the middle, the stock on the right."""
    rect = layout.status
    left = blit_text(
        surface,
        ui.text(hand_words(match), 19, PALETTE.gold, "bold"),
        (rect.x + ui.px(16), rect.centery),
        "midleft",
    )
    room = rect.right - left.right - ui.px(32)
    lines, size = ui.fitted(
        words,
        18,
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
    blit_text(
        surface,
        ui.text(_("stock"), 14, PALETTE.text_dim),
        (stock.centerx, stock.bottom + ui.px(2)),
        "midtop",
    )


def draw_seat(
    surface: pygame.Surface,
    ui: Ui,
    match: TableMatch,
    seat: int,
    box: SeatBox,
    score: int,
    in_tray: bool = False,
    said: str | None = None,
) -> None:
    """A seat's panel: name (and team), the score as it shows now, who plays (or what
    it just did: `said`), tiles or chips; the seat to play glows. A seat whose tiles lie
    in the tray says so."""
    state = match.state
    active = not state.hand_over and seat == state.current_player
    if active:
        glow = box.rect.inflate(ui.px(6), ui.px(6))
        pygame.draw.rect(surface, PALETTE.gold, glow, max(2, ui.px(4)), border_radius=ui.px(16))
    header = box.header
    name_colour = PALETTE.gold if active else PALETTE.ivory
    room = header.width - ui.font(26, "bold").size(str(score))[0] - ui.px(12)
    name = blit_text(
        surface,
        shrunk_text(ui, match.names[seat], 20, room, name_colour, "bold"),
        (header.x, header.y),
        "topleft",
    )
    if match.rules.partners:
        team = seat % 2
        tag = ui.text(_("Team {number}").format(number=team + 1), 13, TEAM_COLOURS[team], "bold")
        blit_text(surface, tag, (name.right + ui.px(8), name.centery), "midleft")
    shown = blit_text(
        surface,
        ui.text(str(score), 26, PALETTE.ivory, "bold"),
        (header.right, header.y - ui.px(2)),
        "topright",
    )
    line_y = max(name.bottom + ui.px(2), shown.bottom + 1)  # below the name and the score
    kind = match.kinds[seat]
    detail = _(dict(KIND_WORDS).get(kind, kind))
    if active:
        detail = _("to play") if match.is_human(seat) else _("thinking…")
    detail = match.seat_note(seat) or detail
    if said is not None:  # what the seat just did takes the whole line for a moment
        blit_text(
            surface,
            shrunk_text(ui, said, 14, header.width, PALETTE.gold),
            (header.x, line_y),
            "topleft",
        )
    else:
        _draw_detail_line(surface, ui, match, seat, header, line_y, detail, active)
    if in_tray and state.hand_size(seat):
        blit_text(
            surface,
            ui.text(_("Tiles in the tray below"), 15, PALETTE.text_dim),
            (box.rect.centerx, round(box.row_y)),
        )


def _draw_detail_line(
    surface: pygame.Surface,
    ui: Ui,
    match: TableMatch,
    seat: int,
    header: pygame.Rect,
    line_y: int,
    detail: str,
    active: bool,
) -> None:
    """Who plays or the seat's kind on the left, its tiles or purse on the right."""
    state = match.state
    right = tiles_words(state.hand_size(seat))
    if match.rules.club:
        right = purse_words(state.chips_held[seat], state.chips_owed[seat], state.chips_lent[seat])
    # the tiles or the purse first; who plays keeps 40% of the line, the seat's kind only
    # what the purse leaves (a long purse of a narrow seat hides the kind)
    share = 0.6 if active else 1.0
    shown_right = blit_text(
        surface,
        shrunk_text(ui, right, 14, round(header.width * share), PALETTE.text_dim),
        (header.right, line_y),
        "topright",
    )
    room = shown_right.x - header.x - ui.px(8)
    if active or ui.font(12).size(detail)[0] <= room:
        blit_text(
            surface,
            shrunk_text(ui, detail, 14, room, PALETTE.gold if active else PALETTE.text_dim),
            (header.x, line_y),
            "topleft",
        )


def lay_out_buttons(buttons: list[Button], area: pygame.Rect, ui: Ui) -> None:
    """The table's buttons side by side, centred in `area`."""
    width = min(ui.px(150), (area.width - ui.px(10) * 3) // len(buttons))
    gap = ui.px(10)
    total = len(buttons) * width + (len(buttons) - 1) * gap
    x = area.centerx - total // 2
    for button in buttons:
        button.rect = pygame.Rect(x, area.y, width, area.height)
        x += width + gap
