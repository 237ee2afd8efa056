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
from collections.abc import Callable
from pathlib import Path
from typing import Final

import pygame

from game.ai.worker import Adviser, shared_pool
from game.i18n import _, language, set_language, system_language
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
from game.ui.notices import Notices
from game.ui.painting import Ui
from game.ui.sound import SoundPlayer
from game.ui.theme import Fonts, render_felt, theme_named
from game.ui.tiles import TileArt
from game.ui.window import TITLE, Window

FIXED_DT: Final = 1 / 120
MAX_FRAME: Final = 0.25
MAX_STEPS: Final = 8
DEFAULT_FRAME_RATE: Final = 60
"""Frames a second when the display does not say its refresh rate."""
SIZE_KEPT_AFTER_S: Final = 0.5
"""A window the player resized keeps its size in the settings once it has stayed that
size this long (a corner dragged writes the file once, and a kill loses no size)."""


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
        self.window = Window(self.settings, size)
        self.fonts = Fonts()
        self.ui = Ui(self.fonts, self.window.scale)
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
        self._size_kept_at: float | None = None
        """Game time at which a size the player gave the window goes into the settings."""
        self.notice_board = Notices()
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
    def screen(self) -> pygame.Surface:
        return self.window.surface

    @property
    def size(self) -> tuple[int, int]:
        return self.window.size

    def set_fullscreen(self, fullscreen: bool) -> None:
        """Switch between fullscreen and a window; saved in the settings."""
        self.window.set_fullscreen(fullscreen)
        self.save_settings()
        self._relayout()

    def _follow_window(self) -> None:
        """Once a frame: lay every scene out again when the window changed size (the
        player dragged a corner or maximised it, or an event asked), and keep a new
        windowed size in the settings once it has stayed a moment."""
        if self.window.follow():
            self._relayout()
            if not self.settings.fullscreen:
                self._size_kept_at = self.time + SIZE_KEPT_AFTER_S
        if self._size_kept_at is not None and self.time >= self._size_kept_at:
            self._size_kept_at = None
            if self.window.keep_size():
                self.save_settings()

    def _relayout(self) -> None:
        self.window.laid_out_now()
        self.ui.scale = self.window.scale
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
        if self.window.keep_size():
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
        self._follow_window()  # once a frame, however many resize events came
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
        """Draw the top scene (and the scenes under an overlay) and the notices."""
        self.stack.draw(self.screen, alpha)
        self.notice_board.draw(self.screen, self.ui, self._keep_clear())

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
            self.window.ask((event.w, event.h))
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self.window.ask((event.x, event.y))
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
