"""Frame-time benchmark of the Records screen over a big records folder.

    python tools/bench_records.py [--records 2000] [--size 1280x800]

The folder holds `--records` record files (finished and unfinished table games and both
solitaires, as players save them). The screen is opened four ways: with no listing
file yet, with it deleted, with it damaged, and with it whole (a second visit); each
frame's update + draw is timed (opening the screen counts as a frame) until every row
shows what its file holds. Printed per way: the median, 99th percentile and slowest
frame, the frames and seconds until the listing was whole. The last line is one JSON
object with those figures per way.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.app import App, ManualClock
from game.persist.records import RECORD_SUFFIX, records_dir
from game.persist.records_listing import LISTING_FILE
from game.persist.storage import Storage
from game.rules.modes import Mode
from game.scenes.games.records import RecordsScene
from tools.frames import bare_frame_ms, frame_figures, paced_frames
from tools.samples import sample_record
from tools.screenshot import parse_size

LIMIT_S = 120.0
"""The longest one way is timed (a listing never whole by then is reported as such)."""


def fill(storage: Storage, count: int) -> None:
    """`count` record files: copies of a few games, each its own name and time."""
    games = [
        sample_record(Mode.TABLE, 4, 3),
        sample_record(Mode.TABLE, 7, 4),
        sample_record(Mode.DRAW_SOLITAIRE, 1, 5),
        sample_record(Mode.STACKED_SOLITAIRE, 1, 6),
    ]
    finished = sample_record(Mode.TABLE, 3, 8)
    unfinished = finished.only_hand(finished.hand_count - 1, finished.hands[-1].moves[:10])
    texts = [game.dumps() for game in (*games, unfinished)]
    folder = records_dir(storage)
    folder.mkdir(parents=True, exist_ok=True)
    for index in range(count):
        path = folder / f"Game {index:05d}{RECORD_SUFFIX}"
        path.write_text(texts[index % len(texts)], encoding="utf-8")
        stamp = 1_700_000_000 + index * 60
        os.utime(path, (stamp, stamp))


def visit(app: App) -> dict[str, float]:
    """Open the Records screen and tick it until its listing is whole; its figures."""
    start, cpu = time.perf_counter(), time.thread_time()
    scene = RecordsScene(app)
    app.push(scene)
    times = [((time.perf_counter() - start) * 1000, (time.thread_time() - cpu) * 1000)]
    for frame in paced_frames(app):
        times.append(frame)
        if scene.listing.done or time.perf_counter() - start > LIMIT_S:
            break
    whole_s = time.perf_counter() - start
    bare = bare_frame_ms(app)
    app.pop()
    app.run_frames(2)
    return {**frame_figures(times, bare), "frames": len(times), "whole_s": round(whole_s, 2)}


def kept_by(app: App, listing: Path, records: int) -> None:
    """Frames until the worker has written the folder's listing (whole)."""
    start = time.perf_counter()
    while time.perf_counter() - start < LIMIT_S:
        with contextlib.suppress(OSError, ValueError):
            if len(json.loads(listing.read_text("utf-8"))) == records:
                return
        app.run_frames(1)
        time.sleep(0.01)


def bench(records: int, size: tuple[int, int]) -> dict[str, dict[str, float]]:
    figures = {}
    with tempfile.TemporaryDirectory() as home:
        storage = Storage(home)
        fill(storage, records)
        app = App(size, clock=ManualClock(1 / 60), storage=storage)
        app.run_frames(2)
        listing = records_dir(storage) / LISTING_FILE
        figures["no listing"] = visit(app)
        kept_by(app, listing, records)
        listing.unlink()
        figures["deleted"] = visit(app)
        kept_by(app, listing, records)
        listing.write_text('{"Game 00001.contack.json": {"stamp": [1, 2], "mode"', "utf-8")
        figures["damaged"] = visit(app)
        kept_by(app, listing, records)
        figures["whole"] = visit(app)
        app.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=2000)
    parser.add_argument("--size", type=parse_size, default=(1280, 800))
    args = parser.parse_args()
    figures = bench(args.records, args.size)
    for way, figure in figures.items():
        print(
            f"{way:>10}: frames p50 {figure['frame_ms_p50']:.1f} ms, "
            f"p99 {figure['frame_ms_p99']:.1f} ms, largest {figure['frame_ms_max']:.1f} ms "
            f"({figure['frame_cpu_ms_max']:.1f} ms of processor); "
            f"whole after {figure['frames']} frames, {figure['whole_s']} s"
        )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
