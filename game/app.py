"""The game window: pygame-ce start-up, the loop and the services scenes are given.

The loop (`tick`, `run`) runs fixed-timestep updates and draws a frame only when the
picture changed; while nothing moves it sleeps until input, news from another thread
(`game.news`: a worker's answer, a table's message) or the next change a screen expects
(`Scene.still_for`). game/ui/pacing.py has its timing and decisions.

Scenes ask for `push`, `pop`, `replace` or `clear_to_root`; the stack changes only after
the current event or update has been handled, never in the middle of a scene's call.
Closing the window quits at once; Escape calls the top scene's `on_back`.

Tests drive an `App` headless: post events with `pygame.event.post`, then `tick()` or
`run_frames(n)`, with a `ManualClock` so that every frame lasts exactly what they say.
With `CONTACK_REPORT_STILL=1` in the environment, `run(app)` prints one JSON line each time
the picture comes to rest (for tests that drive a real window from outside).
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import time
from collections.abc import Callable
from typing import Final

import pygame

from game import news
from game.ai.worker import Adviser, shared_pool
from game.collector import Collector
from game.i18n import _, language, set_language, system_language
from game.persist.files import Notice
from game.persist.settings import TEXT_SCALES, Settings
from game.persist.storage import Storage
from game.router import make_scene, scene_for_record, scene_for_record_file
from game.rules.record.document import GameRecord
from game.scenes.base import Scene
from game.scenes.requests import Screen, ScreenRequest
from game.scenes.stack import SceneStack
from game.ui.achievements.toasts import AchievementToasts
from game.ui.pacing import FIXED_DT, Pace, display_rate
from game.ui.pads import PAD_EVENTS, Gamepads
from game.ui.painting import Ui
from game.ui.sound import SoundPlayer
from game.ui.speech import SILENCE, CommandVoice, Silence, Voice, system_voice
from game.ui.theme import Fonts, render_felt, theme_named
from game.ui.tiles.art import TileArt
from game.ui.touch import Touch
from game.ui.turn_title import TURN_TITLE
from game.ui.widgets.controls import Widget
from game.ui.widgets.notices import Notices
from game.ui.window import Window

NEWS: Final = pygame.event.custom_type()
"""The event by which news from another thread wakes the loop (`game.news`)."""


ART_BUDGET_S: Final = 0.008
"""Time a frame of the real loop may spend drawing new tile images; past it, images are
scaled from another size for a few frames (a resize or a new tile size never stalls)."""
OWED_RETRY_FRAMES: Final = 120
"""How often (in frames) the writes a full or read-only disk refused are tried again,
besides after each later save and when a screen is left (`SceneStack`)."""
COLLECTOR_GROWTH: Final = 1.25
"""The frozen objects' growth past which a screen that opens collects them all."""


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
        self.ui = Ui(self.fonts, self.window.scale, TEXT_SCALES[self.settings.text_size])
        self.art = TileArt(self.fonts, theme_named(self.settings.theme), self.settings.colour_blind)
        self.sound = SoundPlayer(self.settings.volume, self.settings.muted)
        self.system_voice: CommandVoice | Silence = system_voice()
        """The platform's voice, found once at start (tests put one of their own)."""
        self.speech: Voice = SILENCE
        self.spoken = False
        """Whether the spoken board is on (`speech` is silence also when no voice is found)."""
        self.pads = Gamepads()
        self.touch = Touch()
        self._felt: pygame.Surface | None = None
        self.stack = SceneStack()
        self._text_of_opening_key = ""
        """The text of the last key pressed if it opened another screen (see `tick`)."""
        self.running = True
        self.frames = 0
        """Frames run (drawn or not): work done once a frame keys on it."""
        self.drawn = 0
        """Frames drawn."""
        self.time = 0.0
        self.pace = Pace(self.clock)
        news.listen(post_news)
        self.notice_board = Notices()
        self.toasts = AchievementToasts(self.art, self.sound)
        self.storage.tidy_at_start()
        self._take_storage_notices()
        for style in Fonts.FILES:  # a damaged font file: pygame's own font stands in
            self.fonts.get(18, style)
        for name in sorted(self.fonts.broken):
            self.notify(
                _("The font {name} could not be read; a plain font stands in.").format(name=name)
            )
        self.collector: Collector | None = None
        """What keeps the garbage collector's full passes off the frames, once the
        game's own loop runs (`run`)."""
        self._choose_speech()
        self.open(Screen.MENU)
        self._apply_pending()
        if record_path and (scene := scene_for_record_file(self, record_path)) is not None:
            self.push(scene)
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
        self.relayout()

    def _follow_window(self) -> None:
        """Once a frame: lay every scene out again when the window changed size (the
        player dragged a corner or maximised it, or an event asked), and keep a new
        windowed size in the settings once it has stayed a moment."""
        if self.window.follow(self.time):
            self.relayout()
        if self.window.size_to_keep(self.time):
            self.save_settings()

    def relayout(self) -> None:
        """Lay every scene out again for the window as it is now."""
        self.window.laid_out_now()
        self.ui.scale = self.window.scale
        self._felt = None
        self.pace.changed = True
        for scene in self.scenes:
            scene.resize(self.size)
        self.notice_board.place_afresh()

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
        """Bring sound, tile art, text size and language in line with `settings`, then
        save them. A new language or text size lays every scene out again: their words
        have other sizes."""
        self.sound.set_volume(self.settings.volume, self.settings.muted)
        if self.settings.spoken_board != self.spoken:
            self._choose_speech()
        self.art.set_look(theme_named(self.settings.theme), self.settings.colour_blind)
        spoken, text_scale = language(), self.ui.text_scale
        self.ui.text_scale = TEXT_SCALES[self.settings.text_size]
        if set_language(self.settings.language or system_language()) != spoken:
            TURN_TITLE.show()
            self.relayout()
        elif self.ui.text_scale != text_scale:
            self.relayout()
        for scene in self.scenes:
            scene.settings_changed()
        self.save_settings()
        self.pace.changed = True

    def _choose_speech(self) -> None:
        """The spoken board on: the system's voice speaks, or a notice says there is none;
        off: silence."""
        self.speech.hush()
        self.spoken = self.settings.spoken_board
        self.speech = self.system_voice if self.spoken else SILENCE
        if self.spoken and self.speech is SILENCE:
            self.notify(
                _(
                    "No voice was found to speak the board: install speech-dispatcher or "
                    "espeak-ng (Linux), or turn the system's voice on."
                )
            )

    def notify(self, text: str | Notice) -> None:
        """Show a one-line notice at the bottom of the window for a few seconds (a notice
        from the files in the player's language)."""
        self.notice_board.add(text, self.frames)
        self.pace.changed = True

    def _take_storage_notices(self) -> None:
        for notice in self.storage.take_notices():
            self.notify(notice)

    @property
    def notices(self) -> list[str]:
        """The notices on screen now."""
        return self.notice_board.texts

    @property
    def placing_on_the_picture(self) -> bool:
        """Whether a notice or an achievement's card is up: each finds its place on the
        picture painted under it (where it is plain), and its seconds begin there, so a
        frame drawn without painting would change where it rests."""
        return bool(self.notices) or self.toasts.shown is not None

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
        self.speech.hush()
        if self.collector is not None:
            self.collector.close()
        if self.window.keep_size():
            self.save_settings()
        self.adviser.shutdown()
        self.pads.close()
        news.listen(None)

    def _apply_pending(self) -> None:
        """Change the scene stack as asked. A notice belongs to its screen: those posted
        before this frame go with it; those of this frame tell of the change and stay."""
        changed = bool(self.stack.pending)
        if changed:
            self.notice_board.keep_only_from(self.frames)
            self.pace.changed = True
        self.stack.apply_pending()
        if changed and self.collector is not None:
            self.collector.settle()
        if not self.scenes:  # the last scene went: the game quits
            self.running = False

    # Loop -----------------------------------------------------------------------

    def tick(self) -> bool:
        """One frame: the updates owed for a sleep, the events, the fixed updates, and a
        draw when the picture changed. False once the game should close."""
        self.art.begin_frame()
        self._update(self.pace.owed_steps())
        for event in self.pace.events():
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
        for pressed in self.touch.held(self.time):
            self._dispatch(pressed)
            self._apply_pending()
        self._follow_window()  # once a frame, however many resize events came
        self.speech.poll()
        self._update(self.pace.steps())
        if not self.running or not self.scenes:
            return False
        self.art.refine()
        if self.frames % OWED_RETRY_FRAMES == 0:
            self.storage.pay_owed()
        self._take_storage_notices()
        self.toasts.announce(self.storage.take_achieved(), self.time)
        self.pace.changed |= self.notice_board.expire(self.time)
        still_for = self.still_for()
        if self.pace.frame_wanted(self.time, still_for, self.art.generation):
            self.draw(self.pace.alpha if still_for <= 0 else 1.0)
            pygame.display.flip()
            self.drawn += 1
        self.frames += 1
        return True

    def _update(self, steps: int) -> None:
        """Run up to `steps` fixed updates of the top scene."""
        for _step in range(steps):
            if not self.scenes:
                return
            self.scene.update(FIXED_DT)
            self._apply_pending()
            self.time += FIXED_DT

    def still_for(self) -> float:
        """How long the picture stays as it is by itself (game seconds, 0 while anything
        moves): the top scene's `still_for`, a notice's going, a size to keep, a long press
        coming."""
        if not self.scenes:
            return 0.0
        time = self.time
        if self.toasts.on_screen:
            return 0.0
        return min(
            self.scene.still_for(),
            self.notice_board.still_for(time),
            self.window.still_for(time),
            self.touch.still_for(time),
        )

    def redraw(self) -> None:
        """Draw the next frame whatever changed (a tool changed a scene's state itself)."""
        self.pace.changed = True

    def run_frames(self, count: int) -> bool:
        """Run up to `count` frames; False when the game closed meanwhile."""
        return all(self.tick() for _ in range(count))

    def draw(self, alpha: float) -> None:
        """Draw a frame: the scenes shown bring it in line with their state, then it is
        painted."""
        self.stack.before_draw()
        self.paint(alpha)

    def paint(self, alpha: float) -> None:
        """Paint the top scene (and the scenes under an overlay), notices and achievements."""
        self.stack.draw(self.screen, alpha)
        self.notice_board.draw(self.screen, self.ui, self._keep_clear(), self.time)
        self.toasts.draw(self.screen, self.felt(), self.ui, self._keep_clear(), self.time)

    def notice_boxes(self) -> list[tuple[list[pygame.Surface], pygame.Rect]]:
        """The notices drawn on the last frame, each its lines and its box."""
        return self.notice_board.boxes()

    def _keep_clear(self) -> list[pygame.Rect]:
        """What notices must not cover: the top scene's buttons and what it keeps clear."""
        if not self.scenes:
            return []
        return [w.rect for w in self.scene.form.widgets if w.visible] + self.scene.keep_clear()

    def _usable_widgets(self) -> list[Widget]:
        """The top scene's buttons and fields a press may use now."""
        if not self.scenes:
            return []
        return [w for w in self.scene.form.widgets if w.visible and w.enabled]

    def _dispatch(self, event: pygame.Event) -> None:
        if event.type == pygame.TEXTINPUT:
            opening_key, self._text_of_opening_key = self._text_of_opening_key, ""
            if opening_key and event.text == opening_key:
                return
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == NEWS:  # it woke the loop and asks for a frame; the scene polls
            return
        if event.type in PAD_EVENTS:
            for key in self.pads.keys_for(event):
                self._dispatch(key)
            return
        if self.touch.takes(event):
            buttons = [w.rect for w in self._usable_widgets()]
            for pointed in self.touch.events_for(event, self.size, self.time, buttons):
                self._dispatch(pointed)
            return
        if self.window.takes(event):
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


def post_news() -> None:
    """Wake the loop (from any thread): news arrived."""
    with contextlib.suppress(pygame.error):  # the window has closed
        pygame.event.post(pygame.event.Event(NEWS))


def run(app: App) -> None:
    """Run `app` until its window closes: frames paced to the display while anything
    moves or tile art waits, the tile art asked for ahead drawn in each frame's spare
    time once it is shown; else asleep until input, news or the next change due. With
    CONTACK_REPORT_STILL=1, one JSON line each time the picture comes to rest (see
    `still_report`)."""
    pacer = pygame.time.Clock()
    app.collector = Collector(COLLECTOR_GROWTH)
    app.art.frame_budget_s = ART_BUDGET_S
    reports, reported = os.environ.get("CONTACK_REPORT_STILL") == "1", -1
    while True:
        frame_start, frame_s = time.perf_counter(), 1 / display_rate()
        if not app.tick():
            return
        draw_ahead(app, frame_start + frame_s)
        waiting = app.art.refining or app.art.ahead
        rest = app.pace.rest(app.time, waiting, app.art.generation)
        if rest <= 0:
            pacer.tick(display_rate())
            continue
        if reports and reported != app.drawn:
            reported = app.drawn
            print(json.dumps(still_report(app)), flush=True)
        app.pace.sleep(rest)


def draw_ahead(app: App, until: float) -> None:
    """After a frame is shown: the tile art asked for ahead, while it ends before `until`
    (the next frame); a still screen draws one image at least (nothing else waits, and
    on a busy machine none might ever seem to fit)."""
    still = app.pace.rest(app.time, app.art.refining, app.art.generation) > 0
    app.art.draw_ahead(until, least=1 if still else 0)


def still_report(app: App) -> dict[str, object]:
    """The picture at rest, for a test driving the window from outside: its size, the
    screen, the text of the field typed into, whether a solitaire's game is over, and
    for how long the screen stays still by itself (None: until input or news)."""
    scene = app.scene
    still_for = scene.still_for()
    return {
        "still": list(app.size),
        "scene": type(scene).__name__,
        "typed": getattr(scene.form.focused, "text", None),
        "finished": getattr(scene, "finished", None),
        "for": None if still_for == math.inf else round(still_for, 3),
    }
