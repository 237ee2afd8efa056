"""A private X server for the tools and tests that drive the game's real window: Xvfb
with no window manager, xdotool for real X input, and a window's pixels read back from
the X server (libX11 through ctypes: what a player sees, not the game's own surface).

`start_xserver()` gives an `XServer`, or says in one line why none can start (no Xvfb,
no xdotool, no libX11). Waits are bounded and wait on something observable, never on
the clock alone.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import select
import shutil
import subprocess
import sys
from dataclasses import dataclass
from typing import Final

import pygame

from tools.processes import end, with_parent

START_TIMEOUT_S: Final = 20.0
SCREEN: Final = (1920, 1080)
Z_PIXMAP: Final = 2
ALL_PLANES: Final = (1 << 64) - 1


class XImage(ctypes.Structure):
    """The head of Xlib's XImage (the fields read here, in their order)."""

    _fields_ = [
        ("width", ctypes.c_int),
        ("height", ctypes.c_int),
        ("xoffset", ctypes.c_int),
        ("format", ctypes.c_int),
        ("data", ctypes.c_void_p),
        ("byte_order", ctypes.c_int),
        ("bitmap_unit", ctypes.c_int),
        ("bitmap_bit_order", ctypes.c_int),
        ("bitmap_pad", ctypes.c_int),
        ("depth", ctypes.c_int),
        ("bytes_per_line", ctypes.c_int),
        ("bits_per_pixel", ctypes.c_int),
    ]


ErrorHandler = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)


def _ignore_x_error(_display: int | None, _event: int | None) -> int:
    """Xlib's own handler ends the process on any error: a failed request here returns
    nothing (the caller says what failed) instead."""
    return 0


_X_ERROR = ErrorHandler(_ignore_x_error)


class NoXServer(Exception):
    """No X server can start here; the message says why, in one line."""


def _xlib() -> ctypes.CDLL:
    name = ctypes.util.find_library("X11")
    if name is None:
        raise NoXServer("libX11 is not installed")
    xlib = ctypes.CDLL(name)
    xlib.XOpenDisplay.restype = ctypes.c_void_p
    xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
    xlib.XCloseDisplay.argtypes = [ctypes.c_void_p]
    xlib.XGetGeometry.argtypes = [ctypes.c_void_p, ctypes.c_ulong, *(ctypes.c_void_p,) * 7]
    xlib.XGetImage.restype = ctypes.POINTER(XImage)
    xlib.XGetImage.argtypes = [
        ctypes.c_void_p,
        ctypes.c_ulong,
        ctypes.c_int,
        ctypes.c_int,
        ctypes.c_uint,
        ctypes.c_uint,
        ctypes.c_ulong,
        ctypes.c_int,
    ]
    xlib.XFree.argtypes = [ctypes.c_void_p]
    xlib.XSetErrorHandler.argtypes = [ErrorHandler]
    xlib.XSetErrorHandler.restype = ctypes.c_void_p
    xlib.XSetErrorHandler(_X_ERROR)
    return xlib


@dataclass
class XServer:
    """A running Xvfb (`display`, such as ":5") and what reads its windows."""

    display: str
    process: subprocess.Popen[bytes]
    xlib: ctypes.CDLL
    told: int
    """The pipe Xvfb tells its display number into; open while it runs (Xvfb may tell
    again, and a closed pipe would end it)."""

    @property
    def environ(self) -> dict[str, str]:
        """This process's environment, pointed at this server."""
        return {**os.environ, "DISPLAY": self.display}

    def xdotool(self, *args: str) -> str:
        """Run xdotool against this server; its standard output."""
        done = subprocess.run(
            ["xdotool", *args], env=self.environ, capture_output=True, text=True, timeout=10
        )
        if done.returncode != 0:
            raise RuntimeError(f"xdotool {' '.join(args)}: {done.stderr.strip()}")
        return done.stdout

    def video_driver(self) -> str:
        """The video driver SDL (pygame's) picks on this server: "x11", or another one
        when the X client libraries SDL loads are missing."""
        probe = "import pygame; pygame.display.init(); print(pygame.display.get_driver())"
        env = {**self.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
        env.pop("SDL_VIDEODRIVER", None)
        done = subprocess.run(
            [sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=60
        )
        return done.stdout.strip() or f"none ({done.stderr.strip()[-200:]})"

    def windows_of(self, pid: int) -> list[int]:
        """The ids of the windows process `pid` shows (none yet: empty)."""
        with contextlib.suppress(RuntimeError):
            return [int(line) for line in self.xdotool("search", "--pid", str(pid)).split()]
        return []

    def capture(self, window: int) -> pygame.Surface:
        """The window's pixels as the X server holds them (RGB); the window must lie
        wholly on the screen."""
        xlib = self.xlib
        connection = xlib.XOpenDisplay(self.display.encode())
        if not connection:
            raise RuntimeError(f"cannot open display {self.display}")
        try:
            root, x, y = ctypes.c_ulong(), ctypes.c_int(), ctypes.c_int()
            width, height, border, depth = (ctypes.c_uint() for _ in range(4))
            places = (root, x, y, width, height, border, depth)
            if not xlib.XGetGeometry(connection, window, *map(ctypes.byref, places)):
                raise RuntimeError(f"no window {window}")
            size = (width.value, height.value)
            image = xlib.XGetImage(connection, window, 0, 0, *size, ALL_PLANES, Z_PIXMAP)
            if not image:  # (X gives no window's pixels where it is off the screen)
                raise RuntimeError(f"window {window} could not be read")
            try:
                head = image.contents
                if head.bits_per_pixel != 32:
                    raise RuntimeError(f"{head.bits_per_pixel} bits a pixel are not read here")
                data = ctypes.string_at(head.data, head.bytes_per_line * head.height)
                surface = pygame.image.frombytes(data, size, "BGRA", pitch=head.bytes_per_line)
            finally:
                xlib.XFree(image.contents.data)
                xlib.XFree(image)
        finally:
            xlib.XCloseDisplay(connection)
        return surface.convert(24) if pygame.display.get_init() else surface

    def close(self) -> None:
        end(self.process)
        os.close(self.told)


def start_xserver(screen: tuple[int, int] = SCREEN) -> XServer:
    """Start a private Xvfb (no window manager) of `screen` pixels; `NoXServer` says why
    none can start."""
    for tool in ("Xvfb", "xdotool"):
        if shutil.which(tool) is None:
            raise NoXServer(f"{tool} is not installed (apt-get install -y xvfb xdotool)")
    xlib = _xlib()
    read, write = os.pipe()
    command = ["Xvfb", "-displayfd", str(write), "-nolisten", "tcp", "-noreset"]
    command += ["-screen", "0", f"{screen[0]}x{screen[1]}x24"]
    try:
        process = subprocess.Popen(
            command,
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            preexec_fn=with_parent,
        )
    finally:
        os.close(write)
    ready, _, _ = select.select([read], [], [], START_TIMEOUT_S)
    number = os.read(read, 64).decode().strip() if ready else ""
    if not number.isdigit():
        process.kill()
        _, errors = process.communicate()
        os.close(read)
        reason = errors.decode(errors="replace").strip().splitlines()[-1:] or ["no display"]
        raise NoXServer(f"Xvfb did not start: {reason[0]}")
    return XServer(f":{number}", process, xlib, read)
