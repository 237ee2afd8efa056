"""One-line notices at the bottom of the window: each shown for a few seconds, at most
three at once, newest lowest, never over a button or what the screen keeps clear."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

import pygame

from game.persist.files import Notice
from game.rules.seeds_names import cut_text
from game.ui.painting import Ui, blit_lines, lines_rect
from game.ui.words import notice_words

NOTICE_SECONDS: Final = 5.0
SHOWN: Final = 3
LONGEST: Final = 300
"""The most characters a notice shows: longer words (a server's, a file's) are cut before
they are measured, so that no notice can hold up a frame."""


@dataclass(frozen=True)
class Shown:
    text: str
    until: float
    """Game time at which it goes."""
    frame: int
    """The frame it was posted in."""


class Notices:
    """The notices on screen, in the order they came."""

    def __init__(self) -> None:
        self.shown: list[Shown] = []

    def add(self, text: str | Notice, now: float, frame: int) -> None:
        """Show `text` (a notice from the files in the player's language) from `now`."""
        words = cut_text(notice_words(text), LONGEST)
        self.shown.append(Shown(words, now + NOTICE_SECONDS, frame))

    @property
    def texts(self) -> list[str]:
        return [notice.text for notice in self.shown]

    def keep_only_from(self, frame: int) -> None:
        """The screen changes: notices posted before `frame` go with the old screen."""
        self.shown = [notice for notice in self.shown if notice.frame == frame]

    def expire(self, now: float) -> bool:
        """Take away the notices whose time is up; True when one went."""
        kept = [notice for notice in self.shown if notice.until > now]
        went, self.shown = len(kept) != len(self.shown), kept
        return went

    def still_for(self, now: float) -> float:
        """Seconds until the next notice goes (`math.inf`: none is shown)."""
        return min((notice.until - now for notice in self.shown), default=math.inf)

    def boxes(
        self, ui: Ui, size: tuple[int, int], avoid: list[pygame.Rect]
    ) -> list[tuple[list[pygame.Surface], pygame.Rect]]:
        """The notices to draw in a window of `size`, each its lines and its box: at the
        bottom, newest lowest, moved above any rectangle of `avoid` it would cover."""
        y = size[1] - ui.px(24)
        boxes = []
        for notice in reversed(self.shown[-SHOWN:]):
            lines, text_size = ui.fitted(notice.text, 17, size[0] - ui.px(80))
            images = [ui.text(line, text_size) for line in lines]
            box = lines_rect(images)
            box.midbottom = (size[0] // 2, y)
            box.inflate_ip(ui.px(28), ui.px(12))
            for _area in avoid:  # above whatever it would cover
                covered = [rect for rect in avoid if rect.colliderect(box)]
                if not covered:
                    break
                box.bottom = min(rect.top for rect in covered) - ui.px(8)
            boxes.append((images, box))
            y = box.top - ui.px(8)
        return boxes

    def draw(self, surface: pygame.Surface, ui: Ui, avoid: list[pygame.Rect]) -> None:
        for images, box in self.boxes(ui, surface.get_size(), avoid):
            pygame.draw.rect(surface, (12, 20, 16), box, border_radius=box.height // 2)
            pygame.draw.rect(surface, (214, 170, 80), box, 1, border_radius=box.height // 2)
            blit_lines(surface, images, box.center)
