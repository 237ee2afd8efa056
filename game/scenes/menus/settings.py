"""The settings screen: edition, language, text size, theme, colour-blind aid, sound,
animation speed, fullscreen, hand-off banner, coach's tips, the spoken board, the
solitaires' winnable light, the club server (whose address is checked as it is typed);
and the way to the About screen.

Every change applies at once and is saved at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import LANGUAGES, N_, _, in_every_language
from game.persist.settings import ANIMATION_SPEEDS, CLUB_ADDRESS_LIMIT, club_address_problem
from game.rules.tiles import parse_tile
from game.scenes.base import Scene
from game.scenes.requests import Screen
from game.ui.editions import apply_edition, current_edition, edition_options
from game.ui.painting import blit_text, draw_panel, rounded_box
from game.ui.text import shrunk_text
from game.ui.theme import PALETTE, THEMES
from game.ui.tiles.sprites import TileLayer, TileSprite
from game.ui.widgets.controls import ROW_SIZE, Button, Choice, Slider, Toggle, same_size
from game.ui.widgets.text_field import TextField
from game.ui.words import SPEED_WORDS, capitalised, colour_word

if TYPE_CHECKING:
    from game.scenes.base import Services

PREVIEW_TILES = ("08-09-10", "05-01-04", "03-07-08", "09-10-01")
LANGUAGE_OPTIONS = [("", N_("As the system")), *LANGUAGES.items()]
"""Each language by its own name (never translated), after the system's choice."""
TEXT_SIZE_OPTIONS = [
    ("normal", N_("Normal")),
    ("large", N_("Large")),
    ("largest", N_("Largest")),
]
"""Each text size (`TEXT_SCALES`) by its name on screen."""
LIGHT_OPTIONS = [
    ("winnable", N_("On winnable deals")),
    ("every", N_("On every deal")),
    ("off", N_("Off")),
]
"""Where the solitaires' "still winnable" light shows (daily deals and deals with
"Winnable only" on are the winnable deals)."""

CLUB_CAPTION = N_("Club server")


class SettingsScene(Scene):
    """Each row changes one setting; a row of tiles previews the look."""

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        settings = services.settings
        self.edition = self.form.add(
            Choice(N_("Edition"), edition_options(), current_edition(settings), self._set_edition)
        )
        self.language = self.form.add(
            Choice(
                N_("Language"),
                LANGUAGE_OPTIONS,
                settings.language,
                lambda value: self._set("language", value),
            )
        )
        self.text_size = self.form.add(
            Choice(
                N_("Text size"),
                TEXT_SIZE_OPTIONS,
                settings.text_size,
                lambda value: self._set("text_size", value),
            )
        )
        self.theme = self.form.add(
            Choice(
                N_("Tile colours"),
                [(key, theme.label) for key, theme in THEMES.items()],
                settings.theme,
                lambda value: self._set("theme", value),
            )
        )
        self.colour_blind = self.form.add(
            Toggle(
                N_("Colour-blind aid (symbols)"),
                settings.colour_blind,
                lambda value: self._set("colour_blind", value),
            )
        )
        self.volume = self.form.add(
            Slider(N_("Sound volume"), settings.volume, lambda value: self._set("volume", value))
        )
        self.muted = self.form.add(
            Toggle(N_("Mute"), settings.muted, lambda value: self._set("muted", value))
        )
        self.speed = self.form.add(
            Choice(
                N_("Animation speed"),
                [(speed, SPEED_WORDS[speed]) for speed in ANIMATION_SPEEDS],
                settings.animation_speed,
                lambda value: self._set("animation_speed", value),
            )
        )
        self.fullscreen = self.form.add(
            Toggle(N_("Fullscreen (F11)"), settings.fullscreen, services.set_fullscreen)
        )
        self.handoff = self.form.add(
            Toggle(
                N_("Hand-off banner between human players"),
                settings.handoff_banner,
                lambda value: self._set("handoff_banner", value),
            )
        )
        self.tips = self.form.add(
            Toggle(
                N_("Coach's tips after each of your moves"),
                settings.coach_tips,
                lambda value: self._set("coach_tips", value),
            )
        )
        self.spoken = self.form.add(
            Toggle(
                N_("Spoken board (the system's voice)"),
                settings.spoken_board,
                lambda value: self._set("spoken_board", value),
            )
        )
        self.light = self.form.add(
            Choice(
                N_("Solitaires' winnable light"),
                LIGHT_OPTIONS,
                settings.winnable_light,
                lambda value: self._set("winnable_light", value),
            )
        )
        self.club = self.form.add(
            TextField(
                N_("ws://… or wss://…"), settings.club_server, self._set_club, CLUB_ADDRESS_LIMIT
            )
        )
        self.club_problem = ""
        """Why the address typed is not one (kept unsaved meanwhile), or ""."""
        self.club_caption = pygame.Rect(0, 0, 0, 0)
        self.about = self.form.add(Button(N_("About Contack"), lambda: services.open(Screen.ABOUT)))
        self.done = self.form.add(Button(N_("Done"), services.pop, primary=True))
        self.preview = TileLayer()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.preview_centre_y = 0
        self.preview_side = 0
        self.names_y = 0

    def _set(self, name: str, value: Any) -> None:
        setattr(self.services.settings, name, value)
        self.services.apply_settings()
        if name in ("volume", "muted"):
            self.services.sound.play("place")

    def _set_club(self, text: str) -> None:
        """Keep the club server's address once it is one ("" sets none)."""
        address = text.strip()
        problem = club_address_problem(address) if address else None
        self.club_problem = problem or ""
        settings = self.services.settings
        if problem is None and address != settings.club_server:
            settings.club_server = address
            self.services.save_settings()

    def _set_edition(self, key: str) -> None:
        """Theme, language and new-game options of the edition, all at once."""
        settings = self.services.settings
        apply_edition(settings, key)
        self.services.apply_settings()

    def enter(self) -> None:
        super().enter()
        self.form.focus(self.edition)

    def resume(self) -> None:
        super().resume()
        self.fullscreen.value = self.services.settings.fullscreen

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        self.fullscreen.value = self.services.settings.fullscreen
        width = min(size[0] - ui.px(80), ui.px(760))
        rows = [w for w in self.form.widgets if w not in (self.done, self.about)]
        gap = ui.px(5)
        said_h = ui.px(22)  # the line under the club server's address
        room = size[1] - ui.px(126 + 8) - said_h - ui.px(124)  # for the rows and preview
        lowest = max(ui.px(26), ui.font(ROW_SIZE).get_height())  # a row holds its words
        row_h = max(lowest, min(ui.px(38), (room - ui.px(90)) // len(rows) - gap))
        # rows of large words draw closer together rather than run off the window
        gap = max(1, min(gap, (room - len(rows) * row_h) // len(rows)))
        # the preview gives up its room first when large words need it
        preview_h = max(0, min(ui.px(90), room - len(rows) * (row_h + gap)))
        self.preview_side = ui.px(84) * preview_h // ui.px(90)
        fixed = said_h + preview_h + ui.px(124)
        height = len(rows) * (row_h + gap) + fixed
        top = max(ui.px(126), (size[1] - height) // 2 + ui.px(40))
        self.panel = pygame.Rect(0, 0, width + ui.px(48), height)
        self.panel.midtop = (size[0] // 2, top)
        y = self.panel.y + ui.px(24)
        same_size(rows)
        for widget in rows:
            widget.rect = pygame.Rect(0, y, width, row_h)
            widget.rect.centerx = size[0] // 2
            y += row_h + gap
        caption_w = self.club.rect.width * 2 // 5
        self.club_caption = pygame.Rect(self.club.rect.x, self.club.rect.y, caption_w, row_h)
        self.club.rect.width -= caption_w
        self.club.rect.x += caption_w
        y += said_h
        self.preview_centre_y = y + preview_h // 2
        self.names_y = y + preview_h - ui.px(1)  # the colours' names, under the preview
        self.done.rect = pygame.Rect(0, 0, ui.text_room(220), ui.px(50))
        self.done.rect.bottomright = (self.panel.centerx - ui.px(8), self.panel.bottom - ui.px(22))
        self.about.rect = pygame.Rect(0, 0, ui.text_room(220), ui.px(50))
        self.about.rect.bottomleft = (self.panel.centerx + ui.px(8), self.panel.bottom - ui.px(22))
        same_size([self.done, self.about])
        self._build_preview()

    def _build_preview(self) -> None:
        side = self.preview_side
        self.preview.empty()
        if side < self.services.ui.px(30):  # no room for a readable preview (or its names)
            return
        spacing = side * 0.56
        start = self.panel.centerx - spacing * (len(PREVIEW_TILES) - 1) / 2
        for index, name in enumerate(PREVIEW_TILES):
            up = index % 2 == 0
            centre = (start + index * spacing, self.preview_centre_y)
            tile = parse_tile(name)
            self.preview.add(TileSprite(self.services.art, tile, side, centre, up, index % 3))

    def settings_changed(self) -> None:
        """Every row shows its setting as it is now, however it changed: here (an edition
        changes several), or over this screen (a text size chosen by a tool)."""
        settings = self.services.settings
        self.edition.set_value(current_edition(settings))
        for choice, value in (
            (self.language, settings.language),
            (self.text_size, settings.text_size),
            (self.theme, settings.theme),
            (self.speed, settings.animation_speed),
            (self.light, settings.winnable_light),
        ):
            choice.set_value(value)
        self.colour_blind.value = settings.colour_blind
        self.volume.value = settings.volume
        self.muted.value = settings.muted
        self.fullscreen.value = settings.fullscreen
        self.handoff.value = settings.handoff_banner
        self.tips.value = settings.coach_tips
        self.spoken.value = settings.spoken_board
        self.preview.refresh_all()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.services.ui
        surface.blit(self.services.felt(), (0, 0))
        self.draw_title(surface, _("Settings"), _("Changes apply at once and are saved."))
        draw_panel(surface, self.panel, ui)
        if self.preview:
            self.draw_preview(surface, alpha)
        self.draw_club_words(surface)
        self.form.draw(surface, ui)

    def draw_preview(self, surface: pygame.Surface, alpha: float) -> None:
        """The preview's tiles, and their colours' names under them."""
        ui = self.services.ui
        self.preview.draw_interpolated(surface, alpha)
        theme = THEMES.get(self.services.settings.theme, THEMES["modern"])
        names = " · ".join(
            capitalised(colour_word(theme.edge_names, colour)) for colour in range(3)
        )
        blit_text(
            surface,
            ui.text(names, 16, PALETTE.text_dim),
            (self.panel.centerx, self.names_y),
            "midtop",
        )

    def draw_club_words(self, surface: pygame.Surface) -> None:
        """The club server row's caption, and under it what the address does (or why it
        is not one)."""
        ui, caption = self.services.ui, self.club_caption
        row = caption.union(self.club.rect)
        surface.blit(rounded_box(row.size, ui.px(10), (*PALETTE.button, 170)), row)
        room = caption.width - ui.px(24)
        size = ui.common_size(in_every_language(CLUB_CAPTION), 20, room)
        words = shrunk_text(ui, _(CLUB_CAPTION), size, room, PALETTE.text)
        blit_text(surface, words, (caption.x + ui.px(16), caption.centery), "midleft")
        if self.club_problem:
            said, colour = self.club_problem, PALETTE.penalty
        elif self.services.settings.club_server:
            said, colour = _("Play online, on the menu, plays at this club."), PALETTE.text_dim
        else:
            said = _("A club's address adds Play online to the menu.")
            colour = PALETTE.text_dim
        line = shrunk_text(ui, said, 15, self.panel.width - ui.px(48), colour)
        blit_text(surface, line, (self.panel.centerx, self.club.rect.bottom + ui.px(2)), "midtop")
