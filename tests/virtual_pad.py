"""A game controller that SDL itself plugs in, presses and unplugs (SDL's virtual
joysticks, reached through ctypes in the SDL library pygame-ce loaded): real controller
events from SDL, with no device."""

from __future__ import annotations

import ctypes
from pathlib import Path

import pygame

GAME_CONTROLLER = 1
"""SDL_JOYSTICK_TYPE_GAMECONTROLLER: SDL maps its buttons as a game controller's."""


def loaded_sdl() -> ctypes.CDLL | None:
    """The SDL library this process runs (pygame-ce's), or None where it is not found."""
    maps = Path("/proc/self/maps")
    if not maps.exists():
        return None
    paths = [line.split()[-1] for line in maps.read_text().splitlines() if "libSDL2-2" in line]
    return ctypes.CDLL(paths[0]) if paths else None


class VirtualPad:
    """One virtual controller: `plug_in`, `set_button`, `unplug`."""

    def __init__(self, sdl: ctypes.CDLL) -> None:
        self.sdl = sdl
        sdl.SDL_JoystickFromInstanceID.restype = ctypes.c_void_p
        self.index = -1

    def plug_in(self) -> None:
        self.index = self.sdl.SDL_JoystickAttachVirtual(
            GAME_CONTROLLER, pygame.CONTROLLER_AXIS_MAX, pygame.CONTROLLER_BUTTON_MAX, 0
        )
        assert self.index >= 0

    def set_button(self, instance: int, button: int, down: bool) -> None:
        joystick = ctypes.c_void_p(self.sdl.SDL_JoystickFromInstanceID(instance))
        assert self.sdl.SDL_JoystickSetVirtualButton(joystick, button, int(down)) == 0

    def unplug(self) -> None:
        if self.index >= 0:
            self.sdl.SDL_JoystickDetachVirtual(self.index)
            self.index = -1
