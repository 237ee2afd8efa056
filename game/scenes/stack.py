"""The scene stack (as in PursuedPyBear and Tuxemon): the screens, top last. Screens ask
for `push`, `pop`, `replace` or `clear_to_root`; the stack changes only when the app
applies the changes, after the current event or update, never in the middle of a
scene's call. The scene under the top one is paused and resumed."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.scenes.base import Scene


class SceneStack:
    """The screens and the changes asked of them, in order."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._pending: list[Callable[[], None]] = []

    @property
    def top(self) -> Scene:
        return self.scenes[-1]

    @property
    def pending(self) -> bool:
        """Whether a change waits to be applied."""
        return bool(self._pending)

    def push(self, scene: Scene) -> None:
        """Ask for `scene` to go on top (the one below is paused)."""
        self._pending.append(lambda: self._push_now(scene))

    def pop(self) -> None:
        """Ask for the top scene to go (the one below resumes)."""
        self._pending.append(self._pop_now)

    def replace(self, scene: Scene) -> None:
        """Ask for the top scene to be replaced by `scene`."""

        def replace_now() -> None:
            self._leave(self.scenes.pop())
            self.scenes.append(scene)
            scene.enter()

        self._pending.append(replace_now)

    def clear_to_root(self) -> None:
        """Ask for every scene above the bottom one (the menu) to go, or above the top
        scene that is a `home`."""

        def clear_now() -> None:
            while len(self.scenes) > 1 and not self.scenes[-1].home:
                self._leave(self.scenes.pop())
            self.scenes[-1].resume()

        self._pending.append(clear_now)

    def apply_pending(self) -> None:
        """Make the changes asked for, in order."""
        while self._pending:
            self._pending.pop(0)()

    def close(self) -> None:
        """Let every scene leave, top first."""
        while self.scenes:
            self._leave(self.scenes.pop())

    def shown(self) -> list[Scene]:
        """The scenes a frame draws: the top one, and those under it while it is an overlay."""
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].overlay:
            first -= 1
        return self.scenes[first:]

    def before_draw(self) -> None:
        """Each scene a frame draws brings what it shows in line (`Scene.before_draw`)."""
        for scene in self.shown():
            scene.before_draw()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """Draw the scenes a frame shows, bottom first."""
        for scene in self.shown():
            scene.draw(surface, alpha)

    @staticmethod
    def _leave(scene: Scene) -> None:
        """`scene` leaves (it saves and counts); then what the disk refused before is
        tried again."""
        scene.exit()
        scene.services.storage.pay_owed()

    def _push_now(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def _pop_now(self) -> None:
        self._leave(self.scenes.pop())
        if self.scenes:
            self.scenes[-1].resume()
