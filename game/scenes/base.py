"""The `Scene` base class, one screen of the game on the app's scene stack, and the
`Services` it is given.

What a scene may use of the game around it: the narrow `Services` the app gives it.

Scenes never import the app or each other. They draw with the shared resources here,
keep settings and files through `storage`, think through the `adviser`, and move between
screens by asking for them by name (`open`, `switch_to`) or for a record's own screen
(`open_record`); the app changes the stack between ticks, never during a scene's call.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Protocol

import pygame

from game.rules.record.document import GameRecord
from game.ui.painting import Ui, blit_text
from game.ui.text import shrunk_text
from game.ui.widgets.controls import Form

if TYPE_CHECKING:
    from game.ai.worker import Adviser
    from game.persist.files import Notice
    from game.persist.settings import Settings
    from game.persist.storage import Storage
    from game.scenes.requests import ScreenRequest
    from game.ui.sound import SoundPlayer
    from game.ui.speech import Voice
    from game.ui.tiles.art import TileArt


class Scene:
    """A screen. The app calls `handle_event`, `update(dt)` (fixed dt) and `draw`.

    `draw` must change nothing: all state moves in `update`, the event handlers and
    `before_draw` (what a frame shows that follows from the rest: the buttons usable now).
    `enter`/`exit` run when the scene joins or leaves the stack, `pause`/`resume` when
    another scene covers or uncovers it, `resize` whenever the window changes size (and
    on `enter`), `settings_changed` after the player changed a setting. An `overlay`
    scene is drawn over the scene below it (dialogs, banners). The window draws a frame
    only when the picture changed: a scene whose `update` changes what it shows says
    when in `still_for`.
    """

    overlay = False
    home = False
    """Whether Menu, from the screens over this one, returns here rather than to the menu
    (an event's standings, while the player plays its tables)."""

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

    def keep_clear(self) -> list[pygame.Rect]:
        """Where notices must not land, besides the buttons (a player's tiles)."""
        return []

    def on_back(self) -> None:
        """Escape: go back one scene."""
        self.services.pop()

    def handle_event(self, event: pygame.Event) -> bool:
        """Handle one event; True when consumed. By default the scene's form gets it."""
        return self.form.handle_event(event)

    def update(self, dt: float) -> None:
        """Advance the scene by the fixed time step `dt` seconds."""

    def still_for(self) -> float:
        """How long the scene's picture stays as it is by itself, in seconds of game time:
        0 while anything on it moves, the time to the next change its `update` makes (a
        pause that ends, a clock's next second), `math.inf` when only input or news (a
        worker's answer, a table's message) can change it. While it is still the window
        draws nothing and sleeps."""
        return math.inf

    def before_draw(self) -> None:
        """Bring what the next frame shows in line with the state, just before it is drawn,
        whether or not it is then painted (`App.paint`: a test paints only what it looks
        at)."""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """Draw the felt and the form; `alpha` is the fraction of a step since the update."""
        surface.blit(self.services.felt(), (0, 0))
        self.form.draw(surface, self.services.ui)

    def draw_title(self, surface: pygame.Surface, title: str, subtitle: str = "") -> int:
        """The scene's title (and subtitle) at the top; returns the y below them."""
        ui = self.services.ui
        centre_x = surface.get_width() // 2
        top = ui.px(34)
        room = surface.get_width() - ui.px(48)
        shadow = shrunk_text(ui, title, 46, room, (8, 30, 20), "title")
        blit_text(surface, shadow, (centre_x + ui.px(2), top + ui.px(3)), "midtop")
        rect = blit_text(
            surface,
            shrunk_text(ui, title, 46, room, (240, 214, 150), "title"),
            (centre_x, top),
            "midtop",
        )
        bottom = rect.bottom
        if subtitle:
            sub = blit_text(
                surface,
                shrunk_text(ui, subtitle, 19, room, (182, 200, 184)),
                (centre_x, bottom + ui.px(6)),
                "midtop",
            )
            bottom = sub.bottom
        return bottom + ui.px(18)


class Services(Protocol):
    """The app as a scene sees it."""

    ui: Ui
    art: TileArt
    sound: SoundPlayer
    speech: Voice
    """The spoken board's voice (`SILENCE` while it is off)."""
    settings: Settings
    storage: Storage
    adviser: Adviser
    frames: int
    """Frames run so far, drawn or not (work done once a frame, not once a step, keys on it)."""
    drawn: int
    """Frames drawn so far."""
    time: float
    """Game time in seconds: fixed steps since the start."""

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels."""

    def felt(self) -> pygame.Surface:
        """The table-felt background at the window's size."""

    def notify(self, text: str | Notice) -> None:
        """Show a one-line notice for a few seconds (a notice from the files is put in
        the player's language)."""

    def save_settings(self) -> None:
        """Write the settings now (atomically)."""

    def apply_settings(self) -> None:
        """Bring sound, tile art and every scene in line with the settings, and save them."""

    def set_fullscreen(self, fullscreen: bool) -> None:
        """Switch between fullscreen and a window."""

    def quit(self) -> None:
        """Close the game after this frame."""

    def push(self, scene: Scene) -> None:
        """Put `scene` (a dialog this scene made) on top; the one below is paused."""

    def pop(self) -> None:
        """Take the top scene away."""

    def clear_to_root(self) -> None:
        """Back to the menu."""

    def open(self, request: ScreenRequest) -> None:
        """Push the screen `request` asks for."""

    def switch_to(self, request: ScreenRequest) -> None:
        """Replace the top scene by the screen `request` asks for."""

    def open_record(self, record: GameRecord, title: str = "") -> None:
        """A game in progress resumed in its own screen; a finished one in the viewer."""
