"""The frame of a solitaire screen: the top bar (deal number, new deal, restart, save,
menu), the bottom bar (undo, redo, hint, auto-play, step, speed, and the status words),
the option switches at the foot of the side panel, and where the side panel and the
figure go. The buttons run the commands the screen gives; the options are kept with
the settings."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Protocol

import pygame

from game.i18n import N_, _
from game.persist.settings import ANIMATION_SPEEDS
from game.play.solitaire_light import WinnableLight
from game.play.solitaire_session import SolitaireSession
from game.rules.record.document import GameRecord
from game.rules.seeds_names import LARGEST_NEW_DEAL
from game.rules.share import is_number_text
from game.rules.tiles import TILE_COUNT
from game.scenes.solitaire.assists import SolitaireAssists
from game.scenes.solitaire.panels import draw_light, draw_title, share_note
from game.ui.painting import Ui, blit_text
from game.ui.text import Said, words_that_fit
from game.ui.theme import PALETTE
from game.ui.widgets.controls import Button, Choice, Form, Toggle, same_size
from game.ui.widgets.rows import label_needs, row_widths
from game.ui.widgets.text_field import TextField
from game.ui.words import SPEED_WORDS, placed_words

if TYPE_CHECKING:
    from game.scenes.base import Services

OPTIONS_KEY: Final = "solitaire"
ASCII_DIGITS: Final = frozenset("0123456789")
BUTTON_WIDTH: Final = 120
"""The width of a bar's buttons (design pixels) where their labels do not need more."""
SWITCH_SIZE: Final = 16
"""The design size the side panel widens for, where the switches' labels need it: the
size all of them share."""


class SolitaireCommands(Protocol):
    """What the player may ask of a solitaire by a button or a key (the screen does it)."""

    def new_deal(self) -> None: ...

    def restart(self) -> None: ...

    def save(self) -> None: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def review(self) -> None: ...

    def show_line(self) -> None:
        """After a loss: the review, with its winning line playing at once."""

    def refit(self) -> None:
        """Fit the figure to its area again, at the largest size that shows it."""

    def switch_light(self, on: bool) -> None:
        """The "still winnable" light's switch: on or off on this deal."""


def option(services: Services, name: str, default: bool = False) -> bool:
    """A solitaire option, kept with the settings (in their extra keys)."""
    options = services.settings.extra.get(OPTIONS_KEY)
    value = options.get(name, default) if isinstance(options, dict) else default
    return bool(value)


def winnable_deal(services: Services, record: GameRecord) -> bool:
    """Whether a deal is one of the winnable deals: a daily deal, or any deal while the
    solitaire deals winnable deals only."""
    return record.daily is not None or option(services, "winnable_only")


def light_wanted(services: Services, session: SolitaireSession) -> bool:
    """Whether the "still winnable" light shows on the deal of `session`: as its switch
    was set on this deal, else where the settings show it."""
    chosen = session.light.chosen
    if chosen is not None:
        return chosen
    where = services.settings.winnable_light
    return where == "every" or (where == "winnable" and winnable_deal(services, session.record))


def set_option(services: Services, name: str, value: bool) -> None:
    options = services.settings.extra.setdefault(OPTIONS_KEY, {})
    if not isinstance(options, dict):
        options = services.settings.extra[OPTIONS_KEY] = {}
    options[name] = value
    services.save_settings()


@dataclass
class SolitaireLayout:
    """Where things go for one window size."""

    panel: pygame.Rect
    figure: pygame.Rect
    sources: pygame.Rect
    """The part of the panel above the option switches, for the tile sources."""
    strip: pygame.Rect
    """A band under the figure for tile sources laid out across (empty if none)."""


def button_widths(row: Sequence[Button], room: int, height: int, ui: Ui) -> list[int]:
    """The widths of a `row` of buttons `height` pixels tall in `room` pixels: alike
    (at most `BUTTON_WIDTH` design pixels), wider where a label needs it at the
    largest size all the labels share; the row's labels are drawn at that size."""
    same_size(row)
    return row_widths(label_needs(row, room, height, ui), room, ui.px(BUTTON_WIDTH))


class SolitaireBars:
    """The widgets around a solitaire's figure."""

    def __init__(
        self,
        form: Form,
        services: Services,
        autoplay: SolitaireAssists,
        commands: SolitaireCommands,
    ) -> None:
        self.services = services
        self.form = form
        self.deal_field: TextField = form.add(TextField(N_("Deal number"), "", self._deal_typed, 9))
        self.new_button: Button = form.add(Button(N_("New deal"), commands.new_deal, primary=True))
        self.restart_button: Button = form.add(Button(N_("Restart"), commands.restart))
        self.save_button: Button = form.add(Button(N_("Save"), commands.save))
        self.menu_button: Button = form.add(Button(N_("Menu"), services.pop))
        self.undo_button: Button = form.add(Button(N_("Undo"), commands.undo))
        self.redo_button: Button = form.add(Button(N_("Redo"), commands.redo))
        self.hint_button: Button = form.add(Button(N_("Hint"), autoplay.show_hint))
        self.auto_button: Button = form.add(Button(N_("Auto-play"), autoplay.toggle))
        self.step_button: Button = form.add(Button(N_("Step"), autoplay.step_once))
        self.review_button: Button = form.add(Button(N_("Review"), commands.review))
        self.line_button: Button = form.add(
            Button(N_("Show me a winning line"), commands.show_line, primary=True)
        )
        self.line_button.visible = False
        self.speed_choice: Choice[str] = form.add(
            Choice(
                N_("Speed"),
                [(name, SPEED_WORDS[name]) for name in ANIMATION_SPEEDS],
                autoplay.speed,
                autoplay.set_speed,
            )
        )
        self.toggles: list[Toggle] = []
        self.status_x = 0
        self.light_rect = pygame.Rect(0, 0, 0, 0)
        """The row of the "still winnable" light, above the switches."""
        self.winnable_toggle = self.add_option(N_("Winnable only"), "winnable_only")
        self.light_toggle: Toggle = form.add(
            Toggle(N_("Winnable light"), False, commands.switch_light)
        )
        self.toggles.append(self.light_toggle)

    def add_option(self, label: str, name: str, then: Callable[[], None] | None = None) -> Toggle:
        """A switch at the foot of the side panel for the option `name` (`then` runs after
        it changes)."""

        def change(value: bool) -> None:
            set_option(self.services, name, value)
            if then is not None:
                then()

        toggle: Toggle = self.form.add(Toggle(label, option(self.services, name), change))
        self.toggles.append(toggle)
        return toggle

    def _deal_typed(self, text: str) -> None:
        digits = "".join(ch for ch in text if ch in ASCII_DIGITS)  # not "²" or "①"
        if digits != text:
            self.deal_field.text = digits

    def deal_key(self, event: pygame.Event, play: Callable[[int], None], seed: int) -> bool:
        """A key while the deal number is being typed: Enter plays that deal (a number
        that is none puts the current one back, as Escape does); other keys edit it."""
        enter, text = event.key in (pygame.K_RETURN, pygame.K_KP_ENTER), self.deal_field.text
        if enter and is_number_text(text) and len(text) <= 9:
            play(int(text))
            return True
        if enter or event.key == pygame.K_ESCAPE:
            self.deal_field.text = str(seed)
            self.form.focus(None)
            return True
        return self.form.handle_event(event)

    def show_session(self, session: SolitaireSession, searching: bool, forced: bool) -> None:
        """Which buttons may be pressed as the game stands (`searching`: for a winnable
        deal; `forced`: a turned tile must be placed or discarded)."""
        self.light_toggle.value = light_wanted(self.services, session)
        playing = not session.finished and not searching
        take_back = (playing or session.loss_to_count) and session.can_undo()
        self.undo_button.enabled = take_back or (playing and forced)
        self.redo_button.enabled = playing and session.can_redo()
        for button in (self.hint_button, self.auto_button, self.step_button):
            button.enabled = playing
        lost = session.finished and not session.state.won
        found = session.review
        self.refresh_review(
            session.reviewing or (lost and session.judging),
            playing or (lost and found is not None),
            lost and found is not None and found.last_winnable is not None,
        )

    def refresh_review(self, reviewing: bool, may_review: bool, line_shown: bool) -> None:
        """The review button (busy while the review is worked out) and, once a lost game
        has a winning line to show, that button in auto-play's place."""
        self.review_button.label = N_("Reviewing…") if reviewing else N_("Review")
        self.review_button.enabled = may_review and not reviewing
        self.line_button.visible = line_shown
        self.auto_button.visible = self.step_button.visible = not line_shown

    def lay_out(
        self,
        size: tuple[int, int],
        mode: str,
        title: str,
        panel_width: int,
        strip_height: Callable[[int], int],
    ) -> SolitaireLayout:
        """Place the bars and switches of a solitaire of `mode` for a window of `size`:
        the side panel `panel_width` wide at the interface scale (wider where a small
        window's words need it for the switches), room kept for the longest note beside
        the deal field and the longest status words; where the rest goes (with a band
        under the figure as high as `strip_height` of the panel's width asks)."""
        ui = self.services.ui
        width, height = size
        margin, bar_h = ui.px(16), ui.px(46)
        top = margin
        label_w = ui.font(18).size(_("Deal"))[0]  # the field's label, in its language
        x = ui.px(20) + ui.font(30, "title").size(title)[0] + ui.px(28) + label_w
        self.deal_field.rect = pygame.Rect(x, top, ui.px(130), bar_h)
        note, status = share_note(mode, LARGEST_NEW_DEAL), placed_words(TILE_COUNT)
        top_row = [self.menu_button, self.save_button, self.restart_button, self.new_button]
        # the buttons give way in a small window, where the words are not as small
        room = width - margin - 3 * ui.px(10) - self.deal_field.rect.right
        room -= ui.px(20) + ui.font(15).size(note)[0]
        right = width - margin
        for button, w in zip(top_row, button_widths(top_row, room, bar_h, ui), strict=True):
            button.rect = pygame.Rect(0, top, w, bar_h)
            button.rect.right = right
            right = button.rect.left - ui.px(10)
        bottom = height - margin - bar_h
        row = [
            self.undo_button,
            self.redo_button,
            self.hint_button,
            self.auto_button,
            self.step_button,
            self.review_button,
        ]
        room = width - 2 * margin - len(row) * ui.px(10) - ui.px(18) - ui.font(17).size(status)[0]
        spare = room - len(row) * ui.px(110)  # for the speed's words at full size
        speed = self.speed_choice
        speed_w = max(ui.px(260), speed.least_width(ui), min(speed.least_width(ui, 20), spare))
        x = margin
        for button, w in zip(row, button_widths(row, room - speed_w, bar_h, ui), strict=True):
            button.rect = pygame.Rect(x, bottom, w, bar_h)
            x = button.rect.right + ui.px(10)
        self.line_button.rect = self.auto_button.rect.union(self.step_button.rect)
        self.speed_choice.rect = pygame.Rect(x, bottom, speed_w, bar_h)
        same_size(self.toggles)
        needs = [toggle.least_width(ui, SWITCH_SIZE) + ui.px(24) for toggle in self.toggles]
        panel_px = max([ui.px(panel_width), *needs])
        panel = pygame.Rect(
            margin, top + bar_h + ui.px(14), panel_px, bottom - top - bar_h - ui.px(28)
        )
        figure = pygame.Rect(
            panel.right + margin, panel.top, width - panel.right - 2 * margin, panel.height
        )
        strip_h = strip_height(panel_px)
        strip = pygame.Rect(figure.x, figure.bottom - strip_h, figure.width, strip_h)
        if strip_h:
            figure.height -= strip_h + ui.px(10)
        toggle_h = ui.px(44)
        y = panel.bottom - ui.px(12)
        for toggle in reversed(self.toggles):
            toggle.rect = pygame.Rect(
                panel.x + ui.px(12), y - toggle_h, panel.width - ui.px(24), toggle_h
            )
            y = toggle.rect.top - ui.px(8)
        light_h = ui.px(40)  # two lines of words
        self.light_rect = pygame.Rect(
            panel.x + ui.px(12), y - light_h, panel.width - ui.px(24), light_h
        )
        y = self.light_rect.top - ui.px(6)
        sources = pygame.Rect(panel.x, panel.y, panel.width, y - panel.y)
        self.status_x = self.speed_choice.rect.right + ui.px(18)
        return SolitaireLayout(panel, figure, sources, strip)

    def draw_title(self, surface: pygame.Surface, title: str, note: str) -> None:
        """The solitaire's name, the deal field's label and `note` beside the field."""
        typing = self.form.focused is self.deal_field
        field, right = self.deal_field.rect, self.new_button.rect.x
        draw_title(surface, self.services.ui, title, field, typing, note, right)

    def draw_status(
        self, surface: pygame.Surface, said: Said, light: WinnableLight, searching: bool
    ) -> None:
        """The longest of the status words `said` that fits the end of the bottom bar,
        and the "still winnable" light in its row when it is on (not while `searching`
        for a deal: there is none yet)."""
        ui = self.services.ui
        room = surface.get_width() - ui.px(16) - self.status_x
        image = ui.text(words_that_fit(ui, said, 17, room), 17, PALETTE.text_dim)
        blit_text(surface, image, (self.status_x, self.undo_button.rect.centery), "midleft")
        if light.on and not searching:
            draw_light(surface, ui, self.light_rect, light, self.services.time)
