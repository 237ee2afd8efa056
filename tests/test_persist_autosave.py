"""The autosaves behind the menu's Continue buttons (game/persist/autosave.py): one per
mode, checked by the rules before they are offered, set aside with a notice when they
cannot be read or replayed, and whole after the game is killed mid-write."""

from __future__ import annotations

import json
import os
import textwrap
from pathlib import Path

import pytest

from game.persist import autosave
from game.persist.autosave import check_saved_game
from game.persist.storage import Storage
from game.rules.modes import Mode
from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import RecordedGame
from game.scenes.menus.menu import MenuScene
from tests.conftest import GUARD_S, AppMaker
from tests.drive import Input
from tests.forks import GAME_MODULES, forked
from tests.persistence_helpers import (
    finished_record,
    in_progress,
    partial_record,
    record,
    resumed_game,
    write_save,
)

SAVED_GAME_FILE = "saved-table.contack.json"


CRASHING_GAME = textwrap.dedent("""
    import json, os
    import game.persist.atomic
    from tests.drive import new_app
    from game.rules.record.document import GameRecord
    from tests.persistence_helpers import partial_record
    from pathlib import Path
    record = json.loads(Path({source!r}).read_text())
    app = new_app(Path({home!r}))
    crash_at, mid_write = {crash_at}, {mid_write}
    real_replace = game.persist.atomic.os.replace

    def crash_on_replace(src, dst):
        os._exit(0)  # the process dies after writing the temporary file, before the rename

    for moves in range(1, crash_at + 2):
        if moves == crash_at + 1:
            if not mid_write:
                os._exit(0)  # the process dies between two moves
            game.persist.atomic.os.replace = crash_on_replace
        app.storage.save_game(GameRecord.parse(partial_record(record, moves)))
        app.tick()
    raise SystemExit("not reached")
""")


def test_autosave_saved_checked_and_cleared(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    mode = "draw-solitaire"
    assert not autosave.has_saved_game(storage)
    assert autosave.check_saved_game(storage, mode) is None
    data = in_progress(record(mode))
    assert autosave.save_game(storage, GameRecord.parse(data))
    assert (
        autosave.check_saved_game(storage, mode) == GameRecord.parse(data) and not storage.notices
    )
    undealt = {**data, "hands": []}
    write_save(storage, undealt)
    assert autosave.check_saved_game(storage, mode) == GameRecord.parse(undealt)
    autosave.clear_game(storage, mode)
    assert not storage.has_saved_game()
    autosave.clear_game(storage, mode)  # nothing to clear is fine


def test_a_save_whose_header_is_bad_is_set_aside_when_loaded(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    mode = "draw-solitaire"
    assert write_save(storage, {**in_progress(record(mode)), "version": "two"})
    assert storage.load_game(mode) is None
    assert not storage.has_saved_game(mode) and "is not supported" in str(storage.take_notices()[0])


def test_each_mode_keeps_its_own_autosave(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    saves = {mode: in_progress(record(mode)) for mode in tuple(Mode)}
    for data in saves.values():
        write_save(storage, data)
    assert autosave.check_saved_games(storage) == {m: GameRecord.parse(d) for m, d in saves.items()}
    storage.clear_game("table")
    assert not storage.has_saved_game("table") and storage.has_saved_game("draw-solitaire")


def test_the_old_single_autosave_moves_to_its_mode(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    data = in_progress(record("stacked-solitaire"))
    (tmp_path / autosave.LEGACY_FILE).write_text(json.dumps(data), encoding="utf-8")
    assert autosave.check_saved_games(storage) == {"stacked-solitaire": GameRecord.parse(data)}
    newer = in_progress(record("table"))
    write_save(storage, newer)
    (tmp_path / autosave.LEGACY_FILE).write_text(
        json.dumps(in_progress(record("table"), 2)), encoding="utf-8"
    )
    assert autosave.check_saved_games(storage)["table"] == GameRecord.parse(newer)  # newer stays
    assert list(tmp_path.glob(f"{autosave.LEGACY_FILE}.bad-*"))  # the old one kept aside


def test_autosave_the_rules_refuse_is_set_aside_with_the_reason(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    data = in_progress(record(), 4)
    data["hands"][0]["moves"][2]["tile"] = "99-99-99"
    write_save(storage, data)
    assert autosave.check_saved_game(storage, "table") is None
    assert not storage.has_saved_game()
    assert list(tmp_path.glob("saved-table.contack.json.bad-*"))
    notices = [str(n) for n in storage.take_notices()]
    assert len(notices) == 1 and "hand 0 move 2" in notices[0]


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
        source=str(source), home=str(home), crash_at=crash_at, mid_write=mid_write
    )
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    crashing = forked(GAME_MODULES, code=script, env=environment)  # (tests/forks.py)
    _, errors = crashing.communicate(timeout=GUARD_S)
    assert crashing.returncode == 0, errors
    assert "not reached" not in errors

    app = make_app(home)
    menu = app.scene
    assert isinstance(menu, MenuScene)
    Input(app).click(menu.buttons["continue-" + mode.split("-")[0]])
    game = resumed_game(app)
    expected = RecordedGame.from_record(GameRecord.parse(partial_record(record, crash_at)))
    assert game.record.to_json()["hands"] == expected.record.to_json()["hands"]
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
    write_save(app.storage, bad)
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
    write_save(storage, data)
    assert check_saved_game(storage, "table") == GameRecord.parse(data)
    assert storage.has_saved_game() and not storage.notices
