"""Sound: with no audio device the game runs silent."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_no_audio_device_runs_silent(tmp_path: Path) -> None:
    script = (
        "from game.app import App, ManualClock\n"
        "app = App(clock=ManualClock())\n"
        "app.sound.play('place'); app.run_frames(3)\n"
        "print(app.sound.available)\n"
    )
    env = {
        **os.environ,
        "SDL_AUDIODRIVER": "no-such-driver",
        "SDL_VIDEODRIVER": "dummy",
        "CONTACK_HOME": str(tmp_path),
    }
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "False"
