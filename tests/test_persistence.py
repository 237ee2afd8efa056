"""Saves that outlive the session: crash and Continue, bad saves set aside, records, FILE."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game.persist.autosave import check_saved_game
from game.persist.records import list_records, read_record, save_named_record, write_record
from game.persist.storage import Storage
from game.rules.record import GameRecord, RecordedGame
from game.scenes.menu import MenuScene
from game.scenes.records import RecordsScene, SaveRecordScene
from game.scenes.replay import ReplayScene
from tests.conftest import AppMaker
from tests.drive import Input
from tests.persistence_helpers import finished_record, partial_record, resumed_game

ROOT = Path(__file__).resolve().parents[1]
SAVED_GAME_FILE = "saved-table.contack.json"

CRASHING_GAME = textwrap.dedent("""
    import json, os, sys
    sys.path.insert(0, {root!r})
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import game.persist.atomic
    from tests.drive import new_app as make_app
    from tests.persistence_helpers import partial_record
    from pathlib import Path
    record = json.loads(Path({source!r}).read_text())
    app = make_app(Path({home!r}))
    crash_at, mid_write = {crash_at}, {mid_write}
    real_replace = game.persist.atomic.os.replace

    def crash_on_replace(src, dst):
        os._exit(0)  # the process dies after writing the temporary file, before the rename

    for moves in range(1, crash_at + 2):
        if moves == crash_at + 1:
            if not mid_write:
                os._exit(0)  # the process dies between two moves
            game.persist.atomic.os.replace = crash_on_replace
        app.storage.save_game(partial_record(record, moves))
        app.tick()
    raise SystemExit("not reached")
""")


@pytest.mark.parametrize(
    ("mode", "mid_write"),
    [("table", False), ("table", True), ("draw-solitaire", False), ("stacked-solitaire", True)],
)
def test_killed_mid_game_continue_restores_the_same_position(
    make_app: AppMaker, tmp_path: Path, mode: str, mid_write: bool
) -> None:
    record = finished_record(mode, 3 if mode == "table" else 1, seed=5)
    source = tmp_path / "game.json"
    source.write_text(json.dumps(record))
    home = tmp_path / "home"
    crash_at = 9
    script = CRASHING_GAME.format(
        root=str(ROOT), source=str(source), home=str(home), crash_at=crash_at, mid_write=mid_write
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    assert "not reached" not in done.stderr

    app = make_app(home)
    menu = app.scene
    assert isinstance(menu, MenuScene)
    Input(app).click(menu.buttons["continue-" + mode.split("-")[0]])
    game = resumed_game(app)
    expected = RecordedGame.from_record(GameRecord(partial_record(record, crash_at)))
    assert game.record.data["hands"] == expected.record.data["hands"]
    assert game.state.figure.tiles() == expected.state.figure.tiles()
    assert game.state.current_player == expected.state.current_player


@pytest.mark.parametrize(
    "content",
    [
        b'{"format": "contack-record", "version": 1, "mode": "table", "rules": {"hands"',
        bytes(range(256)) * 3,
        b"[1, 2, 3]",
    ],
)
def test_unreadable_save_is_set_aside_and_the_game_starts(
    make_app: AppMaker, tmp_path: Path, content: bytes
) -> None:
    (tmp_path / SAVED_GAME_FILE).write_bytes(content)
    app = make_app(tmp_path)
    assert isinstance(app.scene, MenuScene)
    assert not app.scene.buttons["continue-table"].visible
    kept = list(tmp_path.glob(f"{SAVED_GAME_FILE}.bad-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert any("could not be read" in text for text in app.notices)


def test_save_the_rules_refuse_is_set_aside_when_continue_is_pressed(
    make_app: AppMaker, tmp_path: Path
) -> None:
    app = make_app(tmp_path)
    bad = partial_record(finished_record(), 6)
    bad["hands"][0]["moves"][5]["cell"] = [40, 40]
    app.storage.save_game(bad)
    menu = app.scene
    assert isinstance(menu, MenuScene)
    menu.resize(app.size)
    Input(app).click(menu.buttons["continue-table"])
    assert app.scene is menu
    assert not app.storage.has_saved_game()
    kept = list(tmp_path.glob(f"{SAVED_GAME_FILE}.bad-*"))
    assert len(kept) == 1 and json.loads(kept[0].read_text()) == bad
    assert any("hand 0 move 5" in text for text in app.notices)


def test_a_good_save_is_kept(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    data = partial_record(finished_record(), 4)
    storage.save_game(data)
    assert check_saved_game(storage, "table") == data
    assert storage.has_saved_game() and not storage.notices


def test_main_file_opens_finished_in_viewer_and_resumes_in_progress(
    make_app: AppMaker, tmp_path: Path
) -> None:
    finished = tmp_path / "done.contack.json"
    write_record(GameRecord(finished_record()), finished)
    app = make_app(tmp_path / "a", record_path=str(finished))
    assert isinstance(app.scene, ReplayScene)

    running = tmp_path / "running.contack.json"
    data = partial_record(finished_record("stacked-solitaire", 1, 3), 5)
    write_record(GameRecord(data), running)
    app = make_app(tmp_path / "b", record_path=str(running))
    assert resumed_game(app).record.data["hands"] == data["hands"]


@pytest.mark.parametrize("content", ["not json at all", '{"format": "contack-record"}'])
def test_main_file_broken_gives_one_line_and_the_menu(
    make_app: AppMaker, tmp_path: Path, content: str
) -> None:
    broken = tmp_path / "broken.contack.json"
    broken.write_text(content)
    app = make_app(tmp_path / "home", record_path=str(broken))
    assert isinstance(app.scene, MenuScene)
    messages = [text for text in app.notices if "broken.contack.json" in text]
    assert len(messages) == 1 and "\n" not in messages[0]


def test_named_records_saved_listed_and_opened(make_app: AppMaker, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    record = finished_record()
    first = save_named_record(app.storage, GameRecord(record), "Sunday: the big game")
    second = save_named_record(app.storage, GameRecord(record), "Sunday: the big game")
    assert first != second
    assert first.name == "Sunday the big game.contack.json"
    assert second.name == "Sunday the big game 2.contack.json"
    assert read_record(first).data == record
    (first.parent / "torn.contack.json").write_text('{"format": "con')
    names = {entry.name: entry for entry in list_records(app.storage)}
    assert names["torn"].error and not names["Sunday the big game"].error

    menu = app.scene
    assert isinstance(menu, MenuScene)
    Input(app).click(menu.buttons["games"])
    scene = app.scene
    assert isinstance(scene, RecordsScene)
    while scene.chosen is not None and scene.chosen.error:
        Input(app).press(__import__("pygame").K_DOWN)
    Input(app).click(scene.watch)
    assert isinstance(app.scene, ReplayScene)


def test_save_dialog_types_a_name_and_saves(make_app: AppMaker, tmp_path: Path) -> None:
    import pygame

    app = make_app(tmp_path)
    dialog = SaveRecordScene(app, finished_record(), "")
    app.push(dialog)
    app.run_frames(2)
    Input(app).press(pygame.K_BACKSPACE, times=60)
    Input(app).text("Ann wins")
    Input(app).click(dialog.save)
    assert dialog.saved_path is not None and dialog.saved_path.name == "Ann wins.contack.json"
    assert app.scene is not dialog


def test_a_record_is_written_atomically_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "game.contack.json"
    record = GameRecord(finished_record())
    write_record(record, path)
    assert read_record(path).data == record.data
    assert [p.name for p in tmp_path.iterdir()] == ["game.contack.json"]
