"""The suite's own guards: a test that hangs is ended, and a test process that draws a
window still dies of SIGTERM (SDL would turn it into a QUIT event that nothing reads)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from tests.conftest import GUARD_S

SPIN_WITH_A_WINDOW = """
import os, signal, pygame
pygame.display.init()
pygame.display.set_mode((64, 64))
print("ready", flush=True)
os.kill(os.getpid(), signal.SIGTERM)
while True:
    pygame.event.pump()
"""


def test_a_process_with_a_window_dies_of_sigterm_under_the_suites_environment() -> None:
    spinner = subprocess.Popen(
        [sys.executable, "-c", SPIN_WITH_A_WINDOW], env=dict(os.environ), stdout=subprocess.PIPE
    )
    try:
        assert spinner.wait(timeout=GUARD_S) == -signal.SIGTERM
    finally:
        spinner.kill()
        spinner.wait()


def test_every_test_has_a_timeout(request: pytest.FixtureRequest) -> None:
    assert float(request.config.getini("timeout")) > 0
