"""Driving the real app headless in tests: one way to build it and to post real mouse
and keyboard events (`Input`). (Fixtures live in conftest.py.)"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeGuard, TypeVar

import pygame

from game.ai.worker import Adviser, InProcessAdviser
from game.app import App, ManualClock
from game.persist.storage import Storage
from game.scenes.base import Scene
from game.scenes.games.records import RecordsScene
from game.scenes.menus.menu import MenuScene
from game.scenes.requests import Screen
from game.scenes.table.scene import TableRole, TableScene
from game.ui.tiles.art import TileArt
from game.ui.widgets.controls import Widget
from tools.screenshot_targets import unseen

if TYPE_CHECKING:
    from tools.text_audit import Frame

Point = tuple[float, float]


class PaintedWhenLookedAt(App):
    """The app as the tests drive it: a frame the window draws is painted only once a
    test looks at the window (`screen`); most tests follow the state and look at no pixel,
    and painting is most of a frame's cost. The picture looked at is the same: a frame
    paints the state as it is, whatever frames went unpainted before it (the screenshots'
    `unseen`), but for a notice or an achievement's card up, which find their place on the
    picture painted under them and whose seconds begin there: those frames are painted as
    they come. Frames are still drawn (counted, and the scenes' `before_draw`), and a
    test's own `draw` paints at once."""

    painting_each_frame = False
    """Whether each frame is painted as it comes, for a test that watches the painting
    itself (`new_app(painted=True)`, `watched`): the drawing calls a frame makes, a tile's
    stand-in art replaced once painted."""
    _ticking = False
    _owed: float | None = None
    """The alpha of the last frame drawn, while nobody has looked at it."""

    def tick(self) -> bool:
        self._ticking = True
        try:
            return super().tick()
        finally:
            self._ticking = False

    def paint(self, alpha: float) -> None:
        if self._ticking and not (self.painting_each_frame or self.placing_on_the_picture):
            self._owed = alpha
            return
        self._owed = None
        super().paint(alpha)

    @property
    def screen(self) -> pygame.Surface:
        owed, self._owed = self._owed, None
        if owed is not None:
            App.paint(self, owed)
        return self.window.surface


def new_app(
    home: Path,
    size: tuple[int, int] = (1280, 800),
    *,
    speed: str | None = None,
    banner: bool | None = None,
    record_path: str | None = None,
    art: TileArt | None = None,
    adviser: Adviser | None = None,
    frames: int = 2,
    painted: bool = False,
) -> App:
    """An app on a data folder `home`, thinking in-process, with a manual clock; `art`
    shares a tile-art cache between the tests of a module (rendering tiles is slow); its
    frames are painted once looked at (`PaintedWhenLookedAt`), or each as it comes."""
    app = PaintedWhenLookedAt(
        size,
        clock=ManualClock(),
        storage=Storage(home),
        record_path=record_path,
        adviser=adviser or InProcessAdviser(),
    )
    app.painting_each_frame = painted
    if art is not None:
        app.art = art
    if speed is not None:
        app.settings.animation_speed = speed
    if banner is not None:
        app.settings.handoff_banner = banner
    pygame.event.clear()
    app.run_frames(frames)
    return app


def at(point: Point) -> tuple[int, int]:
    return (round(point[0]), round(point[1]))


class Input:
    """Real mouse and keyboard events posted to one app; each gesture is followed by
    `frames` frames (unless told otherwise)."""

    def __init__(self, app: App | Callable[[], App], frames: int = 2) -> None:
        self._app = app
        self.default_frames = frames

    @property
    def app(self) -> App:
        """The app driven (given, or found when needed)."""
        return self._app if isinstance(self._app, App) else self._app()

    @staticmethod
    def post(kind: int, **fields: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, **fields))

    def frames(self, count: int | None = None) -> None:
        """Run `count` frames (the default number when not told)."""
        self.app.run_frames(self.default_frames if count is None else count)

    def click(self, target: Widget | Point, *, button: int = 1, frames: int | None = None) -> None:
        """A real click on a widget's middle (which must be usable) or on a point."""
        if isinstance(target, Widget):
            assert target.visible and target.enabled, target.label
            pos = target.rect.center
        else:
            pos = at(target)
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        self.frames(frames)

    def drag(self, start: Point, end: Point, *, frames: int | None = None) -> None:
        """Press at `start`, move through the middle to `end`, release."""
        start_at, end_at = at(start), at(end)
        self.post(pygame.MOUSEMOTION, pos=start_at, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=start_at, button=1)
        middle = at(((start[0] + end[0]) / 2, (start[1] + end[1]) / 2))
        for pos in (middle, end_at):
            self.post(
                pygame.MOUSEMOTION,
                pos=pos,
                rel=(pos[0] - start_at[0], pos[1] - start_at[1]),
                buttons=(1, 0, 0),
            )
        self.post(pygame.MOUSEBUTTONUP, pos=end_at, button=1)
        self.frames(frames)

    def press(self, key: int, mod: int = 0, *, times: int = 1, frames: int | None = None) -> None:
        """`times` real key presses (and releases), a frame after each but the last,
        which is followed by `frames` frames."""
        for time in range(times):
            self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="")
            self.post(pygame.KEYUP, key=key, mod=mod)
            self.frames(frames if time == times - 1 else 1)

    def text(self, text: str, *, frames: int | None = None) -> None:
        """Type `text`, one TEXTINPUT event a character, then `frames` frames."""
        for letter in text:
            self.post(pygame.TEXTINPUT, text=letter)
        self.frames(frames)


def run_until(app: App, done: Callable[[], bool], limit: int = 20_000) -> None:
    """Run frames until `done()`; computers and solvers think in-process, so this waits
    on frames, never on wall-clock time."""
    for _ in range(limit):
        if done():
            return
        app.tick()
    raise AssertionError("the condition never came true")


@contextmanager
def undrawn(app: App) -> Iterator[None]:
    """Frames with their events and updates but not drawn, for a test that follows the
    state frame by frame and looks at no pixel (drawing is most of a frame's cost): the
    screenshots' `unseen`, which still draws the frames a notice or an achievement's card
    is up in (their seconds begin once drawn). The next frame after is drawn whatever
    changed."""
    with unseen(app):
        yield
    app.redraw()


@contextmanager
def watched(app: App) -> Iterator[Frame]:
    """What the frames run within paint (`text_audit.watching`: the words and panels),
    each frame painted as it comes."""
    from tools.text_audit import watching  # the audit patches the screens' drawing

    assert isinstance(app, PaintedWhenLookedAt)
    before, app.painting_each_frame = app.painting_each_frame, True
    try:
        with watching(app) as frame:
            yield frame
    finally:
        app.painting_each_frame = before


def type_into_deal_box(
    make_app: Callable[..., App], screen: Screen, typed: str
) -> tuple[App, Scene]:
    """Open `screen` (a solitaire or the table setup) and type `typed` into its deal box."""
    app = make_app(speed="instant")
    app.open(screen)
    app.run_frames(3)
    scene = app.scene
    bars = getattr(scene, "bars", None)
    field = bars.deal_field if bars is not None else scene.deal_field  # type: ignore[attr-defined]
    drive = Input(app)
    drive.click(field)
    drive.press(pygame.K_a, pygame.KMOD_CTRL)
    drive.text(typed)
    return app, scene


S = TypeVar("S", bound=Scene)
R = TypeVar("R", bound=TableRole)


def is_table_of(scene: Scene, role: type[R]) -> TypeGuard[TableScene[R]]:
    """Whether `scene` is a table screen made with a `role` (a network table's, the
    lesson's), whose parts then are typed as that role's."""
    return isinstance(scene, TableScene) and isinstance(scene.role, role)


def click_next(app: App, choice: Widget) -> None:
    """Click a choice's right arrow (its next value)."""
    Input(app).click((choice.rect.right - 24, choice.rect.centery))


def menu_button(app: App, name: str) -> Widget:
    scene = app.scene
    assert isinstance(scene, MenuScene)
    return scene.buttons[name]


def open_from_menu(app: App, name: str, kind: type[S]) -> S:
    """Click the menu entry `name`; the scene it opens, which must be a `kind`."""
    Input(app).click(menu_button(app, name))
    scene = app.scene
    assert isinstance(scene, kind)
    return scene


def open_games_tab(app: App, tab: Screen, kind: type[S]) -> S:
    """Click the menu's Records & statistics, then its tab `tab`; the scene it opens,
    which must be a `kind`."""
    records = open_from_menu(app, "games", RecordsScene)
    Input(app).click(records.tabs[tab])
    scene = app.scene
    assert isinstance(scene, kind)
    return scene


def sizes_in(app: App, widgets: Sequence[Widget]) -> dict[str, int]:
    """Each text one frame draws inside one of `widgets`, with its size (the font's pixel
    size): a row or column of them says its words of one role at one size."""
    from tools.text_audit import watching  # the audit patches the screens' drawing

    app.relayout()  # words rendered anew, where the audit sees them
    with watching(app) as frame:
        app.draw(1.0)
    return {
        drawn.text: drawn.px
        for drawn in frame.texts
        if any(widget.rect.collidepoint(drawn.rect.center) for widget in widgets)
    }
