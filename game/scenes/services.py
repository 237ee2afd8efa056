"""What a scene may use of the game around it: the narrow `Services` the app gives it.

Scenes never import the app or each other. They draw with the shared resources here,
keep settings and files through `storage`, think through the `adviser`, and move between
screens by asking for them by name (`open`, `switch_to`) or for a record's own screen
(`open_record`); the app changes the stack between ticks, never during a scene's call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame

    from game.ai.worker import Adviser
    from game.persist.storage import Settings, Storage
    from game.scenes.base import Scene
    from game.ui.sound import SoundPlayer
    from game.ui.tiles import TileArt
    from game.ui.widgets import Ui


class Services(Protocol):
    """The app as a scene sees it."""

    ui: Ui
    art: TileArt
    sound: SoundPlayer
    settings: Settings
    storage: Storage
    adviser: Adviser
    frames: int
    """Frames drawn so far (work done once a frame, not once a step, keys on it)."""
    time: float
    """Game time in seconds: fixed steps since the start."""

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels."""

    def felt(self) -> pygame.Surface:
        """The table-felt background at the window's size."""

    def notify(self, text: str) -> None:
        """Show a one-line notice for a few seconds."""

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

    def open(self, name: str, **options: Any) -> None:
        """Push the screen the router names `name`, made with `options`."""

    def switch_to(self, name: str, **options: Any) -> None:
        """Replace the top scene by the screen named `name`."""

    def open_record(self, data: dict[str, Any], title: str = "") -> None:
        """A game in progress resumed in its own screen; a finished one in the viewer."""
