"""The game window: pygame-ce start-up, the fixed-timestep loop and the scene stack.

The loop follows "Fix your timestep": real frame time (clamped to `MAX_FRAME`) fills an
accumulator that is spent in fixed `FIXED_DT` updates (at most `MAX_STEPS` a frame),
and the scene is drawn with the leftover fraction `alpha` in [0, 1).

Scenes ask for `push`, `pop`, `replace` or `clear_to_root`; the stack changes only after
the current event or update has been handled, never in the middle of a scene's call.
Closing the window quits at once; Escape calls the top scene's `on_back`.

Tests drive an `App` headless: post events with `pygame.event.post`, then `tick()` or
`run_frames(n)`, with a `ManualClock` so that every frame lasts exactly what they say.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

import pygame

from game.ai.worker import Adviser, shared_pool
from game.i18n import N_, _, language, set_language, system_language
from game.persist.autosave import check_saved_games
from game.persist.files import Notice
from game.persist.history import count_lost_saves
from game.persist.records import RECORD_SUFFIX, read_recorded_game
from game.persist.settings import Settings
from game.persist.storage import Storage
from game.router import make_scene, scene_for_record
from game.rules.errors import RecordError
from game.rules.record import GameRecord
from game.scenes.base import Scene
from game.scenes.requests import Screen, ScreenRequest
from game.scenes.stack import SceneStack
from game.ui.achievement_toasts import AchievementToasts
from game.ui.notices import Notices
from game.ui.painting import Ui
from game.ui.sound import SoundPlayer
from game.ui.theme import Fonts, render_felt, theme_named
from game.ui.tiles import TileArt

FIXED_DT: Final = 1 / 120
MAX_FRAME: Final = 0.25
MAX_STEPS: Final = 8
DEFAULT_FRAME_RATE: Final = 60
"""Frames a second when the display does not say its refresh rate."""
MIN_SIZE: Final = (800, 600)
DEFAULT_SIZE: Final = (1280, 800)
DESIGN_SIZE: Final = (1280, 800)
TITLE: Final = N_("Contack")


ART_BUDGET_S: Final = 0.008
"""Time a frame of the real loop may spend drawing new tile images; past it, images are
scaled from another size for a few frames (a resize or a new tile size never stalls)."""


class ManualClock:
    """A clock for tests: each reading advances it by `step` seconds (or use `advance`)."""

    def __init__(self, step: float = FIXED_DT) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class App:
    """The window, shared resources (settings, storage, fonts, tile art, sound) and loop."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        *,
        clock: Callable[[], float] = time.perf_counter,
        storage: Storage | None = None,
        record_path: str | None = None,
        adviser: Adviser | None = None,
    ) -> None:
        pygame.display.init()
        pygame.font.init()
        self.clock = clock
        self.storage = storage or Storage()
        self.adviser: Adviser = adviser or shared_pool()
        """Where computers, hints and solvers think: a worker process, or in-process."""
        self.settings: Settings = self.storage.load_settings()
        set_language(self.settings.language or system_language())
        self.record_path = record_path
        desktops = pygame.display.get_desktop_sizes()
        size = (
            size
            or remembered_size(self.settings.window_size, desktops)
            or window_size_for(desktops)
        )
        self.windowed_size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        self.screen = open_window(self.windowed_size, self.settings.fullscreen)
        self.fonts = Fonts()
        self.ui = Ui(self.fonts, scale_for(self.size))
        self.art = TileArt(self.fonts, theme_named(self.settings.theme), self.settings.colour_blind)
        self.sound = SoundPlayer(self.settings.volume, self.settings.muted)
        self._felt: pygame.Surface | None = None
        self.stack = SceneStack()
        self._text_of_opening_key = ""
        """The text of the last key pressed if it opened another screen (see `tick`)."""
        self.running = True
        self.frames = 0
        self.time = 0.0
        self._accumulator = 0.0
        self._last = self.clock()
        self._new_size: tuple[int, int] | None = None
        """The window size the events of this frame ask for (resizes are coalesced)."""
        self.notice_board = Notices()
        self.toasts = AchievementToasts(self.art, self.sound)
        self.storage.sweep_partial_writes()
        check_saved_games(self.storage)
        count_lost_saves(self.storage)
        self._take_storage_notices()
        for style in Fonts.FILES:  # a damaged font file: pygame's own font stands in
            self.fonts.get(18, style)
        for name in sorted(self.fonts.broken):
            self.notify(
                _("The font {name} could not be read; a plain font stands in.").format(name=name)
            )
        self.open(Screen.MENU)
        self._apply_pending()
        if record_path:
            self.open_record_file(record_path)
            self._apply_pending()

    # Window ---------------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def resize(self, size: tuple[int, int]) -> None:
        """Resize the window (at least `MIN_SIZE`) and lay every scene out again."""
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if not self.settings.fullscreen:
            self.windowed_size = size
        if pygame.display.get_surface() is None or self.screen.get_size() != size:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._relayout()

    def set_fullscreen(self, fullscreen: bool) -> None:
        """Switch between fullscreen and a window; saved in the settings."""
        self.settings.fullscreen = fullscreen
        self.screen = open_window(self.windowed_size, self.settings.fullscreen)
        self.save_settings()
        self._relayout()

    def _relayout(self) -> None:
        self.screen = pygame.display.get_surface() or self.screen
        self.ui.scale = scale_for(self.size)
        self._felt = None
        for scene in self.scenes:
            scene.resize(self.size)

    def felt(self) -> pygame.Surface:
        """The table-felt background at the window's size (rendered once per size)."""
        if self._felt is None or self._felt.get_size() != self.size:
            self._felt = render_felt(self.size)
        return self._felt

    # Settings -------------------------------------------------------------------

    def save_settings(self) -> None:
        """Write the settings file now (atomically); failures become a notice."""
        self.storage.save_settings(self.settings)
        self._take_storage_notices()

    def apply_settings(self) -> None:
        """Bring sound, tile art and language in line with `settings`, then save them.
        A new language lays every scene out again: its words have other widths."""
        self.sound.set_volume(self.settings.volume, self.settings.muted)
        self.art.set_look(theme_named(self.settings.theme), self.settings.colour_blind)
        spoken = language()
        if set_language(self.settings.language or system_language()) != spoken:
            pygame.display.set_caption(_(TITLE))
            self._relayout()
        for scene in self.scenes:
            scene.settings_changed()
        self.save_settings()

    def notify(self, text: str | Notice) -> None:
        """Show a one-line notice at the bottom of the window for a few seconds (a notice
        from the files in the player's language)."""
        self.notice_board.add(text, self.time, self.frames)

    def _take_storage_notices(self) -> None:
        for notice in self.storage.take_notices():
            self.notify(notice)

    @property
    def notices(self) -> list[str]:
        """The notices on screen now."""
        return self.notice_board.texts

    # Scene stack ----------------------------------------------------------------

    @property
    def scenes(self) -> list[Scene]:
        return self.stack.scenes

    @property
    def scene(self) -> Scene:
        """The scene on top of the stack."""
        return self.stack.top

    def push(self, scene: Scene) -> None:
        self.stack.push(scene)

    def pop(self) -> None:
        self.stack.pop()

    def open(self, request: ScreenRequest) -> None:
        """Ask for the screen `request` names to go on top."""
        self.push(make_scene(self, request))

    def switch_to(self, request: ScreenRequest) -> None:
        """Ask for the top scene to be replaced by the screen `request` names."""
        self.replace(make_scene(self, request))

    def open_record(self, record: GameRecord, title: str = "") -> None:
        """A game in progress resumed in its own screen, a finished one in the viewer."""
        self.push(scene_for_record(self, record, title))

    def open_record_file(self, path: str) -> bool:
        """Open the record at `path` (`python main.py FILE`); a file that cannot be read
        or replayed gives a one-line notice, and False."""
        name = Path(path).name
        try:
            recorded = read_recorded_game(path)
        except RecordError as error:
            self.notify(_("Could not open {name}: {reason}").format(name=name, reason=error))
            return False
        self.open_record(recorded.record, name.removesuffix(RECORD_SUFFIX))
        return True

    def replace(self, scene: Scene) -> None:
        self.stack.replace(scene)

    def clear_to_root(self) -> None:
        self.stack.clear_to_root()

    def quit(self) -> None:
        """Stop the loop after the current frame."""
        self.running = False

    def close(self) -> None:
        """Let every scene leave, top first (they save and count), then stop the worker;
        the window's size is kept for the next start."""
        self.stack.close()
        if self.settings.window_size != list(self.windowed_size):
            self.settings.window_size = list(self.windowed_size)
            self.save_settings()
        self.adviser.shutdown()

    def _apply_pending(self) -> None:
        """Change the scene stack as asked. A notice belongs to its screen: those posted
        before this frame go with it; those of this frame tell of the change and stay."""
        if self.stack.pending:
            self.notice_board.keep_only_from(self.frames)
        self.stack.apply_pending()
        if not self.scenes:  # the last scene went: the game quits
            self.running = False

    # Loop -----------------------------------------------------------------------

    def tick(self) -> bool:
        """One frame: events, fixed updates, draw. False once the game should close."""
        now = self.clock()
        self.art.begin_frame()
        self._accumulator += min(MAX_FRAME, max(0.0, now - self._last))
        self._last = now
        self._new_size = None
        for event in pygame.event.get():
            top = self.scenes[-1] if self.scenes else None
            self._dispatch(event)
            self._apply_pending()
            if not self.running:
                return False
            if event.type == pygame.KEYDOWN:
                # The text a key types arrives after it as TEXTINPUT: a key that opened
                # another screen (S: the save dialog) must not type into that screen.
                opened = bool(self.scenes) and self.scenes[-1] is not top
                self._text_of_opening_key = event.unicode if opened else ""
        if self._new_size is not None and self._new_size != self.size:
            self.resize(self._new_size)  # once a frame, however many resize events came
        steps = 0
        while self._accumulator >= FIXED_DT and steps < MAX_STEPS and self.scenes:
            self.scene.update(FIXED_DT)
            self._apply_pending()
            self.time += FIXED_DT
            self._accumulator -= FIXED_DT
            steps += 1
        if steps == MAX_STEPS:
            self._accumulator = min(self._accumulator, FIXED_DT)
        if not self.running or not self.scenes:
            return False
        self.art.refine()
        self._take_storage_notices()
        self.toasts.announce(self.storage.take_achieved(), self.time)
        self.notice_board.expire(self.time)
        self.draw(self._accumulator / FIXED_DT)
        pygame.display.flip()
        self.frames += 1
        return True

    def run_frames(self, count: int) -> bool:
        """Run up to `count` frames; False when the game closed meanwhile."""
        return all(self.tick() for _ in range(count))

    def frame_rate(self) -> int:
        """Frames a second to draw: the display's refresh rate (more would only burn the
        CPU the computer players think with), within 30..240."""
        rate = pygame.display.get_current_refresh_rate() or DEFAULT_FRAME_RATE
        return max(30, min(240, rate))

    def run(self) -> None:
        """Run until the window closes, pacing frames to the display."""
        pacer = pygame.time.Clock()
        self.art.frame_budget_s = ART_BUDGET_S
        while self.tick():
            pacer.tick(self.frame_rate())

    def draw(self, alpha: float) -> None:
        """Draw the top scene (and the scenes under an overlay), notices and achievements."""
        self.stack.draw(self.screen, alpha)
        self.notice_board.draw(self.screen, self.ui, self._keep_clear())
        if self.toasts.on_screen:
            self.toasts.draw(self.screen, self.felt(), self.ui, self._keep_clear(), self.time)

    def notice_boxes(self) -> list[tuple[list[pygame.Surface], pygame.Rect]]:
        """The notices shown now, each its lines and its box (`Notices.boxes`)."""
        return self.notice_board.boxes(self.ui, self.size, self._keep_clear())

    def _keep_clear(self) -> list[pygame.Rect]:
        """What notices must not cover: the top scene's buttons and what it keeps clear."""
        if not self.scenes:
            return []
        return [w.rect for w in self.scene.form.widgets if w.visible] + self.scene.keep_clear()

    def _dispatch(self, event: pygame.Event) -> None:
        if event.type == pygame.TEXTINPUT:
            opening_key, self._text_of_opening_key = self._text_of_opening_key, ""
            if opening_key and event.text == opening_key:
                return
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            self._new_size = (event.w, event.h)
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self._new_size = (event.x, event.y)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.settings.fullscreen)
            return
        if not self.scenes:
            return
        scene = self.scene
        if scene.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            scene.on_back()


def open_window(windowed_size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
    """Open (or change) the game's window: fullscreen, or resizable at `windowed_size`
    and never smaller than `MIN_SIZE`."""
    pygame.display.set_caption(_(TITLE))
    if fullscreen:
        screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    else:
        screen = pygame.display.set_mode(windowed_size, pygame.RESIZABLE)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    if not fullscreen:
        window.minimum_size = MIN_SIZE
    return screen


def scale_for(size: tuple[int, int]) -> float:
    """The scale of everything drawn in a window of `size` (1 at `DESIGN_SIZE`)."""
    return max(0.6, min(3.0, size[0] / DESIGN_SIZE[0], size[1] / DESIGN_SIZE[1]))


def remembered_size(
    saved: list[int] | None, desktops: Sequence[tuple[int, int]]
) -> tuple[int, int] | None:
    """The window size the player last left, made to fit the screen there is now (a
    smaller screen than last time); None when none was kept."""
    if saved is None:
        return None
    width, height = saved
    if desktops:
        width, height = min(width, desktops[0][0]), min(height, desktops[0][1])
    return (max(MIN_SIZE[0], width), max(MIN_SIZE[1], height))


def window_size_for(desktops: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """The first window's size: the design shape, as large as 85% of the desktop allows
    (in the desktop's own pixels, which a DPI-aware process sees), at least 1280x800
    where the desktop has room."""
    if not desktops:
        return DEFAULT_SIZE
    width, height = desktops[0]
    scale = min(width * 0.85 / DESIGN_SIZE[0], height * 0.85 / DESIGN_SIZE[1])
    scale = max(scale, min(1.0, width / DESIGN_SIZE[0], height / DESIGN_SIZE[1]))
    return round(DESIGN_SIZE[0] * scale), round(DESIGN_SIZE[1] * scale)
