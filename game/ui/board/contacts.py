"""The contact animator: what a placement's contacts look like when they happen.

Shared by the table, the solitaires and the replay viewer. Given a move's result (the
rules' `MoveResult`), it lights each counting contact's edge in its colour with its sum
rising from it ("8 + 2 = 10"), gives an opportunity play its ring and its moment, and
floats -10 over tiles left in hand at the end of a hand. Scores shown on screen count up
to their new value in a `ScoreCounter`. Every duration is scaled by the animation speed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import pygame

from game.i18n import _
from game.rules.contacts import Contact
from game.rules.lattice import Cell
from game.rules.results import MoveResult
from game.ui.board.board import Board
from game.ui.layout import Point
from game.ui.painting import Ui
from game.ui.theme import PALETTE, Colour
from game.ui.tween import FloatingText, FloatingTexts, swept_box

CONTACT_STAGGER_S: Final = 0.22
"""Time between two contacts of one placement lighting up."""


@dataclass
class EdgeFlash:
    """A shared edge lit up for a counting contact."""

    cell: Cell
    side: int
    colour: Colour
    delay: float
    life: float
    elapsed: float = 0.0


@dataclass
class Burst:
    """An expanding ring: the big moment of an opportunity play."""

    cell: Cell
    delay: float
    life: float
    elapsed: float = 0.0


def kept_within(centre: Point, size: tuple[int, int], rise: float, area: pygame.Rect) -> Point:
    """Where a label of `size` centred on `centre` and rising `rise` pixels stays inside
    `area` (centred on it where the label is the larger)."""
    width, height = size
    x = min(max(centre[0], area.left + width / 2), area.right - width / 2)
    y = min(max(centre[1], area.top + rise + height / 2), area.bottom - height / 2)
    if width > area.width:
        x = area.centerx
    if rise + height > area.height:
        y = area.centery
    return x, y


class ContactAnimator:
    """Edge flashes, rising sums, opportunity rings and floating labels over a board."""

    def __init__(self, ui: Ui, board: Board, edge_colours: Sequence[Colour]) -> None:
        self.ui = ui
        self.board = board
        self.edge_colours = edge_colours
        self.flashes: list[EdgeFlash] = []
        self.bursts: list[Burst] = []
        self.floats = FloatingTexts()
        self.floats_layout = board.layouts
        """The board's layout the floating labels were placed in and sized for: a new
        one (a new window or text size) lets them go, as a tile in flight lands."""
        self.factor = 1.0
        self.scored = True
        """False where nothing is scored (the solitaires): edges light, no numbers."""

    def set_factor(self, factor: float) -> None:
        """The animation speed's duration factor (0: instant, nothing shown)."""
        self.factor = self.floats.factor = factor

    def placed(self, result: MoveResult) -> float:
        """Celebrate a placement that has landed; returns when its last label shows (s)."""
        counting = [c for c in result.contacts if c.points > 0]
        for index, contact in enumerate(counting):
            self._flash(contact, CONTACT_STAGGER_S * index)
        last = CONTACT_STAGGER_S * len(counting)
        if len(result.contacts) >= 2:
            cell = result.move.cell
            self.bursts.append(Burst(cell, 0.0, 1.0 * self.factor))
            x, y = self.board.view.cell_centre(cell)
            label = (
                _("Opportunity play! +{points}").format(points=result.points)
                if result.points and self.scored
                else _("Opportunity play!")
            )
            self.show_label(
                label,
                (x, y - self.ui.px(30)),
                34,
                PALETTE.gold,
                delay=last,
                duration=1.8,
                rise=self.ui.px(70),
                within=self.board.area,
            )
        return last

    def _flash(self, contact: Contact, delay: float) -> None:
        colour = self.edge_colours[contact.colour]
        self.flashes.append(
            EdgeFlash(contact.cell, contact.side, colour, delay * self.factor, 1.1 * self.factor)
        )
        if not self.scored:
            return
        words = f"{contact.value} + {contact.other_value} = {contact.points}"
        self.show_label(
            words,
            self._beside(contact),
            22,
            PALETTE.ivory,
            delay=delay,
            outline=colour,
            rise=self.ui.px(14),
            within=self.board.area,
        )

    def _beside(self, contact: Contact) -> Point:
        """Where a contact's sum goes: out past the touched tile's far corner, so that it
        leaves the two values it adds up in view."""
        view = self.board.view
        mx, my = view.side_midpoint(contact.cell, contact.side)
        cx, cy = view.cell_centre(contact.cell)
        dx, dy = mx - cx, my - cy
        length = math.hypot(dx, dy) or 1.0
        reach = view.side * 0.78
        return mx + dx / length * reach, my + dy / length * reach

    def show_label(
        self,
        text: str,
        at: Point,
        size: int,
        colour: Colour,
        delay: float = 0.0,
        duration: float = 1.3,
        rise: float | None = None,
        outline: Colour | None = None,
        within: pygame.Rect | None = None,
    ) -> None:
        """A label that rises and fades (its own surface: fading it leaves the text cache
        alone), kept `within` an area all the way up when one is given (a sum by a tile
        at the board's edge stays on the board, off the seats' panels)."""
        self._forget_other_layouts()
        ui = self.ui
        label = ui.text(text, size, colour, "bold")
        shade = ui.text(text, size, outline or (10, 20, 14), "bold")
        pad = ui.px(3)
        surface = pygame.Surface(
            (label.get_width() + 2 * pad, label.get_height() + 2 * pad), pygame.SRCALPHA
        )
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (1, 1)):
            surface.blit(shade, (pad + dx * pad // 2 + dx, pad + dy * pad // 2 + dy))
        surface.blit(label, (pad, pad))
        rise = rise if rise is not None else ui.px(48)
        if within is not None:
            at = kept_within(at, surface.get_size(), rise, within)
        if self.factor > 0:
            at, rise, delay = self._clear_of_others(
                at, surface.get_size(), rise, (delay, duration), within
            )
        self.floats.add(FloatingText(surface, at, rise, duration, delay))

    def _clear_of_others(
        self,
        at: Point,
        size: tuple[int, int],
        rise: float,
        timing: tuple[float, float],
        within: pygame.Rect | None,
    ) -> tuple[Point, float, float]:
        """Where, how far up and after what delay a label wanted at `at` (shown after
        `timing`: its delay, for its duration) crosses none of the labels shown
        meanwhile: at `at`, else the nearest place just above or below one of theirs
        (`within`), rising as far or, with no room for that, not at all; with no room
        either way, once they are gone."""
        delay, duration = timing
        start, end = delay * self.factor, (delay + duration) * self.factor
        meanwhile = [item for item in self.floats.items if item.shown()[0] < end]
        taken = [item.path() for item in meanwhile if start < item.shown()[1]]
        for lift in (rise, 0.0):
            place = self._free_place(at, size, lift, taken, within)
            if place is not None:
                return place, lift, delay
        gone = max(item.shown()[1] for item in meanwhile) / self.factor
        return at, rise, gone

    def _free_place(
        self,
        at: Point,
        size: tuple[int, int],
        rise: float,
        taken: list[pygame.Rect],
        within: pygame.Rect | None,
    ) -> Point | None:
        """The place nearest `at` (`at` itself, or just above or below one of `taken`,
        kept `within`) where a label of `size` rising `rise` crosses none of `taken`."""
        gap, height = self.ui.px(4), size[1]
        places = [at]
        for box in taken:
            places += [
                (at[0], box.bottom + gap + rise + height / 2),
                (at[0], box.top - gap - height / 2),
            ]
        if within is not None:
            places = [kept_within(place, size, rise, within) for place in places]
        clear = [p for p in places if swept_box(p, size, rise).collidelist(taken) < 0]
        return min(clear, key=lambda place: abs(place[1] - at[1]), default=None)

    def penalty(self, at: Point, delay: float) -> None:
        """A tile left in hand costs its -10."""
        self.show_label("-10", at, 26, PALETTE.penalty, delay=delay, rise=self.ui.px(24))

    @property
    def busy(self) -> bool:
        return bool(self.flashes or self.bursts or self.floats.items)

    def clear(self) -> None:
        self.flashes.clear()
        self.bursts.clear()
        self.floats.items.clear()

    def update(self, dt: float) -> None:
        for flash in self.flashes:
            flash.elapsed += dt
        for burst in self.bursts:
            burst.elapsed += dt
        self.flashes = [f for f in self.flashes if f.elapsed < f.delay + f.life]
        self.bursts = [b for b in self.bursts if b.elapsed < b.delay + b.life]
        self._forget_other_layouts()
        self.floats.update(dt)

    def _forget_other_layouts(self) -> None:
        """Let the floating labels of an older layout of the board go."""
        if self.floats_layout != self.board.layouts:
            self.floats.items.clear()
            self.floats_layout = self.board.layouts

    def draw_effects(self, surface: pygame.Surface) -> None:
        """The lit edges and rings (under the floating labels), inside the board."""
        with self.board.marks.clipped(surface):
            self._draw_effects(surface)

    def _draw_effects(self, surface: pygame.Surface) -> None:
        view = self.board.view
        for flash in self.flashes:
            t = (flash.elapsed - flash.delay) / flash.life if flash.life else 1.0
            if t < 0 or t >= 1:
                continue
            a, b = self.board.edge(flash.cell, flash.side)
            width = max(2, round(view.side * 0.11 * (1 - t * 0.6)))
            pygame.draw.line(surface, (255, 255, 255), a, b, width + self.ui.px(4))
            pygame.draw.line(surface, flash.colour, a, b, width)
        for burst in self.bursts:
            t = (burst.elapsed - burst.delay) / burst.life if burst.life else 1.0
            if 0 <= t < 1:
                x, y = view.cell_centre(burst.cell)
                radius = view.side * (0.4 + 1.6 * t)
                width = max(1, round(self.ui.px(8) * (1 - t)))
                pygame.draw.circle(surface, PALETTE.gold, (x, y), radius, width)

    def draw_labels(self, surface: pygame.Surface, alpha: float) -> None:
        """The floating labels, unless the board was laid out again since they were
        placed (the next update lets them go)."""
        if self.floats_layout == self.board.layouts:
            self.floats.draw(surface, alpha)


class ScoreCounter:
    """Scores on screen that count up (or down) to their new values after a delay."""

    def __init__(self, scores: Sequence[int]) -> None:
        self.shown = [float(score) for score in scores]
        self.delay = 0.0
        self.factor = 1.0

    def sync(self, scores: Sequence[int]) -> None:
        """Show every score as it stands, with no counting."""
        self.shown = [float(score) for score in scores]

    def wait(self, seconds: float) -> None:
        """Start counting only after `seconds` (scaled by the speed)."""
        self.delay = seconds * self.factor

    def counting(self, targets: Sequence[int]) -> bool:
        """Whether a score shown is still on its way to its target."""
        return any(shown != target for shown, target in zip(self.shown, targets, strict=False))

    def update(self, dt: float, targets: Sequence[int]) -> None:
        if self.delay > 0:
            self.delay -= dt
            return
        for seat, target in enumerate(targets):
            shown = self.shown[seat]
            if self.factor <= 0 or abs(target - shown) < 0.5:
                self.shown[seat] = float(target)
                continue
            speed = max(20.0, abs(target - shown) * 3.0) / self.factor
            step = min(abs(target - shown), speed * dt)
            self.shown[seat] = shown + step * (1 if target > shown else -1)
