"""The game in a real X window (tests/real_window.py: Xvfb, no window manager; xdotool's
real X input; pixels read back from the X server). Posted pygame events into a surface
that never changed size let a resize bug through: here the X window itself is resized,
typed into and clicked. Where no X server can start, the module is skipped, saying why.

Where to click comes from a twin: the same screen built headless in this process at
the same size, from the same settings (and, at the table, from the game's own save)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import TypeVar

import pygame
import pytest

from game.ai.worker import InProcessAdviser
from game.app import App, ManualClock
from game.persist.history import load_history
from game.persist.settings import TableSetup
from game.persist.storage import Storage
from game.play.table_flow import Turn
from game.rules.modes import Mode
from game.rules.moves import Move
from game.rules.record.document import GameRecord
from game.rules.table_rules import TableRules
from game.scenes.base import Scene
from game.scenes.menus.menu import MenuScene
from game.scenes.online.join import JoinScene
from game.scenes.requests import Screen
from game.scenes.setup.scene import SetupScene
from game.scenes.solitaire.draw import DrawSolitaireScene
from game.scenes.solitaire.stacked import StackedSolitaireScene
from game.scenes.table.scene import TableScene
from game.scenes.table.score import ScoreScene
from tests.drive import run_until
from tests.persistence_helpers import partial_record
from tests.real_window import GameWindow, game_settings
from tools.xserver import XServer

START: tuple[int, int] = (1280, 800)
SETUP = TableSetup(2, (("Ann", "human"), ("Bot", "ai:greedy")), TableRules(hands=1))

Point = tuple[float, float]


class Games:
    """Game windows on the module's X server, each on a home of its own under `root`."""

    def __init__(self, server: XServer, root: Path) -> None:
        self.server, self.root = server, root
        self.started: list[GameWindow] = []

    def start(self, name: str, size: tuple[int, int], **settings: object) -> GameWindow:
        """The game in a window of `size`, on a new home `name` with these settings."""
        home = self.root / name
        home.mkdir()
        game_settings(home, size, **settings)
        return self.again_on(home)

    def again_on(self, home: Path) -> GameWindow:
        """The game started (again) on `home`."""
        self.started.append(GameWindow(self.server, home))
        return self.started[-1]


@pytest.fixture
def games(xserver: XServer, tmp_path: Path) -> Iterator[Games]:
    """Game windows for one test; every one started is closed after it."""
    made = Games(xserver, tmp_path)
    yield made
    for game in made.started:
        game.close()


def twin(home: Path, size: tuple[int, int]) -> App:
    """The window's twin: the game headless in this process, at `size`, on a copy of the
    window's settings (so it lays everything out as the window does)."""
    settings = Storage(home).load_settings()
    twin_home = home.parent / f"{home.name}-twin"
    twin_home.mkdir(exist_ok=True)
    Storage(twin_home).save_settings(settings)
    app = App(size, clock=ManualClock(), storage=Storage(twin_home), adviser=InProcessAdviser())
    pygame.event.clear()
    app.run_frames(2)
    return app


S = TypeVar("S", bound=Scene)


def opened(model: App, screen: Screen, kind: type[S]) -> S:
    """The twin's `screen` (which must be a `kind`), laid out."""
    model.open(screen)
    model.run_frames(2)
    scene = model.scene
    assert isinstance(scene, kind)
    return scene


def started(games: Games, name: str) -> tuple[GameWindow, App, MenuScene]:
    """A game at 1280x800 that plays fast, its seats Ann and a computer; its twin; and
    the twin's menu (where the window's buttons are)."""
    game = games.start(name, START, animation_speed="instant", last_setup=SETUP)
    model = twin(game.home, START)
    menu = model.scene
    assert isinstance(menu, MenuScene)
    return game, model, menu


def to_the_setup(game: GameWindow, model: App, menu: MenuScene) -> SetupScene:
    """Click New table game; the twin's setup screen (where the window's fields are)."""
    game.click(menu.buttons["table"].rect.center)
    setup = opened(model, Screen.SETUP, SetupScene)
    game.expect(scene="SetupScene")
    return setup


def differences(seen: pygame.Surface, expected: pygame.Surface, where: Path) -> str:
    """ "" when the two pictures are the same pixel for pixel; else where they differ (both
    kept as PNGs under `where`)."""
    if seen.get_size() != expected.get_size():
        return f"sizes {seen.get_size()} and {expected.get_size()}"
    if pygame.image.tobytes(seen, "RGB") == pygame.image.tobytes(expected, "RGB"):
        return ""
    width, height = seen.get_size()
    spots = [
        (x, y)
        for y in range(0, height, 2)
        for x in range(0, width, 2)
        if seen.get_at((x, y))[:3] != expected.get_at((x, y))[:3]
    ]
    pygame.image.save(seen, where / "seen.png")
    pygame.image.save(expected, where / "expected.png")
    xs, ys = [x for x, _ in spots], [y for _, y in spots]
    box = (min(xs, default=0), min(ys, default=0), max(xs, default=0), max(ys, default=0))
    return f"{len(spots)} sampled pixels differ within {box}; see {where}"


def test_a_resized_window_looks_exactly_as_one_started_at_its_size(
    games: Games, tmp_path: Path
) -> None:
    """Started at 1280x800, resized larger, smaller and larger again as a player drags a
    corner: each time the screen is the one a game started at that size shows, pixel for
    pixel; and the size is kept in the settings even if the game is then killed."""
    resized = games.start("resized", START)
    for size in ((1600, 1000), (1024, 768), (1366, 850)):
        resized.resize(size)
        seen = resized.capture()
        fresh = games.start(f"fresh-{size[0]}x{size[1]}", size)
        expected = fresh.capture()
        fresh.close()
        assert differences(seen, expected, tmp_path) == "", size
    resized.saved_settings(lambda settings: settings["window_size"] == [1366, 850])
    resized.process.kill()
    resized.process.wait()
    settings = json.loads((resized.home / "settings.json").read_text("utf-8"))
    assert settings["window_size"] == [1366, 850]


def test_typing_reaches_every_text_box_before_and_after_dialogs(games: Games) -> None:
    """Real keys (SDL's text input, which a dialog turns off and on): the table setup's
    name and deal number, the save dialog's name, the solitaire's deal box after that
    dialog, and Join a table's fields after the Quit question."""
    game, model, menu = started(games, "typing")
    setup = to_the_setup(game, model, menu)
    for field, words in ((setup.names[0], "Zoe"), (setup.deal_field, "4821")):
        game.click(field.rect.center)
        game.keys("ctrl+a")
        game.type(words)
        game.expect(typed=words)
    game.click(setup.start.rect.center)
    game.expect(scene="TableScene", typed=None)
    game.keys("s")
    saved_as = game.expect(scene="SaveRecordScene")["typed"]
    game.type(" ok")
    game.expect(typed=f"{saved_as} ok")
    game.keys("Return")
    game.expect(scene="TableScene")
    game.keys("Escape")
    game.expect(scene="MenuScene")
    game.click(menu.buttons["draw"].rect.center)
    solitaire = opened(model, Screen.DRAW_SOLITAIRE, DrawSolitaireScene)
    game.expect(scene="DrawSolitaireScene")
    game.click(solitaire.bars.deal_field.rect.center)
    game.keys("ctrl+a")
    game.type("182")
    game.expect(typed="182")
    game.keys("Escape", "Escape")
    game.expect(scene="MenuScene")
    game.keys("Escape")
    game.expect(scene="ConfirmScene")  # Quit? No.
    game.keys("Escape")
    game.expect(scene="MenuScene")
    game.click(menu.buttons["join"].rect.center)
    join = opened(model, Screen.JOIN, JoinScene)
    game.expect(scene="JoinScene")
    for field, words in ((join.invitation, "contack://host:8765/x"), (join.name, "Zoe")):
        game.click(field.rect.center)
        game.keys("ctrl+a")
        game.type(words)
        game.expect(typed=words)
    model.close()


def test_a_table_hand_and_a_solitaire_played_through_with_real_clicks(games: Games) -> None:
    """Ann plays her hand against a computer by clicking a tile of her tray and then a lit
    spot (found on a twin playing the same game) until the score screen; then a stacked
    solitaire is played out by clicking Auto-play."""
    game, model, menu = started(games, "play")
    game.click(to_the_setup(game, model, menu).start.rect.center)
    game.expect(scene="TableScene", **{"for": None})
    table = TableTwin(model, game.home)
    for placed in range(40):  # noqa: B007 - the count is checked after the loop
        assert table.moves() == saved_moves(game.home), "the twin plays another game"
        tile_at, spot_at, move = table.next_placement()
        game.click(tile_at)
        game.still()  # the tile is held, its spots lit
        game.click(spot_at)
        table.play(move)
        if table.scene.state.hand_over:
            break
        game.until(  # Ann's move is played (and saved), and what follows until her turn
            lambda report: report["for"] is None and saved_moves(game.home) == table.moves(),
            lambda: f"saved {saved_moves(game.home)}, the twin's {table.moves()}",
        )
    assert placed < 39, "the hand never ended"
    game.expect(scene="ScoreScene")
    run_until(model, lambda: isinstance(model.scene, ScoreScene))  # the twin's too
    assert modes_played(game.home) == [Mode.TABLE]
    game.close()  # (the final scores take no keys in their first moments: a new start)
    game = games.again_on(game.home)
    model.clear_to_root()  # the twin at its menu, as the window started again
    model.run_frames(1)
    game.click(menu.buttons["stacked"].rect.center)
    stacked = opened(model, Screen.STACKED_SOLITAIRE, StackedSolitaireScene)
    game.expect(scene="StackedSolitaireScene", **{"for": None})
    game.click(stacked.bars.auto_button.rect.center)
    game.until(lambda report: report["for"] is None and report["finished"] is True)
    game.files_until(  # nothing to continue, once the game has counted it
        lambda: Storage(game.home).load_game(Mode.STACKED_SOLITAIRE) is None
    )
    game.keys("Escape")  # a loss counts once the player leaves; a win at once
    game.expect(scene="MenuScene")
    assert modes_played(game.home) == [Mode.TABLE, Mode.STACKED_SOLITAIRE]
    model.close()


def saved_moves(home: Path) -> list[dict[str, object]]:
    """The moves of the hand in the window's table save (every move is saved in the frame
    after its own)."""
    record = Storage(home).load_game(Mode.TABLE)
    return [] if record is None else list(record.to_json()["hands"][0]["moves"])


def modes_played(home: Path) -> list[str]:
    """The modes of the games in the window's history, oldest first."""
    return [entry.mode for entry in load_history(Storage(home)).games]


class TableTwin:
    """The window's table played alongside it in this process: the same deal (from the
    window's save) from its first move on, and the same moves (its computer chooses as
    the window's does), so that its board follows the figure exactly as the window's
    and shows where Ann's tiles and their spots are."""

    def __init__(self, model: App, home: Path) -> None:
        saved = Storage(home).load_game(Mode.TABLE)
        assert saved is not None
        dealt = GameRecord.parse(partial_record(saved.to_json(), 0))  # the moves are played here
        self.model = model
        self.scene = TableScene(model, {}, record=dealt)
        model.push(self.scene)
        self._on_to_anns_placement()

    def moves(self) -> list[dict[str, object]]:
        return list(self.scene.match.record.to_json()["hands"][0]["moves"])

    def next_placement(self) -> tuple[Point, Point, Move]:
        """Where Ann's first tile that fits is in the tray, where its first lit spot is,
        and the move they make."""
        controls = self.scene.controls
        for tile in controls.active_tiles():
            controls.select(tile)
            cells = controls.spot_cells()
            if cells:
                tile_at = self.scene.hands.sprites[tile].rect.center
                move = controls.spots()[cells[0]]
                controls.select(None)
                return tile_at, self.scene.board.view.cell_box_centre(cells[0]), move
        raise AssertionError("Ann has no tile to place but the window waits for her")

    def play(self, move: Move) -> None:
        """Ann's `move` here too, and what follows until she places again."""
        self.scene.play(move)
        self._on_to_anns_placement()

    def _on_to_anns_placement(self) -> None:
        """Run the twin until Ann may place a tile (a draw or pass she cannot avoid is
        played for her) or the hand is over."""
        scene = self.scene

        def anns_placement() -> bool:
            placing = scene.human_can_act() and scene.match.turn() is Turn.HUMAN
            return placing or scene.state.hand_over

        run_until(self.model, anns_placement)
