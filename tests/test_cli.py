"""The headless commands (game/cli.py): every malformed input gets exit status 2 and one
line naming what is wrong, never a traceback or a hang."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from tests.persistence_helpers import TABLE, table_record


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


def write(tmp_path: Path, text: str | bytes, name: str = "r.contack.json") -> str:
    path = tmp_path / name
    if isinstance(text, str):
        path.write_text(text, encoding="utf-8")
    else:
        path.write_bytes(text)
    return str(path)


# --- issue 16: malformed input refused in one line, damaged files set aside ------------


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
        (["simulate", "--rule", "target=200", "--rule", "variant=club"], ("target",)),
        (["simulate", "--rule", "target=0"], ("target",)),
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


# --- issue 25: what a hostile first hour still found -----------------------------------


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


# --- issue 38: every write checked ----------------------------------------------------


def refused_output(capsys: pytest.CaptureFixture[str], args: list[str]) -> str:
    """Run the command; assert exit 1 with one line on stderr saying the output failed."""
    code, _out, err = run_cli(args, capsys)
    assert code == 1 and err.startswith("contack: could not write the output"), err[:300]
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


def test_a_full_disk_under_standard_output_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with open("/dev/full", "w", encoding="utf-8") as full:
        monkeypatch.setattr(sys, "stdout", full)
        assert "No space left" in refused_output(capsys, ["check", str(TABLE)])


def test_a_closed_standard_output_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdout", None)  # what Python gives a program started `>&-`
    assert "closed" in refused_output(capsys, ["check", str(TABLE)])
    monkeypatch.setattr(sys, "stdin", None)
    refused(["check", "-"], capsys, "standard input is closed")


def test_a_reader_gone_before_the_output_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    reading, writing = os.pipe()
    os.close(reading)
    with os.fdopen(writing, "w", encoding="utf-8") as pipe:
        monkeypatch.setattr(sys, "stdout", pipe)
        assert "Broken pipe" in refused_output(capsys, ["check", str(TABLE)])


@pytest.mark.skipif(sys.platform == "win32", reason="a file size limit is a POSIX one")
def test_simulate_on_a_full_disk_leaves_no_cut_record(tmp_path: Path) -> None:
    """The file holds the whole record or nothing of it (what it held before stays)."""
    import resource
    import subprocess

    def small_disk() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))

    out = tmp_path / "game.contack.json"
    out.write_text("kept\n")
    with out.open("a") as appended:
        ran = subprocess.run(
            [sys.executable, "-m", "game.cli", "simulate", "--players", "7", "--seed", "3"],
            stdout=appended,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            preexec_fn=small_disk,
            cwd=Path(__file__).parents[1],
        )
    assert ran.returncode == 1, ran.stderr
    assert ran.stderr.startswith("contack: could not write the output: File too large")
    assert ran.stderr.count("\n") == 1
    assert out.read_text() == "kept\n"


# --- issue 41: play to a target score ------------------------------------------------


def test_simulate_plays_to_a_target_and_check_stops_the_game_there(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["simulate", "--players", "3", "--seed", "7", "--ai", "greedy", "--rule", "target=200"]
    code, out, _err = run_cli(args, capsys)
    record = json.loads(out)
    assert code == 0 and record["rules"]["target"] == 200
    code, out, _err = run_cli(["check", write(tmp_path, json.dumps(record))], capsys)
    totals = json.loads(out)["totals"]
    last = [sum(hand[seat] for hand in json.loads(out)["results"][:-1]) for seat in range(3)]
    assert code == 0 and max(totals) >= 200 > max(last)  # the hand that reached it ended it
    record["rules"]["target"] = max(last)  # reached a hand earlier: the last hand is one too many
    refused(["check", write(tmp_path, json.dumps(record))], capsys, "already over")
