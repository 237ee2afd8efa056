"""Earned achievements announced: with a chime, a card with the achievement's picture, name
and what it asked slides in from the window's side over whatever screen is up, stays a
few seconds and slides out; achievements earned together come one after another. A card takes no
input and stops nothing. It keeps to a side third of the window, never over the middle
where the figure is, and rests only on bare felt: over none of the screen's buttons,
what the screen keeps clear, panels, words or tiles. A screen with no such place keeps
the card waiting, its seconds not begun, until one has (the screen changes, or the
next screen)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import pygame

from game.i18n import _
from game.persist.achievement_list import BY_KEY, Achievement
from game.ui.achievements.art import AchievementArt
from game.ui.achievements.cards import Words, card_height, draw_card, picture_side, words_room
from game.ui.painting import Ui, alike
from game.ui.sound import SoundPlayer
from game.ui.theme import PALETTE
from game.ui.tiles.art import TileArt

SHOWN_S: Final = 4.5
"""How long a card stays, its slides in and out included."""
SLIDE_S: Final = 0.4
WIDTH: Final = 420
"""A card's width (design pixels, a third of the design window at most); its height is
its words'."""
MARGIN: Final = 16
PLACES: Final = 8
"""The heights tried down each side of the window."""
FELT_NOISE: Final = 3
"""How far (each of red, green, blue) a pixel may stray from the felt and be bare."""


@dataclass
class Toast:
    achievement: Achievement
    start: float | None = None
    """Game time at which it began to slide in (None: it waits for a place)."""
    place: pygame.Rect | None = None
    """Where it rests, chosen when it is first drawn, and again when the screen under it
    or the card changes (`under`: the window's size, the card's shape, as its words'
    size and language make it, and what the screen keeps clear then)."""
    under: tuple[tuple[int, int], tuple[int, int, int], list[pygame.Rect]] | None = None


class AchievementToasts:
    """The achievement being announced, and those waiting their turn."""

    def __init__(self, art: TileArt, sound: SoundPlayer) -> None:
        self.pictures = AchievementArt(art)
        self.sound = sound
        self.shown: Toast | None = None
        self.waiting: list[Achievement] = []

    def announce(self, keys: list[str], now: float) -> None:
        """Announce the achievements of `keys` after those before them, with a chime
        (once each frame: the card on screen goes once its time is over)."""
        earned = [BY_KEY[key] for key in keys if key in BY_KEY]
        if earned:
            self.waiting.extend(earned)
            self.sound.play("achievement")
        self._expire(now)

    def _expire(self, now: float) -> None:
        """Drop the card that has slid out; bring on the next."""
        start = self.shown.start if self.shown is not None else None
        if start is not None and now >= start + SHOWN_S:
            self.shown = None
        if self.shown is None and self.waiting:
            self.shown = Toast(self.waiting.pop(0))

    @property
    def on_screen(self) -> bool:
        """Whether a card is up, sliding, or yet to look for a place: frames are wanted
        until it has gone. A card that found no place wants none: each frame drawn
        (the screen changed) looks again."""
        toast = self.shown
        return toast is not None and (toast.start is not None or toast.under is None)

    def draw(
        self,
        surface: pygame.Surface,
        felt: pygame.Surface,
        ui: Ui,
        avoid: list[pygame.Rect],
        now: float,
    ) -> None:
        """Draw the card over the screen drawn on `surface` (`felt`: its bare table), once
        it has a place there (a card that loses its place waits again)."""
        toast = self.shown
        if toast is None:
            return
        size, shape = surface.get_size(), card_shape(ui, toast.achievement)
        if toast.start is None or toast.under != (size, shape, avoid):
            toast.place = self.place(surface, felt, ui, avoid)
            toast.under = (size, shape, [rect.copy() for rect in avoid])
            if toast.place is None:
                toast.start = None
            elif toast.start is None:
                toast.start = now
        if toast.place is None or toast.start is None:
            return
        box = toast.place.copy()
        hidden = 1.0 - _slid(now - toast.start)
        if box.centerx < size[0] // 2:
            box.x -= round(box.right * hidden)
        else:
            box.x += round((size[0] - box.x) * hidden)
        achievement, side = toast.achievement, shape[2]
        picture = self.pictures.picture(achievement, side, True)
        words = toast_words(achievement)
        draw_card(surface, ui, picture, side, box, words, border=PALETTE.gold, alpha=240)

    def place(
        self, screen: pygame.Surface, felt: pygame.Surface, ui: Ui, avoid: list[pygame.Rect]
    ) -> pygame.Rect | None:
        """Where the card is to rest on `screen`: the first place down the right side,
        then the left, that covers none of `avoid` and shows only bare felt (None:
        there is no such place)."""
        assert self.shown is not None
        width, height, _side = card_shape(ui, self.shown.achievement)
        size, margin = screen.get_size(), ui.px(MARGIN)
        lowest = max(margin, size[1] - margin - height)
        heights = [margin + (lowest - margin) * step // (PLACES - 1) for step in range(PLACES)]
        places = [
            pygame.Rect(x, y, width, height).clip(screen.get_rect())
            for x in (size[0] - margin - width, margin)
            for y in heights
        ]
        return next(
            (
                place
                for place in places
                if place.collidelist(avoid) < 0 and _bare(screen, felt, place)
            ),
            None,
        )


def toast_words(achievement: Achievement, lines: int = 3) -> list[Words]:
    """An announcement card's words: that it was earned, the achievement's name, what it
    asked (on up to `lines` lines)."""
    return [
        Words(_("Achievement earned"), 15, PALETTE.gold, "bold"),
        Words(_(achievement.name), 19, PALETTE.ivory, "bold"),
        Words(_(achievement.description), 16, PALETTE.text_dim, lines=lines),
    ]


def card_shape(ui: Ui, achievement: Achievement) -> tuple[int, int, int]:
    """A card's width, height and picture side: as tall as its words with two lines of
    what it asked, taller when those take three (the smallest windows' words)."""
    width = ui.px(WIDTH)
    height = card_height(ui, toast_words(achievement, lines=2))
    side = picture_side(ui, height)
    room = words_room(ui, width, side)
    return width, max(height, card_height(ui, toast_words(achievement), room)), side


def _slid(elapsed: float) -> float:
    """How far in a card is (0 out of view, 1 in place) `elapsed` seconds after it came:
    easing in, resting, easing out."""
    entering = min(1.0, max(0.0, elapsed / SLIDE_S))
    leaving = min(1.0, max(0.0, (SHOWN_S - elapsed) / SLIDE_S))
    return 1 - (1 - min(entering, leaving)) ** 3


def _bare(screen: pygame.Surface, felt: pygame.Surface, place: pygame.Rect) -> bool:
    """Whether `place` of the screen shows only the bare felt: its middle row first,
    where most places that are not show it (a screen with none is looked over again
    every frame), then the whole."""
    if place.width <= 0 or place.height <= 0 or not felt.get_rect().contains(place):
        return False
    middle = pygame.Rect(place.x, place.centery, place.width, 1)
    return all(
        alike(screen.subsurface(area), felt.subsurface(area), FELT_NOISE).count()
        == area.width * area.height
        for area in (middle, place)
    )
