"""Widgets that work by mouse and keyboard: button, toggle, choice, slider, text field,
and a scroll bar for lists that do not fit.

Scenes lay widgets out (set `rect`) on resize and pass events to a `Form`, which moves
the focus with Tab / Shift+Tab and Up / Down, sends Left / Right to the focused widget
and activates it with Enter or Space. They draw with `game.ui.painting`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, Final, Generic, TypeVar

import pygame

from game.i18n import _, format_percent, in_every_language
from game.ui.painting import Ui, blit_lines, blit_text, raised_box, rounded_box
from game.ui.text import shrunk_text, text_width
from game.ui.theme import PALETTE, Colour

T = TypeVar("T")

LABEL: Final = "label"
"""A labelled row's label, or a button's (the roles widgets draw words in)."""
VALUE: Final = "value"
"""A choice's value."""
ROW_SIZE: Final = 20
"""The design size of a row's label and a choice's value where they have the room."""
BUTTON_SIZE: Final = 22
"""The design size a button's label is drawn at where it has the room."""
SHADOW: Final = (6, 24, 16)
"""The colour of a button's shadow."""


class SizeGroup:
    """Widgets whose words of each role are drawn at one size (a row of buttons, a
    column of choices): the largest at which every member shows its words whole, in
    every language and, for a choice, every value, so that one row or column never
    mixes sizes and a change of language or value never changes them."""

    def __init__(self, widgets: Sequence[Widget]) -> None:
        self.widgets = list(widgets)
        self._sizes: dict[str, tuple[object, float]] = {}
        """Each role's size, with what it was worked out from."""

    def size(self, ui: Ui, role: str) -> float:
        """The size of the words of `role`: worked out again only when the `Ui`'s look
        or a member's words or room changed (each member draws it every frame)."""
        basis = (ui.look(), tuple(widget.words_basis() for widget in self.widgets))
        known = self._sizes.get(role)
        if known is None or known[0] != basis:
            size = min(widget.words_size(ui, role) for widget in self.widgets)
            known = self._sizes[role] = (basis, size)
        return known[1]


def same_size(widgets: Sequence[Widget]) -> None:
    """Draw the words of `widgets` at one size per role (see `SizeGroup`)."""
    group = SizeGroup(widgets)
    for widget in widgets:
        widget.sizes = group


class Widget:
    """Base widget: a rect, focus and hover, mouse handling and keyboard hooks."""

    focusable = True
    takes_text = False
    """True for a widget typed into: Enter moves on from it instead of activating it."""

    def __init__(self, label: str = "") -> None:
        self.label = label
        """The label's message, in English: the widget translates it as it draws, so a
        change of language shows at once (mark literal labels with `N_`)."""
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.focused = False
        self.hovered = False
        self.enabled = True
        self.visible = True
        self.ui: Ui | None = None
        """The interface scale, for hit-testing; set when a `Form` takes the widget."""
        self.sizes = SizeGroup([self])
        """The widgets whose words are drawn at the size of this one's (`same_size`)."""

    def handle_mouse(self, event: pygame.Event) -> bool:
        """React to a mouse event; True when used."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            self.click(event.pos)
            return True
        return False

    def click(self, pos: tuple[int, int]) -> None:
        self.activate()

    def activate(self) -> None:
        """Enter or Space on the focused widget."""

    def step(self, direction: int) -> bool:
        """Left (-1) or Right (+1) on the focused widget; True when used."""
        return False

    def handle_text(self, event: pygame.Event) -> bool:
        """Typed text and editing keys; only text fields use them."""
        return False

    def draw(self, surface: pygame.Surface, ui: Ui) -> None:
        raise NotImplementedError

    def words_size(self, ui: Ui, role: str) -> float:
        """The largest size at which this widget's words of `role` fit their room, in
        every language (`math.inf`: it has none)."""
        return math.inf

    def words_basis(self) -> tuple[object, ...]:
        """All that `words_size` depends on but the `Ui`: the rect and the label (and
        whatever other words a kind of widget shows), to compare with what it was."""
        return (*self.rect, self.label)


class Row(Widget):
    """A labelled row: its label on the left, its control on the right."""

    def _control_rect(self, ui: Ui) -> pygame.Rect:
        """The part of a labelled row that holds its control (on the right)."""
        if not self.label:
            return self.rect.inflate(-ui.px(12), 0)
        control = self.rect.copy()
        control.width = self._control_width(ui)
        control.right = self.rect.right - ui.px(12)
        return control

    def _control_width(self, ui: Ui) -> int:
        """The width of a labelled row's control: half the row."""
        return round(self.rect.width * 0.5)

    def words_size(self, ui: Ui, role: str) -> float:
        if role != LABEL or not self.label:
            return math.inf
        return ui.common_size(in_every_language(self.label), ROW_SIZE, self._label_room(ui))

    def _label_room(self, ui: Ui) -> int:
        """The pixels a labelled row's label has: the row up to its control."""
        return self._control_rect(ui).x - self.rect.x - ui.px(24)

    def _draw_row(self, surface: pygame.Surface, ui: Ui) -> pygame.Rect:
        """Row background and label (at its group's size); returns the rect left for
        the control."""
        colour = PALETTE.button_hover if (self.focused or self.hovered) else PALETTE.button
        surface.blit(
            rounded_box(
                self.rect.size,
                ui.px(10),
                (*colour, 170),
                PALETTE.gold if self.focused else None,
                max(1, ui.px(2)),
            ),
            self.rect,
        )
        control = self._control_rect(ui)
        if self.label:
            text_colour = PALETTE.text if self.enabled else PALETTE.text_dim
            size = self.sizes.size(ui, LABEL)
            label = shrunk_text(ui, _(self.label), size, self._label_room(ui), text_colour)
            blit_text(surface, label, (self.rect.x + ui.px(16), self.rect.centery), "midleft")
        return control


class Button(Widget):
    """A push button; `primary` ones are gold. A button whose label changes (a choice
    cycled by clicking) is given every label it `may_show`, and is sized for the longest,
    so that a change of label never moves or shrinks the buttons beside it."""

    def __init__(
        self,
        label: str,
        on_click: Callable[[], None],
        primary: bool = False,
        may_show: Sequence[str] = (),
    ) -> None:
        super().__init__(label)
        self.on_click = on_click
        self.primary = primary
        self.may_show = tuple(may_show)

    def activate(self) -> None:
        if self.enabled:
            self.on_click()

    def least_width(self, ui: Ui, size: float | None = None, lines: int = 2) -> int:
        """The narrowest button that shows its label whole in every language at `size`
        (the smallest), on up to `lines` lines (two: a button as tall as two lines)."""
        font = ui.font(ui.smallest_size if size is None else size, "bold")

        def narrowest(words: list[str]) -> int:
            return min(
                max(text_width(font, " ".join(part)) for part in (words[:cut], words[cut:]))
                for cut in range(1 if lines > 1 else len(words), len(words) + 1)
            )

        return max(narrowest(words.split(" ")) for words in self._every_words()) + ui.px(14) + 2

    def _every_words(self) -> list[str]:
        """Its label now and each it may show, in every language (a label set after the
        button was made counts as it is now)."""
        labels = (self.label, *self.may_show)
        return [words for label in labels for words in in_every_language(label)]

    def _max_lines(self, ui: Ui) -> int:
        """Two lines in a button as tall as two, else one."""
        return 2 if self.rect.height >= ui.px(40) else 1

    def words_basis(self) -> tuple[object, ...]:
        return (*super().words_basis(), self.may_show)

    def words_size(self, ui: Ui, role: str) -> float:
        """The size at which the label fits in every language, in bold (the wider
        style): neither a change of language nor the pointer over it changes it."""
        if role != LABEL:
            return math.inf
        room, height, lines = self.rect.width - ui.px(14), self.rect.height, self._max_lines(ui)
        return min(
            ui.fitted(words, BUTTON_SIZE, room, lines, "bold", height)[1]
            for words in self._every_words()
        )

    @property
    def lit(self) -> bool:
        """Focused or under the pointer, and enabled."""
        return self.enabled and (self.focused or self.hovered)

    def colours(self) -> tuple[Colour, Colour, Colour]:
        """Its fill, edge and words as it stands (enabled or not, primary, lit)."""
        lit = self.lit
        edge = PALETTE.ivory if lit else (PALETTE.gold_dark if self.primary else PALETTE.panel_edge)
        if not self.enabled:
            return (34, 58, 46), edge, (120, 140, 124)
        if self.primary:
            return (PALETTE.gold if lit else (210, 166, 70)), edge, PALETTE.ink
        return (PALETTE.button_hover if lit else PALETTE.button), edge, PALETTE.text

    def draw(self, surface: pygame.Surface, ui: Ui) -> None:
        fill, edge, text_colour = self.colours()
        face = self.rect.copy()
        face.normalize()  # as pygame.draw.rect takes a rect of negative size
        look = raised_box(face.size, ui.px(12), fill, edge, max(1, ui.px(2)), SHADOW, ui.px(3))
        surface.blit(look, face)
        style = "bold" if self.primary or self.lit else "regular"
        size = round(self.sizes.size(ui, LABEL))
        room, height = self.rect.width - ui.px(14), self.rect.height
        lines, size = ui.fitted(_(self.label), size, room, self._max_lines(ui), style, height, size)
        blit_lines(
            surface,
            [ui.text(line, size, text_colour, style) for line in lines],
            self.rect.center,
            overlap=ui.px(2),
        )


class Toggle(Row):
    """An on/off switch with a label."""

    def __init__(self, label: str, value: bool, on_change: Callable[[bool], None]) -> None:
        super().__init__(label)
        self.value = value
        self.on_change = on_change

    def activate(self) -> None:
        if self.enabled:
            self.value = not self.value
            self.on_change(self.value)

    def step(self, direction: int) -> bool:
        if self.enabled and self.value != (direction > 0):
            self.activate()
        return True

    def least_width(self, ui: Ui, size: float | None = None) -> int:
        """The narrowest row that shows the label whole in every language at `size`
        (the smallest)."""
        size = ui.smallest_size if size is None else size
        return ui.widest([self.label], size) + ui.px(16 + 58 + 16 + 12)

    def _worded(self, ui: Ui) -> bool:
        """ "On"/"Off" beside the switch too, where the row has room."""
        return self.rect.width >= ui.px(300)

    def _label_room(self, ui: Ui) -> int:
        return self.rect.width - ui.px(16 + 58 + 16 + 12 + (50 if self._worded(ui) else 0))

    def draw(self, surface: pygame.Surface, ui: Ui) -> None:
        worded = self._worded(ui)
        control = self._draw_row(surface, ui)
        track = pygame.Rect(0, 0, ui.px(58), ui.px(28))
        track.midright = control.midright
        on = self.value and self.enabled
        pygame.draw.rect(
            surface, PALETTE.gold if on else (70, 90, 78), track, border_radius=track.height // 2
        )
        knob_x = track.right - track.height // 2 if self.value else track.x + track.height // 2
        pygame.draw.circle(surface, PALETTE.ivory, (knob_x, track.centery), track.height // 2 - 3)
        if worded:
            word = _("On") if self.value else _("Off")
            blit_text(
                surface,
                ui.text(word, 18, PALETTE.text_dim),
                (track.x - ui.px(12), track.centery),
                "midright",
            )


class Choice(Row, Generic[T]):
    """One value among several, cycled with the arrows (or by clicking them)."""

    def __init__(
        self, label: str, options: Sequence[tuple[T, str]], value: T, on_change: Callable[[T], None]
    ) -> None:
        super().__init__(label)
        self.options = list(options)
        self.index = next((i for i, (v, _) in enumerate(self.options) if v == value), 0)
        self.on_change = on_change

    @property
    def value(self) -> T:
        return self.options[self.index][0]

    def set_value(self, value: T) -> None:
        """Select `value` without calling `on_change`."""
        self.index = next((i for i, (v, _) in enumerate(self.options) if v == value), self.index)

    def step(self, direction: int) -> bool:
        if self.enabled:
            self.index = (self.index + direction) % len(self.options)
            self.on_change(self.value)
        return True

    def activate(self) -> None:
        self.step(1)

    @staticmethod
    def _arrows(control: pygame.Rect, ui: Ui) -> tuple[pygame.Rect, pygame.Rect]:
        """The back and forward arrows at the ends of the control."""
        arrow = ui.px(30)
        return (
            pygame.Rect(control.x, control.y, arrow, control.height),
            pygame.Rect(control.right - arrow, control.y, arrow, control.height),
        )

    def click(self, pos: tuple[int, int]) -> None:
        back = self.ui is not None and self._arrows(self._control_rect(self.ui), self.ui)[
            0
        ].collidepoint(pos)
        self.step(-1 if back else 1)

    def least_width(self, ui: Ui, size: float | None = None) -> int:
        """The narrowest row that shows the label and every value whole in every
        language, at `size` (the smallest: they shrink to it)."""
        size = ui.smallest_size if size is None else size
        values = ui.widest([label for _value, label in self.options], size, "bold")
        label = ui.widest([self.label], size) + ui.px(24) if self.label else 0
        return label + values + 2 * ui.px(30) + ui.px(12) + 2

    def _control_width(self, ui: Ui) -> int:
        """Half the row, or more or less where the widest value or the label (in any
        language) needs it and the other has room to spare: at their full size where
        both fit, else at their smallest."""
        labels = [label for _value, label in self.options]
        for size in (20, ui.smallest_size):
            least = ui.widest(labels, size, "bold") + 2 * ui.px(30)
            most = self.rect.width - ui.px(12) - ui.px(24) - ui.widest([self.label], size)
            if least <= most:
                return max(least, min(most, round(self.rect.width * 0.5)))
        return (least + most) // 2  # neither has all it needs: each gives up as much

    def value_colour(self) -> Colour:
        """The colour the value is drawn in."""
        return PALETTE.text if self.enabled else PALETTE.text_dim

    def words(self) -> str:
        """The value as the control shows it (each option's words are a message for
        the catalogue, translated here)."""
        return _(self.options[self.index][1])

    def every_value(self) -> list[str]:
        """The words of every value it may show, in every language."""
        return [words for _value, label in self.options for words in in_every_language(label)]

    def words_basis(self) -> tuple[object, ...]:
        return (*super().words_basis(), *self.options)

    def words_size(self, ui: Ui, role: str) -> float:
        if role != VALUE:
            return super().words_size(ui, role)
        room = self._control_rect(ui).width - 2 * ui.px(30)
        return ui.common_size(self.every_value(), ROW_SIZE, room, "bold")

    def draw(self, surface: pygame.Surface, ui: Ui) -> None:
        control = self._draw_row(surface, ui)
        arrow = ui.px(30)
        colour = PALETTE.gold if self.enabled else PALETTE.text_dim
        for rect, pointing in zip(self._arrows(control, ui), (-1, 1), strict=True):
            cx, cy, size = rect.centerx, rect.centery, ui.px(7)
            tip = (cx + pointing * size, cy)
            pygame.draw.polygon(
                surface,
                colour,
                [tip, (cx - pointing * size, cy - size), (cx - pointing * size, cy + size)],
            )
        room = control.width - 2 * arrow
        words_size = self.sizes.size(ui, VALUE)
        words = shrunk_text(ui, self.words(), words_size, room, self.value_colour(), "bold")
        blit_text(surface, words, control.center)


DIGIT_KEYS: Final = {
    **{pygame.K_0 + d: d for d in range(10)},
    **{getattr(pygame, f"K_KP{d}"): d for d in range(10)},
}


class Counter(Choice[int]):
    """A whole number from `lowest` to `highest`: the arrows step it by one, and digits
    typed while it has the focus set it (Backspace takes the last digit back)."""

    def __init__(
        self, label: str, value: int, lowest: int, highest: int, on_change: Callable[[int], None]
    ) -> None:
        super().__init__(label, [(value, str(value))], value, on_change)
        self.lowest, self.highest = lowest, highest
        self._typed = ""

    def set_value(self, value: int) -> None:
        value = max(self.lowest, min(self.highest, value))
        self.options, self.index = [(value, str(value))], 0

    def every_value(self) -> list[str]:
        return [str(self.lowest), str(self.highest)]

    def words_basis(self) -> tuple[object, ...]:
        return (*super().words_basis(), self.lowest, self.highest)

    def step(self, direction: int) -> bool:
        if self.enabled:
            self._typed = ""
            self._change(self.value + direction)
        return True

    def _change(self, value: int) -> None:
        value = max(self.lowest, min(self.highest, value))
        if value != self.value:
            self.set_value(value)
            self.on_change(value)

    def handle_text(self, event: pygame.Event) -> bool:
        if event.type != pygame.KEYDOWN or not self.enabled:
            return False
        if event.key in DIGIT_KEYS:
            self._typed = (self._typed + str(DIGIT_KEYS[event.key]))[-len(str(self.highest)) :]
        elif event.key == pygame.K_BACKSPACE and self._typed:
            self._typed = self._typed[:-1]
        else:
            return False
        if self._typed:
            self._change(int(self._typed))
        return True


class Slider(Row):
    """A value from 0 to 1 in `steps` steps, dragged or moved with the arrows."""

    def __init__(
        self, label: str, value: float, on_change: Callable[[float], None], steps: int = 10
    ) -> None:
        super().__init__(label)
        self.value = value
        self.on_change = on_change
        self.steps = steps
        self.dragging = False

    def _set(self, value: float) -> None:
        value = round(max(0.0, min(1.0, value)) * self.steps) / self.steps
        if value != self.value:
            self.value = value
            self.on_change(value)

    def step(self, direction: int) -> bool:
        if self.enabled:
            self._set(self.value + direction / self.steps)
        return True

    def handle_mouse(self, event: pygame.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self.click(event.pos)
            return True
        if super().handle_mouse(event):
            self.dragging = event.type == pygame.MOUSEBUTTONDOWN
            return True
        return False

    @staticmethod
    def _track(control: pygame.Rect, ui: Ui) -> pygame.Rect:
        """The bar the knob slides along (the percentage is written right of it)."""
        label_width = ui.px(56)
        track = pygame.Rect(
            control.x + ui.px(10), 0, control.width - label_width - ui.px(20), ui.px(8)
        )
        track.centery = control.centery
        return track

    def click(self, pos: tuple[int, int]) -> None:
        if not self.enabled or self.ui is None:
            return
        track = self._track(self._control_rect(self.ui), self.ui)
        if track.width > 0:
            self._set((pos[0] - track.x) / track.width)

    def draw(self, surface: pygame.Surface, ui: Ui) -> None:
        control = self._draw_row(surface, ui)
        track = self._track(control, ui)
        pygame.draw.rect(surface, (70, 90, 78), track, border_radius=track.height)
        filled = track.copy()
        filled.width = round(track.width * self.value)
        pygame.draw.rect(surface, PALETTE.gold, filled, border_radius=track.height)
        pygame.draw.circle(surface, PALETTE.ivory, (filled.right, track.centery), ui.px(11))
        blit_text(
            surface,
            ui.text(format_percent(self.value), 18, PALETTE.text),
            (control.right, control.centery),
            "midright",
        )


class Form:
    """A set of widgets with one keyboard focus."""

    def __init__(self, ui: Ui) -> None:
        self.ui = ui
        self.widgets: list[Widget] = []
        self.focus_index = -1

    def add(self, widget: Widget) -> Any:
        widget.ui = self.ui
        self.widgets.append(widget)
        return widget

    @property
    def focused(self) -> Widget | None:
        if 0 <= self.focus_index < len(self.widgets):
            return self.widgets[self.focus_index]
        return None

    def focus(self, widget: Widget | None) -> None:
        for other in self.widgets:
            other.focused = other is widget
        self.focus_index = self.widgets.index(widget) if widget in self.widgets else -1

    def _usable(self, widget: Widget) -> bool:
        return widget.focusable and widget.visible and widget.enabled

    def move_focus(self, direction: int) -> None:
        """Focus the next (+1) or previous (-1) usable widget, wrapping round."""
        count = len(self.widgets)
        index = self.focus_index
        for _step in range(count):
            index = (index + direction) % count if index >= 0 else (0 if direction > 0 else -1)
            if self._usable(self.widgets[index]):
                self.focus(self.widgets[index])
                return

    def handle_event(self, event: pygame.Event) -> bool:
        """Route an event to the widgets; True when one of them (or the focus) used it."""
        focused = self.focused
        if focused is not None and focused.handle_text(event):
            return True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            used = False
            for widget in self.widgets:
                if widget.visible and widget.enabled and widget.handle_mouse(event):
                    if event.type == pygame.MOUSEBUTTONDOWN:  # one widget's press, even
                        self.focus(widget)  # where it moved another under the pointer
                        return True
                    used = True
            return used
        if event.type != pygame.KEYDOWN:
            return False
        return self._handle_key(event)

    def _handle_key(self, event: pygame.Event) -> bool:
        key = event.key
        if key == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if key in (pygame.K_DOWN, pygame.K_UP):
            self.move_focus(1 if key == pygame.K_DOWN else -1)
            return True
        focused = self.focused
        if focused is None:
            return False
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            return focused.step(1 if key == pygame.K_RIGHT else -1)
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if focused.takes_text:
                self.move_focus(1)
            else:
                focused.activate()
            return True
        return False

    def draw(self, surface: pygame.Surface, ui: Ui) -> None:
        for widget in self.widgets:
            if widget.visible:
                widget.draw(surface, ui)
