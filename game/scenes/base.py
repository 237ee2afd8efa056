"""The `Scene` base class: one screen of the game on the app's scene stack."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.widgets import Form, blit_text

if TYPE_CHECKING:
    from game.scenes.services import Services


class Scene:
    """A screen. The app calls `handle_event`, `update(dt)` (fixed dt) and `draw`.

    `draw` must change nothing: all state moves in `update` and the event handlers.
    `enter`/`exit` run when the scene joins or leaves the stack, `pause`/`resume` when
    another scene covers or uncovers it, `resize` whenever the window changes size (and
    on `enter`), `settings_changed` after the player changed a setting. An `overlay`
    scene is drawn over the scene below it (dialogs, banners).
    """

    overlay = False

    def __init__(self, services: Services) -> None:
        self.services = services
        self.form = Form(services.ui)

    def enter(self) -> None:
        self.resize(self.services.size)

    def exit(self) -> None:
        """Called once when the scene leaves the stack."""

    def pause(self) -> None:
        """Called when another scene is pushed on top of this one."""

    def resume(self) -> None:
        self.resize(self.services.size)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the scene out for a window of `size`."""

    def settings_changed(self) -> None:
        """React to a changed setting (theme, animation speed...)."""

    def on_back(self) -> None:
        """Escape: go back one scene."""
        self.services.pop()

    def handle_event(self, event: pygame.Event) -> bool:
        """Handle one event; True when consumed. By default the scene's form gets it."""
        return self.form.handle_event(event)

    def update(self, dt: float) -> None:
        """Advance the scene by the fixed time step `dt` seconds."""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """Draw the felt and the form; `alpha` is the fraction of a step since the update."""
        surface.blit(self.services.felt(), (0, 0))
        self.form.draw(surface, self.services.ui)

    def draw_title(self, surface: pygame.Surface, title: str, subtitle: str = "") -> int:
        """The scene's title (and subtitle) at the top; returns the y below them."""
        ui = self.services.ui
        centre_x = surface.get_width() // 2
        top = ui.px(34)
        shadow = ui.text(title, 46, (8, 30, 20), "title")
        blit_text(surface, shadow, (centre_x + ui.px(2), top + ui.px(3)), "midtop")
        rect = blit_text(surface, ui.text(title, 46, (240, 214, 150), "title"),
                         (centre_x, top), "midtop")
        bottom = rect.bottom
        if subtitle:
            sub = blit_text(surface, ui.text(subtitle, 19, (182, 200, 184)),
                            (centre_x, bottom + ui.px(6)), "midtop")
            bottom = sub.bottom
        return bottom + ui.px(18)
