"""The replay viewer's panel beside the figure: each seat's hand and score (table), or
the stock, discard pile and piles (solitaires), with their tiles drawn small."""

from __future__ import annotations

from typing import Final

import pygame

from game.i18n import _, format_number, format_signed
from game.play.replay import Replay
from game.play.solitaire_light import light_out
from game.rules.modes import Mode
from game.rules.moves import STOCK, Move
from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import AnyState
from game.rules.solitaire import PILE_COUNT
from game.rules.table import TableState
from game.rules.tiles import TileId
from game.ui.layout import Point
from game.ui.painting import Ui, blit_text, draw_panel
from game.ui.text import shrunk_text
from game.ui.theme import PALETTE
from game.ui.tiles.art import TileArt
from game.ui.tiles.image import TileState
from game.ui.tiles.sprites import TileLayer, TileSprite
from game.ui.words import light_out_words, purse_words, tiles_words

PILES_PER_ROW: Final = 4
"""Piles to a row of the stacked solitaire's panel (a row fewer where the labels need
the room: a small window's words are not as small as the rest)."""
HAND_TOP: Final = 34
"""Where a seat's hand begins under its row's top (design pixels): its name line first."""
SideTile = tuple[TileId, tuple[float, float], bool, bool]


class ReplayPanel:
    """The panel's rows and small tiles for the replay's current position."""

    def __init__(self, ui: Ui, art: TileArt, replay: Replay, names: list[str]) -> None:
        self.ui = ui
        self.art = art
        self.replay = replay
        self.names = names
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.tiles = TileLayer()
        self._light: tuple[GameRecord | None, int | None] = (None, None)
        """The record read last and the move at which its winnable light went out."""

    def tile_side(self) -> int:
        """Side of the tiles in the panel: as large as a row (or a pile column) allows."""
        ui = self.ui
        if self.replay.mode.is_table:  # a hand of five nests into 3.4 sides, under the name
            return int(
                min(
                    ui.px(130),
                    (self.rect.width - ui.px(36)) / 3.4,
                    (self.row_height() - ui.px(HAND_TOP)) / 0.88,
                )
            )
        if self.replay.mode is Mode.DRAW_SOLITAIRE:
            return ui.px(74)
        return min(ui.px(64), round((self.rect.width - ui.px(36)) / self.piles_per_row() * 0.8))

    def piles_per_row(self) -> int:
        """`PILES_PER_ROW`, or one fewer where the piles' labels would not fit."""
        ui = self.ui
        label = ui.font(15).size(pile_words(PILE_COUNT, 8))[0]
        room = (self.rect.width - ui.px(36)) / PILES_PER_ROW - ui.px(8)
        return PILES_PER_ROW if label <= room else PILES_PER_ROW - 1

    def build(self) -> None:
        """Sprites of the hands (table) or stock, discard and piles (solitaires)."""
        self.tiles.empty()
        state = self.replay.state
        side = self.tile_side()
        for tile, centre, up, face_down in self.places(state, side):
            look = TileState.FACE_DOWN if face_down else TileState.NORMAL
            self.tiles.add(TileSprite(self.art, tile, side, centre, up, 0, look))

    def pile_spot(self, pile: int) -> tuple[float, int]:
        """Stacked solitaire: the centre x and the top y of a pile's place in the panel."""
        per_row = self.piles_per_row()
        row, column = divmod(pile, per_row)
        gap = (self.rect.width - self.ui.px(36)) / per_row
        shift = (per_row - min(per_row, PILE_COUNT - row * per_row)) * gap / 2  # a short row
        return self.rect.x + self.ui.px(18) + gap * (column + 0.5) + shift, self.row_top(row)

    def row_top(self, row: int) -> int:
        return self.rect.y + self.ui.px(58) + row * self.row_height()

    def row_height(self) -> int:
        ui = self.ui
        if self.replay.mode.is_solitaire:
            return ui.px(96)
        return min(ui.px(150), (self.rect.height - ui.px(100)) // max(1, len(self.names)))

    def centre_of(self, move: Move) -> Point | None:
        """Where the tile of `move` lies in the panel before it is played (the draw
        solitaire's stock shows its back)."""
        from_stock = move.source == STOCK
        for tile, centre, _up, face_down in self.places(self.replay.state, self.tile_side()):
            if face_down == from_stock and (from_stock or tile == move.tile):
                return centre
        return None

    def places(self, state: AnyState, side: int) -> list[SideTile]:
        """Panel tiles as (tile, centre, points up, face down)."""
        ui = self.ui
        places: list[SideTile] = []
        right = self.rect.right - ui.px(16) - side / 2
        middle = self.row_height() / 2
        if state.mode is Mode.TABLE:
            left = self.rect.x + ui.px(18) + side / 2
            for seat in range(state.players):
                y = self.row_top(seat) + ui.px(HAND_TOP) + side * 0.44
                for k, tile in enumerate(state.hand_tiles(seat)):
                    places.append((tile, (left + k * side * 0.56, y), k % 2 == 0, False))
        elif state.mode is Mode.DRAW_SOLITAIRE:
            if state.stock_left:
                places.append((0, (right, self.row_top(0) + middle), True, True))
            if state.discard_top is not None:
                places.append((state.discard_top, (right, self.row_top(1) + middle), True, False))
        else:
            for pile in range(PILE_COUNT):
                top = state.top(pile)
                if top is not None:
                    x, y = self.pile_spot(pile)
                    places.append((top, (x, y + ui.px(24) + side * 0.45), True, False))
        return places

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        draw_panel(surface, self.rect, ui)
        state = self.replay.state
        x = self.rect.x + ui.px(18)
        heading = _("Hands and scores") if state.mode is Mode.TABLE else _("Tiles")
        blit_text(
            surface,
            ui.text(heading, 21, PALETTE.gold, "bold"),
            (x, self.rect.y + ui.px(16)),
            "topleft",
        )
        if state.mode is Mode.TABLE:
            self._table_rows(surface, state)
        elif state.mode is Mode.DRAW_SOLITAIRE:
            self._label_row(
                surface, 0, _("Stock"), _("{count} left").format(count=state.stock_left)
            )
            self._label_row(surface, 1, _("Discard pile"), tiles_words(len(state.discard)))
            self._label_row(
                surface, 2, _("Figure"), _("{placed} of 36 placed").format(placed=len(state.figure))
            )
        else:
            room = round(self.pile_spot(1)[0] - self.pile_spot(0)[0]) - ui.px(8)
            for pile in range(PILE_COUNT):
                pile_x, pile_y = self.pile_spot(pile)
                label = pile_words(pile + 1, state.heights[pile])
                blit_text(
                    surface,
                    shrunk_text(ui, label, 15, room, PALETTE.text_dim),
                    (round(pile_x), pile_y),
                    "midtop",
                )
            self._label_row(
                surface,
                -(-PILE_COUNT // self.piles_per_row()),  # under the rows of piles
                _("Figure"),
                _("{placed} of 36 placed").format(placed=len(state.figure)),
            )
        out_at = self.light_out()
        if self.replay.mode.is_solitaire and out_at is not None:
            self._label_row(surface, 3, _("Winnable light"), light_out_words(out_at))
        self.tiles.draw(surface)

    def light_out(self) -> int | None:
        """The move at which the game's winnable light went out (read once a record)."""
        record = self.replay.record
        if self._light[0] is not record:
            self._light = (record, light_out(record))
        return self._light[1]

    def _label_row(self, surface: pygame.Surface, row: int, label: str, value: str) -> None:
        ui = self.ui
        middle = self.row_top(row) + self.row_height() // 2
        x = self.rect.x + ui.px(18)
        room = self.rect.right - ui.px(24) - self.tile_side() - x  # left of the row's tile
        words = shrunk_text(ui, label, 20, room, PALETTE.text, "bold")
        blit_text(surface, words, (x, middle - ui.px(2)), "bottomleft")
        words = shrunk_text(ui, value, 17, room, PALETTE.text_dim)
        blit_text(surface, words, (x, middle + ui.px(2)), "topleft")

    def _table_rows(self, surface: pygame.Surface, state: TableState) -> None:
        ui = self.ui
        rules = state.game.rules
        standings = state.standings()
        now = state.hand_result()
        x = self.rect.x + ui.px(18)
        height = self.row_height()
        for seat, name in enumerate(self.names):
            top = self.row_top(seat)
            acting = seat == state.current and not state.hand_over
            if acting:
                marker = pygame.Rect(
                    self.rect.x + ui.px(6),
                    top + ui.px(2),
                    self.rect.width - ui.px(12),
                    height - ui.px(4),
                )
                pygame.draw.rect(surface, PALETTE.button_hover, marker, border_radius=ui.px(10))
                pygame.draw.rect(
                    surface, PALETTE.gold, marker, max(1, ui.px(2)), border_radius=ui.px(10)
                )
            name_colour = PALETTE.gold if acting else PALETTE.text
            name_text = name if len(name) <= 14 else name[:13] + "…"
            line_y = top + ui.px(HAND_TOP) // 2
            blit_text(surface, ui.text(name_text, 18, name_colour, "bold"), (x, line_y), "midleft")
            total = standings[seat]
            if rules.club:
                score = purse_words(
                    state.sheet.chips_held[seat],
                    state.sheet.chips_owed[seat],
                    state.sheet.chips_lent[seat],
                )
            else:
                score = _("hand {hand} · total {total}").format(
                    hand=format_signed(now[seat]), total=format_number(total)
                )
            blit_text(
                surface,
                ui.text(score, 15, PALETTE.text_dim),
                (self.rect.right - ui.px(16), line_y),
                "midright",
            )
        footer_y = self.rect.bottom - ui.px(16)
        footer = _("Stock: {count}").format(count=state.stock_left)
        team = state.tally().team_totals
        if team is not None:
            footer = _(
                "{stock} · Teams: {first} & {third} {score}, {second} & {fourth} {other}"
            ).format(
                stock=footer,
                first=self.names[0],
                third=self.names[2],
                score=team[0],
                second=self.names[1],
                fourth=self.names[3],
                other=team[1],
            )
        for wrapped in reversed(ui.wrap(footer, 16, self.rect.width - ui.px(36))):
            rect = blit_text(
                surface, ui.text(wrapped, 16, PALETTE.text_dim), (x, footer_y), "bottomleft"
            )
            footer_y = rect.top - ui.px(2)


def pile_words(number: int, height: int) -> str:
    """A pile's label in the stacked solitaire's panel: "Pile 3: 5"."""
    return _("Pile {number}: {height}").format(number=number, height=height)
