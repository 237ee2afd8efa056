"""The standalone build (tools/build_standalone.py) as a player starts it: in an
environment of its own (`env -i`: no Python, no venv on PATH), it says its version,
passes its self-check (a worker process's move included), and in a real window on Xvfb
plays computer moves through its worker processes with no traceback.

The bundle is the folder CONTACK_BUNDLE names (the build's last line; .ci/run builds one
from its clean checkout and runs this module); without it the module is skipped, saying
so."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Final

import pytest

import game
from game.ai.players import bot_rng, make_player
from game.persist.records import RECORD_SUFFIX, write_record
from game.persist.storage import Storage
from game.rules.modes import Mode
from game.rules.record.recorded_game import RecordedGame
from game.rules.table import TableGame
from game.rules.table_rules import TableRules
from tests.real_window import GameWindow, game_settings
from tools.xserver import XServer

BUNDLE: Final = os.environ.get("CONTACK_BUNDLE", "")
PROGRAM: Final = Path(BUNDLE) / ("contack.exe" if sys.platform == "win32" else "contack")
LEVEL: Final = "master"
"""The computers' level at the window's table: the one whose search a broken worker
would lose."""
SEED: Final = 8
"""A deal whose first moves a failed worker's stand-in plays otherwise."""
COMPARED: Final = 3
"""The first moves compared with the master's here (half a second each)."""

pytestmark = pytest.mark.skipif(
    not BUNDLE,
    reason="no standalone build named (CONTACK_BUNDLE=<the last line of "
    "python tools/build_standalone.py>)",
)


@pytest.fixture
def alone(tmp_path: Path) -> dict[str, str]:
    """A player's bare environment: a home of its own, and a PATH with no Python on it."""
    nothing = tmp_path / "no-python"
    nothing.mkdir()
    return {"HOME": str(tmp_path), "PATH": str(nothing)}


def started(args: list[str], environ: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(PROGRAM), *args], env=environ, capture_output=True, text=True, timeout=120
    )


def test_the_bundle_says_its_version(alone: dict[str, str]) -> None:
    said = started(["--version"], alone)
    assert said.returncode == 0, said.stderr[-800:]
    assert said.stdout.splitlines()[-1] == f"contack {game.__version__}"


def test_the_bundle_passes_its_self_check_with_a_worker_process(alone: dict[str, str]) -> None:
    checked = started(["--self-check"], alone)
    assert checked.returncode == 0, checked.stderr[-800:]
    assert checked.stdout.splitlines()[-1].startswith("contack: the install is whole: ")
    assert "worker process" in checked.stdout.splitlines()[-1]
    assert checked.stderr == ""


def test_the_bundles_window_plays_computer_moves_through_its_workers(
    xserver: XServer, tmp_path: Path, alone: dict[str, str]
) -> None:
    """A game of two hands between two computers at the master level, opened from a
    record: its first hand is played out through the worker processes (its first moves
    are the ones the master chooses here, not a failed worker's stand-in's) to the
    scores between the hands, and the game says nothing on standard error."""
    home = tmp_path / "home"
    home.mkdir()
    game_settings(home, (1280, 800), animation_speed="instant")
    seats = [{"name": f"Bot {seat + 1}", "kind": f"ai:{LEVEL}"} for seat in range(2)]
    dealt = RecordedGame.new_table(TableGame(2, TableRules(hands=2)), seats, SEED)
    record = tmp_path / f"computers{RECORD_SUFFIX}"
    write_record(dealt.record, record)
    masters = [make_player(LEVEL, bot_rng(SEED, seat)) for seat in range(2)]
    for _ in range(COMPARED):
        dealt.play(masters[dealt.state.current_player].choose(dealt.state.clone()))
    expected = dealt.record.to_json()["hands"][0]["moves"]

    window = GameWindow(xserver, home, str(record), program=[str(PROGRAM)], environ=alone)
    try:
        window.expect(scene="ScoreScene", **{"for": None})
        assert first_moves(home) == expected
    finally:
        window.close()
    assert (home / "stderr.txt").read_text(errors="replace") == ""


def first_moves(home: Path) -> list[object]:
    """The first `COMPARED` moves of the window's table save."""
    record = Storage(home).load_game(Mode.TABLE)
    assert record is not None, "the game in progress is not saved"
    return list(record.to_json()["hands"][0]["moves"][:COMPARED])
