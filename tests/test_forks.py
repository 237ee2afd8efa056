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


ENDS = """
import atexit, sys, threading
print("unflushed", end="")
atexit.register(lambda: print(" at exit", end=""))
threading.Thread(target=lambda: print(" from a thread", end="")).start()
how = sys.argv[1]
if how == "raises":
    raise ValueError("broken")
if how == "says":
    sys.exit("said why")
if how == "interrupted":
    raise KeyboardInterrupt
"""


def test_a_child_ends_as_the_interpreter_ends_a_process() -> None:
    """Its threads waited for, its exit functions run, its output flushed; the status and
    standard error of its end, an uncaught exception, `sys.exit` with words and Ctrl+C
    as the interpreter gives them."""
    ends = {}
    for how in ("returns", "raises", "says", "interrupted"):
        child = forked((), code=ENDS, args=[how], env={})
        out, err = child.communicate(timeout=30)
        ends[how] = (out, child.returncode, err.splitlines()[-1:])
    said = "unflushed from a thread at exit"
    assert ends == {
        "returns": (said, 0, []),
        "raises": (said, 1, ["ValueError: broken"]),
        "says": (said, 1, ["said why"]),
        "interrupted": (said, -signal.SIGINT, ["KeyboardInterrupt"]),
    }
