"""Screenshot targets of the player's progress (registered into `screenshot_targets`):
the setup screen and the statistics with the rating of a player who has played alone
against computers."""

from __future__ import annotations

from game.app import App
from game.persist.history import add_finished_game
from game.rules.record import GameRecord
from game.scenes.setup import SetupScene
from game.scenes.stats import StatsScene
from tools.samples import sample_record
from tools.screenshot_targets import Record, Shot, target


def _alone_against_computers(app: App) -> None:
    """Ann's games alone against the computers, in the history (her rating and streak)."""
    for seed in (3, 5, 8, 13, 21):
        data = sample_record(players=3, seed=seed).data
        data["players"][0].update(name="Ann", kind="human")
        data["players"][1].update(name="Gus", kind="ai:expert")
        data["players"][2]["name"] = "Edna"
        add_finished_game(app.storage, GameRecord(data))


@target("setup-rating")
def _setup_rating(app: App, record: Record) -> Shot:
    """The setup screen for Ann alone against two computers: her rating among the
    levels'."""
    _alone_against_computers(app)
    scene = SetupScene(app)
    scene.names[0].text = "Ann"
    scene.kinds[0].set_value("human")
    scene.count.set_value(3)
    for seat in (1, 2):
        scene.kinds[seat].set_value("ai:expert")
    return Shot(scene, lambda: scene.resize(app.size))


@target("stats-rating")
def _stats_rating(app: App, record: Record) -> Shot:
    """The statistics with Ann's rating and streak against the computers."""
    _alone_against_computers(app)
    return Shot(StatsScene(app))
