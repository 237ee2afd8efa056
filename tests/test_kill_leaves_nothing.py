"""A game killed outright (SIGKILL) while its worker thinks leaves no process behind: the
worker follows its game at once, and with it the helper processes multiprocessing
starts. The test reads the game's output until every process that shares it has gone
(end of file), so it waits on those processes, not on time."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHILD = """
import threading
from game.ai.worker import WorkerPool

def think():
    threading.Event().wait()  # an endless think: the worker is busy when the game dies

pool = WorkerPool()
job = pool.submit(think)
print("worker", pool.worker_pids()[0], flush=True)  # submit started the worker
threading.Event().wait()  # the game waits for its move until it is killed
"""


def test_a_killed_game_leaves_no_worker_behind() -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert child.stdout is not None
    line = child.stdout.readline()
    assert line.startswith("worker"), line
    worker = int(line.split()[1])
    child.send_signal(signal.SIGKILL)
    child.wait()
    # Every process holding the pipe (the worker, multiprocessing's helpers) must end
    # for it to reach its end; a guard against a hang, not a wait for time.
    try:
        rest, _ = child.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.kill(worker, signal.SIGKILL)
        raise AssertionError("the worker outlived its game") from None
    assert rest == ""  # the end of the pipe: the worker, which held it, has exited
