"""tests/forks.py: a child forked from a zygote is a process of its own, run as `python
-c` or `-m` would run it, and is signalled, waited for and read as a `Popen`."""

from __future__ import annotations

import os
import signal
from pathlib import Path

from tests.forks import forked

SAYS = """
import os, sys
print(os.getpid(), os.getcwd(), os.environ["WORD"], *sys.argv, flush=True)
print(sys.stdin.readline().strip(), "to the error", file=sys.stderr, flush=True)
raise SystemExit(int(sys.argv[1]))
"""


def test_a_child_has_its_own_pid_folder_environment_arguments_streams_and_status(
    tmp_path: Path,
) -> None:
    child = forked((), code=SAYS, args=["3"], env={"WORD": "hello"}, cwd=tmp_path, stdin=True)
    out, err = child.communicate("from the test\n", timeout=30)
    assert out.split() == [str(child.pid), str(tmp_path), "hello", "-c", "3"]
    assert child.pid != os.getpid()
    assert err == "from the test to the error\n"
    assert child.returncode == 3


def test_a_child_killed_is_told_by_its_signal_and_its_pipe_ends_with_it(tmp_path: Path) -> None:
    waiter = "import sys; print('up', flush=True); sys.stdin.read()"  # until it is killed
    with (tmp_path / "errors").open("w") as errors:
        child = forked((), code=waiter, env={}, stderr=errors, stdin=True)
    assert child.stdout is not None and child.stdout.readline() == "up\n"
    assert child.poll() is None
    child.kill()
    assert child.wait(30) == -signal.SIGKILL
    assert child.communicate(timeout=30) == ("", None)  # nobody else held its output


def test_a_module_runs_as_main_with_its_arguments(tmp_path: Path) -> None:
    child = forked((), module="json.tool", args=["--compact"], env={}, stdin=True)
    assert child.communicate('{"a": [1, 2]}', timeout=30) == ('{"a":[1,2]}\n', "")
    assert child.returncode == 0
