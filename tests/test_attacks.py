"""Attacks on what the game reads: every malformed input to the headless commands gets
exit status 2 and one line naming what is wrong, never a traceback or a hang; damaged
files are set aside with a notice and the game goes on (issue 16)."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ai.worker import InProcessAdviser
from game.app import App
from game.cli import main
from game.persist.files import read_bounded
from game.persist.storage import Storage
from game.play.table_match import TableMatch
from game.rules.record import GameRecord
from game.rules.seeds_names import NAME_LIMIT
from game.scenes.base import Scene
from game.scenes.requests import Screen, TableRequest
from tests.conftest import AppMaker
from tests.drive import Input

GOLDEN = Path(__file__).parent / "golden"
TABLE = GOLDEN / "table-2-standard.contack.json"


def run_cli(
    args: list[str],
    capsys: pytest.CaptureFixture[str],
    stdin: bytes | None = None,
    monkeypatch: pytest.MonkeyPatch | None = None,
) -> tuple[int, str, str]:
    if stdin is not None:
        assert monkeypatch is not None
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    try:
        main(args)
        code = 0
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def refused(args: list[str], capsys: pytest.CaptureFixture[str], *words: str, **stdin: Any) -> str:
    """Run the command; assert exit 2 with one line on stderr naming the problem."""
    code, out, err = run_cli(args, capsys, **stdin)
    assert code == 2, (code, out[:200], err[:200])
    assert out == "" and err.startswith("contack: ") and err.count("\n") == 1, err[:300]
    assert "Traceback" not in err
    for word in words:
        assert word in err, err
    return err


def table_record() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(TABLE.read_text(encoding="utf-8"))
    return data


def write(tmp_path: Path, text: str | bytes, name: str = "r.contack.json") -> str:
    path = tmp_path / name
    if isinstance(text, str):
        path.write_text(text, encoding="utf-8")
    else:
        path.write_bytes(text)
    return str(path)


@pytest.mark.parametrize(
    "text, words",
    [
        ("[" * 100_000, ("nested",)),
        ('{"a":' * 100_000, ("nested",)),
        ("", ("not JSON",)),
        ("\xff\xfe", ("not",)),
        ("null", ("not a JSON object",)),
    ],
)
def test_check_refuses_broken_documents(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, words: tuple[str, ...]
) -> None:
    refused(["check", write(tmp_path, text)], capsys, *words)


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: d.update(extra="NEST"), ("nested",)),
        (lambda d: d["hands"][0].update(clock_s="9" * 401), ("digits",)),
        (lambda d: d["rules"].update(time_limit_s="NaN"), ("NaN",)),
        (lambda d: d["rules"].update(time_limit_s="Infinity"), ("Infinity",)),
        (lambda d: d["rules"].update(time_limit_s="1e999"), ("range",)),
        (lambda d: d["hands"][0].pop("result"), ("hand 0", "no result")),
    ],
)
def test_check_refuses_records_the_game_cannot_open(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: Any, words: tuple[str, ...]
) -> None:
    data = table_record()
    change(data)
    text = json.dumps(data)
    for raw in ("NaN", "Infinity", "1e999", "9" * 401):  # numbers JSON writers emit bare
        text = text.replace(f'"{raw}"', raw)
    text = text.replace('"NEST"', '{"k": ' * 1000 + "{}" + "}" * 1000)
    refused(["check", write(tmp_path, text)], capsys, *words)


def test_check_refuses_what_is_not_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    refused(["check", str(tmp_path)], capsys, "not a regular file")
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe.contack.json"
        os.mkfifo(fifo)
        refused(["check", str(fifo)], capsys, "not a regular file")  # and it does not hang
    if Path("/dev/zero").exists():
        refused(["check", "/dev/zero"], capsys, "not a regular file")
        link = tmp_path / "zero.contack.json"
        link.symlink_to("/dev/zero")
        refused(["legal", str(link)], capsys, "not a regular file")
    refused(["check", str(tmp_path / "missing.json")], capsys, "cannot read")


def test_a_record_too_large_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 2048)
    with pytest.raises(OSError, match="too large"):
        read_bounded(path, limit=1024)


@pytest.mark.parametrize(
    "args, words",
    [
        (["simulate", "--players", "99999999999999999999"], ("--players",)),
        (["simulate", "--players", "1"], ("--players",)),
        (["simulate", "--players", "x"], ("--players",)),
        (["simulate", "--mode", "chess"], ("chess",)),
        (["solve", "f", "--budget-s", "nan"], ("--budget-s",)),
        (["solve", "f", "--budget-s", "inf"], ("--budget-s",)),
        (["frobnicate"], ("frobnicate",)),
        ([], ("command",)),
        (["check"], ("file",)),
        (["simulate", "--rule", "time_limit_s=NaN"], ("time_limit_s",)),
        (["simulate", "--rule", "time_limit_s=1e308"], ("time_limit_s",)),  # a game without end
        (["simulate", "--rule", "hands=100000000"], ("hands",)),
        (["simulate", "--rule", "colour=1"], ("--rule",)),
    ],
)
def test_argument_errors_take_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], words: tuple[str, ...]
) -> None:
    refused(args, capsys, *words)


def test_standard_input_is_read_with_the_same_care(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    refused(["check", "-"], capsys, "nested", stdin=b"[" * 100_000, monkeypatch=monkeypatch)
    code, out, _err = run_cli(
        ["check", "-"], capsys, stdin=TABLE.read_bytes(), monkeypatch=monkeypatch
    )
    assert code == 0 and json.loads(out)["ok"]


@pytest.mark.parametrize("text", ["[" * 5000, '{"a": NaN}', "null", "[]", "\x00\x01"])
def test_damaged_settings_are_set_aside_with_a_notice(tmp_path: Path, text: str) -> None:
    storage = Storage(tmp_path)
    storage.settings_path.parent.mkdir(parents=True, exist_ok=True)
    storage.settings_path.write_text(text, encoding="utf-8")
    settings = storage.load_settings()
    assert settings == type(settings)()
    assert len(storage.take_notices()) == 1
    assert not storage.settings_path.exists()
    assert any(
        p.name.startswith(storage.settings_path.name + ".bad-")
        for p in storage.settings_path.parent.iterdir()
    )


def test_a_pipe_in_place_of_the_settings_is_set_aside(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    storage = Storage(tmp_path)
    storage.settings_path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(storage.settings_path)
    storage.load_settings()  # returns at once: it does not wait on the pipe
    assert "not a regular file" in " ".join(map(str, storage.take_notices()))


def test_a_record_check_accepts_opens_in_the_game(tmp_path: Path) -> None:
    """A newer version's computer level and names no screen can draw still open."""
    data = table_record()
    data["players"][0]["name"] = "An\x00n" + "\u202e" + "x" * 10_000
    data["players"][1]["kind"] = "ai:nonsense"
    match = TableMatch.resume(data, InProcessAdviser())
    assert match.names[0].startswith("Ann") and len(match.names[0]) <= NAME_LIMIT
    assert "\x00" not in match.names[0]
    assert 1 in match.computers


def test_a_resize_storm_lays_out_once_a_frame(make_app: AppMaker) -> None:
    app = make_app(speed="instant", frames=1)
    layouts: list[tuple[int, int]] = []
    scene = app.scene
    resize = scene.resize

    def counted_resize(size: tuple[int, int]) -> None:
        layouts.append(size)
        resize(size)

    scene.resize = counted_resize  # type: ignore[method-assign]
    for step in range(200):
        size = (800 + step, 600 + step // 2)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    app.run_frames(1)
    assert layouts == [(999, 699)]


@pytest.mark.parametrize(
    "last_setup",
    [
        [1, 2],
        "text",
        {"players": "abc"},
        {"players": [1, None, []]},
        {"players": [{"kind": ["ai:greedy"]}]},
        {"rules": [1]},
        {"rules": {"hands": "x"}},
        {"count": 99},
        {"count": "3"},
        {"players": [{"name": {"a": 1}, "kind": "human"}]},
    ],
)
def test_a_saved_setup_of_any_shape_opens_the_setup_screen(
    make_app: AppMaker, last_setup: Any
) -> None:
    app = make_app(speed="instant")
    app.settings.last_setup = last_setup
    app.open(Screen.SETUP)
    app.run_frames(3)
    assert type(app.scene).__name__ == "SetupScene"


def type_into_deal_box(make_app: AppMaker, screen: Screen, typed: str) -> tuple[App, Scene]:
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


@pytest.mark.parametrize("typed", ["²", "⁵", "①", "٣", "1²"])
def test_unicode_digits_in_the_deal_box_are_refused_quietly(make_app: AppMaker, typed: str) -> None:
    app, scene = type_into_deal_box(make_app, Screen.DRAW_SOLITAIRE, typed)
    Input(app).press(pygame.K_RETURN)
    assert app.scene is scene and scene.bars.deal_field.text.isascii()  # type: ignore[attr-defined]


def test_a_damaged_font_file_falls_back_to_a_plain_font(tmp_path: Path) -> None:
    from game.ui.theme import Fonts

    folder = tmp_path / "fonts"
    folder.mkdir()
    for name in Fonts.FILES.values():
        (folder / name).write_bytes(b"not a font at all" * 10)
    pygame.font.init()
    fonts = Fonts(folder)
    for style in Fonts.FILES:
        assert fonts.get(18, style).render("Ann", True, (255, 255, 255)).get_width() > 0
    assert fonts.broken == set(Fonts.FILES.values())


@pytest.mark.parametrize("name", ["con", "NUL", "com1", "lpt1", "aux.txt", "Con.backup"])
def test_names_the_system_keeps_are_refused(tmp_path: Path, name: str) -> None:
    from game.persist.records import RecordSaveError, save_named_record
    from game.rules.record import GameRecord

    with pytest.raises(RecordSaveError, match="keeps for itself"):
        save_named_record(Storage(tmp_path), GameRecord(table_record()), name)
    assert not list(tmp_path.rglob("*.contack.json"))


@pytest.mark.parametrize(
    "file",
    ["../../etc/passwd", "/dev/zero", "records/finished/../x", "records/other.contack.json", 5],
)
def test_a_history_entry_is_read_only_from_the_games_records(tmp_path: Path, file: object) -> None:
    from game.persist.history import entry_record_path
    from game.rules.errors import RecordError

    with pytest.raises(RecordError, match="outside"):
        entry_record_path(Storage(tmp_path), {"file": file})


def test_writes_cut_short_are_swept_at_start(make_app: AppMaker, tmp_path: Path) -> None:
    leftover = tmp_path / ".tmp-abc.part"
    leftover.write_text("{", encoding="utf-8")
    make_app(tmp_path)
    assert not leftover.exists()


def test_a_lost_solitaire_is_counted_even_if_the_game_dies_first(
    make_app: AppMaker, tmp_path: Path
) -> None:
    from game.ai.autoplay import simple_fair_move
    from game.persist.history import load_history
    from game.scenes.draw_solitaire import DrawSolitaireScene

    app = make_app(tmp_path, speed="instant")
    for seed in range(1, 30):
        scene = DrawSolitaireScene(app, seed=seed)
        app.push(scene)
        app.run_frames(2)
        while not scene.finished:
            scene.play(simple_fair_move(scene.draw_state))
        if not scene.state.won:
            break
        app.pop()
        app.run_frames(2)
    assert scene.finished and not scene.state.won
    app.run_frames(2)
    assert app.storage.has_saved_game("draw-solitaire")  # kept until the loss is counted
    before = load_history(app.storage).solitaires["draw-solitaire"].played
    # The game dies here (no exit, no new deal); the next start counts the loss.
    again = make_app(tmp_path)
    assert load_history(again.storage).solitaires["draw-solitaire"].played == before + 1
    assert not again.storage.has_saved_game("draw-solitaire")


@pytest.mark.parametrize(
    "name",
    ["שלום עולם", "مرحبا بالعالم", "Zoë 😀", "\uff37" * 14, "x" * 1_000_000, "A\x00B\u202eC"],
)
def test_any_name_a_record_holds_is_drawn_within_its_seat(make_app: AppMaker, name: str) -> None:
    from game.scenes.table import TableScene

    app = make_app(size=(800, 600), speed="instant")
    data = table_record()
    data["players"][0]["name"] = name
    data["hands"] = data["hands"][:1]
    data["hands"][0]["moves"] = data["hands"][0]["moves"][:3]
    data["hands"][0].pop("result")
    app.open_record(data)
    app.run_frames(3)
    scene = app.scene
    assert isinstance(scene, TableScene)
    from game.ui.text import shrunk_text

    shown = scene.match.names[0]
    room = scene.layout.seats[0].header.width // 2
    text = shrunk_text(app.ui, shown, 20, room, (255, 255, 255), "bold")
    assert 0 < text.get_width() <= room and len(shown) <= NAME_LIMIT


def test_a_full_disk_gives_a_notice_and_keeps_the_last_save(
    make_app: AppMaker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    from game.persist import files as persist_files
    from game.scenes.table import TableScene

    app = make_app(tmp_path, speed="instant", banner=False)
    players = [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "ai:greedy"}]
    app.open(TableRequest({"players": players}))
    app.run_frames(3)
    scene = app.scene
    assert isinstance(scene, TableScene)
    kept = app.storage.saved_game_path("table").read_bytes()

    def full(*_args: Any, **_kw: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(persist_files, "write_text_atomically", full)
    from tests.drive import run_until

    run_until(app, scene.human_can_act)
    scene.play(scene.legal_moves()[0])
    app.run_frames(2)
    assert any("No space left" in text for text in app.notices)
    assert app.storage.saved_game_path("table").read_bytes() == kept
    assert app.scene is scene  # the game goes on


def test_a_won_solitaire_is_in_the_history_before_its_save_goes(
    make_app: AppMaker, tmp_path: Path
) -> None:
    from game.ai.solver import solve
    from game.persist.history import load_history
    from game.scenes.stacked_solitaire import StackedSolitaireScene

    app = make_app(tmp_path, speed="instant")
    scene = StackedSolitaireScene(app, seed=3)
    app.push(scene)
    app.run_frames(2)
    answer = solve(scene.stacked_state, 10.0)
    assert answer.winnable
    seen: list[int] = []
    clear = app.storage.clear_game

    def clear_game(mode: str) -> None:
        seen.append(load_history(app.storage).solitaires[mode].won)
        clear(mode)

    app.storage.clear_game = clear_game  # type: ignore[method-assign]
    for move in answer.moves:
        scene.play(move)
    assert scene.state.won and seen and seen[-1] == 1


def test_a_finished_table_game_is_in_the_history_before_its_save_goes(
    make_app: AppMaker, tmp_path: Path
) -> None:
    from game.persist.history import load_history
    from game.scenes.table import TableScene
    from tests.drive import run_until

    app = make_app(tmp_path, speed="instant", banner=False)
    seen: list[int] = []
    clear = app.storage.clear_game

    def clear_game(mode: str) -> None:
        seen.append(len(load_history(app.storage).games))
        clear(mode)

    app.storage.clear_game = clear_game  # type: ignore[method-assign]
    scene = TableScene(
        app,
        {
            "rules": {"hands": 1},
            "seed": 4,
            "players": [{"name": "A", "kind": "ai:greedy"}, {"name": "B", "kind": "ai:greedy"}],
        },
    )
    app.push(scene)
    run_until(app, scene.state.is_terminal)
    app.run_frames(2)
    assert seen and seen[-1] == 1  # the game was in the history when its save went


# --- issue 25: what a hostile first hour still found -----------------------------------


def test_the_key_that_opens_the_save_dialog_types_nothing_and_typing_lives_on(
    make_app: AppMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """S opens the save dialog without typing an "s" into its name, and closing the
    dialog leaves the keyboard's text input on (deal numbers, codes and names)."""
    from tools.samples import table_config

    text_input = {"on": True}
    monkeypatch.setattr(pygame.key, "stop_text_input", lambda: text_input.update(on=False))
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: text_input.update(on=True))
    app = make_app(speed="instant")
    app.open(TableRequest(table_config([("Ann", "human"), ("Ben", "ai:greedy")], 3)))
    app.run_frames(30)
    drive = Input(app)
    drive.post(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s")
    drive.post(pygame.TEXTINPUT, text="s")
    drive.post(pygame.KEYUP, key=pygame.K_s, mod=0)
    drive.frames(2)
    dialog = app.scene
    assert type(dialog).__name__ == "SaveRecordScene"
    name = dialog.field.text  # type: ignore[attr-defined]
    assert not name.endswith("s"), name
    drive.text("!")
    assert dialog.field.text == name + "!"  # type: ignore[attr-defined]
    drive.press(pygame.K_RETURN)
    assert type(app.scene).__name__ == "TableScene" and text_input["on"]


@pytest.mark.parametrize("typed", ["²", "⁵", "①", "T²-HH-3-A", "٣"])
def test_other_digits_in_the_table_deal_box_are_refused_with_words(
    make_app: AppMaker, typed: str
) -> None:
    app, scene = type_into_deal_box(make_app, Screen.SETUP, typed)
    assert app.scene is scene
    assert scene.deal_ok is False and scene.deal() is None  # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", ["²", "①", "1" * 36, "a b", "x" * 100_000])
def test_simulate_refuses_a_seed_its_own_check_would_refuse(
    capsys: pytest.CaptureFixture[str], seed: str
) -> None:
    err = refused(
        ["simulate", "--mode", "draw-solitaire", "--seed", seed, "--ai", "auto"], capsys, "seed"
    )
    assert len(err) < 400


def test_a_reader_that_stops_early_gets_no_traceback() -> None:
    import subprocess

    reader = subprocess.run(
        f"{sys.executable} -m game.cli simulate --mode table --players 7 --seed 3 "
        "--ai greedy | head -c 1",
        shell=True,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).parents[1],
    )
    assert reader.stdout == "{" and "Traceback" not in reader.stderr, reader.stderr


INVISIBLE_NAMES = [" \ufe0f", "\u200b", "\u200e", "\u202e", "\u2060", "\ufeff", "\u200b \u200d"]


@pytest.mark.parametrize("name", INVISIBLE_NAMES)
def test_a_name_that_draws_nothing_is_shown_as_its_seat(make_app: AppMaker, name: str) -> None:
    from tools.samples import table_config

    app = make_app(speed="instant")
    assert app.ui.text(name, 20).get_width() < 10  # drawn as (almost) nothing, no crash
    app.open(TableRequest(table_config([(name, "human"), ("Ben", "ai:greedy")], 3)))
    app.run_frames(5)
    assert type(app.scene).__name__ == "TableScene"
    assert app.scene.match.names[0] == "Seat 1"  # type: ignore[attr-defined]


def test_a_seat_without_a_name_is_named_in_the_players_language(make_app: AppMaker) -> None:
    from tools.samples import table_config

    app = make_app(speed="instant")
    app.settings.language = "es"
    app.apply_settings()
    app.open(TableRequest(table_config([("\u200b", "human"), ("Ben", "ai:greedy")], 3)))
    app.run_frames(2)
    assert app.scene.match.names[0] == "Asiento 1"  # type: ignore[attr-defined]


def test_records_and_history_list_names_that_draw_nothing(
    make_app: AppMaker, tmp_path: Path
) -> None:
    from game.persist.history import add_finished_game
    from game.persist.records import records_dir

    data = table_record()
    data["players"][0]["name"] = "\u200b"
    storage = Storage(tmp_path)
    records_dir(storage).mkdir(parents=True)
    (records_dir(storage) / "zero.contack.json").write_text(json.dumps(data), "utf-8")
    add_finished_game(storage, data)
    history = json.loads((tmp_path / "history.json").read_text("utf-8"))
    history["games"][0]["players"] = ["\u200b", "\ufeff"]
    (tmp_path / "history.json").write_text(json.dumps(history), "utf-8")
    app = make_app(speed="instant")
    for screen in (Screen.RECORDS, Screen.HISTORY):
        app.open(screen)
        app.run_frames(3)
        assert app.scene.tab == screen  # type: ignore[attr-defined]


def test_the_records_folder_is_read_once_however_often_it_is_listed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Thousands of records list at once: a file is read again only when it changed."""
    from game.persist import records

    storage = Storage(tmp_path)
    folder = records.records_dir(storage)
    folder.mkdir(parents=True)
    for index in range(30):
        (folder / f"game {index}.contack.json").write_text(TABLE.read_text("utf-8"), "utf-8")
    (folder / "broken.contack.json").write_text("{", "utf-8")
    first = records.list_records(storage)
    reads: list[Path] = []
    real_read = records.read_record

    def read_record(path: str | Path) -> GameRecord:
        reads.append(Path(path))
        return real_read(path)

    monkeypatch.setattr(records, "read_record", read_record)
    again = records.list_records(storage)
    assert again == first and reads == []
    (folder / "game 3.contack.json").write_text("[]", "utf-8")
    changed = {file.name: file for file in records.list_records(storage)}
    assert reads == [folder / "game 3.contack.json"] and changed["game 3"].error
    assert changed["broken"].error and changed["game 4"].players


def test_a_damaged_listing_is_read_again_from_the_files(tmp_path: Path) -> None:
    from game.persist import records

    storage = Storage(tmp_path)
    folder = records.records_dir(storage)
    folder.mkdir(parents=True)
    (folder / "one.contack.json").write_text(TABLE.read_text("utf-8"), "utf-8")
    (folder / records.LISTING_FILE).write_text('{"one.contack.json": 7, "x": [', "utf-8")
    assert [file.name for file in records.list_records(storage)] == ["one"]
    (folder / records.LISTING_FILE).write_text('{"one.contack.json": {"stamp": 1}}', "utf-8")
    assert records.list_records(storage)[0].players


def test_a_read_only_data_folder_never_stops_the_game(make_app: AppMaker, tmp_path: Path) -> None:
    """A finished solitaire in the save, a folder that refuses every write: the game
    starts (again and again) with notices, and keeps the save for a later start."""
    from game.persist import autosave
    from game.persist.history import load_history
    from tests.persistence_helpers import finished_record

    storage = Storage(tmp_path)
    autosave.save_game(storage, finished_record("draw-solitaire"))

    def refuse(*_args: Any, **_kwargs: Any) -> None:
        raise PermissionError(13, "Permission denied")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Path, "unlink", refuse)
        patch.setattr("game.persist.atomic.os.replace", refuse)
        for _start in range(2):
            app = make_app(speed="instant")
            assert type(app.scene).__name__ == "MenuScene"
    assert autosave.load_game(storage, "draw-solitaire") is not None
    app = make_app(speed="instant")  # the disk works again: counted once, then cleared
    assert load_history(storage).solitaires["draw-solitaire"].played == 1
    assert autosave.load_game(storage, "draw-solitaire") is None


@pytest.mark.parametrize(
    "file", ["records/finished/a\x00.contack.json", "../x.contack.json", "/etc/passwd"]
)
def test_history_watch_and_keep_refuse_a_file_outside_with_a_notice(
    make_app: AppMaker, tmp_path: Path, file: str
) -> None:
    from game.persist.history import add_finished_game
    from tests.persistence_helpers import finished_record

    storage = Storage(tmp_path)
    for seed in range(1, 4):
        add_finished_game(storage, finished_record("draw-solitaire", 1, seed))
    history = json.loads((tmp_path / "history.json").read_text("utf-8"))
    history["games"][1]["file"] = file
    (tmp_path / "history.json").write_text(json.dumps(history), "utf-8")
    app = make_app(speed="instant")
    app.open(Screen.HISTORY)
    app.run_frames(3)
    scene = app.scene
    scene.list.select(1)  # type: ignore[attr-defined]
    for button in (scene.watch, scene.keep):  # type: ignore[attr-defined]
        Input(app).click(button)
        assert app.scene is scene


def test_a_nul_in_the_oldest_of_fifty_games_never_stops_a_start(
    make_app: AppMaker, tmp_path: Path
) -> None:
    """The 51st game pushes out an entry whose file holds a NUL: it is only dropped."""
    from game.persist import autosave
    from game.persist.history import HISTORY_LIMIT, add_finished_game, load_history
    from tests.persistence_helpers import finished_record

    storage = Storage(tmp_path)
    add_finished_game(storage, finished_record("draw-solitaire", 1, 1))
    history = json.loads((tmp_path / "history.json").read_text("utf-8"))
    entry = history["games"][0]
    history["games"] = [
        {**entry, "key": f"k{n}", "file": "records/finished/\x00.contack.json"}
        for n in range(HISTORY_LIMIT)
    ]
    (tmp_path / "history.json").write_text(json.dumps(history), "utf-8")
    autosave.save_game(storage, finished_record("draw-solitaire", 1, 2))
    app = make_app(speed="instant")
    assert type(app.scene).__name__ == "MenuScene"
    assert len(load_history(storage).games) == HISTORY_LIMIT


def test_a_huge_name_in_a_record_is_not_written_again_every_move() -> None:
    data = table_record()
    data["hands"] = data["hands"][:1]
    data["hands"][0]["moves"] = data["hands"][0]["moves"][:3]
    data["hands"][0].pop("result")
    data["players"][0]["name"] = "Ann" + "n" * 1_000_000
    match = TableMatch.resume(data, InProcessAdviser())
    match.save_due = True
    _due, saved = match.take_save()
    assert saved is not None and len(json.dumps(saved)) < 20_000
    assert saved["players"][0]["name"] == match.names[0]
