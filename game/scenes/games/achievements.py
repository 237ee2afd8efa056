"""Achievements: every achievement as a card with its picture, the earned ones with the
day they were earned, those still to earn greyed with how close the player has come
("3 of 7"). A tab of the "your games" frame; the cards scroll by rows with the wheel,
the scroll bar, the arrow keys, Page Up / Page Down and Home / End.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Final

import pygame

from game.i18n import _, format_date, format_number
from game.persist.achievement_list import ACHIEVEMENTS, Achievement
from game.persist.achievements import Progress, load_achievements
from game.scenes.games.frame import GamesScene, scrolled_top
from game.scenes.requests import Screen
from game.ui.achievements.art import AchievementArt
from game.ui.achievements.cards import Words, card_height, draw_card, picture_side
from game.ui.painting import blit_text
from game.ui.theme import PALETTE
from game.ui.widgets.scrollbar import ScrollBar

if TYPE_CHECKING:
    from game.scenes.base import Services

CARD_WIDTH: Final = 390
"""The narrowest a card is laid out (design pixels): the columns are as many as fit."""
GAP: Final = 12


def progress_words(achievement: Achievement, progress: Progress) -> str:
    """When it was earned, else how close the player has come."""
    if progress.earned is not None:
        day = datetime.date.fromisoformat(progress.earned)
        return _("Earned {date}").format(date=format_date(day))
    if achievement.goal > 1:
        return _("{count} of {goal}").format(
            count=format_number(min(progress.count, achievement.goal)),
            goal=format_number(achievement.goal),
        )
    return _("Not earned yet")


def card_words(achievement: Achievement, progress: Progress) -> list[Words]:
    """A card's words: the name, what it asks (on up to two lines), and when it was
    earned or how close the player has come."""
    earned = progress.earned is not None
    status_colour = PALETTE.gold if earned else PALETTE.text
    if not earned and achievement.goal == 1:  # "Not earned yet"
        status_colour = PALETTE.text_dim
    return [
        Words(_(achievement.name), 18, PALETTE.ivory if earned else PALETTE.text, "bold"),
        Words(_(achievement.description), 15, PALETTE.text_dim, lines=2),
        Words(progress_words(achievement, progress), 15, status_colour),
    ]


class AchievementsScene(GamesScene):
    """The cards in rows, the number earned above them."""

    tab = Screen.ACHIEVEMENTS

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.kept: dict[str, Progress] = {}
        self.pictures = AchievementArt(services.art)
        self.scrollbar = ScrollBar(self.scroll_to)
        self.top = 0
        """The first row of cards shown."""
        self.columns = 1
        self.shown_rows = 1
        self.grid = pygame.Rect(0, 0, 0, 0)
        self.card_size = (0, 0)

    def enter(self) -> None:
        self.kept = load_achievements(self.services.storage)
        for text in self.services.storage.take_notices():
            self.services.notify(text)
        super().enter()
        self.form.focus(self.back)

    def progress(self, achievement: Achievement) -> Progress:
        return self.kept.get(achievement.key, Progress())

    @property
    def rows(self) -> int:
        return -(-len(ACHIEVEMENTS) // self.columns)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        ui = self.services.ui
        gap = ui.px(GAP)
        top = self.body.y + ui.px(40)
        bar_w = ui.px(14)
        self.grid = pygame.Rect(
            self.body.x, top, self.body.width - bar_w - gap, self.body.bottom - top
        )
        self.columns = max(1, (self.grid.width + gap) // (ui.px(CARD_WIDTH) + gap))
        height = card_height(ui, card_words(ACHIEVEMENTS[0], Progress()))
        width = (self.grid.width + gap) // self.columns - gap
        self.card_size = (width, height)
        self.shown_rows = max(1, (self.grid.height + gap) // (height + gap))
        self.scrollbar.rect = pygame.Rect(self.grid.right + gap, top, bar_w, self.grid.height)
        self.scroll_to(self.top)

    def scroll_to(self, top: int) -> None:
        """Show the rows from `top` on (as far as there are rows to show)."""
        self.top = max(0, min(top, self.rows - self.shown_rows))
        self.scrollbar.set_range(self.rows, self.shown_rows, self.top)

    def handle_event(self, event: pygame.Event) -> bool:
        top = scrolled_top(event, self.top, self.shown_rows, self.rows)
        if top is not None:
            self.scroll_to(top)
            return True
        return self.scrollbar.handle_mouse(event) or self.form.handle_event(event)

    def card_rect(self, index: int) -> pygame.Rect | None:
        """Where card `index` is drawn (None when its row is scrolled out of view)."""
        row, column = divmod(index, self.columns)
        if not self.top <= row < self.top + self.shown_rows:
            return None
        gap = self.services.ui.px(GAP)
        width, height = self.card_size
        return pygame.Rect(
            self.grid.x + column * (width + gap),
            self.grid.y + (row - self.top) * (height + gap),
            width,
            height,
        )

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.services.ui
        earned = sum(self.progress(a).earned is not None for a in ACHIEVEMENTS)
        summary = _("{count} of {total} earned").format(count=earned, total=len(ACHIEVEMENTS))
        blit_text(
            surface,
            ui.text(summary, 20, PALETTE.gold, "bold"),
            (self.body.x, self.body.y + ui.px(4)),
            "topleft",
        )
        for index, achievement in enumerate(ACHIEVEMENTS):
            box = self.card_rect(index)
            if box is not None:
                self._draw_card(surface, achievement, box)
        self.scrollbar.draw(surface, ui)

    def _draw_card(
        self, surface: pygame.Surface, achievement: Achievement, box: pygame.Rect
    ) -> None:
        ui = self.services.ui
        progress = self.progress(achievement)
        earned = progress.earned is not None
        side = picture_side(ui, box.height)
        picture = self.pictures.picture_in_time(achievement, side, earned, self.services.frames)
        placed = draw_card(
            surface,
            ui,
            picture,
            side,
            box,
            card_words(achievement, progress),
            border=PALETTE.gold_dark if earned else PALETTE.panel_edge,
            alpha=225 if earned else 150,
        )
        if earned or achievement.goal == 1:
            return
        status = placed[-1]  # a bar beside "3 of 7": how close
        bar = pygame.Rect(
            status.right + ui.px(10),
            status.centery - ui.px(3),
            box.right - ui.px(12) - status.right - ui.px(10),
            ui.px(6),
        )
        if bar.width < ui.px(20):
            return
        share = min(1.0, progress.count / achievement.goal)
        pygame.draw.rect(surface, (10, 30, 20), bar, border_radius=bar.height // 2)
        filled = bar.copy()
        filled.width = round(bar.width * share)
        if filled.width:
            pygame.draw.rect(surface, PALETTE.gold_dark, filled, border_radius=bar.height // 2)
