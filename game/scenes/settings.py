"""The settings screen: theme, colour-blind aid, sound, animation speed, fullscreen, hand-off.

Every change applies at once and is saved at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.persist.settings import ANIMATION_SPEEDS
from game.rules.tiles import parse_tile
from game.scenes.base import Scene
from game.ui.sprites import TileLayer, TileSprite
from game.ui.theme import PALETTE, THEMES
from game.ui.widgets import Button, Choice, Slider, Toggle, blit_text, draw_panel

if TYPE_CHECKING:
    from game.scenes.base import Services

PREVIEW_TILES = ("08-09-10", "05-01-04", "03-07-08", "09-10-01")


class SettingsScene(Scene):
    """Each row changes one setting; a row of tiles previews the look."""

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        settings = services.settings
        self.theme = self.form.add(Choice(
            "Tile colours", [(key, theme.label) for key, theme in THEMES.items()],
            settings.theme, lambda value: self._set("theme", value)))
        self.colour_blind = self.form.add(Toggle(
            "Colour-blind aid (symbols)", settings.colour_blind,
            lambda value: self._set("colour_blind", value)))
        self.volume = self.form.add(Slider(
            "Sound volume", settings.volume, lambda value: self._set("volume", value)))
        self.muted = self.form.add(Toggle(
            "Mute", settings.muted, lambda value: self._set("muted", value)))
        self.speed = self.form.add(Choice(
            "Animation speed", [(speed, speed.capitalize()) for speed in ANIMATION_SPEEDS],
            settings.animation_speed, lambda value: self._set("animation_speed", value)))
        self.fullscreen = self.form.add(Toggle(
            "Fullscreen (F11)", settings.fullscreen, services.set_fullscreen))
        self.handoff = self.form.add(Toggle(
            "Hand-off banner between human players", settings.handoff_banner,
            lambda value: self._set("handoff_banner", value)))
        self.tips = self.form.add(Toggle(
            "Coach's tips after each of your moves", settings.coach_tips,
            lambda value: self._set("coach_tips", value)))
        self.done = self.form.add(Button("Done", services.pop, primary=True))
        self.preview = TileLayer()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.preview_centre_y = 0

    def _set(self, name: str, value: Any) -> None:
        setattr(self.services.settings, name, value)
        self.services.apply_settings()
        if name in ("volume", "muted"):
            self.services.sound.play("place")

    def enter(self) -> None:
        super().enter()
        self.form.focus(self.theme)

    def resume(self) -> None:
        super().resume()
        self.fullscreen.value = self.services.settings.fullscreen

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        self.fullscreen.value = self.services.settings.fullscreen
        width = min(size[0] - ui.px(80), ui.px(760))
        row_h, gap = ui.px(48), ui.px(10)
        rows = [w for w in self.form.widgets if w is not self.done]
        preview_h = ui.px(110)
        height = len(rows) * (row_h + gap) + preview_h + ui.px(120)
        top = max(ui.px(120), (size[1] - height) // 2 + ui.px(40))
        self.panel = pygame.Rect(0, 0, width + ui.px(48), height)
        self.panel.midtop = (size[0] // 2, top)
        y = self.panel.y + ui.px(24)
        for widget in rows:
            widget.rect = pygame.Rect(0, y, width, row_h)
            widget.rect.centerx = size[0] // 2
            y += row_h + gap
        self.preview_centre_y = y + preview_h // 2
        self.done.rect = pygame.Rect(0, 0, ui.px(220), ui.px(50))
        self.done.rect.midbottom = (size[0] // 2, self.panel.bottom - ui.px(22))
        self._build_preview()

    def _build_preview(self) -> None:
        side = self.services.ui.px(84)
        self.preview.empty()
        spacing = side * 0.56
        start = self.panel.centerx - spacing * (len(PREVIEW_TILES) - 1) / 2
        for index, name in enumerate(PREVIEW_TILES):
            up = index % 2 == 0
            centre = (start + index * spacing, self.preview_centre_y)
            tile = parse_tile(name)
            self.preview.add(TileSprite(self.services.art, tile, side, centre, up, index % 3))

    def settings_changed(self) -> None:
        self.preview.refresh_all()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.services.ui
        surface.blit(self.services.felt(), (0, 0))
        self.draw_title(surface, "Settings", "Changes apply at once and are saved.")
        draw_panel(surface, self.panel, ui)
        self.preview.draw_interpolated(surface, alpha)
        theme = THEMES.get(self.services.settings.theme, THEMES["modern"])
        names = " · ".join(name.capitalize() for name in theme.edge_names)
        blit_text(surface, ui.text(names, 16, PALETTE.text_dim),
                  (self.panel.centerx, self.preview_centre_y + ui.px(48)), "midtop")
        self.form.draw(surface, ui)
