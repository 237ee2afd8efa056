"""The achievements on disk (game/persist/achievements.py, achievement_list.py) and the
facts of a finished game they are decided from (game/play/game_facts.py): earned once,
with the day, when a game is counted or a puzzle answered; progress kept as the best so
far; kept before the history, so that no kill loses one; a damaged file set aside."""

from __future__ import annotations

import datetime
import json
import random
from pathlib import Path
from typing import Any

import pytest

from game.ai.players import make_player
from game.cli import simulate
from game.persist import history as history_module
from game.persist.achievement_list import ACHIEVEMENTS, BY_KEY, LEVELS, Moment
from game.persist.achievements import (
    Progress,
    achievements_path,
    count_coached,
    count_moment,
    load_achievements,
)
from game.persist.history import add_finished_game, count_lost_saves, load_history
from game.persist.puzzles import PuzzleAnswer, count_daily_answer, count_trainer_answer
from game.persist.records import check_record_dict
from game.persist.storage import Storage
from game.play.game_facts import game_facts
from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import RecordedGame
from game.rules.table import TableGame
from game.rules.table_rules import TableRules
from tests.persistence_helpers import finished_record

DAY = datetime.date(2026, 11, 22)


def table_game(
    seed: int, levels: tuple[str, ...] = ("greedy", "expert"), **rules: Any
) -> dict[str, Any]:
    """A finished table game of Ann (a person, her moves the greedy level's) against
    computers of `levels`."""
    players = [{"name": "Ann", "kind": "human"}]
    players += [{"name": f"Bot {n}", "kind": f"ai:{level}"} for n, level in enumerate(levels)]
    game = RecordedGame.new_table(TableGame(len(players), TableRules(**rules)), players, seed)
    bot = make_player("greedy", random.Random(seed))
    while not game.state.is_terminal():
        if game.state.hand_over:
            game.next_hand()
        else:
            game.play(bot.choose(game.state))
    return game.record.to_json()


WON = 7
"""A deal Ann wins against the greedy and the expert level (going out, by 40)."""
LOST = 2


def earned(files: Storage) -> set[str]:
    return {key for key, kept in load_achievements(files).items() if kept.earned is not None}


def test_a_finished_game_says_who_won_whom_they_beat_and_how() -> None:
    won = game_facts(check_record_dict(table_game(WON)), hints=False, undos=True, autoplay=False)
    assert won.won and won.beaten == {"greedy", "expert"} and won.seats == 3
    assert won.went_out and won.margin == 40 and won.undos and not won.hints
    assert won.best_placement == 25 and won.most_tiles_touched == 2
    lost = game_facts(check_record_dict(table_game(LOST)), hints=False, undos=False, autoplay=False)
    assert not lost.won and lost.beaten == frozenset() and lost.margin == 0
    computers = game_facts(
        check_record_dict(finished_record()), hints=False, undos=False, autoplay=False
    )
    assert not computers.won and computers.best_placement == 0  # no person at the table


def test_a_won_game_earns_its_achievements_once_with_the_day(tmp_path: Path) -> None:
    files = Storage(tmp_path)
    noon = datetime.datetime(2026, 11, 22, 12).timestamp()
    add_finished_game(files, GameRecord.parse(table_game(WON)), now=noon)
    assert files.take_achieved() == ["first-win", "went-out", "clean-win"]
    kept = load_achievements(files)
    assert kept["first-win"] == Progress(1, earned="2026-11-22")
    assert kept["every-level"] == Progress(2, frozenset({"greedy", "expert"}))
    assert kept["fifty"] == Progress(25)  # the best placement so far, towards 50
    add_finished_game(files, GameRecord.parse(table_game(WON)), now=noon)  # counted already
    add_finished_game(files, GameRecord.parse(table_game(LOST)), now=noon)
    assert files.take_achieved() == []
    assert load_achievements(files)["first-win"].earned == "2026-11-22"
    assert load_achievements(files)["fifty"].count == 25  # a worse game takes nothing off


def test_a_collection_gathers_its_marks_over_games(tmp_path: Path) -> None:
    files = Storage(tmp_path)
    add_finished_game(files, GameRecord.parse(table_game(WON)))
    assert load_achievements(files)["every-level"].count == 2
    add_finished_game(files, GameRecord.parse(table_game(22, ("easy", "master"))))  # Ann wins
    assert load_achievements(files)["every-level"] == Progress(
        4, LEVELS, earned=datetime.date.today().isoformat()
    )
    assert "every-level" in files.take_achieved()


def test_help_used_keeps_the_clean_achievements(tmp_path: Path) -> None:
    files = Storage(tmp_path)
    add_finished_game(files, GameRecord.parse(table_game(WON)), hints=True)
    assert "clean-win" not in files.take_achieved()
    solitaire = simulate("stacked-solitaire", 1, 3, ["auto"], TableRules()).to_json()
    solitaire["players"][0]["kind"] = "human"
    assert solitaire["hands"][0]["result"] == "won"
    add_finished_game(files, GameRecord.parse(solitaire), autoplay=True)
    assert files.take_achieved() == []  # a win of auto-play's is not the player's
    solitaire["seed"] = 4  # another game, won by hand with a hint
    add_finished_game(files, GameRecord.parse(solitaire), hints=True)
    assert files.take_achieved() == ["stacked-win"]
    assert load_achievements(files)["stacked-ten"].count == 1


def test_puzzles_answered_earn_theirs(tmp_path: Path) -> None:
    files = Storage(tmp_path)
    count_daily_answer(files, DAY, PuzzleAnswer("day", 0, 1500, False, DAY.isoformat()))
    assert files.take_achieved() == []
    for number in range(10):
        count_trainer_answer(files, number, PuzzleAnswer("trainer", 0, 1100, True, DAY.isoformat()))
    assert files.take_achieved() == ["puzzle-first", "puzzle-streak"]
    assert load_achievements(files)["puzzle-fifty"].count == 10


def test_every_achievement_has_its_own_key_words_and_a_reachable_goal() -> None:
    assert len(BY_KEY) == len(ACHIEVEMENTS) >= 30
    for achievement in ACHIEVEMENTS:
        assert achievement.goal >= 1 and achievement.name and achievement.description
        assert achievement.measure(Moment()) == 0 or achievement.marks is not None


class Killed(BaseException):
    """The process dies here."""


def kill(*args: object) -> bool:
    raise Killed


def test_the_achievements_are_kept_before_the_history(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game killed as its history is written has its achievements kept already; the
    next start counts the game from its save and earns nothing twice."""
    files = Storage(tmp_path)
    record = GameRecord.parse(table_game(WON))
    files.save_game(record)  # its last move's autosave
    monkeypatch.setattr(history_module, "save_history", kill)
    with pytest.raises(Killed):
        add_finished_game(files, record)
    monkeypatch.undo()
    files = Storage(tmp_path)  # the next start
    assert earned(files) == {"first-win", "went-out", "clean-win"}
    assert not load_history(files).games
    count_lost_saves(files)
    assert len(load_history(files).games) == 1
    assert files.take_achieved() == []


def test_the_coach_and_the_lesson_each_earn_one(tmp_path: Path) -> None:
    files = Storage(tmp_path)
    count_coached(files)
    count_coached(files)
    count_moment(files, Moment(lesson_opportunity=True), DAY)
    assert files.take_achieved() == ["coached", "lesson"]
    assert load_achievements(files)["lesson"].earned == DAY.isoformat()


@pytest.mark.parametrize("content", ["[1, 2]", '{"version": 2}', "{not json", "null"])
def test_a_file_that_is_not_ours_is_set_aside_with_a_notice(tmp_path: Path, content: str) -> None:
    files = Storage(tmp_path)
    achievements_path(files).write_text(content, encoding="utf-8")
    assert load_achievements(files) == {}
    assert len(files.take_notices()) == 1
    assert len(list(tmp_path.glob("achievements.json.bad-*"))) == 1
    count_coached(files)  # a fresh file from here
    assert files.take_achieved() == ["coached"] and earned(files) == {"coached"}


def test_entries_of_the_wrong_shape_are_dropped_and_unknown_ones_kept(tmp_path: Path) -> None:
    files = Storage(tmp_path)
    entries = {
        "fifty": {"count": "lots"},
        "lesson": {"count": 1, "earned": "yesterday"},
        "every-level": {"count": 1, "marks": [3]},
        "coached": {"count": -1},
        "from-a-later-version": {"count": 2, "earned": "2030-01-01"},
        "first-win": {"count": 1, "earned": "2026-11-21"},
    }
    data = {"version": 1, "achievements": entries}
    achievements_path(files).write_text(json.dumps(data), encoding="utf-8")
    kept = load_achievements(files)
    assert set(kept) == {"from-a-later-version", "first-win"} and not files.notices
    count_coached(files)
    written = json.loads(achievements_path(files).read_text(encoding="utf-8"))
    assert written["achievements"]["from-a-later-version"]["earned"] == "2030-01-01"
    assert written["achievements"]["first-win"]["earned"] == "2026-11-21"
