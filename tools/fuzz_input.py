"""Random input over every screen of the real game, headless: mouse moves, clicks,
drags and wheels anywhere (outside the window too), keys, typed text of any script
(digits of other scripts and long pastes included), window resizes of any size and
storms of them, and now and then a jump to another screen with a game in it.

    python tools/fuzz_input.py [--events 10000] [--seed 1]

A crash (an exception out of a frame) is counted and printed, and the game is started
again on the same data folder (its saves must open). The last line is one JSON object:
events, starts and crashes.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import traceback
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from game.ai.worker import InProcessAdviser
from game.app import App, ManualClock
from game.persist.storage import Storage
from game.scenes.requests import Screen, ScreenRequest, TableRequest
from tools.samples import table_config

KEYS = [
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_TAB,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_BACKSPACE,
    pygame.K_DELETE,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_F11,
    pygame.K_PLUS,
    pygame.K_MINUS,
] + [getattr(pygame, f"K_{c}") for c in "abdfhnrstuxyz1234567"]
TEXTS = [
    "a",
    "Zoë",
    "7",
    "²",
    "⁵",
    "①",
    "٣",
    "שלום",
    "مرحبا",
    "😀",
    "\x00",
    " ",
    "x" * 10_000,
    "12345678901234567890",
]
SCREENS: list[ScreenRequest] = [
    Screen.SETUP,
    Screen.SETTINGS,
    Screen.RULES,
    Screen.RECORDS,
    Screen.HISTORY,
    Screen.STATS,
    Screen.DRAW_SOLITAIRE,
    Screen.STACKED_SOLITAIRE,
    TableRequest(table_config([("Ann", "human"), ("Bot", "ai:greedy")], 3)),
    TableRequest(
        table_config([("Ann", "human"), ("Ben", "human"), ("Cleo", "ai:easy")], 5, hands=1)
    ),
]


def random_event(chance: random.Random, size: tuple[int, int]) -> pygame.Event:
    """One event a player, a window system or a cat on the keyboard might send."""
    width, height = size
    pos = (chance.randrange(-50, width + 50), chance.randrange(-50, height + 50))
    kind = chance.random()
    if kind < 0.3:
        return pygame.event.Event(
            pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(chance.random() < 0.3, 0, 0)
        )
    if kind < 0.5:
        down = chance.random() < 0.5
        return pygame.event.Event(
            pygame.MOUSEBUTTONDOWN if down else pygame.MOUSEBUTTONUP,
            pos=pos,
            button=chance.choice([1, 1, 1, 2, 3]),
        )
    if kind < 0.55:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=chance.choice([-1, 1]))
    if kind < 0.8:
        mod = chance.choice([0, 0, 0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT])
        return pygame.event.Event(pygame.KEYDOWN, key=chance.choice(KEYS), mod=mod, unicode="")
    if kind < 0.92:
        return pygame.event.Event(pygame.TEXTINPUT, text=chance.choice(TEXTS))
    new = (chance.randrange(1, 4000), chance.randrange(1, 2500))
    return pygame.event.Event(pygame.VIDEORESIZE, w=new[0], h=new[1], size=new)


def fuzz(events: int, seed: int) -> dict[str, int]:
    chance = random.Random(seed)
    sent = starts = crashes = 0
    with tempfile.TemporaryDirectory() as home:
        app: App | None = None
        while sent < events:
            if app is None:
                starts += 1
                app = App(
                    (1280, 800),
                    clock=ManualClock(),
                    storage=Storage(home),
                    adviser=InProcessAdviser(),
                )
            try:
                if chance.random() < 0.01:
                    app.open(chance.choice(SCREENS))
                storm = 200 if chance.random() < 0.002 else chance.randrange(1, 5)
                for _ in range(storm):
                    pygame.event.post(random_event(chance, app.size))
                sent += storm
                if not app.run_frames(chance.randrange(1, 4)):
                    app.close()
                    app = None
            except Exception:  # a crash: counted, shown, and the game starts again
                crashes += 1
                traceback.print_exc()
                pygame.event.clear()
                app = None
    return {"events": sent, "starts": starts, "crashes": crashes}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps(fuzz(args.events, args.seed)))


if __name__ == "__main__":
    main()
