"""Golden records of format version 1, one per mode and option, written by an earlier
version of the game and kept unchanged: every later version must still read, replay,
resume and check them to the same results (docs/record.md)."""

import json
from pathlib import Path

import pytest

from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import RecordedGame
from game.scenes.review.replay import ReplayScene
from game.scenes.table.scene import TableScene
from game.scenes.table.score import ScoreScene
from tests.commands import command
from tests.drive import Input, new_app

GOLDEN = Path(__file__).resolve().parent / "golden"
EXPECTED = json.loads((GOLDEN / "expected-check.json").read_text(encoding="utf-8"))
FILES = sorted(GOLDEN.glob("*.contack.json"))


def test_every_mode_and_option_has_a_golden_record() -> None:
    datas = [json.loads(path.read_text(encoding="utf-8")) for path in FILES]
    assert {d["mode"] for d in datas} == {"table", "draw-solitaire", "stacked-solitaire"}
    rules = [d["rules"] for d in datas if d["mode"] == "table"]
    assert any(r["partners"] for r in rules)
    assert any(r["free_draw"] for r in rules)
    assert any(r["variant"] == "club" and r["time_limit_s"] for r in rules)
    assert any(r["hands"] == 1 for r in rules) and any(r["hands"] > 3 for r in rules)
    assert {d["version"] for d in datas} == {1}
    assert set(EXPECTED) == {path.name for path in FILES}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_golden_record_replays_to_its_results(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    game = RecordedGame.from_record(GameRecord.from_json(text))
    expected = EXPECTED[path.name]
    assert game.results() == expected["results"]
    assert game.totals() == expected["totals"]
    unfinished = "in-progress" in path.name or "between-hands" in path.name
    assert game.is_over() is not unfinished
    assert json.loads(game.record.dumps()) == json.loads(text)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_golden_record_passes_the_check_command(path: Path) -> None:
    result = command("check", str(path))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == EXPECTED[path.name]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_golden_record_opens_in_its_screen(path: Path, tmp_path: Path) -> None:
    """In progress: resumed in its own screen at the same position; between hands: at
    the score screen, from which the next hand is dealt; finished: replayed."""
    data = json.loads(path.read_text(encoding="utf-8"))
    app = new_app(tmp_path, (800, 600), speed="instant")
    app.open_record(GameRecord.parse(data), path.name)
    app.run_frames(1)
    scene = app.scene
    if "in-progress" in path.name:
        flow = getattr(scene, "match", None) or getattr(scene, "session", None)
        assert flow is not None, type(scene).__name__
        replayed = RecordedGame.from_record(GameRecord.from_json(path.read_text()))
        assert flow.state.moves[: len(replayed.state.moves)] == replayed.state.moves
    elif "between-hands" in path.name:
        app.run_frames(3)
        score = app.scene
        assert isinstance(score, ScoreScene) and not score.final
        hands = len(data["hands"])
        Input(app).click(score.main.rect.center)
        app.run_frames(2)
        assert isinstance(app.scene, TableScene)
        assert len(app.scene.match.record.to_json()["hands"]) == hands + 1
    else:
        assert isinstance(scene, ReplayScene)
    assert not app.notices
