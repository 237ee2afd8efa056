"""The router: every screen by name, and the screen for a game record.

Scenes never import one another: they ask their services to `open("records")` or
`switch_to("table", config=...)`, and the app makes the scene here. This is the one
module that knows every scene class.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from game.persist.records import is_in_progress
from game.rules.record import DRAW_SOLITAIRE, STACKED_SOLITAIRE, GameRecord
from game.scenes.about import AboutScene
from game.scenes.base import Scene, Services
from game.scenes.coach import CoachScene
from game.scenes.daily import DailyScene
from game.scenes.draw_solitaire import DrawSolitaireScene
from game.scenes.history_list import HistoryScene
from game.scenes.menu import MenuScene
from game.scenes.records import RecordsScene, SaveRecordScene
from game.scenes.replay import ReplayScene
from game.scenes.rules_screen import RulesScene
from game.scenes.score import ScoreScene
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.stacked_solitaire import StackedSolitaireScene
from game.scenes.stats import StatsScene
from game.scenes.table import TableScene
from game.scenes.table_guided import GuidedGameScene

SCENES: Final[dict[str, Callable[..., Scene]]] = {
    "menu": MenuScene,
    "setup": SetupScene,
    "table": TableScene,
    "score": ScoreScene,
    DRAW_SOLITAIRE: DrawSolitaireScene,
    STACKED_SOLITAIRE: StackedSolitaireScene,
    "records": RecordsScene,
    "history": HistoryScene,
    "stats": StatsScene,
    "rules": RulesScene,
    "daily": DailyScene,
    "guided-game": GuidedGameScene,
    "settings": SettingsScene,
    "about": AboutScene,
    "replay": ReplayScene,
    "coach": CoachScene,
    "save-record": SaveRecordScene,
}
"""Screen name -> the scene class (called with the services and the options)."""


def make_scene(services: Services, name: str, **options: Any) -> Scene:
    """The screen named `name`; `KeyError` names the screens for an unknown one."""
    try:
        factory = SCENES[name]
    except KeyError:
        raise KeyError(f"no screen named {name!r} (screens: {', '.join(SCENES)})") from None
    return factory(services, **options)


def scene_for_record(services: Services, data: dict[str, Any], title: str = "") -> Scene:
    """A game in progress resumed in its own screen; a finished game in the replay viewer."""
    if not is_in_progress(data):
        return ReplayScene(services, GameRecord(data), title)
    mode = data.get("mode")
    if mode == DRAW_SOLITAIRE:
        return DrawSolitaireScene(services, record=data)
    if mode == STACKED_SOLITAIRE:
        return StackedSolitaireScene(services, record=data)
    return TableScene(services, {}, record=data)
