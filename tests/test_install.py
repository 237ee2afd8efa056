"""An install is whole: the fonts and sounds ship inside the `game` package, a worker
process thinks, and `contack --self-check` says so, or says what is missing (CI runs it
on a wheel installed into a fresh venv, and on the standalone build)."""

from __future__ import annotations

import multiprocessing.spawn
import os
import sys
from pathlib import Path

import pytest

import game
from game.ai.worker import WorkerPool
from game.launch import install_problems, main, worker_problems
from game.ui import sound, theme
from game.ui.theme import Fonts
from tests.conftest import GUARD_S, AppMaker
from tests.forks import GAME_MODULES, forked


def test_the_fonts_sounds_and_icon_are_package_data() -> None:
    package = Path(game.__file__).parent
    assert theme.FONTS_DIR.resolve().is_relative_to(package.resolve())
    for name in Fonts.FILES.values():
        assert (theme.FONTS_DIR / name).is_file()
    for name in sound.EFFECTS:
        assert (sound.SOUNDS_DIR / f"{name}.wav").is_file()
    assert theme.ICON_FILE.is_file()
    assert theme.ICON_FILE.resolve().is_relative_to(package.resolve())


def test_a_whole_install_passes_its_self_check(make_app: AppMaker) -> None:
    assert install_problems(make_app(frames=1)) == []


def test_a_missing_font_sound_or_icon_fails_the_self_check(
    make_app: AppMaker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(frames=1)
    app.fonts = Fonts(tmp_path)  # a folder with no fonts: a plain font stands in
    monkeypatch.setattr("game.launch.SOUNDS_DIR", tmp_path)
    monkeypatch.setattr("game.launch.ICON_FILE", tmp_path / "icon.png")
    problems = install_problems(app)
    assert any("DejaVuSans.ttf" in problem for problem in problems)
    assert any("sounds missing: place" in problem for problem in problems)
    assert "the icon is missing" in problems


def test_a_worker_process_that_cannot_start_fails_the_self_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As in a standalone build whose program, started as a worker, does not become one
    (it dies on the worker's arguments): the game would quietly play weaker, so the
    self-check fails."""
    dying = [sys.executable, "-c", "raise SystemExit(2)"]
    monkeypatch.setattr(multiprocessing.spawn, "get_command_line", lambda **_: dying)
    assert worker_problems(WorkerPool()) == [
        "the worker process failed: it did not start, or it crashed"
    ]


def test_the_version_is_said_from_the_one_place_it_is_kept(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["--version"])
    assert ended.value.code == 0
    assert capsys.readouterr().out == f"contack {game.__version__}\n"


def test_the_self_check_command_says_so_in_one_line() -> None:
    """In a process of its own (forked from a zygote that has imported the game:
    tests/forks.py), whose worker is a new interpreter as a player's is."""
    checked = forked(
        GAME_MODULES,
        code="import sys; from game.launch import main; sys.exit(main(['--self-check']))",
        env=os.environ,
    )
    out, errors = checked.communicate(timeout=GUARD_S)
    assert checked.returncode == 0, errors[-500:]
    lines = [line for line in out.splitlines() if line.startswith("contack:")]
    whole = (
        "3 fonts, 8 sounds, the icon, English and Spanish; a computer's move from a worker process"
    )
    assert lines == [f"contack: the install is whole: {whole}"]
