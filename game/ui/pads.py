"""Gamepads: controllers opened as they are plugged in (and closed as they go), their
buttons and left stick turned into the keys the keyboard play already knows, so every
screen is played by controller without knowing of one."""

from __future__ import annotations

import contextlib
from typing import Final

import pygame
from pygame._sdl2 import controller

KEYS: Final = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: (pygame.K_UP, 0),
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: (pygame.K_DOWN, 0),
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: (pygame.K_LEFT, 0),
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: (pygame.K_RIGHT, 0),
    pygame.CONTROLLER_BUTTON_A: (pygame.K_RETURN, 0),
    pygame.CONTROLLER_BUTTON_B: (pygame.K_ESCAPE, 0),
    pygame.CONTROLLER_BUTTON_X: (pygame.K_r, 0),
    pygame.CONTROLLER_BUTTON_Y: (pygame.K_h, 0),
    pygame.CONTROLLER_BUTTON_BACK: (pygame.K_u, 0),
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: (pygame.K_TAB, 0),
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: (pygame.K_TAB, pygame.KMOD_SHIFT),
}
"""The key (and modifiers) each button stands for: the pad moves through spots and
menus, A places or chooses, B goes back, X turns, Y hints, Back undoes, the shoulders
step through the tiles."""

STICK: Final = {
    pygame.CONTROLLER_AXIS_LEFTX: (pygame.K_LEFT, pygame.K_RIGHT),
    pygame.CONTROLLER_AXIS_LEFTY: (pygame.K_UP, pygame.K_DOWN),
}
"""The keys the left stick's axes stand for, pushed (negative, positive)."""

PAD_EVENTS: Final = frozenset(
    {
        pygame.CONTROLLERDEVICEADDED,
        pygame.CONTROLLERDEVICEREMOVED,
        pygame.CONTROLLERBUTTONDOWN,
        pygame.CONTROLLERBUTTONUP,
        pygame.CONTROLLERAXISMOTION,
    }
)
"""The controllers' events, which reach the screens only as keys."""

PUSHED: Final = 16000
"""How far (of 32767) an axis goes before it counts as one press."""

RELEASED: Final = 8000
"""How near the middle an axis comes back before it may press again."""


class Gamepads:
    """The controllers plugged in and what their buttons and stick mean as keys."""

    def __init__(self) -> None:
        with contextlib.suppress(pygame.error):
            controller.init()
        self.opened: dict[int, controller.Controller] = {}
        self._leaning: dict[tuple[int, int], int] = {}

    def keys_for(self, event: pygame.Event) -> list[pygame.Event]:
        """The key presses a controller's event stands for (none for any other event;
        plugging in and out is handled here)."""
        if event.type == pygame.CONTROLLERDEVICEADDED:
            self._plug_in(event.device_index)
        elif event.type == pygame.CONTROLLERDEVICEREMOVED:
            self._unplug(event.instance_id)
        elif event.type == pygame.CONTROLLERBUTTONDOWN and event.button in KEYS:
            return [pressed(*KEYS[event.button])]
        elif event.type == pygame.CONTROLLERAXISMOTION and event.axis in STICK:
            return self._lean(event.instance_id, event.axis, event.value)
        return []

    def _plug_in(self, index: int) -> None:
        with contextlib.suppress(pygame.error):  # gone again before it could be opened
            pad = controller.Controller(index)
            self.opened[pad.as_joystick().get_instance_id()] = pad

    def _unplug(self, instance: int) -> None:
        pad = self.opened.pop(instance, None)
        if pad is not None:
            pad.quit()
        self._leaning = {key: side for key, side in self._leaning.items() if key[0] != instance}

    def _lean(self, instance: int, axis: int, value: int) -> list[pygame.Event]:
        """A key once the stick is pushed past `PUSHED`, again only after it came back."""
        side = -1 if value <= -PUSHED else 1 if value >= PUSHED else 0
        before = self._leaning.get((instance, axis), 0)
        if side == 0:
            if abs(value) <= RELEASED:
                self._leaning[(instance, axis)] = 0
            return []
        self._leaning[(instance, axis)] = side
        if side == before:
            return []
        backward, forward = STICK[axis]
        return [pressed(backward if side < 0 else forward, 0)]

    def close(self) -> None:
        for instance in list(self.opened):
            self._unplug(instance)


def pressed(key: int, mod: int) -> pygame.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
