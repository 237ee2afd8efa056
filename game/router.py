"""The router: the screen for each request, and the screen for a game record.

Scenes never import one another: they ask their services to `open(Screen.RECORDS)` or
`switch_to(TableRequest(config))` (typed requests of game.scenes.requests), and the app
makes the scene here. This is the one module that knows every screen (a class, or the
function that composes a table screen with its role).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Final

from game.i18n import _
from game.persist.records import RECORD_SUFFIX, is_in_progress, read_recorded_game
from game.rules.errors import RecordError
from game.rules.modes import Mode
from game.rules.record.document import GameRecord
from game.scenes.base import Scene, Services
from game.scenes.club.games import ClubGamesScene
from game.scenes.club.keys import ClubKeyScene
from game.scenes.club.lobby import ClubScene
from game.scenes.club.new_table import NewClubTableScene
from game.scenes.games.achievements import AchievementsScene
from game.scenes.games.history import HistoryScene
from game.scenes.games.records import RecordsScene, SaveRecordScene
from game.scenes.games.stats import StatsScene
from game.scenes.menus.about import AboutScene
from game.scenes.menus.daily import DailyScene
from game.scenes.menus.menu import MenuScene
from game.scenes.menus.rules import RulesScene
from game.scenes.menus.settings import SettingsScene
from game.scenes.online.hosting import HostScene
from game.scenes.online.join import JoinScene
from game.scenes.online.remote import online_table_scene
from game.scenes.puzzles.history import PuzzleHistoryScene
from game.scenes.puzzles.scene import PuzzlesScene
from game.scenes.requests import (
    CoachRequest,
    HostRequest,
    PuzzleRetryRequest,
    RejoinRequest,
    RemoteTableRequest,
    ReplayRequest,
    SaveRecordRequest,
    ScoreRequest,
    Screen,
    ScreenRequest,
    SolitaireRequest,
    TableRequest,
)
from game.scenes.review.coach import CoachScene
from game.scenes.review.replay import ReplayScene
from game.scenes.setup.scene import SetupScene
from game.scenes.solitaire.draw import DrawSolitaireScene
from game.scenes.solitaire.stacked import StackedSolitaireScene
from game.scenes.table.guided import lesson_scene
from game.scenes.table.scene import TableScene
from game.scenes.table.score import ScoreScene

SCENES: Final[dict[Screen, Callable[[Services], Scene]]] = {
    Screen.MENU: MenuScene,
    Screen.SETUP: SetupScene,
    Screen.DRAW_SOLITAIRE: DrawSolitaireScene,
    Screen.STACKED_SOLITAIRE: StackedSolitaireScene,
    Screen.RECORDS: RecordsScene,
    Screen.HISTORY: HistoryScene,
    Screen.STATS: StatsScene,
    Screen.ACHIEVEMENTS: AchievementsScene,
    Screen.RULES: RulesScene,
    Screen.DAILY: DailyScene,
    Screen.PUZZLES: PuzzlesScene,
    Screen.PUZZLE_HISTORY: PuzzleHistoryScene,
    Screen.GUIDED_GAME: lesson_scene,
    Screen.SETTINGS: SettingsScene,
    Screen.ABOUT: AboutScene,
    Screen.JOIN: JoinScene,
    Screen.CLUB: ClubScene,
    Screen.NEW_CLUB_TABLE: NewClubTableScene,
    Screen.CLUB_GAMES: ClubGamesScene,
    Screen.CLUB_KEY: ClubKeyScene,
}
"""The screens made with nothing but the services."""


SOLITAIRES: Final[dict[str, type[DrawSolitaireScene] | type[StackedSolitaireScene]]] = {
    Mode.DRAW_SOLITAIRE: DrawSolitaireScene,
    Mode.STACKED_SOLITAIRE: StackedSolitaireScene,
}


def make_scene(services: Services, request: ScreenRequest) -> Scene:
    """The screen `request` asks for."""
    match request:
        case Screen():
            return SCENES[request](services)
        case TableRequest(config, record):
            return TableScene(services, config, record=record)
        case HostRequest(config):
            return HostScene(services, config)
        case RejoinRequest():
            return JoinScene(services, rejoin=True)
        case RemoteTableRequest(match):
            return online_table_scene(services, match)
        case SolitaireRequest(mode, seed) if mode in SOLITAIRES:
            return SOLITAIRES[mode](services, seed=seed)
        case SolitaireRequest(mode, _seed):
            raise ValueError(f"no solitaire called {mode!r}")
        case ScoreRequest(match, end_words, on_next_hand):
            return ScoreScene(services, match, end_words, on_next_hand)
        case ReplayRequest(record, title, review, show_line, focus):
            return ReplayScene(services, record, title, review, show_line, focus)
        case CoachRequest(record, title, hands):
            return CoachScene(services, record, title, hands)
        case SaveRecordRequest(record):
            return SaveRecordScene(services, record)
        case PuzzleRetryRequest(answer):
            return PuzzlesScene(services, retry=answer)
        case _:
            raise TypeError(f"not a screen request: {request!r}")


def scene_for_record(services: Services, record: GameRecord, title: str = "") -> Scene:
    """A game in progress resumed in its own screen; a finished game in the replay viewer."""
    if not is_in_progress(record):
        return ReplayScene(services, record, title)
    if record.mode == Mode.DRAW_SOLITAIRE:
        return DrawSolitaireScene(services, record=record)
    if record.mode == Mode.STACKED_SOLITAIRE:
        return StackedSolitaireScene(services, record=record)
    return TableScene(services, {}, record=record)


def scene_for_record_file(services: Services, path: str) -> Scene | None:
    """The screen of the record at `path` (`python main.py FILE`, see `scene_for_record`);
    a file that cannot be read or replayed gives a one-line notice, and None."""
    name = Path(path).name
    try:
        recorded = read_recorded_game(path)
    except RecordError as error:
        services.notify(_("Could not open {name}: {reason}").format(name=name, reason=error))
        return None
    return scene_for_record(services, recorded.record, name.removesuffix(RECORD_SUFFIX))
