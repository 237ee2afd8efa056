"""Where things go on the table screen: seat panels round the figure, bars and buttons.

Seats sit in two columns either side of the figure, in playing order round the table:
down the left column, then up the right one. Each seat panel has a header (name, score
and the seat's details) and a rack of up to five tiles that alternate up and down, so a
hand is three tile sides wide and one row high.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.rules.table_rules import HAND_SIZE
from game.ui.layout import ROW_HEIGHT, Point
from game.ui.painting import Ui

TRAY_LABEL_SIZE = 16
"""The design size of the tray's label (whose tiles lie in it), bold."""


@dataclass
class SeatBox:
    """One seat's panel: its rect, the header band and the centres of its rack slots."""

    seat: int
    rect: pygame.Rect
    header: pygame.Rect
    tile_side: int
    step: float
    """Distance between the centres of neighbouring rack tiles."""
    row_y: float

    def row(self, count: int) -> list[Point]:
        """The centres of a hand of `count` tiles, pointing up and down in turn so that
        they nest into each other; the row is centred in the panel and squeezed if it
        would not fit."""
        if not count:
            return []
        width = self.step * (count - 1)
        room = self.rect.width - self.tile_side * 1.1
        step = self.step * min(1.0, room / width) if width else 0.0
        x = self.rect.centerx - step * (count - 1) / 2
        return [(x + index * step, self.row_y) for index in range(count)]


@dataclass
class TableLayout:
    """Every rect of the table screen for one window size and number of seats."""

    size: tuple[int, int]
    seats: list[SeatBox]
    figure: pygame.Rect
    status: pygame.Rect
    buttons: pygame.Rect
    stock: pygame.Rect
    tray: SeatBox | None = None
    """The rack under the figure where the human with the mouse holds their tiles large
    (None at a table of computers only)."""

    @classmethod
    def build(cls, size: tuple[int, int], players: int, ui: Ui, tray: bool = True) -> TableLayout:
        width, height = size
        margin, gap = ui.px(14), ui.px(10)
        column_w = min(ui.px(300), round(width * 0.25))
        left_count = math.ceil(players / 2)
        right_count = players - left_count
        rows = max(left_count, 2)
        panel_h = min(ui.px(170), (height - 2 * margin - (rows - 1) * gap) // rows)
        seats: list[SeatBox] = []
        for count, x, downwards in (
            (left_count, margin, True),
            (right_count, width - margin - column_w, False),
        ):
            column_h = count * panel_h + (count - 1) * gap
            top = (height - column_h) // 2
            order = range(count) if downwards else range(count - 1, -1, -1)
            for row in order:
                rect = pygame.Rect(x, top + row * (panel_h + gap), column_w, panel_h)
                seats.append(cls._seat_box(len(seats), rect, ui))
        middle_left = margin + column_w + gap
        middle_w = width - 2 * middle_left
        status = pygame.Rect(middle_left, margin, middle_w, ui.px(44))
        buttons = pygame.Rect(middle_left, height - margin - ui.px(46), middle_w, ui.px(46))
        figure = pygame.Rect(
            middle_left, status.bottom + gap, middle_w, buttons.top - status.bottom - 2 * gap
        )
        rack = None
        if tray:
            tray_h = max(ui.px(126), min(ui.px(140), round(figure.height * 0.2)))
            rect = pygame.Rect(figure.x, figure.bottom - tray_h, figure.width, tray_h)
            figure.height -= tray_h + gap
            rack = cls._tray_box(rect, ui)
        stock = pygame.Rect(0, 0, ui.px(64), ui.px(64))
        stock.topright = (figure.right - ui.px(6), figure.top + ui.px(4))
        return cls(size, seats, figure, status, buttons, stock, rack)

    @staticmethod
    def _tray_box(rect: pygame.Rect, ui: Ui) -> SeatBox:
        """The tray's rack: the name of the hand's owner in its top-left corner, and below
        it one row of tiles as tall as the tray allows (a tile pointing down would
        otherwise cover the name)."""
        label_h = max(ui.px(20), ui.font(TRAY_LABEL_SIZE, "bold").get_height())
        label = pygame.Rect(rect.x + ui.px(14), rect.y + ui.px(6), rect.width // 3, label_h)
        top = label.bottom + ui.px(2)
        room = rect.bottom - ui.px(6) - top
        spread = (HAND_SIZE + 1) / 2 + 0.08 * (HAND_SIZE - 1)
        side = int(min(room / ROW_HEIGHT, (rect.width - ui.px(24)) / spread))
        step = side / 2 + side * 0.08
        return SeatBox(-1, rect, label, side, step, top + room / 2)

    @staticmethod
    def _seat_box(seat: int, rect: pygame.Rect, ui: Ui) -> SeatBox:
        pad = ui.px(10)
        # the name and score, and two lines of details (a small window's words are not as
        # small as the rest)
        words_h = ui.font(26, "bold").get_height() + 2 * ui.font(14).get_linesize()
        header = pygame.Rect(
            rect.x + pad, rect.y + ui.px(6), rect.width - 2 * pad, max(ui.px(50), words_h)
        )
        rack_h = rect.bottom - header.bottom - pad
        rack_w = rect.width - 2 * pad
        # Five alternating tiles span three sides plus four gaps of 8% of a side.
        spread = (HAND_SIZE + 1) / 2 + 0.08 * (HAND_SIZE - 1)
        side = int(min(rack_w / spread, rack_h / ROW_HEIGHT / 1.05))
        step = side / 2 + side * 0.08
        row_y = header.bottom + rack_h / 2 + ui.px(2)
        return SeatBox(seat, rect, header, side, step, row_y)
